"""Quitting at LAMA Dice's table (tests/test_table_quit.py asks on every quitting table): a move other than quit (R,
the roll) is played at once without a question, and in hot seat the skip to the round's end waits until every human
has quit."""

from __future__ import annotations

import pygame

from lama_desktop.core.gameconfig import SeatConfig
from frames import post_click, post_key
from test_table_quit import my_turn_with_quit, open_table, quit_now, run_until


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


def test_the_skip_button_waits_for_every_human_in_hot_seat(tmp_path):
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bea", "human"), SeatConfig("Bot", "bot", "medium"),
             SeatConfig("Cy", "bot", "medium")]
    app, table = open_table(tmp_path, "lama-dice", seats=seats, seed=3)
    try:
        out = set()
        for _ in range(2):
            assert my_turn_with_quit(app, table)
            out.add(table.focus)
            quit_now(app, table)
            if len(out) == 1:
                # one human is still in the round: no skip, whoever is at the bottom
                for _ in range(200):
                    app.step(1 / 30)
                    assert "skip" not in table.buttons and not table.can_skip()
                    if table.can_act():
                        break
        assert out == {0, 1}
        assert run_until(app, lambda: "skip" in table.buttons or app.stack.top.name == "dice_round_summary", 3000)
        if app.stack.top.name != "dice_round_summary":
            post_click(table.buttons["skip"].rect.center)
            assert run_until(app, lambda: app.stack.top.name == "dice_round_summary", 100)
    finally:
        table.close()
