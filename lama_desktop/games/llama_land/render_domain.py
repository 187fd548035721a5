"""The big domain on the Llama Land table: the domain drawn isometric, the tile falling and the flash, the spots
where the tile in hand fits and its ghost (with true occlusion), the payout bubble, the foundation and llama
cells, the compass and the labels over the panel."""

from __future__ import annotations

import math

import pygame

from lama_desktop.app import art
from lama_desktop.games.llama_land import art as land_art
from lama_desktop.core.i18n import about, t
from lama_desktop.games.llama_land import iso
from lama_desktop.games.llama_land.iso import (
    SPOT_COLORS, cells_in_front, cells_picture, domain_signature, draw_ghost, render_domain
)
from lama_desktop.games.llama_land.pieces import CREAM, icon
from lama_desktop.app.table.pieces import INK, finish


def trimmed(layer: pygame.Surface) -> tuple[pygame.Surface, tuple[int, int]]:
    """A layer of the panel's size cut to what is drawn on it, and where that part goes in the layer: a layer blitted
    every frame costs by its area, and most of a domain's panel is empty (the same pixels either way)."""
    box = layer.get_bounding_rect()
    if box.size == layer.get_size():
        return layer, (0, 0)
    return layer.subsurface(box).copy(), box.topleft


class DomainMixin:
    """The table's big domain (``_draw_big_domain``) and what is drawn over it."""

    def _draw_big_domain(self, surface) -> None:
        ui = self.ui
        seat = self.shown_seat
        frame = self.camera.big_frame()
        motion = self.motion
        drop = motion.drop if (motion.drop is not None and motion.drop["seat"] == seat) else None
        skip = frozenset(drop["cells"]) if drop else frozenset()
        frame_rect = frame.rect
        img, at = self._domain_cached_big(seat, frame, skip)
        surface.blit(img, (frame_rect.x + at[0], frame_rect.y + at[1]))
        dom = self.d["domains"][seat]
        cells = {(c["x"], c["y"]): c for c in dom["cells"]}
        if drop:
            k = min(1.0, drop["k"])
            lift = (1 - k) ** 2 * frame.cell * 1.6
            for (x, y) in sorted(drop["cells"], key=lambda c: (c[0] + c[1], c[0])):
                c = cells.get((x, y))
                if c is None:
                    continue
                bx, by = frame.block_pos(x, y, c["height"])
                land_icon = c["icon"] if c["icon"] in land_art.LAND_ICONS else "none"
                block = land_art.land_block(land_icon, min(c["height"], 9), frame.cell)
                surface.blit(block, (bx, by - lift))
            self._redraw_front(surface, frame, cells, seat,
                               [(x, y, cells[(x, y)]["height"]) for x, y in drop["cells"] if (x, y) in cells])
        if motion.flash is not None and motion.flash["seat"] == seat and drop is None:
            a = max(0, 1 - motion.flash["age"] / 1.2)
            if a > 0:
                glow = pygame.Surface(frame_rect.size, pygame.SRCALPHA)
                for (x, y) in motion.flash["cells"]:
                    c = cells.get((x, y))
                    if c is None:
                        continue
                    pts = [(px - frame_rect.x, py - frame_rect.y) for px, py in frame.top_rhombus(x, y, c["height"])]
                    pygame.draw.polygon(glow, (255, 236, 150, int(120 * a)), pts)
                surface.blit(glow, frame_rect.topleft)
        mine = self.my_seat() == seat and self.inspect is None and self.can_act()
        if not mine:
            return
        if self.mode == "place" and self.placer is not None:
            if self.foundation_mode:
                spots = [(x, y, cells[(x, y)]["height"] if (x, y) in cells else 1) for x, y in self._foundation_cells()]
                self._blit_cell_layer(surface, frame, ("found", self.version), spots, (200, 196, 186, 150),
                                      (70, 64, 58, 230))
                cx, cy = self.cursor
                h = cells[(cx, cy)]["height"] if (cx, cy) in cells else 1
                pts = frame.top_rhombus(cx, cy, h)
                pygame.draw.polygon(surface, (255, 255, 255), pts, max(2, ui.s(3)))
                return
            self._draw_spots(surface, frame, cells)
            ev = self.placer.evaluate()
            lift = frame.rise * 0.6 + 2 * abs(((self.time * 1.6) % 2) - 1)
            if not ev["legal"]:  # not a spot where it fits: a faint outline (the status line says why)
                iso.draw_outline(surface, frame, ev["cells"], ev["level"])
                return
            draw_ghost(surface, frame, ev["cells"], ev["level"], True, lift=lift, kind=ev["kind"])
            front = self._redraw_front(surface, frame, cells, seat, [(x, y, ev["level"]) for x, y, _i in ev["cells"]])
            self._draw_spots_again(surface, frame, front)  # the spots on the cells drawn again over the ghost
            if ev["kind"] == "build":
                self._bubble = (frame, ev, lift)  # drawn over the legend, after the labels
        elif self.mode == "llama":
            spots = self._llama_spots()
            self._blit_cell_layer(surface, frame, ("llama", self.version),
                                  [(x, y, cells[(x, y)]["height"]) for x, y in spots], (255, 236, 150, 120),
                                  (255, 246, 200, 230))
            cx, cy = self.cursor
            if (cx, cy) in cells:
                h = cells[(cx, cy)]["height"]
                pts = frame.top_rhombus(cx, cy, h)
                pygame.draw.polygon(surface, (255, 255, 255), pts, max(2, ui.s(3)))
                if (cx, cy) in spots:
                    fig = art.llama_figure(max(10, round(frame.cell * 0.62)), "cream",
                                           blanket=iso.seat_color_name(seat))
                    tx, ty = frame.top_center(cx, cy, h)
                    ghost = fig.copy()
                    ghost.set_alpha(190)
                    surface.blit(ghost, ghost.get_rect(midbottom=(round(tx), round(ty + frame.cell * 0.06))))

    def _domain_cached_big(self, seat, frame, skip):
        dom = self.d["domains"][seat]
        sig = domain_signature(dom)
        full = (sig, frame.bounds, frame.cell, tuple(frame.rect), frame.ox, frame.oy, skip)
        hit = self.domain_cache.get(("big", seat))
        if hit is not None and hit[0] == full:
            return hit[1], hit[3]
        surf, at = trimmed(render_domain(dom, frame, seat, grid=True, skip=skip))
        self.domain_cache[("big", seat)] = (full, surf, frame, at)
        return surf, at

    def _blit_cell_layer(self, surface, frame, key, spots, fill, edge) -> None:
        """Translucent highlights on the top faces of ``spots`` [(x, y, level)], cached until the view changes."""
        full = (key, frame.cell, frame.bounds, tuple(frame.rect), frame.ox, frame.oy)
        hit = self.domain_cache.get("cell_layer")
        if hit is None or hit[0] != full:
            layer = pygame.Surface(frame.rect.size, pygame.SRCALPHA)
            for x, y, level in spots:
                top = [(px - frame.rect.x, py - frame.rect.y) for px, py in frame.top_rhombus(x, y, level)]
                cx = sum(p[0] for p in top) / 4
                cy = sum(p[1] for p in top) / 4
                inner = [(cx + (px - cx) * 0.82, cy + (py - cy) * 0.82) for px, py in top]
                pygame.draw.polygon(layer, fill, inner)
                pygame.draw.polygon(layer, edge, inner, max(2, frame.cell // 40))
            hit = (full, *trimmed(finish(layer)))
            self.domain_cache["cell_layer"] = hit
        surface.blit(hit[1], (frame.rect.x + hit[2][0], frame.rect.y + hit[2][1]))

    def _draw_spots(self, surface, frame, cells) -> None:
        p = self.placer
        key = (p.shape, p.rotation, p.mirror, self.version, frame.cell, frame.bounds, tuple(frame.rect), frame.ox,
               frame.oy)
        if self.spots_cache[0] != key:
            layer = pygame.Surface(frame.rect.size, pygame.SRCALPHA)
            off = (-frame.rect.x, -frame.rect.y)
            diamonds = {}
            for (x, y), kind in p.legal_anchors().items():
                h = cells[(x, y)]["height"] if (x, y) in cells else (0 if kind == "extend" else 1)
                if kind == "extend" and (x, y) not in cells:
                    h = 1
                cx, cy = frame.top_center(x, y, h)
                c = frame.cell * 0.36
                pts = [(cx + off[0], cy - c / 4 + off[1]), (cx + c / 2 + off[0], cy + off[1]),
                       (cx + off[0], cy + c / 4 + off[1]), (cx - c / 2 + off[0], cy + off[1])]
                pygame.draw.polygon(layer, SPOT_COLORS[kind], pts)
                pygame.draw.polygon(layer, (30, 80, 50, 200), pts, 1)
                diamonds[(x, y)] = ([(px - off[0], py - off[1]) for px, py in pts], kind)
            self.spots_cache = (key, trimmed(finish(layer)), diamonds)
        layer, at = self.spots_cache[1]
        surface.blit(layer, (frame.rect.x + at[0], frame.rect.y + at[1]))

    def _draw_spots_again(self, surface, frame, front) -> None:
        """The spot diamonds of the domain cells drawn again in front of the tile in hand (``_redraw_front``):
        without this, the cells standing in front of the tile would hide their spots (a build spot the player is
        told to click would not show)."""
        diamonds = self.spots_cache[2]
        for cell in front:
            hit = diamonds.get(cell)
            if hit is None:
                continue
            pts, kind = hit
            left, top = math.floor(min(x for x, _ in pts)), math.floor(min(y for _, y in pts))
            small = pygame.Surface((math.ceil(max(x for x, _ in pts)) - left + 2,
                                    math.ceil(max(y for _, y in pts)) - top + 2), pygame.SRCALPHA)
            local = [(x - left, y - top) for x, y in pts]
            pygame.draw.polygon(small, SPOT_COLORS[kind], local)  # alpha: blended like the spots' layer
            pygame.draw.polygon(small, (30, 80, 50, 200), local, 1)
            surface.blit(small, (left, top))

    def _redraw_front(self, surface, frame, cells: dict, seat: int, picked) -> list[tuple[int, int]]:
        """Draw again the columns standing in front of ``picked`` (a ghost or falling tile): true occlusion. They
        are drawn once per position, tile and view into one picture (``iso.cells_picture``), blitted each frame."""
        key = ("front", self.version, seat, tuple(picked), frame.cell, frame.bounds, frame.ox, frame.oy)
        front = self.domain_cache.get("front")
        if front is None or front[0] != key:
            chosen = cells_in_front(frame, cells, picked)
            front = (key, chosen, *cells_picture(frame, cells, chosen, seat))
            self.domain_cache["front"] = front
        _key, chosen, picture, topleft = front
        if picture is not None:
            surface.blit(picture, topleft)
        return chosen

    def _payout_bubble(self, frame, ev, lift):
        """What the build would bring, as icons in a little bubble above the tile in hand: (picture, rect), or
        None when it brings nothing."""
        gains: dict = {}
        for _src, g in ev["gains"]:
            for k, v in g.items():
                k = "coin" if k in ("coin", "coins") else k
                gains[k] = gains.get(k, 0) + v
        items = [(k, gains[k]) for k in ("corn", "cacao", "potato", "coin") if gains.get(k)]
        if ev["huts"]:
            items.append(("hut", ev["huts"]))
        if not items:
            return None
        tops = [frame.top_rhombus(x, y, ev["level"]) for x, y, _i in ev["cells"]]
        top = min((p[0] for p in tops), key=lambda p: p[1])
        cx = sum(pts[0][0] for pts in tops) / len(tops)
        # above the tile; where that is on the placement legend, shifted left clear of it
        legend = self.domain_cache.get("legend_layout")
        legend = legend[1] if legend is not None else None
        img = self._bubble_picture(tuple(items))
        rect = img.get_rect(midbottom=(round(cx), round(top[1] - lift - frame.cell * 0.35)))
        rect.clamp_ip(self.rects["domain"])
        if legend is not None and rect.colliderect(legend):
            left = rect.copy()
            left.right = legend.x - self.ui.s(6)
            if left.x >= self.rects["domain"].x and left.right > cx - rect.w * 0.2:
                return img, left
        return img, rect  # still on the legend: the legend gives way for this frame (``Legend.draw``)

    def _bubble_picture(self, items: tuple) -> pygame.Surface:
        """The payout bubble's picture: ``+n`` and an icon per item, its tail down to the tile."""
        ui = self.ui
        key = ("bubble", items, ui.scale)
        img = self.domain_cache.get(key)
        if img is None:
            isz = ui.s(26)
            parts = []
            for name, n in items:
                parts.append((ui.text(f"+{n}", 19, INK, bold=True), icon(name, isz)))
            pad = ui.s(10)
            w = sum(a.get_width() + b.get_width() + ui.s(10) for a, b in parts) + 2 * pad - ui.s(10)
            h = isz + 2 * ui.s(6)
            tail = ui.s(8)
            img = pygame.Surface((w, h + tail), pygame.SRCALPHA)
            body = pygame.Rect(0, 0, w, h)
            pygame.draw.rect(img, (255, 250, 236), body, border_radius=h // 2)
            pygame.draw.rect(img, (92, 170, 110), body, max(2, ui.s(2)), border_radius=h // 2)
            pygame.draw.polygon(img, (255, 250, 236), [(w // 2 - ui.s(7), h - 2), (w // 2 + ui.s(7), h - 2),
                                                       (w // 2, h + ui.s(7))])
            x = pad
            for text, pic in parts:
                img.blit(text, text.get_rect(midleft=(x, body.centery)))
                x += text.get_width() + ui.s(2)
                img.blit(pic, pic.get_rect(midleft=(x, body.centery)))
                x += pic.get_width() + ui.s(10)
            img = finish(img)
            self.domain_cache[key] = img
        return img

    def _draw_compass(self, surface) -> None:
        """Which way each arrow key moves the cursor on the isometric grid (bottom-left of the domain)."""
        ui = self.ui
        key = ("compass", ui.scale)
        img = self.domain_cache.get(key)
        if img is None:
            r = ui.s(34)
            size = (r * 4, r * 3)
            img = pygame.Surface(size, pygame.SRCALPHA)
            cx, cy = size[0] // 2, size[1] // 2
            pygame.draw.polygon(img, (255, 255, 255, 40), [(cx, cy - r / 2), (cx + r, cy), (cx, cy + r / 2),
                                                           (cx - r, cy)])
            pygame.draw.polygon(img, (255, 255, 255, 90), [(cx, cy - r / 2), (cx + r, cy), (cx, cy + r / 2),
                                                           (cx - r, cy)], 1)
            for glyph, (dx, dy) in (("→", (1, 0.5)), ("↓", (-1, 0.5)), ("←", (-1, -0.5)), ("↑", (1, -0.5))):
                end = (cx + dx * r * 0.95, cy + dy * r * 0.95)
                pygame.draw.line(img, (220, 236, 228), (cx, cy), end, max(2, ui.s(3)))
                pygame.draw.circle(img, (220, 236, 228), end, max(2, ui.s(3)))
                label = ui.text(glyph, 18, (255, 255, 255), bold=True)
                img.blit(label, label.get_rect(center=(cx + dx * r * 1.45, cy + dy * r * 1.45)))
            img = finish(img)
            self.domain_cache[key] = img
        surface.blit(img, img.get_rect(bottomleft=(self.rects["domain"].x + ui.s(10), self._compass_bottom())))

    def _compass_bottom(self) -> int:
        """The compass's bottom: above the keys line over the status pill, whatever the scale."""
        ui, dom = self.ui, self.rects["domain"]
        bottom = dom.bottom - ui.s(60)
        status = self.rects.get("status")
        if status is not None:
            bottom = min(bottom, status.y - ui.s(8) - self.keys_height())
        return bottom

    def _draw_domain_labels(self, surface) -> None:
        """Over the big domain (not clipped by it): whose domain it is, the compass and the placement legend."""
        ui = self.ui
        seat = self.shown_seat
        title = about("llama_land.ui.domain_of", seat, name=self._name(seat))
        img = ui.text(title, 20, CREAM, bold=True)
        dom_rect = self.rects["domain"]
        surface.blit(img, (dom_rect.x + ui.s(16), dom_rect.y + ui.s(12)))
        if self.inspect is not None:
            hint = ui.text(t("llama_land.ui.inspecting"), 15, (200, 226, 216))
            surface.blit(hint, (dom_rect.x + ui.s(16), dom_rect.y + ui.s(40)))
        pygame.draw.circle(surface, iso.seat_rgb(seat), (dom_rect.x + ui.s(8), dom_rect.y + ui.s(24)), ui.s(5))
        if not (self.my_seat() == seat and self.inspect is None and self.can_act()):
            return
        if self.mode in ("place", "llama"):
            self._draw_compass(surface)
        if self.mode == "place" and self.placer is not None and not self.foundation_mode:
            self.legend.draw(surface)
            hint = ui.text(t("llama_land.legend.view"), 15, (190, 214, 206))
            status = self.rects["status"]
            surface.blit(hint, hint.get_rect(bottomright=(dom_rect.right - ui.s(14),
                                                          status.y - ui.s(4) - self.keys_height())))
