"""A seat's plate says at once who plays it (``TableDrawing._plates_key``): the table's cached model layer is drawn
again when a plate's player changes without a move — in a network game a bot takes an away person's seat and hands
it back between two moves, and the plate read "Bot · medium" after the person was back until the next move."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from test_table_quit import open_table
from registry_games import one_per_table


@pytest.mark.parametrize("game_id", one_per_table())
def test_the_cached_layer_follows_who_plays_a_seat(tmp_path, game_id):
    app, table = open_table(tmp_path, game_id)
    try:
        app.step(1 / 30)
        if getattr(table, "_layer", None) is None:
            pytest.skip("this table draws its plates every frame: no cached layer to follow")
        size = app.screen.get_size()
        before = pygame.image.tobytes(table._model_layer(size), "RGB")
        shown = table._plate_seat

        def bot_for_seat_one(seat):
            config = shown(seat)
            return dataclasses.replace(config, kind="bot", level="hard") if seat == 1 else config

        table._plate_seat = bot_for_seat_one  # what a takeover (or its end) changes, with no move played
        assert pygame.image.tobytes(table._model_layer(size), "RGB") != before
    finally:
        app.shutdown()
