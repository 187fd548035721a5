"""The open history's veil over the table (issue 32, smooth frames): a window-sized picture made once per window size,
not every frame. Frame times themselves are measured by ``python -m lama_desktop.bench render``."""

from __future__ import annotations

import pygame

from frames import fast_app, post_key
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.tables import open_table
from registry_games import one_per_table


def test_the_open_historys_veil_is_made_once_per_window_size(tmp_path, monkeypatch):
    app = fast_app(tmp_path, (1280, 720))
    seats = [SeatConfig("P0", "human"), SeatConfig("P1", "bot", "random")]
    table = open_table(app, GameConfig(one_per_table()[0], seats, (), 0, seed=3))
    app.stack.push(table)
    app.running = True
    app.step(1 / 30)
    post_key(pygame.K_F2)
    app.step(1 / 30)
    assert table.history.expanded
    made = []
    real = pygame.Surface
    monkeypatch.setattr(pygame, "Surface", lambda size, *a, **k: made.append(tuple(size)) or real(size, *a, **k))
    for _ in range(3):
        app.step(1 / 30)
    assert (1280, 720) not in made  # every frame drew the veil: none made it again
    veil = table.history._shade((1280, 720))
    assert table.history._shade((1280, 720)) is veil and veil.get_at((5, 5)) == pygame.Color(0, 0, 0, 120)
    assert table.history._shade((1920, 1080)).get_size() == (1920, 1080)  # another window size: its own veil
