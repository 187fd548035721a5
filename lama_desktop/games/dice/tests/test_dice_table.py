"""The LAMA Dice table, headless: layouts never overlap; a whole game against bots played by posting real mouse and
keyboard events; the discard choice respects one card per die; a miss takes a llama-row card by click; the
screenshot moments build."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.games.dice.table import DiceTableScene, open_table
from lama_desktop.core.session import GameSession, Played
from lama_desktop.app.table.layout import Layout, load_layout, table_layout_name
from lama_desktop.resources import game_path
from lama_desktop.engine.core import Move
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.engine.record import GameRecord
from frames import fast_app, post_click, post_key

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160), (1280, 1024),
         (2560, 1080), (1440, 2160)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_dice_layout_has_no_overlap_at_any_size(players):
    spec = load_layout(game_path("lama_desktop.games.dice", "levels", f"{table_layout_name('dice', players)}.tmx"))
    assert spec.players == players
    for size in SIZES:
        layout = Layout(spec, size)
        assert layout.overlaps() == [], (players, size)
        for k in range(players):
            for part in ("plate", "row", "tokens"):
                assert layout.seat_rect(k, part) is not None
        for name in ("llama_row", "dice", "status", "buttons", "log", "menu", "round_info", "toast"):
            assert name in layout


def make_app(tmp_path, seats, variants=(), seed=3, size=(1600, 900)):
    app = fast_app(tmp_path, size)
    table = open_table(app, GameConfig("lama-dice", seats, variants, 0, seed=seed))
    app.stack.push(table)
    app.running = True
    return app, table


def crafted_table(tmp_path, rows, seats=None, size=(1600, 900), **kw):
    app = fast_app(tmp_path, size)
    state = DiceState.crafted(rows, **kw)
    seats = seats or [SeatConfig("Ann", "human")] + [SeatConfig(f"Bot {i}", "bot", "medium")
                                                     for i in range(1, len(rows))]
    session = GameSession(GameRecord("lama-dice", len(rows), (), 0, {}, []), seats, state=state)
    table = DiceTableScene(session)
    app.stack.push(table)
    app.running = True
    return app, table


def force_roll(app, table, faces):
    """Apply a roll with chosen faces for the human (as the engine would) and let the table animate it."""
    events = table.session.state.apply_roll(faces)
    table.session._played.append(Played(0, Move("roll"), events, False))
    assert run_until(app, lambda: table.can_act(), 600)


def run_until(app, predicate, frames=20000):
    for _ in range(frames):
        app.step(1 / 30)
        if predicate():
            return True
    return False


def row_card_center(table, index):
    x, y = table._row_positions(table.focus, len(table.shown.rows[table.focus]))[index]
    return x, y - table._lift(index) + table.row_w // 4


def test_a_whole_game_against_bots_played_with_real_input_events(tmp_path):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot A", "bot", "medium"), SeatConfig("Bot B", "bot", "hard")]
    app, table = make_app(tmp_path, seats, variants=("lama20",), seed=12)
    counters = {"clicks": 0, "keys": 0, "rolls": 0, "discards": 0, "takes": 0}
    summaries = 0
    last_top = None
    for _ in range(60000):
        app.step(1 / 30)
        top = app.stack.top
        if top.name == "results":
            break
        if top.name == "dice_round_summary":
            if last_top != "dice_round_summary":
                summaries += 1
            post_key(pygame.K_RETURN)
        elif top.name == "message" and last_top != "message":  # "Quit this round?": Enter confirms
            post_key(pygame.K_RETURN)
        elif top is table and table.can_act():
            moves = [str(m) for m in table.legal()]
            phase = table.shown.phase
            if phase == "turn":
                points = sum(10 if c == "L" else int(c) for c in set(table.shown.rows[0]))
                if points > 6 or counters["rolls"] % 5:
                    if counters["rolls"] % 2:
                        post_click(table.buttons["roll"].rect.center)
                        counters["clicks"] += 1
                    else:
                        post_key(pygame.K_r)
                        counters["keys"] += 1
                    counters["rolls"] += 1
                else:
                    post_key(pygame.K_q)
            elif phase == "discard":
                assert table.selected  # the biggest discard is proposed
                post_click(table.buttons["discard"].rect.center)
                counters["discards"] += 1
            elif phase == "take":
                name = sorted(m.split()[1] for m in moves if m.startswith("take"))[0]
                index = table.shown.llama.index(name)
                x, y = table._llama_positions()[name]
                post_click((x, y))
                counters["takes"] += 1
                assert index >= 0
            elif phase == "return":
                post_key(pygame.K_RETURN)
        last_top = top.name
    else:
        pytest.fail("the game did not reach the results screen")
    session = table.session
    assert session.is_over and session.finished
    assert summaries >= 1
    assert counters["rolls"] > 0 and counters["clicks"] > 0 and counters["keys"] > 0
    assert any(m.startswith("discard") for m in session.record.moves)
    assert app.stack.top.results.scores == session.scores
    assert app.storage.load_stats()["lama-dice"]["Ann"]["games"] == 1


def test_the_discard_choice_allows_one_card_per_die(tmp_path):
    app, table = crafted_table(tmp_path, ["3 3 3 5 L", "1 2", "6 6"])
    assert run_until(app, lambda: table.can_act(), 600)
    force_roll(app, table, [3, 1, "L"])  # one die shows 3, one a llama
    row = table.shown.rows[0]
    assert table.shown.phase == "discard"
    assert sorted(row[i] for i in table.selected) == ["3", "L"]  # the biggest discard is proposed
    # a second 3 is refused with a reason: only one die shows 3
    second = [i for i, name in enumerate(row) if name == "3" and i not in table.selected][0]
    post_click(row_card_center(table, second))
    app.step(1 / 30)
    assert table.reason_toast is not None and "one card per die" in table.reason_toast.text
    assert second not in table.selected
    # keep the llama (unselect it), discard the 3 only
    llama = row.index("L")
    post_click(row_card_center(table, llama))
    app.step(1 / 30)
    assert sorted(row[i] for i in table.selected) == ["3"]
    post_key(pygame.K_d)
    app.step(1 / 30)
    assert table.session.record.moves[-1] == "discard 3"
    assert table.session.state.row_cards(0) == [3, 3, 5, "L"]


def test_a_miss_takes_the_clicked_llama_row_card(tmp_path):
    app, table = crafted_table(tmp_path, ["1 1", "5 6", "6 6"])
    assert run_until(app, lambda: table.can_act(), 600)
    force_roll(app, table, [2, 4, "L"])
    assert table.shown.phase == "take" and table.takeable() == {"2", "4", "L"}
    post_click(table._llama_positions()["3"])  # not rolled: nothing happens
    app.step(1 / 30)
    assert table.session.state.phase_name == "take"
    post_click(table._llama_positions()["4"])
    app.step(1 / 30)
    assert table.session.record.moves[-1] == "take 4"
    assert table.session.state.row_cards(0) == [1, 1, 4]


def test_a_refused_move_shows_the_engines_reason(tmp_path):
    app, table = crafted_table(tmp_path, ["1 1", "5 6", "6 6"])
    assert run_until(app, lambda: table.can_act(), 600)
    before = table.session.state.to_dict()
    table.try_move("take 3")
    assert table.session.state.to_dict() == before
    assert table.reason_toast is not None and "roll" in table.reason_toast.text.lower()


@pytest.mark.parametrize("name", ["table-dice-start", "table-dice-rolling", "table-dice-discard-choice",
                                  "table-dice-rolled", "table-dice-take-choice", "table-dice-blowup",
                                  "table-dice-three-llamas", "table-dice-6p", "table-dice-round-summary",
                                  "rules-dice-first", "rules-dice-alone"])
def test_screenshot_moments_build(name):
    from lama_desktop import screenshots

    screenshots._load_game_shots()
    builder = next(b for n, b, _f in screenshots.SHOTS if n == name)
    app = screenshots.make_app((1280, 720))
    app.running = True
    try:
        screenshots.stage(app, builder, 4)
        assert app.screen.get_size() == (1280, 720)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_an_opponents_points_badge_never_covers_their_last_card(tmp_path, size):
    # six players, long rows: the "pts" badge used to be pushed back over the last card of a top row
    rows = ["4 5", "1 2 3 4 5 6 L", "1 2 3 4 5 6 L", "1 2 3 4 5 6", "1 1 2 2 3 3 L", "4 5 6 6 L"]
    app, table = crafted_table(tmp_path, rows)
    if size != (1600, 900):
        app.stack.resize(size)
    app.step(1 / 30)
    L = table.layout
    for seat in range(1, 6):
        positions = table._row_positions(seat, len(rows[seat].split()))
        rect = L[f"seat{table.pos_of(seat)}.row"]
        last_right = positions[-1][0] + table.small_w // 2
        badge_w = table._points_badge_room() - L.s(6)
        assert last_right + L.s(6) + badge_w <= rect.right + 1, (size, seat)


def test_the_dice_log_follows_a_change_of_language_mid_game(tmp_path):
    from lama_desktop.core import i18n

    seats = [SeatConfig("Ann", "bot", "random"), SeatConfig("Bo", "bot", "random")]
    app, table = make_app(tmp_path, seats, seed=8)
    assert run_until(app, lambda: len(table.log.lines) >= 6, 3000)
    english = [str(text) for text, _ in table.log.lines]
    try:
        i18n.set_language("fr")
        french = [str(text) for text, _ in table.log.lines]
        assert french[0].startswith("Bienvenue à LAMA Dice") and french[1] == "Ann commence"  # under "Manche 1"
        assert all(f != e for f, e in zip(french, english, strict=False))
    finally:
        i18n.set_language("en")


def _dice_drawn(table, monkeypatch):
    """The top faces the table draws its dice with in one frame (``art.die``'s first argument per die)."""
    from lama_desktop.games.dice import art

    tops = []
    real = art.die

    def recording(top, size, **kw):
        tops.append(top)
        return real(top, size, **kw)

    monkeypatch.setattr(art, "die", recording)
    table.draw(pygame.Surface(table.app.size))
    monkeypatch.setattr(art, "die", real)
    return tops


def test_the_dice_are_blank_before_the_roll_and_show_only_the_roll_after_it(tmp_path, monkeypatch):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bea", "human"), SeatConfig("Bot", "bot", "medium")]
    app, table = crafted_table(tmp_path, ["3 3 3 5 L", "1 2", "6 6"], seats=seats)
    assert run_until(app, lambda: table.can_act(), 600)
    assert table.shown.dice is None
    assert _dice_drawn(table, monkeypatch) == [None, None, None]  # neutral: nothing that reads as a roll
    force_roll(app, table, [3, 1, "L"])
    shown = _dice_drawn(table, monkeypatch)
    assert sorted(shown, key=str) == ["1", "3", "L"] and shown == table.shown.dice
    # the turn ends: the next player's dice are blank again until they roll
    post_key(pygame.K_d)
    assert run_until(app, lambda: table.can_act() and table.focus == 1, 600)
    assert _dice_drawn(table, monkeypatch) == [None, None, None]


def test_a_new_game_opens_with_blank_dice(tmp_path, monkeypatch):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot A", "bot", "medium")]
    app, table = make_app(tmp_path, seats, seed=5)
    app.step(1 / 30)
    assert _dice_drawn(table, monkeypatch) == [None, None, None]
    assert run_until(app, lambda: table.idle, 600)
    if table.session.current_player == 0:
        assert _dice_drawn(table, monkeypatch) == [None, None, None]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_tutorials_pieces_are_where_they_are_drawn_and_a_click_on_their_centre_uses_them(tmp_path, size):
    """``tutorial_rect`` (the narrator's pointer, docs/APP.md "Tutorials"): each piece inside the window, on what
    is drawn there (a row's cards, the badge, the dice), None when not shown; a click on the dice's centre rolls."""
    app, table = crafted_table(tmp_path, ["1 3 3 5 L L", "2 4 4 6", "6 6"], scores=[14, 9, 3], size=size)
    assert run_until(app, lambda: table.can_act(), 600)
    window = pygame.Rect((0, 0), size)
    names = ["hand", "hand:3", "hand:L", "row:0", "row:1", "row:2", "points:0", "points:1", "dice", "die:0",
             "die:2", "llama-row", "llama-row:1", "llama-row:L", "button:roll", "button:quit", "plate:0",
             "plate:2", "tokens:0", "tokens:1", "log", "round"]
    for name in names:
        rect = table.tutorial_rect(name)
        assert rect is not None and rect.w > 0 and rect.h > 0 and window.contains(rect), (name, rect)
    for name in ("hand:2", "button:discard", "die:3", "row:3", "plate:x", "llama-row:7", "nothing"):
        assert table.tutorial_rect(name) is None, name
    assert table.tutorial_rect("hand") == table.tutorial_rect("row:0")
    assert table.tutorial_rect("hand").contains(table.tutorial_rect("hand:L"))
    assert table._row_card_at(table.tutorial_rect("hand:3").center) == table.shown.rows[0].index("3")
    assert table.tutorial_rect("llama-row").contains(table.tutorial_rect("llama-row:L"))
    assert table.tutorial_rect("dice").contains(table.tutorial_rect("die:1"))
    assert table.tutorial_rect("points:1") == table._points_badge(1)[1]  # the badge as drawn
    # the tokens: the stacks as drawn (14 points: a black and four whites) with the whites' count "×4" beside
    # them, inside the seat's token area
    tokens = table.tutorial_rect("tokens:0")
    assert table.layout["seat0.tokens"].contains(tokens) and tokens != table.layout["seat0.tokens"]
    assert tokens.w < 4 * table.token_d and tokens.h >= table.token_d
    # what the narrator's box keeps clear of: the rows, the llama row and the dice among the rest
    clear = table.tutorial_clear()
    assert all(window.contains(rect) for rect in clear)
    for name in ("hand", "row:1", "row:2", "llama-row", "dice", "button:roll"):
        assert any(rect.contains(table.tutorial_rect(name)) for rect in clear), name
    # the dice: a click on their centre rolls
    post_click(table.tutorial_rect("dice").center)
    assert run_until(app, lambda: table.session.record.moves, 60)
    assert table.session.record.moves == ["roll"]


def test_a_click_on_the_centre_of_a_llama_row_piece_takes_it(tmp_path):
    app, table = crafted_table(tmp_path, ["1 1", "5 6", "6 6"], size=(1280, 720))
    assert run_until(app, lambda: table.can_act(), 600)
    force_roll(app, table, [2, 4, "L"])
    assert table.tutorial_rect("llama-row:3") is not None and table.tutorial_rect("button:roll") is None
    post_click(table.tutorial_rect("llama-row:L").center)
    app.step(1 / 30)
    assert table.session.record.moves[-1] == "take L"
    assert run_until(app, lambda: table.idle, 600)
    assert table.tutorial_rect("llama-row:L") is None  # taken: its slot is empty


def test_a_round_nobody_has_played_yet_is_dealt_even_from_a_later_rounds_position(tmp_path):
    """A lesson starts from a position (round 2, rows just dealt): the cards are dealt onto the table as in a new
    game, and the log does not say "Game resumed"; a round already under way is resumed."""
    app, table = crafted_table(tmp_path, ["2 3 3 3 6 L", "4 4 5 5 L L", "1 2 2 5 6 6"], scores=[14, 9, 17], round_no=2)
    app.step(1 / 30)
    assert table.shown.rows[0] == []  # the deal has started: the cards are flying
    assert run_until(app, lambda: table.idle, 600)
    assert table.shown.rows[0] == ["2", "3", "3", "3", "6", "L"]
    texts = [str(text) for text, _color in table.log.lines]
    assert not any("resumed" in text.lower() for text in texts), texts
    assert [e.round for e in table.log.entries] == [2] * len(texts)  # its lines under the heading "Round 2"
    app, table = crafted_table(tmp_path / "b", ["2 3", "4 4 5 5 L L", "1 2 2 5 6 6"], round_no=2)
    app.step(1 / 30)
    assert table.shown.rows[0] == ["2", "3"]
    assert any("resumed" in str(text).lower() for text, _color in table.log.lines)


def test_a_rows_points_badge_agrees_with_its_count(tmp_path, monkeypatch):
    """"1 pt", not "1 pts" (the lesson ends on a row of a single 1)."""
    from lama_desktop.games.dice import table_view as dice_table

    app, table = crafted_table(tmp_path, ["1", "4 5", "2 3 5 6 6"])
    app.step(1 / 30)
    said = []
    real = dice_table.count_badge
    monkeypatch.setattr(dice_table, "count_badge", lambda ui, text, h: said.append(text) or real(ui, text, h))
    for seat in range(3):
        table._points_badge(seat)
    assert [text for text in said if not text.startswith("88")] == ["1 pt", "9 pts", "16 pts"]  # 88: room kept


@pytest.mark.parametrize("lang, several, one", [
    ("en", "No match: take a card from the llama row (2, 4, or llama)", "No match: take the 2 from the llama row"),
    ("fr", "Aucune correspondance\u00a0: prenez une carte de la rangée Lama (2, 4 ou lama)",
     "Aucune correspondance\u00a0: prenez le 2 de la rangée Lama"),
    ("de", "Kein Treffer: Nimm eine Karte aus der Lamareihe (2, 4 oder Lama)",
     "Kein Treffer: Nimm die Karte 2 aus der Lamareihe"),
    ("pl", "Brak trafienia: weź kartę z szeregu lam (2, 4 lub lama)", "Brak trafienia: weź kartę 2 z szeregu lam"),
])
def test_the_take_hint_names_one_card_as_such_and_several_as_the_languages_or_list(tmp_path, lang, several, one):
    """After a miss the hint said "take one of llama" for a single card and listed several with bare commas: one
    card is named alone, several are the language's "or" list (CLDR)."""
    from lama_desktop.core import i18n

    app, table = crafted_table(tmp_path, ["1 1", "5 6", "6 6"])
    app.update_settings(language=lang)
    assert run_until(app, lambda: table.can_act(), 600)
    force_roll(app, table, [2, 4, "L"])
    assert table._hint_text() == several
    app2, table2 = crafted_table(tmp_path / "one", ["1 1", "5 6", "6 6"], llama_row="2 3 5")
    app2.update_settings(language=lang)
    assert run_until(app2, lambda: table2.can_act(), 600)
    force_roll(app2, table2, [2, 4, "L"])  # of the faces rolled, only the 2 is still in the llama row
    assert table2.takeable() == {"2"} and table2._hint_text() == one
    i18n.set_language("en")
