"""Quitting a round asks first, on every table that has quitting (L.A.M.A., LAMA Dice, LAMA Cadabra), by mouse and by
keyboard, in every language: Escape (or "Keep playing") leaves the turn as it was, Enter (or the quit button) quits.
LAMA Dice's own checks (R plays at once; hot seat's skip) are in its tests folder.
"""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from frames import fast_app, post_click, post_key
from lama_desktop.games import plugin
from registry_games import quitting_tables

#: one game per table where a player may quit the round (not Llama Land)
GAMES = quitting_tables()


def open_table(tmp_path, game_id, seats=None, seed=4, size=(1600, 900)):
    from lama_desktop.app import tables

    app = fast_app(tmp_path, size)
    seats = seats or [SeatConfig("Ann", "human"), SeatConfig("Bob", "bot", "random"),
                      SeatConfig("Cleo", "bot", "random")]
    table = tables.open_table(app, GameConfig(game_id, seats, (), 0, seed=seed))
    app.stack.push(table)
    app.running = True
    return app, table


def run_until(app, predicate, frames=3000):
    for _ in range(frames):
        app.step(1 / 30)
        if predicate():
            return True
    return False


def my_turn_with_quit(app, table):
    """Run until the human (seat 0) may quit."""
    return run_until(app, lambda: app.stack.top is table and table.can_act()
                     and "quit" in {str(m) for m in table.legal()})


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_q_asks_first_escape_keeps_playing_enter_quits(tmp_path, game_id, lang):
    i18n.set_language(lang)
    try:
        app, table = open_table(tmp_path, game_id)
        assert my_turn_with_quit(app, table)
        moves = list(table.session.record.moves)
        post_key(pygame.K_q)
        assert run_until(app, lambda: app.stack.top.name == "message", 10)
        message = app.stack.top
        assert message.title == i18n.t("common.confirm.quit_title")
        labels = [b.text for b in message.group.widgets]
        assert labels == [i18n.t("common.confirm.quit_yes"), i18n.t("common.confirm.quit_no")]
        hints = [b.hint for b in message.group.widgets]
        assert hints == [i18n.t("common.keys.enter"), i18n.t("common.keys.escape")]
        # Escape: nothing happened, it is still the player's turn
        post_key(pygame.K_ESCAPE)
        assert run_until(app, lambda: app.stack.top is table, 10)
        for _ in range(5):
            app.step(1 / 30)
        assert table.session.record.moves == moves and table.can_act()
        # Q again, then Enter: the player quits
        post_key(pygame.K_q)
        assert run_until(app, lambda: app.stack.top.name == "message", 10)
        post_key(pygame.K_RETURN)
        assert run_until(app, lambda: len(table.session.record.moves) > len(moves), 10)
        assert table.session.record.moves[len(moves)] == "quit"
    finally:
        i18n.set_language("en")
        table.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_quit_button_asks_first_and_its_buttons_answer_by_mouse(tmp_path, game_id):
    app, table = open_table(tmp_path, game_id)
    try:
        assert my_turn_with_quit(app, table)
        moves = list(table.session.record.moves)
        post_click(table.buttons["quit"].rect.center)
        assert run_until(app, lambda: app.stack.top.name == "message", 10)
        keep = app.stack.top.group.widgets[1]
        post_click(keep.rect.center)
        assert run_until(app, lambda: app.stack.top is table, 10)
        app.step(1 / 30)
        assert table.session.record.moves == moves and table.can_act()
        post_click(table.buttons["quit"].rect.center)
        assert run_until(app, lambda: app.stack.top.name == "message", 10)
        post_click(app.stack.top.group.widgets[0].rect.center)
        assert run_until(app, lambda: len(table.session.record.moves) > len(moves), 10)
        assert table.session.record.moves[len(moves)] == "quit"
    finally:
        table.close()


# --- skipping to the round's end ------------------------------------------------------------------------------------

def at_summary(app) -> bool:
    """The round's summary is on top (each table's own: ``round_summary``, ``dice_round_summary``...)."""
    return app.stack.top.name.endswith("round_summary")


def test_every_quitting_table_has_a_round_summary():
    assert [game_id for game_id in GAMES if not hasattr(plugin(game_id).moments(), "summary_scene")] == []


def quit_now(app, table):
    """The human quits (Q, then Enter on the question)."""
    post_key(pygame.K_q)
    assert run_until(app, lambda: app.stack.top.name == "message", 10)
    post_key(pygame.K_RETURN)
    assert run_until(app, lambda: app.stack.top is table and "quit" in table.session.record.moves, 10)


def quit_then_reach_summary(tmp_path, game_id, skip: bool):
    """Quit at the first turn, then (``skip``) press S as soon as the button shows; the frames from the moment the
    skip was possible to the round's summary, the summary's data and the engine's game."""
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bob", "bot", "medium"), SeatConfig("Cleo", "bot", "medium"),
             SeatConfig("Dan", "bot", "medium")]
    app, table = open_table(tmp_path, game_id, seats=seats, seed=11)
    try:
        assert my_turn_with_quit(app, table)
        quit_now(app, table)
        assert run_until(app, lambda: "skip" in table.buttons or at_summary(app), 3000)
        assert "skip" in table.buttons, "the skip button never showed"
        button = table.buttons["skip"]
        assert button.enabled and button.hint == "S"
        at = len(table.session.record.moves)
        if skip:
            post_key(pygame.K_s)
        frames = 0
        while not at_summary(app):
            app.step(1 / 30)
            frames += 1
            assert frames < 20000
        summary = app.stack.top
        return (frames, len(table.session.record.moves) - at, dict(summary.data), list(table.session.record.moves),
                table.session.state.to_dict(), table)
    finally:
        table.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_skip_reaches_the_round_summary_at_once_with_the_game_played_out_the_same(tmp_path, game_id):
    frames, bot_moves, data, moves, state, table = quit_then_reach_summary(tmp_path / "skip", game_id, skip=True)
    frames_out, _, data_out, moves_out, state_out, _ = quit_then_reach_summary(tmp_path / "watch", game_id,
                                                                               skip=False)
    # the same bots made the same moves: the same round, the same summary, the same engine state
    assert moves == moves_out and state == state_out and data == data_out
    assert data["scores"] == table.session.score_history[-1]  # the summary's totals are the engine's
    # one frame per bot move at most (each bot still thinks on its worker), far fewer than watching them
    assert frames <= bot_moves + 3, (frames, bot_moves)
    assert frames < frames_out, (frames, frames_out)
    print(game_id, "bot moves", bot_moves, "frames skipping", frames, "watching", frames_out)
    assert not table.skipping and "skip" not in table.buttons
    # everything the bots did is in the log, as when watching
    assert len(table.log.lines) >= bot_moves


def test_no_skip_while_the_player_is_in_the_round_and_the_key_does_nothing(tmp_path):
    app, table = open_table(tmp_path, GAMES[0])
    try:
        assert my_turn_with_quit(app, table)
        assert "skip" not in table.buttons and not table.can_skip()
        moves = list(table.session.record.moves)
        post_key(pygame.K_s)
        app.step(1 / 30)
        assert not table.skipping and table.session.record.moves == moves
    finally:
        table.close()


@pytest.mark.real_time_bots
def test_skipping_never_waits_for_a_thinking_bot(tmp_path):
    import time

    from lama_desktop.bots.base import Bot

    class SlowBot(Bot):
        def choose(self, view):
            time.sleep(0.25)
            moves = view.legal_moves()
            return next((m for m in moves if m.kind == "play"), moves[0])

    app, table = open_table(tmp_path, GAMES[0])
    table.session._bot_factory = lambda game, level, seed: SlowBot(seed)
    try:
        assert run_until(app, lambda: table.can_act(), 20000)
        quit_now(app, table)
        assert run_until(app, lambda: "skip" in table.buttons, 20000)
        post_key(pygame.K_s)
        returned_while_thinking = 0
        for _ in range(20000):
            app.step(1 / 60)
            if table.session.thinking:
                returned_while_thinking += 1  # the frame came back while the bot still thinks
            if at_summary(app):
                break
        assert at_summary(app)
        assert returned_while_thinking >= 2
    finally:
        table.close()


def test_a_pace_changed_under_the_pause_menu_while_skipping_applies_after_the_skip(tmp_path):
    app, table = open_table(tmp_path, GAMES[0])
    try:
        assert my_turn_with_quit(app, table)
        quit_now(app, table)
        assert run_until(app, lambda: "skip" in table.buttons, 3000)
        post_key(pygame.K_s)
        app.step(1 / 30)
        assert table.skipping  # one bot move per frame at most: this round has more left
        app.settings.bot_pace = "slow"
        table.resume()  # back from the pause menu
        assert table.session.pace == 0.0
        assert run_until(app, lambda: at_summary(app), 200)
        assert not table.skipping and table.session.pace == 1.5
    finally:
        table.close()
