"""The L.A.M.A. round summary overlay: what it draws stays inside its rows."""

from __future__ import annotations

import pygame

from lama_desktop.app.scenes.round_summary import RoundSummaryScene
from lama_desktop.app.widgets import CREAM, UI


def test_a_big_token_stack_stays_inside_its_row(tmp_path):
    # 25 points = 2 black + 5 white tokens: the widest stack in a plain game. It used to run past the row's edge.
    pygame.init()
    data = {
        "round": 1, "emptied_by": 1, "scores": [25, 0, 3, 8],
        "hands": [["1", "3", "5", "6", "6", "L"], [], ["3"], ["3", "5"]],
        "points": [25, 0, 3, 8],
        "breakdown": [{"values": [1, 3, 5, 6], "llama_points": 10, "llama_cards": 1, "total": 25},
                      {"values": [], "total": 0}, {"values": [3], "total": 3}, {"values": [3, 5], "total": 8}],
    }
    for size in ((1600, 900), (1280, 720), (1920, 1080)):
        ui = UI(size)
        scene = RoundSummaryScene(data, ["You", "Anna", "Bruno", "Carla"])
        scene.layout(ui, size)
        surface = pygame.Surface(size)
        surface.fill((255, 0, 255))
        scene.draw_static(surface, ui)
        panel = scene.panel
        top = panel.y + ui.s(128)
        row_right = panel.x + ui.s(40) - ui.s(12) + panel.w - ui.s(56)
        for seat in range(4):  # the strip between a row's right edge and the panel's border is bare panel
            cy = top + seat * scene.row_h + (scene.row_h - ui.s(8)) // 2
            for x in range(row_right + 1, panel.right - ui.s(6)):
                for y in range(cy - ui.s(28), cy + ui.s(4)):
                    assert tuple(surface.get_at((x, y)))[:3] == CREAM, (size, seat, x, y)
