"""The advisor on the Llama Land table (table/advisor_panel.py): its best placements drawn as ghost tiles on the
player's domain, each with its rank and chance (the one looked at in the panel brightest); each listed placement
said in words (which tile, on which level, where on the domain, turned and mirrored how: ``_advice_label``) with
what it yields (``_advice_details``); a row chosen in the panel becomes the tile in hand, turned and put there, for
the player to place with Enter (``_advice_select``); the panel keeps clear of the domain, the player's panel, the
status line and the buttons (``_advice_avoid``)."""

from __future__ import annotations

import copy

import pygame

from lama_desktop.core.i18n import percent, plural, t
from lama_desktop.app.table.advisor_panel import select_button
from lama_desktop.games.llama_land import iso
from lama_desktop.games.llama_land.iso import draw_ghost
from lama_desktop.games.llama_land.pieces import CREAM
from lama_desktop.games.llama_land.engine.state import SHAPES
from lama_desktop.games.llama_land.events import _gains_text
from lama_desktop.games.llama_land.placement import Placer
from lama_desktop.app.table.scene_base import advice_anchor
from lama_desktop.app.table.pieces import GOLD, INK


class AdviceMixin:
    """Where the advisor's answer goes and how its placements are drawn."""

    #: how many of the advisor's best placements are drawn as ghost tiles
    ADVICE_GHOSTS = 3

    #: the advisor lists this many moves here (each placement takes two lines)
    advice_rows = 5

    def _advice_anchor(self):
        """The advisor's button above the log; its panel goes over the rivals' panels (their bottom, their width):
        what the player needs least while choosing a placement."""
        button, _area = advice_anchor(self.ui, self.rects["log"])
        rivals = [self.rects[f"panel{s}"] for s in range(self.n) if s != self.my_seat() and f"panel{s}" in self.rects]
        area = rivals[0].unionall(rivals[1:]) if rivals else self.rects["panels"]
        return button, area

    def _advice_avoid(self) -> list:
        """What the open advisor leaves uncovered: the big domain (where the placements show), the player's own
        panel, the status line and the buttons (the lesson's list, ``tutorial_clear``), and the tiles, llama
        cards, characters, supply and objectives a placement is chosen by; the rivals' panels and the log may
        give way."""
        names = ("stacks", "columns", "chars", "supply", "objectives")
        return list(self.tutorial_clear()) + [pygame.Rect(self.rects[n]) for n in names if n in self.rects]

    # -- a placement in words, and chosen --------------------------------------------------------------------
    def _placement_of(self, move):
        """(a Placer holding ``move``'s tile turned and put where it goes, its evaluation), or None."""
        if move.kind not in ("build", "extend") or len(move.args) != 5:
            return None
        shape, rot, mirror, x, y = move.args
        seat = self.my_seat()
        placer = Placer(self.seen_world(seat), seat)
        placer.select(str(shape))
        placer.rotation, placer.mirror = int(str(rot)[1]), mirror == "m"
        ax, ay = placer.anchor()
        placer.cursor = (int(x) + ax, int(y) + ay)
        return placer, placer.evaluate()

    def _where(self, cells) -> str:
        """Where ``cells`` [(x, y, level)] lie on the domain as the player sees it: "at the top left of your
        domain", "in the middle of your domain"..."""
        frame = self.camera.big_frame()
        seat = self.my_seat()
        dom = [(c["x"], c["y"], c["height"]) for c in self.d["domains"][seat]["cells"]] or cells
        points = [frame.top_center(x, y, h) for x, y, h in dom]
        x0, x1 = min(p[0] for p in points), max(p[0] for p in points)
        y0, y1 = min(p[1] for p in points), max(p[1] for p in points)
        here = [frame.top_center(x, y, h) for x, y, h in cells]
        cx, cy = sum(p[0] for p in here) / len(here), sum(p[1] for p in here) / len(here)

        def third(v, lo, hi):
            span = max(hi - lo, 1e-6)
            return 0 if v < lo + span / 3 else (2 if v > hi - span / 3 else 1)
        col, row = third(cx, x0, x1), third(cy, y0, y1)
        name = (("top_left", "top", "top_right"), ("left", "middle", "right"),
                ("bottom_left", "bottom", "bottom_right"))[row][col]
        # i18n-keys: advisor.where.*
        return t(f"advisor.where.{name}")

    def _advice_label(self, move) -> str | None:
        """A listed placement in words: which tile, on which level, where on the domain and which way (as many R
        and M presses from the tile in its stack); a foundation or a llama: where."""
        placed = self._placement_of(move)
        if placed is not None:
            placer, ev = placed
            o = placer.orient()
            turns = o.rotation % 4
            # i18n-keys: advisor.turn.*
            turn = t(f"advisor.turn.{turns}")
            if o.mirror:
                turn = t("advisor.turn.mirrored", turn=turn)
            tile = f"{SHAPES.index(placer.shape) + 1} · {placer.shape}"
            where = self._where([(x, y, ev["level"]) for x, y, _i in ev["cells"]])
            key = "llama_land.advice.build_tile" if ev["kind"] == "build" else "llama_land.advice.extend_tile"
            return t(key, tile=tile, level=ev["level"], where=where, turn=turn)
        if move.kind in ("foundation", "llama") and len(move.args) >= 2:
            x, y = int(move.args[0]), int(move.args[1])
            heights = {(c["x"], c["y"]): c["height"] for c in self.d["domains"][self.my_seat()]["cells"]}
            where = self._where([(x, y, heights.get((x, y), 0))])
            key = "llama_land.advice.foundation_where" if move.kind == "foundation" else "llama_land.advice.llama_where"
            return t(key, where=where)
        return None

    def _advice_details(self, move) -> str | None:
        """What a listed placement yields, as the status line says it for the tile in hand."""
        placed = self._placement_of(move)
        if placed is None:
            return None
        _placer, ev = placed
        if not ev["legal"]:
            return None
        if ev["kind"] == "extend":
            return t("llama_land.status.extend")
        gains: dict = {}
        for _src, g in ev["gains"]:
            for k, v in g.items():
                gains[k] = gains.get(k, 0) + v
        text = _gains_text(gains) or t("llama_land.status.nothing")
        if ev["huts"]:
            text += " · " + plural("llama_land.status.huts", ev["huts"])
        return t("llama_land.status.build", level=ev["level"], gains=text)

    def _advice_select(self, move) -> bool:
        """A row chosen in the advisor's panel becomes the player's choice, never played here: the tile in hand
        turned and put where the placement goes (Enter or Place tile places it), the foundation or llama cursor on
        its cell, the character to take focused, a character to use: the Characters button focused; else the
        move's button gets the focus."""
        if self.my_seat() < 0 or self.shown_seat != self.my_seat():
            return False
        placed = self._placement_of(move)
        if placed is not None and self.mode == "place" and self.placer is not None:
            chosen, _ev = placed
            self.foundation_mode = False
            self.placer.select(chosen.shape)
            self.placer.rotation, self.placer.mirror, self.placer.cursor = chosen.rotation, chosen.mirror, chosen.cursor
            self.placer._eval_key = None
            self.middle = None
            self._refresh_buttons()
            self.camera.follow_tile()
            return self.placer.evaluate()["move"] == str(move) or self.placer.footprint() == chosen.footprint()
        if move.kind == "foundation" and self.mode == "place":
            self.foundation_mode = True
            self.cursor = (int(move.args[0]), int(move.args[1]))
            self._refresh_buttons()
            return True
        if move.kind == "llama" and self.mode == "llama":
            self.cursor = (int(move.args[0]), int(move.args[1]))
            return True
        if move.kind == "hut" and self.mode == "hut":
            count = len(self.d["character_row"])
            self.choice = count if move.args[0] == "deck" else int(move.args[0])
            return True
        if move.kind == "use":  # a character: its button (Enter opens the characters, where it is used)
            return select_button(self, "characters")
        return select_button(self, move)

    def _draw_advice(self, surface, estimates, focus: int = 0) -> None:
        """The advisor's best placements as ghost tiles on the player's domain, each with its rank and chance (the
        best one brightest); a foundation or a llama spot as a marked cell."""
        seat = self.my_seat()
        if seat < 0 or self.shown_seat != seat or self.inspect is not None:
            return
        frame = self.camera.big_frame()
        key = (id(estimates), frame.rect.topleft, frame.rect.size, frame.cell, self.version, focus)
        cached = self.domain_cache.get("advice")
        if cached is None or cached[0] != key:
            cached = (key, self._render_advice(frame, estimates, seat, focus))
            self.domain_cache["advice"] = cached
        layer, origin, badges = cached[1]
        surface.blit(layer, origin)
        ui = self.ui
        for center, text, looked in badges:
            img = ui.text(text, 15, INK, True)
            badge = pygame.Rect(0, 0, img.get_width() + ui.s(14), img.get_height() + ui.s(6))
            badge.midbottom = (round(center[0]), round(center[1]))
            pygame.draw.rect(surface, GOLD if looked else CREAM, badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, INK, badge, max(1, ui.s(1)), border_radius=badge.h // 2)
            surface.blit(img, img.get_rect(center=badge.center))

    def _render_advice(self, frame, estimates, seat, focus: int = 0):
        """(a layer round the domain frame with the ghosts, its top left, [(badge anchor, "1 · 34 %", looked at)]):
        the placement looked at in the panel (row ``focus``) brightest and last (on top), the best others faint."""
        area = frame.rect.inflate(2 * frame.cell, 2 * frame.cell)
        local = copy.copy(frame)  # the same frame, drawn into the layer
        local.rect = frame.rect.move(-area.x, -area.y)
        local.ox, local.oy = frame.ox - area.x, frame.oy - area.y
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        badges = []
        state = self.seen_world(seat)
        placed = ("build", "extend", "foundation", "llama")
        looked = estimates[focus] if 0 <= focus < len(estimates) else None
        ranks = [i for i, e in enumerate(estimates) if e.move.kind in placed][:self.ADVICE_GHOSTS]
        if looked is not None and looked.move.kind in placed and focus not in ranks:
            ranks = ranks[:self.ADVICE_GHOSTS - 1] + [focus]
        heights = {(c["x"], c["y"]): c["height"] for c in self.d["domains"][seat]["cells"]}
        for rank in sorted(ranks, key=lambda i: (i == focus, -i)):  # the looked-at one drawn last, on top
            e = estimates[rank]
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
            ghost.set_alpha(255 if rank == focus else 110)
            layer.blit(ghost, (0, 0))
            badges.append((anchor, f"{rank + 1} · {percent(e.win)}", rank == focus))
        return layer, area.topleft, badges
