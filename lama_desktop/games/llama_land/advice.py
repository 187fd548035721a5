"""The advisor on the Llama Land table (table/advisor_panel.py): its best placements drawn as ghost tiles on the
player's domain, each with its rank and chance."""

from __future__ import annotations

import copy

import pygame

from lama_desktop.app.i18n import percent
from lama_desktop.games.llama_land import iso
from lama_desktop.games.llama_land.iso import draw_ghost
from lama_desktop.games.llama_land.pieces import CREAM
from lama_desktop.games.llama_land.placement import Placer
from lama_desktop.app.table.scene_base import advice_anchor
from lama_desktop.app.table.pieces import GOLD, INK


class AdviceMixin:
    """Where the advisor's answer goes and how its placements are drawn."""

    #: how many of the advisor's best placements are drawn as ghost tiles
    ADVICE_GHOSTS = 3

    def _advice_anchor(self):
        button, area = advice_anchor(self.ui, self.rects["log"])
        log_rect = self.rects["log"]
        return button, area.union(area.move(0, -log_rect.h))  # more room: the answer lists ten placements

    def _draw_advice(self, surface, estimates) -> None:
        """The advisor's best placements as ghost tiles on the player's domain, each with its rank and chance (the
        best one brightest); a foundation or a llama spot as a marked cell."""
        seat = self.my_seat()
        if seat < 0 or self.shown_seat != seat or self.inspect is not None:
            return
        frame = self._big_frame()
        key = (id(estimates), frame.rect.topleft, frame.rect.size, frame.cell, self.version)
        cached = self.domain_cache.get("advice")
        if cached is None or cached[0] != key:
            cached = (key, self._render_advice(frame, estimates, seat))
            self.domain_cache["advice"] = cached
        layer, origin, badges = cached[1]
        surface.blit(layer, origin)
        ui = self.ui
        for rank, (center, text) in enumerate(badges):
            img = ui.text(text, 15, INK, True)
            badge = pygame.Rect(0, 0, img.get_width() + ui.s(14), img.get_height() + ui.s(6))
            badge.midbottom = (round(center[0]), round(center[1]))
            pygame.draw.rect(surface, GOLD if rank == 0 else CREAM, badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, INK, badge, max(1, ui.s(1)), border_radius=badge.h // 2)
            surface.blit(img, img.get_rect(center=badge.center))

    def _render_advice(self, frame, estimates, seat):
        """(a layer round the domain frame with the ghosts, its top left, [(badge anchor, "1 · 34 %")] best
        first)."""
        area = frame.rect.inflate(2 * frame.cell, 2 * frame.cell)
        local = copy.copy(frame)  # the same frame, drawn into the layer
        local.rect = frame.rect.move(-area.x, -area.y)
        local.ox, local.oy = frame.ox - area.x, frame.oy - area.y
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        badges = []
        state = self.session.state
        shown = [e for e in estimates if e.move.kind in ("build", "extend", "foundation", "llama")]
        shown = shown[:self.ADVICE_GHOSTS]
        heights = {(c["x"], c["y"]): c["height"] for c in self.d["domains"][seat]["cells"]}
        for rank in range(len(shown) - 1, -1, -1):
            e = shown[rank]
            kind, args = e.move.kind, e.move.args
            ghost = pygame.Surface(area.size, pygame.SRCALPHA)
            if kind in ("build", "extend"):
                shape, rot, mirror, x, y = args
                placer = Placer(state, seat)
                placer.select(shape)
                placer.rotation, placer.mirror = int(str(rot)[1]), mirror == "m"
                ax, ay = placer.anchor()
                placer.cursor = (x + ax, y + ay)
                ev = placer.evaluate()
                lift = frame.rise * 0.35
                draw_ghost(ghost, local, ev["cells"], ev["level"], True, lift=lift, kind=ev["kind"],
                           edge=(255, 204, 84))
                top = min((frame.top_center(cx, cy, ev["level"]) for cx, cy, _i in ev["cells"]),
                          key=lambda p: p[1])
                anchor = (top[0], top[1] - lift - frame.cell * 0.15)
            else:
                x, y = args[0], args[1]
                level = heights.get((x, y), 0)
                iso.draw_spot(ghost, local, x, y, level, (255, 236, 150, 230), 0, 0.8)
                top = frame.top_center(x, y, level)
                anchor = (top[0], top[1] - frame.cell * 0.2)
            ghost.set_alpha(255 if rank == 0 else 150)
            layer.blit(ghost, (0, 0))
            badges.append((anchor, f"{rank + 1} · {percent(e.win)}"))
        badges.reverse()
        return layer, area.topleft, badges
