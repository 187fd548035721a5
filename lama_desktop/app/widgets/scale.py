"""The UI scale: ``UI`` turns a length at the reference 1600×900 layout into pixels (``ui.s(px)``), and holds the
fonts and the cached texts of one window size, never under ``MIN_TEXT_PX``; ``default_font`` is the project font."""

from __future__ import annotations

import logging

import pygame

from lama_desktop.app.widgets.theme import INK
from lama_desktop.app import art
from lama_desktop.app.art.text import ELLIPSIS, fitting_prefix, make_font, note_cut

log = logging.getLogger(__name__)

REFERENCE = (1600, 900)
#: the smallest text the app draws, in pixels, whatever the window size and UI scale (layouts must make room)
MIN_TEXT_PX = 12


class UI:
    """Scale, fonts and cached text for one window size. ``s(px)`` scales a reference length."""

    def __init__(self, size: tuple[int, int], ui_scale: float = 1.0, font_provider=None):
        self.size = size
        self.ui_scale = ui_scale
        self.scale = min(size[0] / REFERENCE[0], size[1] / REFERENCE[1]) * ui_scale
        self._font_provider = font_provider or default_font
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}

    def s(self, value: float) -> int:
        return max(1, round(value * self.scale)) if value > 0 else round(value * self.scale)

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        """The UI font for a reference ``size``; never under ``MIN_TEXT_PX`` (a small window keeps text legible)."""
        px = max(MIN_TEXT_PX, round(size * self.scale))
        key = (px, bold)
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = self._font_provider(px, bold)
        return font

    def text(self, text: str, size: float, color=INK, bold: bool = False) -> pygame.Surface:
        key = (text, size, bold, tuple(color))
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 2000:
                self._text.clear()
            surf = self.font(size, bold).render(text, True, color)
            self._text[key] = surf
        return surf

    def text_fit(self, text: str, size: float, max_w: float, color=INK, bold: bool = False) -> pygame.Surface:
        """``text`` in at most ``max_w`` pixels: a smaller size first (never under ``MIN_TEXT_PX``), then cut
        with an ellipsis (which the layout checks report: ``art.text.note_cut``). Never squeezed by scaling the
        picture (that makes text too small to read)."""
        max_w = max(1, int(max_w))
        if self.font(size, bold).size(text)[0] <= max_w:
            return self.text(text, size, color, bold)
        fitted = size
        while round(fitted * self.scale) > MIN_TEXT_PX and self.font(fitted, bold).size(text)[0] > max_w:
            fitted = max(MIN_TEXT_PX / self.scale, fitted * 0.92)
        font = self.font(fitted, bold)
        if font.size(text)[0] <= max_w:
            return self.text(text, fitted, color, bold)

        room = max(0, max_w - font.size(ELLIPSIS)[0])
        shown = text[:max(1, fitting_prefix(font, text, room))].rstrip() + ELLIPSIS
        return self.text(note_cut(shown, text), fitted, color, bold)

    def text_alpha(self, text: str, size: float, color, alpha: int, bold: bool = False) -> pygame.Surface:
        """Cached translucent text (a copy with surface alpha: the plain cached text is never changed)."""
        key = (text, size, bold, tuple(color), alpha)
        surf = self._text.get(key)
        if surf is None:
            surf = self.text(text, size, color, bold).copy()
            surf.set_alpha(alpha)
            self._text[key] = surf
        return surf

    def wrap(self, text: str, size: float, width: int, bold: bool = False, max_lines: int | None = None) -> list[str]:
        """Split ``text`` into lines that fit ``width`` pixels (paragraphs kept; blank line between them). A word
        longer than a line (a path, a URL) is cut where the line is full. Linear in the text's length: only about
        a line's worth of text is measured at a time. With ``max_lines``, the last line kept ends with "…" (the
        layout checks report it: ``art.text.note_cut``); a caller never drops lines another way."""
        font = self.font(size, bold)
        width = max(1, int(width))
        lines: list[str] = []
        limit = max_lines if max_lines is not None else None
        for paragraph in str(text).split("\n"):
            line = ""
            for word in paragraph.split(" "):
                if limit is not None and len(lines) > limit:
                    break
                if line:
                    trial = line + " " + word
                    if font.size(trial)[0] <= width:
                        line = trial
                        continue
                    lines.append(line)
                    line = ""
                while True:  # the word starts a line: cut it wherever the line is full
                    fits = fitting_prefix(font, word, width)
                    if fits >= len(word):
                        line = word
                        break
                    fits = max(1, fits)
                    cut = max(word.rfind(mark, 0, fits) for mark in "/\\-_.")  # a path breaks after a separator
                    if cut + 1 >= fits // 2:
                        fits = cut + 1
                    lines.append(word[:fits])
                    word = word[fits:]
                    if limit is not None and len(lines) > limit:
                        break
            lines.append(line)
            if limit is not None and len(lines) > limit:
                break
        if limit is not None and len(lines) > limit:
            lines = lines[:max(1, limit)]
            last = lines[-1]
            room = max(0, width - font.size(ELLIPSIS)[0])
            lines[-1] = note_cut(last[:fitting_prefix(font, last, room)].rstrip() + ELLIPSIS, str(text))
        return lines


def default_font(px: int, bold: bool = False) -> pygame.font.Font:
    """The project font from ``art`` when it is there, else pygame's bundled font (which renders smaller)."""
    try:
        return art.font(px, bold=bold)
    except Exception:  # noqa: BLE001 - logged: the art package not ready (or a font missing): still show text
        log.warning("the project font is missing; pygame's own font instead", exc_info=True)

        font = make_font(round(px * 1.32), None)
        font.bold = bold
        return font
