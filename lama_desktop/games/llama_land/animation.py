"""What moves on the Llama Land table: the tile falling onto its domain, the flash where it lands, a bot's domain held
in view, and the pictures (harvest, llama cards, characters) flying to a player's panel."""

from __future__ import annotations

import math

import pygame

from lama_desktop.games.llama_land.engine.data import CHARS, CROP_NAMES
from lama_desktop.games.llama_land.pieces import character_card, icon, llama_card
from lama_desktop.games.llama_land.layout import CROPS


DROP_TIME = 0.32


#: seconds a bot's domain stays in view after its tile or llama lands (before the animation-speed setting)
HOLD_TIME = 0.9


class AnimationMixin:
    """The table's animations: ``drop``, ``flash``, ``hold`` and ``flyers``."""

    def _fly_picture(self, img, start, end, delay=0.0, dur=0.5) -> None:
        """A picture flying to a player's panel (its own kind of flyer: not the frame's card or token ``_fly``)."""
        self.flyers.append({"img": img, "x0": start[0], "y0": start[1], "x1": end[0], "y1": end[1],
                            "t": 0.0, "delay": delay, "dur": dur})

    def _resource_spot(self, seat: int, res: str):
        geo = self._panel_geometry(seat)
        index = {"corn": 0, "cacao": 1, "potato": 2, "coin": 3, "coins": 3}.get(res, 0)
        return geo["x0"] + index * geo["step"] + geo["isz"] // 2, geo["y_res"] + geo["isz"] // 2

    def _tile_center(self, seat: int):
        if self.last_place is None or self.last_place[0] != seat or self.shown_seat != seat:
            return self.rects[f"panel{seat}"].center
        frame = self.camera.big_frame()
        _s, cells, level = self.last_place
        pts = [frame.top_center(x, y, level) for x, y in cells]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts) - frame.cell * 0.3

    def _fly_gains(self, seat: int, gains: dict) -> None:
        start = self._tile_center(seat)
        size = self.ui.s(30)
        k = 0
        wait = DROP_TIME * 0.8 if self.drop is not None else 0.0  # the harvest leaves once the tile has landed
        for res, n in gains.items():
            name = "coin" if res in ("coin", "coins") else res
            for _ in range(min(int(n), 6)):
                self._fly_picture(icon(name, size), (start[0] + (k % 3 - 1) * size * 0.6, start[1]),
                                  self._resource_spot(seat, name), delay=wait + 0.08 * k, dur=0.5)
                k += 1

    def _fly_card(self, seat: int, crop: str, value: int) -> None:
        i = CROPS.index(crop) if crop in CROPS else 0
        col = self.rects[f"column{i}"]
        img = llama_card(self.ui, crop, value, col.w, col.h)
        panel = self.rects[f"panel{seat}"]
        self._fly_picture(img, col.center, (panel.x + int(panel.w * 0.6), panel.centery), dur=0.6)

    def _fly_character(self, seat: int, d: dict) -> None:
        src = self.rects["char5"] if d.get("from") == "deck" else self.rects.get(f"char{d.get('position', 0)}")
        if src is None:
            return
        ch = CHARS[d["card"]]
        img = character_card(self.ui, {"type": ch.type, "crops": [CROP_NAMES[k] for k in ch.crops]}, src.w, src.h)
        panel = self.rects[f"panel{seat}"]
        self._fly_picture(img, src.center, (panel.x + int(panel.w * 0.7), panel.bottom - self.ui.s(26)), dur=0.6)

    def _draw_flyers(self, surface) -> None:
        for f in self.flyers:
            if f["t"] < f["delay"]:
                continue
            k = min(1.0, (f["t"] - f["delay"]) / f["dur"])
            e = 1 - (1 - k) ** 3
            x = f["x0"] + (f["x1"] - f["x0"]) * e
            y = f["y0"] + (f["y1"] - f["y0"]) * e - math.sin(math.pi * e) * self.ui.s(60)
            img = f["img"]
            if k > 0.75:  # shrink into the panel
                img = pygame.transform.smoothscale_by(img, max(0.3, 1 - (k - 0.75) * 2.4))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _age_animations(self, dt: float) -> None:
        """Move the falling tile, the flyers, the held view and the flash on by ``dt`` (at the animation speed)."""
        if self.drop is not None:
            self.drop["k"] += dt * self.tween.speed / DROP_TIME
            if self.drop["k"] >= 1.0:
                self.drop = None
        if self.flyers:
            for f in self.flyers:
                f["t"] += dt * self.tween.speed
            self.flyers = [f for f in self.flyers if f["t"] < f["delay"] + f["dur"]]
        if self.hold is not None:
            self.hold["left"] -= dt * self.tween.speed
            if self.hold["left"] <= 0:
                self.hold = None
                self.camera.frame_key = None
        if self.flash is not None:
            self.flash["age"] += dt * self.tween.speed
            if self.flash["age"] > 1.2:
                self.flash = None
