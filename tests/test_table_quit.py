"""Quitting a round asks first, on every table that has quitting (L.A.M.A., LAMA Dice, LAMA Cadabra), by mouse and by
keyboard, in every language: Escape (or "Keep playing") leaves the turn as it was, Enter (or the quit button) quits.
"""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app import i18n
from lama_desktop.app.gameconfig import GameConfig, SeatConfig
from frames import fast_app, post_click, post_key

GAMES = ["lama", "lama-dice", "lama-cadabra"]


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


def test_other_moves_are_played_at_once(tmp_path):
    app, table = open_table(tmp_path, "lama-dice")
    try:
        assert my_turn_with_quit(app, table)
        moves = len(table.session.record.moves)
        post_key(pygame.K_r)
        assert run_until(app, lambda: len(table.session.record.moves) > moves, 10)
        assert app.stack.top is table
    finally:
        table.close()
