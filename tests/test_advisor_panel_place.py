"""Where the open advisor panel goes is searched once per layout of the pieces it keeps clear of (issue 32, smooth
frames: ``free_spot`` ran every frame). Frame times themselves are measured by ``python -m lama_desktop.bench
render``."""

from __future__ import annotations

import pygame

from lama_desktop.app.table import advisor_panel
from frames import post_key
from registry_games import one_per_table
from test_advisor_table import open_game, run_until


def test_the_open_panels_place_is_searched_again_only_when_what_it_avoids_moves(tmp_path, monkeypatch):
    app, table = open_game(tmp_path, one_per_table()[0])
    advisor = table.advisor
    assert run_until(app, advisor.available), "the player's turn never came"
    post_key(pygame.K_h, unicode="h")
    app.step(1 / 30)
    assert advisor.wait(30.0)
    for _ in range(60):  # the marked move's card lifts, then holds still
        app.step(1 / 30)
    searched = []
    real = advisor_panel.free_spot
    monkeypatch.setattr(advisor_panel, "free_spot", lambda *a: searched.append(a) or real(*a))
    for _ in range(3):
        app.step(1 / 30)
    assert searched == [] and advisor._panel_rect() is not None
    avoid = advisor._avoid()
    moved = pygame.Rect(0, 0, 40, 40)  # one more piece to keep clear of: the place is searched again
    monkeypatch.setattr(advisor, "_avoid", lambda: avoid + [moved])
    app.step(1 / 30)
    assert len(searched) == 1 and moved in searched[0][2]
