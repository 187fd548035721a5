"""The status line of the Llama Land table: what the player to move may do now, what the tile in hand would bring or
why it does not fit, and the keys line over it."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import about, choices, plural, t
from lama_desktop.games.llama_land.pieces import CREAM
from lama_desktop.games.llama_land.events import _gains_text


class StatusMixin:
    """The table's status line (``_status_text``, ``_draw_status``)."""

    def attempt_key(self) -> tuple:
        """The frame's (moves played, player to move) and what the player has selected: the step's mode, the tile
        in hand (shape, turn, mirror, spot), foundation and marker modes (``TableEffects.attempt_error``)."""
        placer = self.placer
        held = (placer.shape, placer.rotation, placer.mirror, tuple(placer.cursor)) if placer is not None else None
        return (*super().attempt_key(), self.mode, held, self.foundation_mode, self.marker_mode, self.inspect)

    def _status_text(self) -> tuple[str, tuple]:
        s = self.session
        cur = s.current_player
        if s.is_over or self.finished:
            return t("llama_land.status.over"), CREAM
        hold = self.motion.hold
        if hold is not None:
            return about("llama_land.status.playing", hold["seat"], name=self._name(hold["seat"])), CREAM
        if self.my_seat() < 0:
            key = "llama_land.status.thinking" if s.thinking else "llama_land.status.playing"
            return t(key, name=self._name(cur)), CREAM
        mode = self.mode
        if mode == "place" and self.placer is not None:
            if self.inspect is not None:
                return t("llama_land.status.inspect_back"), CREAM
            if self.foundation_mode:
                return t("llama_land.status.foundation", left=self.d["collections"][cur]["foundations"]), CREAM
            ev = self.placer.evaluate()
            if not ev["legal"]:
                # an error only for the attempt that met it (a click, Enter); a spot merely hovered says what to
                # do (its tooltip says why it does not fit): a turn never starts with an earlier try's error
                tried = self.attempt_error()
                if tried is not None:
                    return tried, (255, 170, 150)
                return t("llama_land.status.place"), CREAM
            if ev["kind"] == "extend":
                return t("llama_land.status.extend"), (180, 240, 200)
            gains = {}
            for _src, g in ev["gains"]:
                for k, v in g.items():
                    gains[k] = gains.get(k, 0) + v
            text = _gains_text(gains) or t("llama_land.status.nothing")
            if ev["huts"]:
                text += " · " + plural("llama_land.status.huts", ev["huts"])
            return t("llama_land.status.build", level=ev["level"], gains=text), (180, 240, 200)
        if mode == "hut":
            return t("llama_land.status.hut"), CREAM
        if mode == "llama":
            return t("llama_land.status.llama"), CREAM
        if mode == "after":
            if self.marker_mode:
                return t("llama_land.status.marker"), CREAM
            if self.d["turn"]["must_feed"]:
                return t("llama_land.status.must_feed"), (255, 200, 150)
            # only what can be done now: a button that is off is not offered in words either
            legal = self._legal_kinds()
            # i18n-keys: llama_land.status.do_*
            offered = [t(f"llama_land.status.do_{kind}") for kind in ("feed", "marker", "use", "end") if kind in legal]
            return choices(offered), CREAM
        return "", CREAM

    def _draw_status(self, surface) -> None:
        ui = self.ui
        rect = self.rects["status"]
        text, color = self._status_text()
        lesson = self._lesson_status()
        if lesson is not None:
            text, color = lesson[0], CREAM
        self.status_said = text
        self._status_rect = None
        if not text:
            return
        img = ui.text_fit(text, 19, rect.w - ui.s(30), color, bold=True)
        pill = pygame.Rect(0, 0, img.get_width() + ui.s(36), rect.h)
        pill.center = rect.center
        key = ("pill", pill.size)
        bg = self.domain_cache.get(key)
        if bg is None:
            bg = pygame.Surface(pill.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (6, 30, 28, 200), bg.get_rect(), border_radius=pill.h // 2)
            pygame.draw.rect(bg, (255, 255, 255, 50), bg.get_rect(), max(1, ui.s(2)), border_radius=pill.h // 2)
            self.domain_cache[key] = bg
        self._status_rect = surface.blit(bg, pill.topleft)
        surface.blit(img, img.get_rect(center=pill.center))
        if self.mode == "place" and self.my_seat() >= 0 and not self.foundation_mode:
            bottom = rect.y - ui.s(4)
            for line in reversed(self.keys_lines()):
                keys = ui.text(line, 14, (190, 214, 206))
                self._status_rect = self._status_rect.union(
                    surface.blit(keys, keys.get_rect(midbottom=(rect.centerx, bottom))))
                bottom -= ui.font(14).get_linesize()

    def keys_lines(self) -> list[str]:
        """The keys line over the status pill, as wide as the pill at most: split between its keys into two lines
        (or more) when a large interface or a long language needs it."""
        ui, width = self.ui, self.rects["status"].w
        text = t("llama_land.status.keys")
        key = ("keys", text, width, ui.scale)
        lines = self.domain_cache.get(key)
        if lines is None:
            font, lines = ui.font(14), []
            for part in text.split(" · "):
                if lines and font.size(lines[-1] + " · " + part)[0] <= width:
                    lines[-1] += " · " + part
                else:
                    lines.append(part)
            self.domain_cache[key] = lines
        return lines

    def keys_height(self) -> int:
        """How tall the keys line over the status pill is (one line or more)."""
        return len(self.keys_lines()) * self.ui.font(14).get_linesize()
