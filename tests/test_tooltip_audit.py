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

from lama_desktop.core import i18n
from lama_desktop.app.widgets import felt_surface
from lama_desktop.games import GAMES as REGISTRY
from lama_desktop.games import plugin
from registry_games import one_per_table, samples
from test_tooltips import SIZES, make_table

#: per table: the variants and the seed of the audited game (``samples.audit_*``; seats: the game's sample count)
GAMES = [(game, samples(game).audit_variants, plugin(game).sample_players, samples(game).audit_seed)
         for game in one_per_table()]
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
    if getattr(table, "_board_on", lambda: False)():  # the drama / show darkens the felt round the table
        from lama_desktop.app.table.hand_drawing import edge_glow

        felt.blit(edge_glow(size), (0, 0))
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


#: more moments, staged by the screenshot builders, as each game names them (``samples.audit_moments``): six
#: seats, L.A.M.A. Party's cards, choosing a token to return, the drama and the Lamagic Show on, choosing whom a
#: circle's token goes to, taking from the llama row, Llama Land's feeding step
MOMENTS = [shot for game in REGISTRY for shot in samples(game).audit_moments]


def test_every_audited_moment_is_a_screenshot_moment():
    from lama_desktop import screenshots

    screenshots._load_game_shots()
    names = {name for name, _builder, _frames in screenshots.SHOTS}
    assert [shot for shot in MOMENTS if shot not in names] == []


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


def tip_grid(table, size, step: int) -> dict:
    """The tip of every point of a grid over the window (the points on no piece left out)."""
    grid = {}
    for y in range(step // 2, size[1], step):
        for x in range(step // 2, size[0], step):
            tip = table._tooltip_at((x, y))
            if tip is not None:
                grid[(x, y)] = tip
    return grid


def covered_pieces(table, size, step: int) -> list[str]:
    """Each tip of the table shown as after a mouse motion onto its piece; a tip that covers a point of another
    piece (one with a tip of its own, other than a group holding the tipped piece: its hand, its row) or of the status
    line is a failure
    when a place for the tip existed, beside the piece (above, below, left or right of it) within
    ``tooltip.REACH`` and in the window, that covers no
    other piece and nothing of its own (found here by brute force over the grid, not by the table's placement)."""
    from lama_desktop.app.table.tooltip import REACH

    table.toasts.clear()
    table.draw(pygame.Surface(size))
    grid = tip_grid(table, size, step)
    cols, rows = (size[0] + step - 1) // step, (size[1] + step - 1) // step
    firsts = {}
    for point, tip in grid.items():
        firsts.setdefault((tip.rect, tip.keep), (point, tip))
    reach, window = table.ui.s(REACH), pygame.Rect((0, 0), size)
    failures = []
    for point, tip in firsts.values():
        tooltip = table.tooltip
        tooltip.source, tooltip.pos, tooltip.tip, tooltip.age = "mouse", point, tip, tooltip.delay
        box, _ = tooltip.box(table.ui, size, table._tooltip_avoid())
        own = [pygame.Rect(tip.rect)] + [pygame.Rect(r) for r in tip.keep]
        if own[0].h > size[1] // 3:
            own[0] = pygame.Rect(point[0] - table.ui.s(8), point[1] - table.ui.s(8), table.ui.s(16), table.ui.s(24))

        def other(q, t, tip=tip, own=own):
            return t.rect != tip.rect and not pygame.Rect(t.rect).contains(own[0]) \
                and not any(r.collidepoint(q) for r in own)

        blocked = {q for q, t in grid.items() if other(q, t)}
        status = getattr(table, "_status_rect", None)  # the line saying whose turn it is and what to do: kept clear
        if status is not None:
            blocked |= {(x, y) for x in range(step // 2, size[0], step) for y in range(step // 2, size[1], step)
                        if status.collidepoint(x, y)}
        hit = sorted(q for q in blocked if box.collidepoint(q))
        if not hit:
            continue
        # a summed-area table of the blocked grid points: how many lie in any box, at once
        sat = [[0] * (cols + 1) for _ in range(rows + 1)]
        for j in range(rows):
            for i in range(cols):
                cell = (i * step + step // 2, j * step + step // 2) in blocked
                sat[j + 1][i + 1] = cell + sat[j][i + 1] + sat[j + 1][i] - sat[j][i]

        def count(r, sat=sat):
            i0, j0 = max(0, -(-(r.left - step // 2) // step)), max(0, -(-(r.top - step // 2) // step))
            i1, j1 = min(cols, (r.right - 1 - step // 2) // step + 1), min(rows, (r.bottom - 1 - step // 2) // step + 1)
            if i1 <= i0 or j1 <= j0:
                return 0
            return sat[j1][i1] - sat[j0][i1] - sat[j1][i0] + sat[j0][i0]

        whole = own[0].unionall(own[1:])
        free = None
        for y in range(max(0, whole.top - reach - box.h), min(size[1] - box.h, whole.bottom + reach) + 1, step // 2):
            for x in range(max(0, whole.left - reach - box.w), min(size[0] - box.w, whole.right + reach) + 1,
                           step // 2):
                place = pygame.Rect(x, y, box.w, box.h)
                if not window.contains(place) or any(place.colliderect(r) for r in own):
                    continue
                dx = max(0, place.left - whole.right, whole.left - place.right)
                dy = max(0, place.top - whole.bottom, whole.top - place.bottom)
                if dx and dy:  # beside the piece means above, below, left or right of it, not off a corner
                    continue
                if max(dx, dy) > reach or count(place):
                    continue
                free = place
                break
            if free is not None:
                break
        if free is not None:
            covered = grid[hit[0]].text[:30] if hit[0] in grid else 'the status line'
            failures.append(f"{tip.text.splitlines()[0][:40]!r} at {tuple(box)} covers {covered!r} "
                            f"({len(hit)} points), while {tuple(free)} was free")
    return failures


#: the tables whose tips can always stand beside their piece (``samples.tips_beside``); Llama Land is left out: its
#: domain is a field of pieces (every cell and every spot of free ground has a tip), so a tip over the domain covers
#: cells; its table names its pieces to the tooltip only as groups
CARD_GAMES = [g for g in GAMES if samples(g[0]).tips_beside]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game,variants,players,seed", CARD_GAMES, ids=[g[0] for g in CARD_GAMES])
def test_a_tip_covers_no_other_piece_when_a_place_is_free(tmp_path, game, variants, players, seed, size):
    app, table = make_table(tmp_path, game, size, variants=variants, seed=seed, players=players)
    try:
        failures = covered_pieces(table, size, step=max(8, size[0] // 160))
    finally:
        app.shutdown()
    assert not failures, "\n".join(failures)
