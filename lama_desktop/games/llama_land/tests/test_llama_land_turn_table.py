"""The Llama Land table's turn (issue 32): Enter and the End turn button end a turn that waits; the stack the tile
came from shows a face-down top until then; Ctrl+Z takes a placement back; the hint line starts every turn and
every new selection with what to do, an error showing only for the attempt that met it."""

from __future__ import annotations

import pygame

from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import t
from lama_desktop.games.llama_land.engine.data import SHAPES
from lama_desktop.games.llama_land.table import open_table
from frames import fast_app, post_key

SEATS = [SeatConfig("Ann", "human"), SeatConfig("Bot A", "bot", "easy")]


def table_at_start(tmp_path, seed=3):
    app = fast_app(tmp_path, (1280, 720))
    table = open_table(app, GameConfig("llama-land", list(SEATS), (), 0, seed=seed))
    app.stack.push(table)
    app.running = True
    for _ in range(400):
        app.step(1 / 30)
        if table.can_act():
            return app, table
    raise AssertionError("the human never got the turn")


def settle(app, table, frames=200):
    for _ in range(frames):
        app.step(1 / 30)
        if table.can_act() or table.session.is_over:
            return


def extend(app, table) -> str:
    move = next(str(m) for m in table.session.state.legal_moves() if m.kind == "extend")
    assert table.try_move(move)
    settle(app, table)
    return move


def test_after_the_tile_the_stack_shows_a_face_down_top_and_enter_ends_the_turn(tmp_path):
    app, table = table_at_start(tmp_path)
    move = extend(app, table)
    shape = move.split()[1]
    assert table.mode == "after" and table.buttons["end"].enabled
    assert table.buttons["end"].hint == t("llama_land.button.enter_key")
    stack = table.d["stacks"][SHAPES.index(shape)]
    assert stack["covered"] and stack["top"] is None
    tip = table._tooltip_at(table.rects[f"stack{SHAPES.index(shape)}"].center)
    assert tip is not None and t("llama_land.tip.face_down_tile") in tip.text
    turns = table.session.state.turns[0]
    post_key(pygame.K_RETURN)
    app.step(1 / 30)
    assert table.session.state.turns[0] == turns + 1


def test_ctrl_z_takes_the_placement_back_before_the_turn_ends(tmp_path):
    app, table = table_at_start(tmp_path)
    before = table.session.state.to_dict()
    extend(app, table)
    assert table.session.undo_status()[0] is not None
    for _ in range(3):
        app.step(1 / 30)
    post_key(pygame.K_z, pygame.KMOD_CTRL)
    for _ in range(3):
        app.step(1 / 30)
    again = app.stack.top  # the table opens again on the position taken back
    assert again.session.state.to_dict() == before and again.mode == "place" and again.session.practice


def test_the_hint_line_starts_with_what_to_do_and_keeps_an_error_for_its_attempt_only(tmp_path):
    app, table = table_at_start(tmp_path)
    placer = table.placer
    placer.cursor = (40, 40)  # far from the domain: this spot does not fit
    assert not placer.evaluate()["legal"]
    text, _colour = table._status_text()
    assert text == t("llama_land.status.place")  # a spot merely hovered: what to do, no error
    table.confirm()  # the attempt: refused
    tried, _colour = table._status_text()
    assert tried != text and tried == table.attempt_error()
    placer.cursor = (41, 40)  # another selection: the error was that attempt's
    assert table._status_text()[0] == t("llama_land.status.place") and table.attempt_error() is None
    placer.cursor = (40, 40)
    assert table.attempt_error() is None  # gone for good, not waiting for the old spot to come back
