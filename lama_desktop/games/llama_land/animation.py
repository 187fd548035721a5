"""What moves on the Llama Land table: the tile falling onto its domain, the flash where it lands, a bot's domain held
in view, and the pictures (harvest, llama cards, characters) flying to a player's panel.

An object the table owns (``table.motion``), with its own state and clock: the table starts the motions from the
engine's events, asks whether any is running (``busy``) and draws the flyers; the domain drawing reads the falling
tile and the flash."""

from __future__ import annotations

import math

import pygame

from lama_desktop.games.llama_land.engine.data import CHARS, CROP_NAMES
from lama_desktop.games.llama_land.pieces import character_card, icon, llama_card
from lama_desktop.games.llama_land.layout import CROPS


DROP_TIME = 0.32


#: seconds a bot's domain stays in view after its tile or llama lands (before the animation-speed setting)
HOLD_TIME = 0.9


class Motion:
    """The table's animations: ``drop``, ``flash``, ``hold`` and ``flyers``."""

    def __init__(self, table):
        self.table = table
        self.drop = None  # {"seat", "cells": [(x, y)], "k": 0..1}
        self.flash = None  # {"seat", "cells", "age"}
        self.flyers: list[dict] = []  # pictures flying to a player's panel (harvest, llama cards, characters)
        self.last_place = None  # (seat, cells, level) of the last tile placed: where a harvest flies from
        self.hold = None  # {"seat", "left"}: keep a bot's domain in view a moment after its tile or llama lands

    @property
    def busy(self) -> bool:
        """A tile falling, a domain held in view or a picture flying: the table waits for it."""
        return self.drop is not None or self.hold is not None or bool(self.flyers)

    def place(self, seat: int, cells: list, level: int) -> None:
        """A tile placed: it falls onto the seat's domain, where it lands flashes, a harvest flies from there."""
        self.drop = {"seat": seat, "cells": cells, "k": 0.0}
        self.last_place = (seat, cells, level)
        self.flash = {"seat": seat, "cells": cells, "age": 0.0}

    def flash_cells(self, seat: int, cells: list) -> None:
        self.flash = {"seat": seat, "cells": cells, "age": 0.0}

    def hold_view(self, seat: int) -> None:
        """Keep a bot's domain in view a moment after its tile or llama lands."""
        self.hold = {"seat": seat, "left": HOLD_TIME}

    def skip(self) -> None:
        """The player skips what moves: the tile has landed, the held view and the flyers are gone."""
        self.drop = None
        self.hold = None
        self.flyers.clear()

    def _fly_picture(self, img, start, end, delay=0.0, dur=0.5) -> None:
        """A picture flying to a player's panel (its own kind of flyer: not the frame's card or token ``_fly``)."""
        self.flyers.append({"img": img, "x0": start[0], "y0": start[1], "x1": end[0], "y1": end[1],
                            "t": 0.0, "delay": delay, "dur": dur})

    def _resource_spot(self, seat: int, res: str):
        geo = self.table._panel_geometry(seat)
        index = {"corn": 0, "cacao": 1, "potato": 2, "coin": 3, "coins": 3}.get(res, 0)
        return geo["x0"] + index * geo["step"] + geo["isz"] // 2, geo["y_res"] + geo["isz"] // 2

    def _tile_center(self, seat: int):
        table = self.table
        if self.last_place is None or self.last_place[0] != seat or table.shown_seat != seat:
            return table.rects[f"panel{seat}"].center
        frame = table.camera.big_frame()
        _s, cells, level = self.last_place
        pts = [frame.top_center(x, y, level) for x, y in cells]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts) - frame.cell * 0.3

    def fly_gains(self, seat: int, gains: dict) -> None:
        start = self._tile_center(seat)
        size = self.table.ui.s(30)
        k = 0
        wait = DROP_TIME * 0.8 if self.drop is not None else 0.0  # the harvest leaves once the tile has landed
        for res, n in gains.items():
            name = "coin" if res in ("coin", "coins") else res
            for _ in range(min(int(n), 6)):
                self._fly_picture(icon(name, size), (start[0] + (k % 3 - 1) * size * 0.6, start[1]),
                                  self._resource_spot(seat, name), delay=wait + 0.08 * k, dur=0.5)
                k += 1

    def fly_card(self, seat: int, crop: str, value: int) -> None:
        rects = self.table.rects
        i = CROPS.index(crop) if crop in CROPS else 0
        col = rects[f"column{i}"]
        img = llama_card(self.table.ui, crop, value, col.w, col.h)
        panel = rects[f"panel{seat}"]
        self._fly_picture(img, col.center, (panel.x + int(panel.w * 0.6), panel.centery), dur=0.6)

    def fly_character(self, seat: int, d: dict) -> None:
        rects, ui = self.table.rects, self.table.ui
        src = rects["char5"] if d.get("from") == "deck" else rects.get(f"char{d.get('position', 0)}")
        if src is None:
            return
        ch = CHARS[d["card"]]
        img = character_card(ui, {"type": ch.type, "crops": [CROP_NAMES[k] for k in ch.crops]}, src.w, src.h)
        panel = rects[f"panel{seat}"]
        self._fly_picture(img, src.center, (panel.x + int(panel.w * 0.7), panel.bottom - ui.s(26)), dur=0.6)

    def draw_flyers(self, surface) -> None:
        for f in self.flyers:
            if f["t"] < f["delay"]:
                continue
            k = min(1.0, (f["t"] - f["delay"]) / f["dur"])
            e = 1 - (1 - k) ** 3
            x = f["x0"] + (f["x1"] - f["x0"]) * e
            y = f["y0"] + (f["y1"] - f["y0"]) * e - math.sin(math.pi * e) * self.table.ui.s(60)
            img = f["img"]
            if k > 0.75:  # shrink into the panel
                img = pygame.transform.smoothscale_by(img, max(0.3, 1 - (k - 0.75) * 2.4))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def age(self, dt: float) -> None:
        """Move the falling tile, the flyers, the held view and the flash on by ``dt`` (at the animation speed)."""
        speed = self.table.tween.speed
        if self.drop is not None:
            self.drop["k"] += dt * speed / DROP_TIME
            if self.drop["k"] >= 1.0:
                self.drop = None
        if self.flyers:
            for f in self.flyers:
                f["t"] += dt * speed
            self.flyers = [f for f in self.flyers if f["t"] < f["delay"] + f["dur"]]
        if self.hold is not None:
            self.hold["left"] -= dt * speed
            if self.hold["left"] <= 0:
                self.hold = None
                self.table.camera.frame_key = None
        if self.flash is not None:
            self.flash["age"] += dt * speed
            if self.flash["age"] > 1.2:
                self.flash = None
