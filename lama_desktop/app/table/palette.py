"""The table's colours, and ``finish``: every table picture converted to the display's pixel format once a window
exists (fast blits)."""

from __future__ import annotations

import pygame

GOLD = (242, 180, 65)
LIT = (255, 214, 110)
CREAM = (251, 243, 225)
PAPER_EDGE = (214, 196, 168)


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format (fast blits) once a window exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surface.convert_alpha()
        except pygame.error:
            return surface
    return surface
