"""The replay viewer on LAMA Cadabra: an opponent's double card in the open view.

Moved here from the cross-game ``tests/test_replay_view.py``, whose helpers these tests use.
"""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.table import pieces
from test_replay_view import read_history, viewer_on


@pytest.mark.parametrize("size", ((1280, 720), (1920, 1080)))
def test_the_open_view_draws_an_opponents_double_card_as_a_double_chip(tmp_path, size, monkeypatch):
    app, viewer, past = viewer_on(tmp_path, "lama-cadabra", size=size)
    found = None
    for pos in range(viewer.total):  # a position where an opponent of the bottom seat holds a double card
        state = past.record.replay(pos)
        for seat in range(1, 3):
            if any("/" in str(card) for card in viewer.table.shown_type(state.view(seat), True).hand):
                found = pos, seat
                break
        if found:
            break
    assert found, "no opponent held a double card in this game"
    viewer.go(found[0])
    read_history(app, viewer)
    drawn = []
    real = pieces.double_chip

    def spy(chip, name, colorblind=False):
        rects = real(chip, name, colorblind)
        drawn.append((chip.get_width(), name, rects))
        return rects

    monkeypatch.setattr(pieces, "double_chip", spy)
    pieces.faces_grid.cache_clear()
    viewer.table._layer = None
    viewer.table.draw(pygame.Surface(viewer.canvas_size(app.menu_ui, app.size)))
    assert drawn
    for width, name, (first, second) in drawn:
        whole = pygame.Rect(0, 0, width, width)
        assert "/" in name and whole.contains(first) and whole.contains(second) and not first.colliderect(second)
    app.shutdown()
