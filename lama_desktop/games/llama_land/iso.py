"""Domains in 2:1 isometric projection, drawn from the engine's public domain dict.

An ``IsoFrame`` maps grid cells ``(x, y)`` of one domain (plus a margin around it, where extensions go) into a
screen rectangle: the cell size is chosen so that the frame and its highest column fit. ``render_domain`` paints a
whole domain once into a surface (painter's order, front cells last; every cell a cached ``land_art.land_block``), with
the tile borders drawn heavier than the cell borders and the llamas standing on their cells; callers cache the
surface and repaint only when the domain changes (``domain_signature``).
"""

from __future__ import annotations

import math

import pygame

from lama_desktop.app import art
from lama_desktop.games.llama_land import art as land_art
from lama_desktop.app.table.pieces import finish
# a seat's colour: the same on every table
from lama_desktop.app.table.seats import seat_color_name, seat_rgb  # noqa: F401
from lama_desktop.app.art.cache import picture_store

INK = (74, 52, 38)
FOUNDATION_TOP = (178, 170, 160)
#: the colour of a spot where the tile in hand fits, by kind (the legend, the spot marks, the tile's preview)
SPOT_COLORS = {"extend": (150, 220, 255, 200), "build": (120, 240, 150, 205)}
_GHOST_TINTS = {"extend": (160, 215, 255, 255), "build": (150, 255, 170, 255), "illegal": (255, 150, 140, 255)}
_GHOST_EDGES = {"extend": (120, 200, 255), "build": (120, 240, 150), "illegal": (240, 96, 84)}


class IsoFrame:
    """Where the cells of ``bounds`` (x0, y0, x1, y1) go inside ``rect``; ``max_level``: the tallest column.

    By default the whole ``bounds`` rectangle fits in ``rect``. ``fit_cells`` fits those cells alone (their
    projected outline, a domain is rarely a full rectangle: it is drawn as large as ``rect`` allows); ``zoom``
    multiplies that cell size (about the middle of ``rect``) and ``pan`` moves the picture by pixels. What falls
    outside ``rect`` is for the caller to clip."""

    def __init__(self, bounds, rect: pygame.Rect, max_level: int, max_cell: int = 120, fit_cells=None,
                 zoom: float = 1.0, pan=(0, 0)):
        x0, y0, x1, y1 = bounds
        self.bounds = (x0, y0, x1, y1)
        self.rect = pygame.Rect(rect)
        nx, ny = x1 - x0 + 1, y1 - y0 + 1
        self.nx, self.ny = nx, ny
        max_level = max(1, max_level)
        if fit_cells:  # the projected outline of these cells, in half-cell (u) and quarter-cell (v) units
            us = [(x - x0) - (y - y0) for x, y in fit_cells]
            vs = [(x - x0) + (y - y0) for x, y in fit_cells]
            u0, u1, v0, v1 = min(us) - 1, max(us) + 1, min(vs), max(vs) + 2
        else:
            u0, u1, v0, v1 = -ny, nx, 0, nx + ny
        by_w = 2 * self.rect.w / (u1 - u0)
        by_h = self.rect.h / ((v1 - v0) / 4 + 0.16 * max_level + 0.2)
        cell = int(min(max_cell, by_w, by_h) * zoom) // 2 * 2
        self.cell = max(12, cell)
        self.zoom = zoom
        geo = land_art.block_geometry(self.cell, 1)
        self.rise = geo["rise"]
        self.headroom = geo["headroom"]
        c = self.cell
        total_w = (u1 - u0) * c / 2
        total_h = (v1 - v0) * c / 4 + self.rise * max_level + self.headroom
        self.ox = self.rect.x - u0 * c / 2 + (self.rect.w - total_w) / 2 + pan[0]
        self.oy = self.rect.y - v0 * c / 4 + self.rise * max_level + self.headroom + (self.rect.h - total_h) / 2 \
            + pan[1]
        self.max_level = max_level

    def ground(self, x: int, y: int) -> tuple[float, float]:
        """The top corner of cell (x, y) on the ground (level 0)."""
        i, j = x - self.bounds[0], y - self.bounds[1]
        c = self.cell
        return self.ox + (i - j) * c / 2, self.oy + (i + j) * c / 4

    def top_center(self, x: int, y: int, level: int) -> tuple[float, float]:
        px, py = self.ground(x, y)
        return px, py - self.rise * level + self.cell / 4

    def top_rhombus(self, x: int, y: int, level: int) -> list[tuple[float, float]]:
        px, py = self.ground(x, y)
        py -= self.rise * level
        c = self.cell
        return [(px, py), (px + c / 2, py + c / 4), (px, py + c / 2), (px - c / 2, py + c / 4)]

    def block_pos(self, x: int, y: int, level: int) -> tuple[int, int]:
        px, py = self.ground(x, y)
        return round(px - self.cell / 2), round(py - self.rise * level - self.headroom - 1)

    def in_frame(self, x: int, y: int) -> bool:
        x0, y0, x1, y1 = self.bounds
        return x0 <= x <= x1 and y0 <= y <= y1

    def pick(self, pos, heights: dict) -> tuple[int, int] | None:
        """The cell under ``pos``: top faces of the domain first (front to back), else the level-1 plane."""
        mx, my = pos
        c = self.cell
        for (x, y), level in sorted(heights.items(), key=lambda kv: (-(kv[0][0] + kv[0][1]), -kv[0][0])):
            cx, cy = self.top_center(x, y, level)
            if abs(mx - cx) / (c / 2) + abs(my - cy) / (c / 4) <= 1.0:
                return x, y
        px, py = self.ground(self.bounds[0], self.bounds[1])
        u = (mx - px) / (c / 2)
        v = (my - (py - self.rise)) / (c / 4)
        i = math.floor((u + v) / 2)
        j = math.floor((v - u) / 2)
        x, y = self.bounds[0] + i, self.bounds[1] + j
        return (x, y) if self.in_frame(x, y) else None


def domain_signature(domain: dict) -> tuple:
    return tuple((c["x"], c["y"], c["height"], c["icon"], c["llama"], c["levels"][-1]["tile"],
                  c["levels"][-1]["shape"]) for c in domain["cells"])


def domain_heights(domain: dict) -> dict:
    return {(c["x"], c["y"]): c["height"] for c in domain["cells"]}


def max_height(domain: dict) -> int:
    return max((c["height"] for c in domain["cells"]), default=1)


def _painter_key(xy):
    return (xy[0] + xy[1], xy[0])


def render_domain(domain: dict, frame: IsoFrame, seat: int, *, grid: bool = False, llamas: bool = True,
                  skip: frozenset = frozenset()) -> pygame.Surface:
    """The whole domain as one surface of ``frame.rect.size`` (blit it at ``frame.rect.topleft``).

    ``grid`` draws the empty cells of the frame as faint diamonds on the felt (where extensions may go);
    ``skip`` leaves some cells out (a tile being dropped in is drawn by the caller)."""
    surf = pygame.Surface(frame.rect.size, pygame.SRCALPHA)
    off = (-frame.rect.x, -frame.rect.y)
    cells = {(c["x"], c["y"]): c for c in domain["cells"]}
    c = frame.cell
    if grid:
        x0, y0, x1, y1 = frame.bounds
        line = (255, 255, 255, 34)
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                if (x, y) in cells:
                    continue
                pts = [(px + off[0], py + off[1]) for px, py in frame.top_rhombus(x, y, 0)]
                pygame.draw.polygon(surf, line, pts, 1)
    # a soft shadow under the whole domain (drawn at a quarter of the size, blurred, scaled up: cheap)
    q = 4
    small = pygame.Surface((max(1, frame.rect.w // q + 1), max(1, frame.rect.h // q + 1)), pygame.SRCALPHA)
    for (x, y) in cells:
        pts = [((px + off[0] + c * 0.06) / q, (py + off[1] + c * 0.09) / q) for px, py in frame.top_rhombus(x, y, 0)]
        pygame.draw.polygon(small, (0, 0, 0, 80), pts)
    if c >= 24:
        small = pygame.transform.gaussian_blur(small, max(1, c // (8 * q)))
    surf.blit(pygame.transform.smoothscale(small, (small.get_width() * q, small.get_height() * q)), (0, 0))
    for (x, y) in sorted(cells, key=_painter_key):
        if (x, y) not in skip:
            draw_cell(surf, frame, cells, x, y, seat, off, llamas)
    return finish(surf)


EDGES = (((1, 0), 1, 2), ((0, 1), 2, 3), ((-1, 0), 3, 0), ((0, -1), 0, 1))
# rhombus corners: 0 top, 1 right, 2 bottom, 3 left; the +x neighbour is across edge 1-2, +y across 2-3


def draw_cell(surf, frame: IsoFrame, cells: dict, x: int, y: int, seat: int, off=(0, 0), llamas: bool = True) -> None:
    """One column of the domain: its block, a foundation's stone top, heavy tile borders and its llama."""
    c = frame.cell
    width = max(2, round(c * 0.05))
    cell = cells[(x, y)]
    level = cell["height"]
    icon = cell["icon"] if cell["icon"] in land_art.LAND_ICONS else "none"
    bx, by = frame.block_pos(x, y, level)
    surf.blit(land_art.land_block(icon, min(level, 9), c), (bx + off[0], by + off[1]))
    top = [(px + off[0], py + off[1]) for px, py in frame.top_rhombus(x, y, level)]
    if cell["levels"][-1]["shape"] == "foundation":
        pygame.draw.polygon(surf, FOUNDATION_TOP, top)
        inner = [(px * 0.6 + sum(p[0] for p in top) / 4 * 0.4, py * 0.6 + sum(p[1] for p in top) / 4 * 0.4)
                 for px, py in top]
        pygame.draw.polygon(surf, (150, 142, 132), inner, max(1, width // 2))
        pygame.draw.polygon(surf, INK, top, max(1, width // 2))
    # heavy borders where the neighbouring cell belongs to another tile (or is lower / missing)
    tile = cell["levels"][-1]["tile"]
    for (dx, dy), a, b in EDGES:
        other = cells.get((x + dx, y + dy))
        if other is not None and other["height"] == level and other["levels"][-1]["tile"] == tile and tile != -2:
            continue
        pygame.draw.line(surf, INK, top[a], top[b], width)
    if llamas and cell["llama"]:
        fig = art.llama_figure(max(10, round(c * 0.62)), "cream", blanket=art.PLAYER_COLORS[seat_color_name(seat)])
        cx, cy = frame.top_center(x, y, level)
        surf.blit(fig, fig.get_rect(midbottom=(round(cx + off[0]), round(cy + off[1] + c * 0.06))))


def cells_picture(frame: IsoFrame, cells: dict, chosen, seat: int) -> tuple[pygame.Surface | None, tuple[int, int]]:
    """The columns ``chosen`` [(x, y)] drawn alone (``draw_cell``, in that order) on a transparent picture that hugs
    them, and where it goes on the screen: the columns in front of the tile in hand, drawn once per position and
    blitted every frame while the tile bobs behind them. ``(None, (0, 0))`` for no column."""
    c = frame.cell
    area = None
    for x, y in chosen:
        cell = cells[(x, y)]
        level = cell["height"]
        icon = cell["icon"] if cell["icon"] in land_art.LAND_ICONS else "none"
        rect = land_art.land_block(icon, min(level, 9), c).get_rect(topleft=frame.block_pos(x, y, level))
        if cell["llama"]:
            fig = art.llama_figure(max(10, round(c * 0.62)), "cream",
                                   blanket=art.PLAYER_COLORS[seat_color_name(seat)])
            cx, cy = frame.top_center(x, y, level)
            rect.union_ip(fig.get_rect(midbottom=(round(cx), round(cy + c * 0.06))))
        area = rect if area is None else area.union(rect)
    if area is None:
        return None, (0, 0)
    area.inflate_ip(2 * max(2, round(c * 0.05)) + 2, 2 * max(2, round(c * 0.05)) + 2)  # the heavy borders' width
    picture = pygame.Surface(area.size, pygame.SRCALPHA)
    for x, y in chosen:
        draw_cell(picture, frame, cells, x, y, seat, off=(-area.x, -area.y))
    return finish(picture), area.topleft


def cells_in_front(frame: IsoFrame, cells: dict, picked) -> list[tuple[int, int]]:
    """Domain cells drawn in front of the columns ``picked`` [(x, y, level)] that may hide part of them, plus the
    cells in front of those (painter's order), so that redrawing them over a ghost tile restores the occlusion."""
    rise_per = frame.rise / (frame.cell / 4)  # screen rows of a level, in quarter-cells
    front: dict = {}
    todo = [(x, y, level) for x, y, level in picked]
    owned = {(x, y) for x, y, _l in picked}
    while todo:
        gx, gy, glevel = todo.pop()
        gd, gs = gx + gy, gx - gy
        for (x, y), cell in cells.items():
            if (x, y) in owned or (x, y) in front:
                continue
            d = x + y - gd
            if d <= 0 or abs((x - y) - gs) > 1:
                continue
            if d < rise_per * cell["height"] + 2:  # its top reaches up into the column behind it
                front[(x, y)] = cell
                todo.append((x, y, cell["height"]))
    return sorted(front, key=_painter_key)


_GHOSTS: dict = picture_store()


def ghost_block(icon: str, level: int, cell: int, tint: str) -> pygame.Surface:
    """A block of the tile in hand tinted by ``tint``: ``extend``, ``build`` (where it fits) or ``illegal``."""
    key = (icon, level, cell, tint)
    img = _GHOSTS.get(key)
    if img is None:
        if len(_GHOSTS) > 400:
            _GHOSTS.clear()
        img = land_art.land_block(icon, min(max(1, level), 9), cell).copy()
        img.fill(_GHOST_TINTS[tint], special_flags=pygame.BLEND_RGBA_MULT)
        img.set_alpha(180 if tint == "illegal" else 215)
        img = finish(img)
        _GHOSTS[key] = img
    return img


def draw_ghost(surface: pygame.Surface, frame: IsoFrame, cells, level: int, legal: bool, lift: float = 0.0,
               kind: str = "build", edge=None) -> None:
    """The tile being placed: ``cells`` = [(x, y, icon)], standing at ``level``, tinted in its spot colour
    (``kind``: blue extension, green build) where it fits, red where not; ``edge`` another outline colour (the
    advisor's suggestions are gold)."""
    c = frame.cell
    tint = kind if legal else "illegal"
    order = sorted(cells, key=lambda t: _painter_key(t[:2]))
    for x, y, icon in order:
        bx, by = frame.block_pos(x, y, level)
        surface.blit(ghost_block(icon, level, c, tint), (bx, by - lift))
    color = edge or _GHOST_EDGES[tint]
    owned = {(x, y) for x, y, _ in cells}
    edges = (((1, 0), 1, 2), ((0, 1), 2, 3), ((-1, 0), 3, 0), ((0, -1), 0, 1))
    width = max(2, round(c * 0.06))
    for x, y, _ in cells:
        top = [(px, py - lift) for px, py in frame.top_rhombus(x, y, level)]
        for (dx, dy), a, b in edges:
            if (x + dx, y + dy) not in owned:
                pygame.draw.line(surface, color, top[a], top[b], width)


def draw_outline(surface: pygame.Surface, frame: IsoFrame, cells, level: int) -> None:
    """Where the tile in hand would go although it does not fit there: its outline only, faint and neutral (no
    sea of red over the domain; the status line says why)."""
    owned = {(x, y) for x, y, *_ in cells}
    width = max(1, round(frame.cell * 0.03))
    tops = [frame.top_rhombus(x, y, level) for x, y, *_ in cells]
    x0 = int(min(px for top in tops for px, _ in top)) - width
    y0 = int(min(py for top in tops for _, py in top)) - width
    x1 = int(max(px for top in tops for px, _ in top)) + width + 1
    y1 = int(max(py for top in tops for _, py in top)) + width + 1
    layer = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA)
    for (x, y, *_), top in zip(cells, tops, strict=False):
        top = [(px - x0, py - y0) for px, py in top]
        pygame.draw.polygon(layer, (255, 255, 255, 26), top)
        for (dx, dy), a, b in EDGES:
            if (x + dx, y + dy) not in owned:
                pygame.draw.line(layer, (255, 255, 255, 120), top[a], top[b], width)
    surface.blit(layer, (x0, y0))


def draw_spot(surface: pygame.Surface, frame: IsoFrame, x: int, y: int, level: int, color, width: int = 0,
              scale: float = 0.45) -> None:
    cx, cy = frame.top_center(x, y, level)
    c = frame.cell * scale
    pts = [(cx, cy - c / 4), (cx + c / 2, cy), (cx, cy + c / 4), (cx - c / 2, cy)]
    pygame.draw.polygon(surface, color, pts, width)
