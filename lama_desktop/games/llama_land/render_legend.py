"""The placement legend over the big domain: what the spot colours mean and how many placements the tile in hand
has; where it goes and how it wraps.

An object the table owns (``table.legend``): it keeps whether it wraps compact and where it was drawn this frame
(``shown``: the toasts start under it)."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import about, language, plural, t
from lama_desktop.games.llama_land.iso import SPOT_COLORS
from lama_desktop.games.llama_land.pieces import CREAM
from lama_desktop.app.table.pieces import finish


class Legend:
    """The table's placement legend."""

    def __init__(self, table):
        self.table = table
        self.shown: pygame.Rect | None = None  # where it was drawn this frame (toasts keep off it)
        self.compact = False  # the spot names alone (a narrow panel, a large interface)

    def lines(self) -> list[tuple[str, str]]:
        """The placement legend: (swatch, text) rows; swatch ``extend`` / ``build`` (the spot colours) or ``""``."""
        p = self.table.placer
        total = len(p.placements(p.shape))
        if not total:
            return [("", t("llama_land.legend.nowhere"))]
        rows = [("extend", t("llama_land.legend.extend")), ("build", t("llama_land.legend.build"))]
        rows.append(("", plural("llama_land.legend.cycle", total)))
        return rows

    def rect(self) -> pygame.Rect:
        """Where the legend goes (``_place``), worked out once per position and layout: a lesson asks it twice a
        frame (what its box points at, what it keeps clear of), the legend's drawing once more."""
        return pygame.Rect(self._placed()[1])

    def _placed(self):
        """(key, rect, wrapped rows), kept in the table's ``domain_cache`` (dropped on a new layout) under a key of
        everything they follow: the tile in hand and its position, the panel's rects, the interface's scale, the
        domain shown and its owner's name, the language."""
        table = self.table
        p, seat = table.placer, table.shown_seat
        key = (p.shape, id(p.state), table.version, tuple(table.rects["domain"]), tuple(table.rects["menu"]),
               table.ui.scale, seat, table._name(seat), language())
        hit = table.domain_cache.get("legend_layout")
        if hit is None or hit[0] != key:
            rect = self._place()
            hit = (key, rect, self._layout(rect.w)[0])
            table.domain_cache["legend_layout"] = hit
        return hit

    def _place(self) -> pygame.Rect:
        """Right of the domain's title, left of the pause button; under the title when that leaves too little room
        (a narrow panel, a large interface). Its height follows its wrapped lines."""
        table = self.table
        ui = table.ui
        dom, menu = table.rects["domain"], table.rects["menu"]
        seat = table.shown_seat
        title = ui.text(about("llama_land.ui.domain_of", seat, name=table._name(seat)), 20, CREAM, bold=True)
        right = menu.x - ui.s(10)
        width = min(ui.s(400), round(dom.w * 0.45))  # the panel's top right corner, which the domain leaves free
        top = menu.y
        if right - width < dom.x + ui.s(16) + title.get_width() + ui.s(16):
            top = dom.y + ui.s(12) + title.get_height() + ui.s(6)
        self.compact = False
        height = self._layout(width)[1]
        if height > dom.h * 0.24:  # a narrow panel or a large interface: the spot names alone
            self.compact = True
            height = self._layout(width)[1]
        return pygame.Rect(right - width, top, width, height)

    def _layout(self, width: int):
        """The legend's rows wrapped to ``width``: ([(swatch, [lines])], height). Compact: a spot row keeps its
        name (what comes before its first colon)."""
        ui = self.table.ui
        pad, swatch_w = ui.s(10), ui.s(30)
        rows, height = [], 2 * pad
        line_h = ui.font(16).get_linesize()
        for swatch, text in self.lines():
            if swatch and self.compact:
                text = text.split(":")[0].strip()
            lines = ui.wrap(text, 16, width - 2 * pad - swatch_w, bold=bool(swatch))
            rows.append((swatch, lines))
            height += line_h * len(lines) + ui.s(3)
        return rows, height

    def draw(self, surface) -> None:
        table = self.table
        ui = table.ui
        p = table.placer
        cache = table.domain_cache  # the table's: dropped with its domain pictures on a new layout
        _key, rect, rows = self._placed()  # the engine's placements and the wrapping: once per position
        key = ("legend", tuple((s, tuple(lines)) for s, lines in rows), tuple(rect))
        img = cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(img, (6, 30, 28, 205), img.get_rect(), border_radius=ui.s(12))
            pygame.draw.rect(img, (255, 255, 255, 50), img.get_rect(), max(1, ui.s(2)), border_radius=ui.s(12))
            pad, swatch_w = ui.s(10), ui.s(30)
            line_h = ui.font(16).get_linesize()
            y = pad
            for swatch, lines in rows:
                if swatch:
                    w, cy = ui.s(22), y + line_h / 2
                    pts = [(pad + w / 2, cy - w / 4), (pad + w, cy), (pad + w / 2, cy + w / 4), (pad, cy)]
                    pygame.draw.polygon(img, SPOT_COLORS[swatch], pts)
                    pygame.draw.polygon(img, (30, 80, 50), pts, 1)
                for line in lines:
                    label = ui.text(line, 16, CREAM if swatch else (200, 226, 216), bold=bool(swatch))
                    img.blit(label, (pad + swatch_w, y))
                    y += line_h
                y += ui.s(3)
            img = finish(img)
            cache[key] = img
        frame = table.camera.frame_big
        ev = p.evaluate()
        # the tile in hand under the legend: the legend fades (not while a lesson points at it)
        if frame is not None and ev["cells"] and not table._lesson_points_at("legend"):
            tops = [frame.top_rhombus(x, y, ev["level"]) for x, y, _i in ev["cells"]]
            xs = [px for top in tops for px, _ in top]
            ys = [py for top in tops for _, py in top]
            lift = frame.headroom + frame.rise  # the icons stand up, the tile in hand floats a little
            under = pygame.Rect(min(xs), min(ys) - lift, max(xs) - min(xs), max(ys) - min(ys) + lift)
            if table._bubble_rect is not None and table._bubble_rect.colliderect(rect):
                return  # the chip of what the tile would bring sits there: the legend gives way entirely
            if under.colliderect(rect):
                img = img.copy()
                img.set_alpha(70)
        surface.blit(img, rect.topleft)
        self.shown = rect
