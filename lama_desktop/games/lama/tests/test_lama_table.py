"""The L.A.M.A. table, headless: layouts never overlap; a whole game against bots played by posting real mouse
and keyboard events to the real scenes; the hot-seat privacy screen between two humans; refusals show a reason."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.main import App
from lama_desktop.games.lama.table import LamaTableScene, open_table
from lama_desktop.app.table.layout import Layout, load_layout, table_layout_name
from lama_desktop.storage import Storage
from frames import fast_app, post_click, post_key

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160), (1280, 1024),
         (2560, 1080), (1440, 2160)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_layout_has_no_overlap_at_any_size(players):
    spec = load_layout(table_layout_name("lama", players))
    assert spec.players == players
    for size in SIZES:
        layout = Layout(spec, size)
        assert layout.overlaps() == [], (players, size)
        for k in range(players):  # every seat has its three places
            for part in ("plate", "hand", "tokens"):
                assert layout.seat_rect(k, part) is not None
        for name in ("draw_pile", "discard", "drama_board", "status", "buttons", "log", "menu", "toast"):
            assert name in layout


def test_layout_scales_with_the_window():
    spec = load_layout(table_layout_name("lama", 4))
    small, big = Layout(spec, (1280, 720)), Layout(spec, (3840, 2160))
    assert big["seat0.hand"].w == pytest.approx(3 * small["seat0.hand"].w, abs=3)


def make_app(tmp_path, seats, variants=(), seed=3, game="lama", size=(1600, 900)):
    app = fast_app(tmp_path, size)
    config = GameConfig(game, seats, variants, 0, seed=seed)
    table = open_table(app, config)
    app.stack.push(table)
    app.running = True
    return app, table


def card_center(table: LamaTableScene, index: int):
    x, y, _ = table._hand_positions()[index]
    return round(x), round(y - table.lifts[index] + table.hand_w * 0.2)  # the lower part: never covered


def human_turn_by_input(table: LamaTableScene, counters: dict) -> None:
    """Choose a legal move (always the same simple policy) and perform it with a real click or key press."""
    moves = [str(m) for m in table.legal()]
    plays = [m for m in moves if m.startswith("play")]
    if plays:
        name = plays[0].split()[1]
        index = table.shown.hand.index(name)
        if counters["played"] % 2 == 0:
            post_click(card_center(table, index))
            counters["clicks"] += 1
        else:  # keyboard: arrows to the card, Enter
            table.hand_focus = -1
            post_key(pygame.K_RIGHT)
            for _ in range(index):
                post_key(pygame.K_RIGHT)
            post_key(pygame.K_RETURN)
            counters["keys"] += 1
        counters["played"] += 1
    elif "take" in moves:
        post_key(pygame.K_t)
    elif "draw" in moves and len(table.shown.hand) < 9:
        post_click(table.buttons["draw"].rect.center)
        counters["clicks"] += 1
    elif "quit" in moves:
        post_key(pygame.K_q)
        counters["keys"] += 1
    elif any(m.startswith("return") for m in moves):
        post_key(pygame.K_RETURN)


def run_until(app, predicate, frames=20000):
    for _ in range(frames):
        app.step(1 / 30)
        if predicate():
            return True
    return False


def test_a_whole_game_against_bots_played_with_real_input_events(tmp_path):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot A", "bot", "random"), SeatConfig("Bot B", "bot", "random")]
    app, table = make_app(tmp_path, seats, variants=("drama",), seed=12)
    counters = {"played": 0, "clicks": 0, "keys": 0}
    summaries = 0
    last_top = None
    for _ in range(40000):
        app.step(1 / 30)
        top = app.stack.top
        if top.name == "results":
            break
        if top.name == "round_summary":
            if last_top != "round_summary":
                summaries += 1
            post_key(pygame.K_RETURN)
        elif top.name == "message" and last_top != "message":  # "Quit this round?": Enter confirms
            post_key(pygame.K_RETURN)
        elif top is table and table.can_act():
            human_turn_by_input(table, counters)
        last_top = top.name
    else:
        pytest.fail("the game did not reach the results screen")
    session = table.session
    assert session.is_over and session.finished
    assert summaries >= 1
    assert counters["clicks"] > 0 and counters["keys"] > 0
    assert counters["played"] > 0 and any(m.startswith("play") for m in session.record.moves)
    assert app.stack.top.results.scores == session.scores
    assert not app.storage.has_save()  # App.game_over removed it and recorded the statistics
    assert app.storage.load_stats()["lama"]["Ann"]["games"] == 1


def test_an_unplayable_card_is_refused_with_the_engines_reason(tmp_path):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot", "random")]
    for seed in range(1, 60):
        app, table = make_app(tmp_path / str(seed), seats, seed=seed)
        assert run_until(app, lambda table=table: table.can_act(), 3000)
        playable = table.playable_names()
        bad = [i for i, name in enumerate(table.shown.hand) if name not in playable]
        if bad:
            break
        pygame.display.quit()
    before = table.session.state.to_dict()
    post_click(card_center(table, bad[0]))
    app.step(1 / 30)
    assert table.session.state.to_dict() == before
    assert table.reason_toast is not None and "cannot go on" in table.reason_toast.text


def test_hot_seat_shows_the_privacy_screen_between_two_humans(tmp_path):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bea", "human"), SeatConfig("Bot", "bot", "random")]
    app, table = make_app(tmp_path, seats, seed=5)
    assert run_until(app, lambda: app.stack.top.name == "privacy", 2000)
    first = table.session.current_player
    assert not table.revealed and table.shown.hand == []  # nobody's hand shows under the privacy screen
    assert app.stack.top.player_name == table.session.seats[first].name
    post_key(pygame.K_RETURN)
    assert run_until(app, lambda: table.can_act(), 2000)
    assert table.focus == first and table.revealed and table.shown.hand
    seen = {first}
    for _ in range(30):
        # the human plays by keyboard; the next human's turn must come behind a privacy screen
        if table.playable_names():
            index = table.shown.hand.index(sorted(table.playable_names())[0])
            table.hand_focus = -1
            for _ in range(index + 1):
                post_key(pygame.K_RIGHT)
            post_key(pygame.K_RETURN)
        else:
            post_key(pygame.K_q)  # asks first: Enter confirms
            assert run_until(app, lambda: app.stack.top.name == "message", 100)
            post_key(pygame.K_RETURN)
        ok = run_until(app, lambda: app.stack.top.name in ("privacy", "round_summary", "results"), 3000)
        assert ok
        while app.stack.top.name == "round_summary":
            post_key(pygame.K_RETURN)
            run_until(app, lambda: app.stack.top.name != "round_summary", 200)
            run_until(app, lambda: app.stack.top.name in ("privacy", "results"), 3000)
        if app.stack.top.name == "results":
            break
        assert app.stack.top.name == "privacy"
        assert not table.revealed  # the previous player's hand is face down already
        nxt = table.session.current_player
        seen.add(nxt)
        post_key(pygame.K_RETURN)
        assert run_until(app, lambda: table.can_act(), 2000)
        assert table.focus == nxt
        if seen == {0, 1}:
            break
    assert seen == {0, 1}


def test_one_human_always_sees_their_own_hand(tmp_path):
    seats = [SeatConfig("Bot", "bot", "random"), SeatConfig("Ann", "human"), SeatConfig("Bot 2", "bot", "random")]
    app, table = make_app(tmp_path, seats, seed=8)
    assert table.focus == 1
    for _ in range(300):
        app.step(1 / 30)
        assert app.stack.top.name != "privacy"
        if table.idle:
            assert table.revealed and sorted(table.shown.hand) == sorted(table.session.view(1).to_dict()["hand"])


def test_emptying_your_hand_offers_the_token_choice_and_a_key_returns_it(tmp_path):
    from lama_desktop.core.session import GameSession
    from lama_desktop.games.lama.engine import LamaState
    from lama_desktop.engine.record import GameRecord

    state = LamaState.crafted("lama", hands=[["5"], ["1", "2", "L"]], pile=["3", "4", "6", "6"], top="4",
                              points=[13, 5], current=0)
    session = GameSession(GameRecord("lama", 2, (), 0, {}, []), [SeatConfig("Ann"), SeatConfig("Bot", "bot", "random")],
                          state=state)
    app = App(Storage(tmp_path), (1600, 900))
    app.settings.animation_speed = 4.0
    table = LamaTableScene(session)
    app.stack.push(table)
    app.running = True
    assert run_until(app, lambda: table.can_act(), 500)
    post_click(card_center(table, table.shown.hand.index("5")))
    # the token is given back first: the summary then shows the round's final totals (the engine's)
    assert run_until(app, lambda: table.can_act() and table.shown.phase == "returning", 500)
    assert app.stack.top is table
    assert sorted(n for n in table.buttons if n.startswith("return")) == ["return 1", "return 10"]
    post_key(pygame.K_b)  # give back the black 10
    assert run_until(app, lambda: app.stack.top.name == "round_summary", 500)
    assert session.record.moves[-1] == "return 10"
    assert session.scores[0] == 3
    summary = app.stack.top
    assert "5 = 5" not in summary.explain(0) and summary.explain(1) == "1 + 2 + llama 10 = 13"
    assert summary.totals() == [3, 18] and summary.returned() == {"seat": 0, "token": 10}
    post_key(pygame.K_RETURN)
    assert run_until(app, lambda: app.stack.top is table, 200)


def test_continue_resumes_the_table_exactly_where_the_game_stood(tmp_path):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot", "random"), SeatConfig("Cy", "bot", "random")]
    app, table = make_app(tmp_path, seats, variants=("drama",), seed=41)
    counters = {"played": 0, "clicks": 0, "keys": 0}
    for _ in range(3000):
        app.step(1 / 30)
        if app.stack.top is table and table.can_act():
            if len(table.session.record.moves) >= 7:
                break
            human_turn_by_input(table, counters)
        elif app.stack.top.name in ("round_summary", "message"):
            post_key(pygame.K_RETURN)
    moves = list(table.session.record.moves)
    position = table.session.state.to_dict()
    assert len(moves) >= 7
    table.close()
    pygame.display.quit()
    again = App(Storage(tmp_path), (1280, 720))
    again.running = True
    assert again.continue_game()
    again.stack.apply_pending()
    resumed = again.stack.top
    assert isinstance(resumed, LamaTableScene)
    assert resumed.session.record.moves == moves and resumed.session.state.to_dict() == position
    assert [s.name for s in resumed.session.seats] == ["Ann", "Bot", "Cy"]
    for _ in range(5):
        again.step(1 / 30)
    assert resumed.can_act() and resumed.shown.hand  # Ann's turn again, her hand on the table


def test_the_table_follows_window_resizes(tmp_path):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot", "random")]
    app, table = make_app(tmp_path, seats, seed=2)
    for size in [(1280, 720), (2560, 1440), (1280, 1024)]:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        for _ in range(5):
            app.step(1 / 30)
        assert table.layout.size == app.screen.get_size() == size
        assert table.layout.overlaps() == []


def test_tab_reaches_the_buttons_and_enter_presses_them(tmp_path):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot", "random")]
    app, table = make_app(tmp_path, seats, seed=6)
    assert run_until(app, lambda: table.can_act(), 3000)
    moves = len(table.session.record.moves)
    post_key(pygame.K_TAB)  # Draw (or Quit when drawing is not allowed)
    app.step(1 / 30)
    focused = [n for n, b in table.buttons.items() if b.focused]
    assert len(focused) == 1 and focused[0] in ("draw", "quit")
    post_key(pygame.K_RETURN)
    app.step(1 / 30)
    if focused[0] == "quit":  # quitting asks first: Enter again confirms
        assert app.stack.top.name == "message"
        post_key(pygame.K_RETURN)
        app.step(1 / 30)
    assert table.session.record.moves[moves] == focused[0]


@pytest.mark.real_time_bots
def test_the_table_keeps_drawing_while_a_slow_bot_thinks(tmp_path):
    import time

    from lama_desktop.bots.base import Bot

    class SlowBot(Bot):
        def choose(self, view):
            time.sleep(1.0)
            return view.legal_moves()[0]

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot", "random")]  # Ann deals: Bot starts
    app, table = make_app(tmp_path, seats, seed=4)
    table.session._bot_factory = lambda game, level, seed: SlowBot(seed)
    assert run_until(app, lambda: table.session.thinking, 2000)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 400), button=1))  # skip the deal
    frames, slowest, statuses = 0, 0.0, set()
    while table.session.thinking:
        start = time.perf_counter()
        app.step(1 / 60)
        slowest = max(slowest, time.perf_counter() - start)
        frames += 1
        statuses.add(table._status_text())
    # no frame waited for the bot (a blocked frame would take the bot's whole second)
    assert frames >= 5 and slowest < 0.5, (frames, slowest)
    assert "Bot is thinking…" in statuses


def test_the_log_names_the_new_rounds_dealer_not_the_player_who_ended_the_last_round(tmp_path):
    # a new round's deal comes from the move that ended the last round: the log must name the engine's dealer
    seats = [SeatConfig("Ann", "bot", "random"), SeatConfig("Bo", "bot", "random"), SeatConfig("Cy", "bot", "random"),
             SeatConfig("Di", "bot", "random")]
    app, table = make_app(tmp_path, seats, seed=5)
    names = [seat.name for seat in seats]
    for _ in range(20000):
        app.step(1 / 30)
        if app.stack.top.name == "round_summary":
            post_key(pygame.K_RETURN)
        if table.shown.round >= 2 and not table.queue and not table.tween.busy:
            break
    else:
        pytest.fail("round 2 was never dealt")
    dealer = table.session.view(0).to_dict()["dealer"]
    assert table.shown.dealer == dealer
    deal_lines = [str(text) for text, _ in table.log.lines if str(text).endswith(" deals")]
    assert deal_lines[-1] == f"{names[dealer]} deals"  # under the "Round 2" heading: the round is not said again


def test_the_log_follows_a_change_of_language_mid_game(tmp_path):
    from lama_desktop.core import i18n

    seats = [SeatConfig("Ann", "bot", "random"), SeatConfig("Bo", "bot", "random")]
    app, table = make_app(tmp_path, seats, seed=8)
    assert run_until(app, lambda: len(table.log.lines) >= 5, 3000)
    english = [str(text) for text, _ in table.log.lines]
    assert english[0] == "Welcome to L.A.M.A.!" and english[1] == "Ann deals"
    try:
        i18n.set_language("fr")
        french = [str(text) for text, _ in table.log.lines]
        assert french[0] == "Bienvenue à L.A.M.A.\u00a0!" and french[1] == "Ann distribue"
        assert all(f != e for f, e in zip(french, english, strict=False))  # every line switched, none left in English
        surface = pygame.Surface((400, 300), pygame.SRCALPHA)
        table.log.draw(surface, pygame.Rect(0, 0, 400, 300), table.app.ui, "log")
        cached = table.log._cache.get(False)
        assert cached is not None
        i18n.set_language("pl")
        table.log.draw(surface, pygame.Rect(0, 0, 400, 300), table.app.ui, "log")
        assert table.log._cache.get(False) is not cached  # drawn again in the new language
    finally:
        i18n.set_language("en")


def test_the_first_enter_focuses_a_playable_card_not_just_the_leftmost(tmp_path):
    for seed in range(1, 60):
        seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot", "random")]
        app, table = make_app(tmp_path / str(seed), seats, seed=seed)
        if not run_until(app, lambda table=table: table.can_act() and not table.queue and not table.tween.busy, 3000):
            continue
        playable = {str(m).split(" ", 1)[1] for m in table.legal() if m.kind == "play"}
        hand = table.shown.hand
        if playable and hand[0] not in playable:
            break
    else:
        pytest.fail("no deal with an unplayable leftmost card")
    table.hand_focus = -1
    post_key(pygame.K_RETURN)
    app.step(1 / 30)
    assert hand[table.hand_focus] in playable
    assert table.can_act()  # it only showed the focus; the next Enter plays


def test_a_refused_move_reads_in_the_players_language_from_its_code(tmp_path):
    from lama_desktop.core import i18n

    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot", "random")]
    for seed in range(1, 60):
        app, table = make_app(tmp_path / str(seed), seats, seed=seed)
        assert run_until(app, lambda table=table: table.can_act(), 3000)
        bad = [i for i, name in enumerate(table.shown.hand) if name not in table.playable_names()]
        if bad:
            break
        pygame.display.quit()
    i18n.set_language("fr")
    try:
        post_click(card_center(table, bad[0]))
        app.step(1 / 30)
        assert "ne va pas sur" in table.reason_toast.text and "cannot" not in table.reason_toast.text
        # a refusal the old English-matching translation never knew: shown in French all the same
        table.try_move("return 10")
        assert table.reason_toast.text == "Vous rendez un jeton seulement après avoir vidé votre main"
    finally:
        i18n.set_language("en")


def _turn_with_an_unplayable_card(tmp_path, size=(1600, 900)):
    for seed in range(1, 80):
        seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "bot", "random")]
        app, table = make_app(tmp_path / str(seed), seats, seed=seed, size=size)
        if not run_until(app, lambda table=table: table.can_act() and not table.queue and not table.tween.busy, 3000):
            continue
        playable = table.playable_names()
        hand = table.shown.hand
        if playable and any(name not in playable for name in hand) and len(hand) >= 3:
            return app, table
    pytest.fail("no deal with playable and unplayable cards")


def test_the_arrow_keys_stop_only_on_cards_that_can_be_played(tmp_path):
    app, table = _turn_with_an_unplayable_card(tmp_path)
    playable, hand = table.playable_names(), table.shown.hand
    seen = set()
    for key in [pygame.K_RIGHT] * (len(hand) + 2) + [pygame.K_LEFT] * (len(hand) + 2):
        post_key(key)
        app.step(1 / 30)
        assert hand[table.hand_focus] in playable
        seen.add(table.hand_focus)
    assert seen == {i for i, name in enumerate(hand) if name in playable}


def test_the_focus_ring_leaves_a_card_that_cannot_be_played(tmp_path):
    """The focus rested on a card that became unplayable (the pile moved on): it goes to the nearest playable."""
    app, table = _turn_with_an_unplayable_card(tmp_path)
    playable, hand = table.playable_names(), table.shown.hand
    table.hand_focus = next(i for i, name in enumerate(hand) if name not in playable)
    table._keep_focus_playable()
    assert hand[table.hand_focus] in playable


def test_the_keys_line_is_drawn_under_the_hand_not_over_the_cards(tmp_path):
    """The hint line has its own strip at the bottom of the hand's anchor: no card reaches into it."""
    from lama_desktop.app.table.pieces import card_height

    for size in ((1280, 720), (1920, 1080)):
        app, table = _turn_with_an_unplayable_card(tmp_path / f"{size[0]}", size)
        for scale in (0.85, 1.0, 1.3):
            app.update_settings(ui_scale=scale)
            app.step(1 / 30)
            strip = table.layout["seat0.hand"].copy()
            strip.top = strip.bottom - table._hint_h()
            for x, y, _angle in table._hand_positions():
                card = pygame.Rect(0, 0, table.hand_w, card_height(table.hand_w))
                card.center = (round(x), round(y))
                assert card.bottom <= strip.top + 1, (size, scale, card, strip)
