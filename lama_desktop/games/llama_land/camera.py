"""The view of the big domain: its frame as large as the panel allows, the zoom steps and the pan, and moving the
view to follow the tile in hand."""

from __future__ import annotations

import pygame

from lama_desktop.games.llama_land.iso import IsoFrame, domain_heights, domain_signature, max_height


#: the zoom steps of the big domain (1 = as large as its panel allows)
ZOOMS = (0.6, 0.8, 1.0, 1.25, 1.6, 2.0, 2.5, 3.0)


class Camera:
    """The table's camera: ``zoom``, ``pan`` and the frame of the domain shown now (``big_frame``); each domain
    keeps its own view. It reads the table's layout (``rects``, ``ui``), the seat shown and the engine's dict."""

    def __init__(self, table):
        self.table = table
        self.zoom = 1.0
        self.pan = (0.0, 0.0)  # the view of the big domain moved by pixels
        self._view_seat = None  # whose domain the zoom and pan are for
        self._views: dict = {}  # seat -> (zoom, pan) of the domains not shown now
        self.frame_big: IsoFrame | None = None
        self.frame_key = None  # what ``frame_big`` was made for (None: make it again)

    def set_view(self, zoom: float, pan) -> None:
        self.big_frame()  # the view of the domain shown now (each domain keeps its own)
        rect = self.fit_rect()
        limit_x, limit_y = rect.w * max(0.5, zoom) * 0.75, rect.h * max(0.5, zoom) * 0.75
        self.zoom = zoom
        self.pan = (max(-limit_x, min(limit_x, pan[0])), max(-limit_y, min(limit_y, pan[1])))
        self.frame_key = None

    def zoom_by(self, steps: int, pos=None) -> None:
        """Zoom in (``steps`` > 0) or out by zoom steps, keeping the point under ``pos`` (default the middle)."""
        self.big_frame()  # the zoom and pan of the domain shown now
        i = min(range(len(ZOOMS)), key=lambda k: abs(ZOOMS[k] - self.zoom))
        new = ZOOMS[max(0, min(len(ZOOMS) - 1, i + steps))]
        if new == self.zoom:
            return
        rect = self.fit_rect()
        px, py = pos if pos is not None else rect.center
        k = new / self.zoom
        # the picture scales about the fit rect's middle (plus the pan): keep the point under the pointer still
        cx, cy = rect.centerx + self.pan[0], rect.centery + self.pan[1]
        pan = (self.pan[0] + (px - cx) * (1 - k), self.pan[1] + (py - cy) * (1 - k))
        self.set_view(new, pan)

    def reset_view(self) -> None:
        self.set_view(1.0, (0.0, 0.0))

    def follow(self, cells, level: int = 1) -> None:
        """Move the view so that ``cells`` (the tile in hand, or the cursor cell) are inside the domain's panel
        (as much of them as fits), when zoomed in or panned away."""
        frame = self.big_frame()
        tops = [frame.top_rhombus(x, y, level) for x, y in cells]
        xs = [px for top in tops for px, _ in top]
        ys = [py for top in tops for _, py in top]
        want = pygame.Rect(min(xs), min(ys) - frame.headroom, max(xs) - min(xs), max(ys) - min(ys) + frame.headroom)
        box = self.fit_rect().inflate(-self.table.ui.s(12), -self.table.ui.s(12))
        dx = dy = 0
        if want.w <= box.w:
            dx = box.left - want.left if want.left < box.left else min(0, box.right - want.right)
        else:
            dx = box.centerx - want.centerx
        if want.h <= box.h:
            dy = box.top - want.top if want.top < box.top else min(0, box.bottom - want.bottom)
        else:
            dy = box.centery - want.centery
        if dx or dy:
            self.set_view(self.zoom, (self.pan[0] + dx, self.pan[1] + dy))

    def follow_tile(self) -> None:
        ev = self.table.placer.evaluate()
        self.follow([(x, y) for x, y, _i in ev["cells"]], ev["level"])

    def fit_rect(self) -> pygame.Rect:
        """Where the big domain fits at zoom 1: its panel less the title line and the status line (the legend sits
        in the panel's top right corner, which the diamond of an isometric domain leaves free)."""
        dom = self.table.rects["domain"]
        top = dom.y + self.table.ui.s(40)
        bottom = self.table.rects["status"].y - self.table.ui.s(22)
        return pygame.Rect(dom.x + self.table.ui.s(14), top, dom.w - self.table.ui.s(28), max(10, bottom - top))

    def big_frame(self) -> IsoFrame:
        """The big domain's frame: the domain and a cell around it (where extensions go; the walk over the spots
        moves the view to one further out) as large as the panel allows, times the zoom, moved by the pan."""
        seat = self.table.shown_seat
        if seat != self._view_seat:  # each domain keeps its own zoom and pan (a new one is seen whole)
            if self._view_seat is not None:
                self._views[self._view_seat] = (self.zoom, self.pan)
            self._view_seat = seat
            self.zoom, self.pan = self._views.get(seat, (1.0, (0.0, 0.0)))
        rect = self.fit_rect()
        dom = self.table.d["domains"][seat]
        key = (seat, domain_signature(dom), tuple(rect), self.zoom, self.pan)
        if self.frame_key != key or self.frame_big is None:
            x0, y0, x1, y1 = dom["bounds"]
            cells = {(c["x"], c["y"]) for c in dom["cells"]}
            halo = {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            self.frame_big = IsoFrame((x0 - 2, y0 - 2, x1 + 2, y1 + 2), rect, max_height(dom) + 1,
                                      max_cell=self.table.ui.s(150), fit_cells=halo, zoom=self.zoom, pan=self.pan)
            self.frame_key = key
        return self.frame_big

    def big_heights(self) -> dict:
        return domain_heights(self.table.d["domains"][self.table.shown_seat])
