"""The narrator's spotlight (app/table/narrator.py): the lit area round a piece is a rounded rect with a soft edge,
its mask cached per size, and the piece itself keeps its own colours while the table round it dims (one multiply
blit a frame: ``dimmer``)."""

from __future__ import annotations

import pygame

from lama_desktop.app.table import narrator
from lama_desktop.app.table.narrator import dimmer, light_mask


def alpha(surface, x, y) -> int:
    return surface.get_at((x, y))[3]


def test_the_light_is_full_inside_soft_at_its_edge_and_round_at_its_corners():
    size, radius, feather = (200, 120), 14, 18
    mask = light_mask(size, radius, feather)
    assert mask.get_size() == (size[0] + 2 * feather, size[1] + 2 * feather)
    cx, cy = mask.get_width() // 2, mask.get_height() // 2
    assert alpha(mask, cx, cy) == 255
    assert alpha(mask, 0, cy) < 16 and alpha(mask, cx, 0) < 16  # nothing lit at the mask's border
    # across the edge (the middle of the left side) the light falls off step by step, not at once
    ramp = [alpha(mask, x, cy) for x in range(0, 2 * feather + 1, 2)]
    assert ramp == sorted(ramp) and len({a for a in ramp if 16 < a < 240}) >= 3
    # a rounded corner: on the rect's own corner the light is weaker than at the middle of its sides
    corner = alpha(mask, feather, feather)
    assert corner < alpha(mask, cx, feather) - 40 and corner < alpha(mask, feather, cy) - 40


def test_the_mask_is_made_once_per_size():
    narrator._LIGHTS.clear()
    first = light_mask((90, 60), 10, 12)
    assert light_mask((90, 60), 10, 12) is first
    assert light_mask((91, 60), 10, 12) is not first


def test_the_piece_keeps_its_colours_and_the_table_round_it_dims():
    surface = pygame.Surface((400, 300))
    surface.fill((200, 120, 60))
    rect = pygame.Rect(150, 100, 100, 80)
    surface.blit(dimmer(surface.get_size(), [tuple(rect)], 150, 12, 16), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    assert surface.get_at(rect.center)[:3] == (200, 120, 60)
    far = surface.get_at((10, 10))[:3]
    assert all(abs(a - c * 150 / 255) <= 1 for a, c in zip(far, (200, 120, 60), strict=False))
    edge = surface.get_at((rect.left - 8, rect.centery))[:3]  # in the feather: between the two
    assert far[0] < edge[0] < 200


def test_lights_partly_off_the_window_or_overlapping_stay_whole():
    mult = dimmer((300, 200), [(-40, -30, 100, 80), (20, 10, 100, 80)], 150, 12, 16)
    assert mult.get_at((5, 5))[:3] == (255, 255, 255)  # lit, though its rect starts off the window
    assert mult.get_at((50, 40))[:3] == (255, 255, 255)  # where the two overlap: lit once, not more or less
    assert mult.get_at((290, 190))[:3] == (150, 150, 150)
