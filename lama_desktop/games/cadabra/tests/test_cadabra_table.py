"""The LAMA Cadabra table, headless: a whole game against bots played with real input events; the circle's
recipient chosen by clicking a name plate; exchange, pass and take by keys; refusals shown; screenshot moments."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core.i18n import LANGUAGES
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.games.cadabra.table import (
    DISPLAY, ENGINE, CadabraSummaryScene, CadabraTableScene, card_label, open_table,
)
from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.core.session import GameSession
from lama_desktop.app.tables import has_table
from lama_desktop.engine import IllegalMove
from lama_desktop.games.cadabra.components import CARD_IDS
from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.engine.record import GameRecord
from lama_desktop.app.widgets.scale import MIN_TEXT_PX
from frames import fast_app, post_click, post_key


def run_until(app, predicate, frames=4000):
    for _ in range(frames):
        app.step(1 / 30)
        if predicate():
            return True
    return False


#: the other seats' hands in the crafted tables: cards that follow neither a llama nor a 1, and never more of a
#: kind than the 60-card deck holds (with three 6s in the pile)
OTHERS = [["6", "6"], ["4", "4"], ["5", "5"], ["3", "3"], ["4", "5"]]


def crafted_table(tmp_path, players=3, size=(1600, 900), **kw):
    app = fast_app(tmp_path, size)
    state = CadabraState.crafted(**kw)
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(f"Bot {i}", "bot", "medium") for i in range(1, players)]
    session = GameSession(GameRecord("lama-cadabra", players, (), 0, {"first_player": 0}, []), seats, state=state)
    table = CadabraTableScene(session)
    app.stack.push(table)
    app.running = True
    assert run_until(app, table.can_act, 600)
    return app, table


def test_the_table_is_registered_and_card_names_round_trip():
    assert has_table("lama-cadabra")
    assert {ENGINE[DISPLAY[c]] for c in CARD_IDS} == set(CARD_IDS)
    assert DISPLAY["1"] == "1@" and DISPLAY["2+"] == "2#" and DISPLAY["3*"] == "3*" and DISPLAY["2/3"] == "2/3"
    assert card_label("L") and "3" in card_label("3*")


def test_a_whole_game_against_bots_played_with_real_input_events(tmp_path):
    app = fast_app(tmp_path, (1600, 900))
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot A", "bot", "medium"), SeatConfig("Bot B", "bot", "easy")]
    table = open_table(app, GameConfig("lama-cadabra", seats, (), 1, seed=12))
    app.stack.push(table)
    app.running = True
    summaries = 0
    kinds = set()
    last = None
    for _ in range(60000):
        app.step(1 / 30)
        top = app.stack.top
        if top.name == "results":
            break
        if top.name == "cadabra_round_summary":
            if last != top.name:
                summaries += 1
            post_key(pygame.K_RETURN)
        elif top.name == "message" and last != "message":  # "Quit this round?": Enter confirms
            post_key(pygame.K_RETURN)
        elif top is table and table.can_act():
            legal = [str(m) for m in table.legal()]
            plays = [m for m in legal if m.startswith("play")]
            if "exchange" in legal:
                post_key(pygame.K_e)
                kinds.add("exchange")
            elif table.shown.phase == "giving":
                seat = int([m for m in legal if m.startswith("give")][0].split()[1])
                post_click(table.layout[f"seat{table.pos_of(seat)}.plate"].center)
                kinds.add("give")
            elif table.shown.phase == "returning":
                post_key(pygame.K_RETURN)
                kinds.add("return")
            elif "pass" in legal and not plays:
                post_key(pygame.K_p)
                kinds.add("pass")
            elif plays:
                name = DISPLAY[plays[0].split()[1]]
                index = table.shown.hand.index(name)
                x, y, _ = table._hand_positions()[index]
                post_click((x, y - table.lifts[index]))
                kinds.add("play")
            elif "take" in legal:
                post_key(pygame.K_t)
                kinds.add("take")
            elif "draw" in legal and sum(table.session.view(0).hand) < 8:
                post_click(table.buttons["draw"].rect.center)
                kinds.add("draw")
            else:
                post_key(pygame.K_q)
                kinds.add("quit")
        last = top.name
    else:
        pytest.fail("the game did not reach the results screen")
    assert table.session.is_over and summaries >= 1 and "play" in kinds


def test_circle_recipient_chosen_by_clicking_a_name_plate(tmp_path):
    app, table = crafted_table(tmp_path, 3, hands=[["1", "5"], ["6", "6"], ["6", "6"]], top="L",
                               pile=["6", "6", "6"], whites=[3, 0, 0])
    index = table.shown.hand.index("1@")
    x, y, _ = table._hand_positions()[index]
    post_click((x, y - table.lifts[index]))
    assert run_until(app, lambda: table.can_act() and table.shown.phase == "giving", 600)
    assert {"give 1", "give 2"} <= set(table.buttons)
    post_click(table.layout[f"seat{table.pos_of(2)}.plate"].center)
    assert run_until(app, lambda: table.session.state.whites[2] == 1, 600)
    assert table.session.state.whites[0] == 2


def test_show_take_exchange_and_refusal_by_keys(tmp_path):
    app, table = crafted_table(tmp_path, 3, hands=[["3", "5"], ["6", "6"], ["6", "6"]], top="L",
                               pile=["6", "6", "6"], whites=[6, 0, 0], board=[1, 1, 1, 1, 1], show=True)
    post_key(pygame.K_d)  # refused: the show is on
    app.step(1 / 30)
    assert table.reason_toast is not None and "Lamagic Show" in table.reason_toast.text
    post_key(pygame.K_t)
    assert run_until(app, lambda: table.can_act() and not table.session.state.show, 600)
    assert table.session.state.whites[0] == 11
    post_key(pygame.K_e)
    assert run_until(app, lambda: table.session.state.blacks[0] == 1, 600)
    assert table.session.state.current_player == 0  # exchanging keeps the turn


def test_round_summary_counts_a_double_card_under_both_values(tmp_path):
    app, table = crafted_table(tmp_path, 2, hands=[["4"], ["2/3", "3", "5"]], top="4", pile=["6"],
                               whites=[0, 0], magic=1)
    events = table.session.state.apply("play 4")
    data = next(e.data for e in events if e.kind == "round_end")
    summary = CadabraSummaryScene(data, table.session.names)
    assert summary.explain(1) == "2 (2/3) + 3 (2/3) + 5 + " + summary.explain(1).split(" + ")[3]
    assert summary.explain(1).endswith("= 20")
    app.stack.push(summary)
    app.step(1 / 30)


def test_engine_reasons_are_translated():
    from lama_desktop.core import i18n

    before = i18n.language()
    i18n.set_language("fr")
    try:
        state = CadabraState.crafted(hands=[["3", "2/3"], ["6"]], top="5", pile=["6"], magic=1)
        for move, expected in [("pass", "Vous n'avez pas le jeton magique"),
                               ("play 2/3", "Impossible de poser 2/3 sur 5"), ("take", "Aucun Lamagic Show en cours")]:
            with pytest.raises(IllegalMove) as refused:
                state.apply(move)
            assert refusal_text(refused.value).startswith(expected), move
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("name", ["table-cadabra-start", "table-cadabra-mid-round", "table-cadabra-show",
                                  "table-cadabra-give-choice", "table-cadabra-alone",
                                  "table-cadabra-round-summary"])
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


def check_buttons(table, moves):
    """Each action button is comfortably tall, its label fits at its natural size beside its key hint, and no
    button overlaps another one or the log panel."""
    ui, L = table.ui, table.layout
    rects = []
    for move in moves:
        b = table.buttons[move]
        assert b.rect.h >= ui.s(38), (move, b.rect)
        label = ui.text(b.text, b.size, (0, 0, 0), bold=True)
        hint = ui.text(b.hint, b.size * 0.62, (0, 0, 0))
        room = b.rect.w - ui.s(16) - 2 * (hint.get_width() + ui.s(6))
        assert label.get_width() <= room, (move, b.text, label.get_width(), room)
        assert label.get_height() <= b.rect.h - ui.s(8), (move, b.text)
        assert not b.rect.colliderect(L["log"]), (move, b.rect, L["log"])
        assert all(not b.rect.colliderect(r) for r in rects), (move, b.rect)
        rects.append(b.rect)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_action_buttons_are_tall_enough_and_their_labels_fit(tmp_path, size, players, lang):
    from lama_desktop.core import i18n

    before = i18n.language()
    i18n.set_language(lang)
    try:
        app, table = crafted_table(tmp_path, players, size, hands=[["3", "5"]] + OTHERS[:players - 1],
                                 top="L", pile=["6", "6", "6"], whites=[3] + [0] * (players - 1))
        check_buttons(table, ["draw", "quit", "pass", "exchange", "take"])
        if players == 2:
            return  # with one opponent the circle's token goes to them without a choice
        # choosing whom to give a circle's token to: a button per other player, plus Exchange
        app2, giving = crafted_table(tmp_path, players, size, hands=[["1", "5"]] + OTHERS[:players - 1],
                                   top="L", pile=["6", "6", "6"], whites=[3] + [0] * (players - 1))
        giving.play_card(giving.shown.hand.index("1@"))
        assert run_until(app2, lambda: giving.can_act() and giving.shown.phase == "giving", 600)
        check_buttons(giving, [f"give {s}" for s in range(1, players)] + ["exchange"])
    finally:
        i18n.set_language(before)


def test_the_log_follows_a_change_of_language_mid_game(tmp_path):
    """Log lines (with card names and the magic token) are translated when drawn, not when they happen."""
    from lama_desktop.core import i18n

    app, table = crafted_table(tmp_path, 3, hands=[["1", "5"], ["6", "6"], ["6", "6"]], top="L",
                               pile=["6", "6", "6"], whites=[3, 0, 0])
    table.play_card(table.shown.hand.index("1@"))
    assert run_until(app, lambda: table.can_act() and table.shown.phase == "giving", 600)
    table.try_move("give 2")
    assert run_until(app, lambda: table.session.state.whites[2] == 1, 600)
    app.step(1 / 30)
    english = [str(text) for text, _ in table.log.lines]
    key = table._layer_key()
    assert english[0] == "Welcome to LAMA Cadabra!" and any("circle: give a token" in e for e in english)
    before = i18n.language()
    try:
        i18n.set_language("pl")
        polish = [str(text) for text, _ in table.log.lines]
        assert polish[0] == "Witaj w LAMA Cadabra!"
        assert any("kółko: oddaj żeton" in p for p in polish), polish
        assert "Dajesz graczowi Bot 2 żeton 1" in polish, polish  # the player gives, the token named (issue 23)
        assert all(p != e for p, e in zip(polish, english, strict=False))
        assert table._layer_key() != key  # the cached layer holding the log panel is redrawn
        assert run_until(app, lambda: table.idle and "draw" in table.buttons, 600), list(table.buttons)
        assert table.buttons["draw"].text == "Dobierz" and table.buttons["pass"].text == "Pomiń (magia)"
    finally:
        i18n.set_language(before)


#: per language, the word shared by each action button and the status lines that name that action
SAME_WORDS = {
    "en": {"draw": "draw", "quit": "quit", "pass": "pass", "take": "take the stage"},
    "fr": {"draw": "pioch", "quit": "abandonn", "pass": "pass", "take": "la piste"},
    "pl": {"draw": "dobierz", "quit": "pasuj", "pass": "pomiń", "take": "weź scenę"},
}


@pytest.mark.parametrize("lang", sorted(SAME_WORDS))
def test_status_lines_use_the_words_of_the_buttons(lang):
    """The status line names each action with the word on its button (Polish: quitting is "Pasuj", so the magic
    token's pass is "Pomiń", never "pas"/"zakończ rundę")."""
    from lama_desktop.core import i18n
    from lama_desktop.core.i18n import t

    before = i18n.language()
    i18n.set_language(lang)
    try:
        words = SAME_WORDS[lang]
        buttons = {"draw": t("hand.button.draw"), "quit": t("hand.button.quit"), "pass": t("cadabra.button.pass"),
                   "take": t("cadabra.button.take")}
        for move, word in words.items():
            assert word in buttons[move].lower(), (lang, move, buttons[move])
        turn = t("cadabra.status.your_turn", cards="3").lower()
        none = t("cadabra.status.your_turn_none").lower()
        alone = t("cadabra.status.your_turn_alone").lower()
        show = t("cadabra.status.your_turn_show").lower()
        for line in (turn, none):
            assert words["draw"] in line and words["quit"] in line, (lang, line)
        assert words["quit"] in alone, (lang, alone)
        assert words["pass"] in show and words["take"] in show, (lang, show)
        assert words["pass"] not in turn + none + alone, lang  # passing with the magic token is not quitting
        if lang == "pl":
            assert "zakończ" not in turn + none and "pas" not in buttons["pass"].lower()
            assert "pomija" in t("cadabra.log.pass", name="Ala") and "pomiń" in t("cadabra.reason.show_only")
    finally:
        i18n.set_language(before)


def test_polish_status_line_on_the_table(tmp_path):
    from lama_desktop.core import i18n

    app, table = crafted_table(tmp_path, 3, hands=[["3", "5"], ["6", "6"], ["6", "6"]], top="L",
                               pile=["6", "6", "6"], whites=[3, 0, 0])
    before = i18n.language()
    i18n.set_language("pl")
    try:
        status = table._status_text()
        assert status.endswith("dobierz albo pasuj"), status
        table._build_buttons()
        assert table.buttons["quit"].text == "Pasuj" and table.buttons["draw"].text == "Dobierz"
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hint_under_the_hand_lists_the_cadabra_keys_and_they_work(tmp_path, lang):
    from lama_desktop.core import i18n

    app, table = crafted_table(tmp_path, 4, hands=[["1", "5"]] + OTHERS[:3], top="L",
                               pile=["6", "6", "6"], whites=[3, 0, 0, 0])
    before = i18n.language()
    i18n.set_language(lang)
    try:
        hint = table._hand_hint()
        for key in ("D ", "Q ", "P ", "T ", "E "):
            assert f"· {key}" in hint, (key, hint)
        width = table.ui.text(hint, 16, (0, 0, 0)).get_width()
        assert width <= table.layout["seat0.hand"].w, (hint, width)
        table.play_card(table.shown.hand.index("1@"))
        assert run_until(app, lambda: table.can_act() and table.shown.phase == "giving", 600)
        hint = table._hand_hint()
        assert hint.startswith("1–3") and "· E " in hint, hint
        post_key(pygame.K_2)  # the second receiver: seat 2
        assert run_until(app, lambda: table.session.state.whites[2] == 1, 600)
        assert table.session.state.whites[0] == 2
    finally:
        i18n.set_language(before)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_your_turn_line_with_many_symbol_cards_fits_the_status_pill_uncut(tmp_path, lang):
    """Issue 32: German at 115 % cut "… aussteigen oder passen (Za…"; the line names the cards by value alone when
    their symbols' meanings would not fit, and every playable card is still in it."""
    from lama_desktop.core import i18n

    before = i18n.language()
    app, table = crafted_table(
        tmp_path, 4, size=(1280, 720),
        hands=[["1", "2+", "2/3", "3*", "4", "L", "6+"], ["2", "5", "6"], ["1", "4", "4/5", "L"], ["2", "3", "3"]],
        pile=["5", "6", "1", "2", "3", "4", "5", "6", "L", "2", "3", "4/5", "6", "1", "L", "4"],
        discard=["4", "5", "5", "6", "L", "1", "2"], whites=[4, 7, 2, 9], blacks=[1, 2, 0, 1], magic=0,
        board=[1, 10, 1], current=0, round_no=2)
    try:
        for scale in (0.85, 1.0, 1.15, 1.3):
            app.update_settings(language=lang, ui_scale=scale)
            app.step(dt=1 / 60)
            status = table._status_text()
            smallest = table.ui.font(MIN_TEXT_PX / table.ui.scale, True)  # text_fit shrinks to this, then cuts
            assert smallest.size(status)[0] <= table.layout["status"].w, (scale, status)
            for value in ("2", "2/3", "3"):
                assert value in status, (scale, status)
    finally:
        i18n.set_language(before)
