"""Every piece a player can see explains itself: an audit of the four tables at both window sizes.

The table is drawn on the player's turn; a grid of points is laid over the window, and every point where something
is drawn (the frame differs clearly from the bare felt) must get a tip from the table, or lie within a few pixels of
a point that does (a card's rotated corner, a glow, a shadow). Only what is text for reading is left out: the status
line, the keys line, the history's lines (its title row, Undo and enlarge icon are checked) and toasts. A failure
lists the points without a tip, so a piece drawn without one is found the moment it is added.
"""

from __future__ import annotations

import math

import pygame
import pytest

from lama_desktop.app import i18n
from lama_desktop.app.widgets import felt_surface
from test_tooltips import SIZES, make_table

GAMES = [("lama", ("drama",), 4, 3), ("lama-dice", (), 4, 5), ("lama-cadabra", (), 4, 4), ("llama-land", (), 3, 7)]
DRAWN = 48  # a channel differing this much from the felt: something is drawn there (soft shadows stay below)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def text_only(table) -> list[pygame.Rect]:
    """What is text to read, not a piece: the status line, the keys line, the history's lines."""
    rects = [r for r in (getattr(table, "_status_rect", None), getattr(table, "_hint_rect", None)) if r is not None]
    log = table.history._log_rect()
    if log is not None:
        title = table.ui.s(28)
        rects.append(pygame.Rect(log.x, log.y + title, log.w, log.h - title))
    return rects


def untipped(table, size, step: int) -> list[tuple[int, int]]:
    table.toasts.clear()
    screen = pygame.Surface(size)
    table.draw(screen)
    felt = felt_surface(size).copy()
    if getattr(getattr(table, "shown", None), "drama", False):  # the drama / show darkens the felt round the table
        from lama_desktop.app.scenes.lama_table import _drama_vignette

        felt.blit(_drama_vignette(size), (0, 0))
    skip = text_only(table)
    reach = table.ui.s(12)
    around = [(round(reach * math.cos(a * math.pi / 4)), round(reach * math.sin(a * math.pi / 4))) for a in range(8)]
    missing = []
    for y in range(step // 2, size[1], step):
        for x in range(step // 2, size[0], step):
            a, b = screen.get_at((x, y)), felt.get_at((x, y))
            if max(abs(a[i] - b[i]) for i in range(3)) <= DRAWN or any(r.collidepoint(x, y) for r in skip):
                continue
            if table._tooltip_at((x, y)) is not None:
                continue
            if any(table._tooltip_at((x + dx, y + dy)) is not None for dx, dy in around):
                continue  # the edge of a piece: its rotated corner, glow or shadow
            missing.append((x, y))
    return missing


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game,variants,players,seed", GAMES, ids=[g[0] for g in GAMES])
def test_every_drawn_piece_has_a_tip(tmp_path, game, variants, players, seed, size):
    app, table = make_table(tmp_path, game, size, variants=variants, seed=seed, players=players)
    table.tooltip.hide()
    missing = untipped(table, size, step=max(8, size[0] // 160))
    if missing:
        screen = pygame.Surface(size)
        table.draw(screen)
        for p in missing:
            pygame.draw.circle(screen, (255, 0, 0), p, 3)
        pygame.image.save(screen, str(tmp_path / f"untipped-{game}-{size[0]}x{size[1]}.png"))
    assert not missing, f"{len(missing)} drawn points without a tip, e.g. {missing[:12]} (picture in {tmp_path})"


#: more moments, staged by the screenshot builders: six seats, L.A.M.A. Party's cards, choosing a token to return,
#: the drama and the Lamagic Show on, choosing whom a circle's token goes to, taking from the llama row, Llama
#: Land's feeding step
MOMENTS = ["table-lama-6p", "table-lama-party", "table-lama-return-choice", "table-lama-drama", "table-cadabra-show",
           "table-cadabra-give-choice",
           "table-dice-take-choice", "table-dice-6p", "table-llama-land-feeding"]


@pytest.mark.parametrize("shot", MOMENTS)
def test_every_drawn_piece_has_a_tip_in_more_moments(tmp_path, shot):
    from lama_desktop import screenshots

    screenshots._load_game_shots()
    builder, frames = next((b, f) for name, b, f in screenshots.SHOTS if name == shot)
    size = (1280, 720)
    app = screenshots.make_app(size, str(tmp_path))
    app.running = True
    try:
        screenshots.stage(app, builder, frames)
        table = next(scene for scene in app.stack.scenes if hasattr(scene, "_piece_tip"))
        table.tooltip.hide()
        missing = untipped(table, size, step=8)
    finally:
        app.shutdown()
    assert not missing, f"{len(missing)} drawn points without a tip in {shot}, e.g. {missing[:12]}"
