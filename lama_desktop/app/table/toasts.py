"""Toasts: messages over the table that pop in, stay a while and fade (``Toast``), stacked in the table's toast
band by ``draw_toasts``."""

from __future__ import annotations

from typing import Callable

import pygame

from lama_desktop.core.i18n import LazyText, Said, language, reader
from lama_desktop.app.table.palette import CREAM, GOLD, finish
from lama_desktop.app.widgets import INK, UI


class Toast:
    """A message over the table that pops in, stays ``duration`` seconds and fades; ``big`` for moments.

    The words wrap to the width the table gives (``max_w``): a long refusal becomes two or three lines inside
    the toast band instead of running over the seats or off the window. ``draw_toasts`` stacks them.

    ``text`` may be lazy (a function of no argument returning the words): it is then asked each time the toast is
    drawn, so a toast still showing after a change of language speaks the new one (the picture is cached per
    language). It may also be a history line's lazy text (``lazy.about``...): a toast that tells what the log tells
    is given the very line the log gets, so the two always say the same words.
    """

    def __init__(self, text: str | Callable[[], str], duration: float = 1.8, big: bool = False, color=GOLD):
        self._words, self.duration, self.big, self.color = text, duration, big, color
        self.age = 0.0
        #: the seat it is about and the event shown when it popped up (set by the table; None: the table's own)
        self.seat: int | None = None
        self.source = None
        self._img = None
        self._img_key = None
        #: where its body stands on the screen once shown in full (``draw_toasts``; None: not drawn): a lesson's
        #: box and arrow keep off it (``narrator.protected``)
        self.rect: pygame.Rect | None = None

    @property
    def text(self) -> str:
        """The words in the current language."""
        words = self._words
        if callable(words):
            return words()
        if isinstance(words, LazyText):
            return Said(str(words), words.key)  # the entry it reads (tools check whom it speaks to)
        return words

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    def image(self, ui: UI, max_w: int | None = None) -> pygame.Surface:
        """The finished toast (shadow included), its lines wrapped to fit ``max_w`` pixels."""
        key = (ui.scale, max_w, language(), reader())
        if self._img is not None and self._img_key == key:
            return self._img
        size = 34 if self.big else 22
        pad_x, pad_y = ui.s(30 if self.big else 22), ui.s(12 if self.big else 9)
        blur = ui.s(8)
        inner = None if max_w is None else max(ui.s(120), max_w - 2 * pad_x - 4 * blur)
        lines = [self.text] if inner is None else ui.wrap(self.text, size, inner, bold=True)
        texts = [ui.text(line, size, INK, bold=True) for line in lines]
        line_h = ui.font(size, True).get_linesize()
        w = max(t.get_width() for t in texts) + 2 * pad_x
        h = line_h * len(texts) + 2 * pad_y
        img = pygame.Surface((w + 4 * blur, h + 4 * blur), pygame.SRCALPHA)
        body = pygame.Rect(2 * blur, 2 * blur, w, h)
        radius = min(h // 2, ui.s(32))
        pygame.draw.rect(img, (0, 0, 0, 110), body.move(0, ui.s(5)), border_radius=radius)
        img = pygame.transform.gaussian_blur(img, blur)
        pygame.draw.rect(img, CREAM, body, border_radius=radius)
        pygame.draw.rect(img, self.color, body, max(2, ui.s(4)), border_radius=radius)
        y = body.y + pad_y
        for text in texts:
            img.blit(text, text.get_rect(midtop=(body.centerx, y)))
            y += line_h
        self._img, self._img_key = finish(img), key
        self.body_h = h
        self.blur = blur
        return self._img

    def draw(self, surface: pygame.Surface, center, ui: UI, max_w: int | None = None) -> None:
        t = self.age
        appear = min(1.0, t / 0.18)
        fade = min(1.0, max(0.0, (self.duration - t) / 0.35))
        scale = 0.85 + 0.15 * (1 - (1 - appear) ** 3)
        img = self.image(ui, max_w)
        if scale < 0.999:
            img = pygame.transform.smoothscale_by(img, scale)
        alpha = round(255 * min(appear, fade))
        if alpha < 255:
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=(round(center[0]), round(center[1] - (1 - appear) * ui.s(12)))))


def toast_band(layout, ui: UI) -> pygame.Rect:
    """The layout's ``toast`` band, its top moved below the opponents' anchors that reach into it (a seat grown by
    the UI scale: its tokens and their counts stay readable above the toasts)."""
    band = pygame.Rect(layout["toast"])
    top = band.top
    for name, rect in layout.rects.items():
        if name.startswith("seat") and not name.startswith("seat0.") and name != "toast" \
                and rect.colliderect(band) and rect.top < band.top:
            top = max(top, rect.bottom + ui.s(6))
    top = min(top, band.bottom - band.h // 2)  # never less than half the band
    return pygame.Rect(band.x, top, band.w, band.bottom - top)


def draw_toasts(surface: pygame.Surface, toasts, band: pygame.Rect, ui: UI, shown: int = 3,
                avoid: pygame.Rect | None = None) -> None:
    """The newest ``shown`` toasts, wrapped to the band's width and stacked down from its top (never on each
    other: each takes its own height); the band's height holds as many as fit, the newest first. When the stack
    would cover ``avoid`` (e.g. what the tile in hand would bring), it sits at the bottom of the band instead."""
    gap = ui.s(6)
    kept, room = [], band.h
    for toast in reversed(toasts[-shown:]):
        toast.image(ui, band.w)
        if kept and toast.body_h > room:
            break
        kept.insert(0, toast)
        room -= toast.body_h + gap
    total = sum(toast.body_h + gap for toast in kept) - gap
    y = band.y
    if total > band.h or (avoid is not None and avoid.colliderect(pygame.Rect(band.x, band.y, band.w, total))):
        y = band.bottom - total  # a toast taller than the band grows upwards: never onto what is under the band
    for toast in toasts:
        toast.rect = None
    for toast in kept:
        img = toast.image(ui, band.w)
        toast.rect = pygame.Rect(0, 0, img.get_width() - 4 * toast.blur, toast.body_h)
        toast.rect.midtop = (band.centerx, y)
        pad = toast.blur * 2
        top = y - pad  # the shadow margin may spill over the band's edge; the body starts at ``y``
        toast.draw(surface, (band.centerx, top + img.get_height() / 2), ui, band.w)
        y += toast.body_h + gap
