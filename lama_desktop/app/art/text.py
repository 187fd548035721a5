"""The shipped font (Lato, SIL OFL 1.1) and outlined numerals/labels drawn on the art.

Every text in the app is rendered by a ``Font`` made here (``tests/test_layout.py`` checks that no other module
creates a pygame font): its ``render`` is the one place text becomes pixels, which ``app/textprobe.py`` watches
in the layout checks (``PROBE``; ``None`` in the app, so the cost is one comparison per rendered text).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import pygame

from lama_desktop.resources import asset_path

FONT_FILES = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "black": "Lato-Black.ttf",  # display weight: card numerals, token values, the logo
}


def _ensure_font() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def font_path(weight: str = "regular") -> str:
    return str(asset_path("fonts", FONT_FILES[weight]))


#: ``probe(surface, text, font) -> surface`` sees every rendered text (the layout checks); None in the app
PROBE = None
#: ``note(shown, full)`` hears of every text shortened to fit (the layout checks report it); None in the app
NOTE_CUT = None


def note_cut(shown: str, full: str) -> str:
    """``shown`` is ``full`` shortened to fit its room (cut with "…", or the last line kept of a wrapped text whose
    other lines were dropped): the layout checks report such a text as a problem. Returns ``shown``."""
    note = NOTE_CUT
    if note is not None and shown != full:
        note(shown, full)
    return shown


#: no text surface is wider than this many pixels: the window's width (the app sets it on every resize); a longer
#: text is cut with an ellipsis before it is rendered (a 10,000-character name once made a 250,000-pixel surface
#: that crashed the process when it was scaled: issue 17)
MAX_WIDTH = 3840
ELLIPSIS = "…"


def fitting_prefix(font, text: str, width: int) -> int:
    """The length of the longest prefix of ``text`` that renders within ``width`` pixels (0 if not even one
    character does). Only prefixes up to about twice that length are measured: linear in the line, not the text."""
    if not text or font.size(text[:1])[0] > width:
        return 0
    fits, step = 1, 1
    while fits < len(text):  # grow by doubling while it fits ...
        trial = min(len(text), fits + step)
        if font.size(text[:trial])[0] > width:
            break
        fits, step = trial, step * 2
    else:
        return fits
    lo, hi = fits, min(len(text), fits + step)  # ... then halve: text[:lo] fits, text[:hi] does not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if font.size(text[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid
    return lo


def ellipsize(font, text: str, width: int) -> str:
    """``text`` if it renders within ``width`` pixels, else its longest prefix that fits with "…" after it."""
    if len(text) * max(1, getattr(font, "px", 0) or font.get_height()) <= width or font.size(text)[0] <= width:
        return text
    room = max(0, width - font.size(ELLIPSIS)[0])
    return note_cut(text[:fitting_prefix(font, text, room)].rstrip() + ELLIPSIS, text)


def printable(text: str) -> str:
    """``text`` without what no font can draw: NUL and other controls, lone surrogates, zero-width formats."""
    return "".join(ch for ch in str(text) if unicodedata.category(ch)[0] != "C")


class Font(pygame.font.Font):
    """pygame's font, remembering its pixel size; ``render`` passes the text through ``PROBE`` when one is set.

    ``render`` never fails on text and never makes a surface wider than ``MAX_WIDTH``: a longer text is cut with an
    ellipsis; one pygame refuses (a NUL, a lone surrogate, only zero-width characters) is drawn without what it
    cannot draw."""

    def __init__(self, path, size: int):
        super().__init__(path, size)
        self.px = int(size)

    def render(self, text, *args, **kwargs) -> pygame.Surface:
        wraps = kwargs.get("wraplength") or (len(args) > 3 and args[3])
        try:
            if not wraps and isinstance(text, str) and len(text) * self.px > MAX_WIDTH:
                text = ellipsize(self, text, MAX_WIDTH)
            surface = super().render(text, *args, **kwargs)
        except (ValueError, pygame.error):  # UnicodeEncodeError is a ValueError
            text = printable(text)
            if not wraps and self.size(text)[0] > MAX_WIDTH:
                text = ellipsize(self, text, MAX_WIDTH)
            try:
                surface = super().render(text, *args, **kwargs)
            except (ValueError, pygame.error):  # nothing left that has a width
                text = ""
                surface = super().render(text, *args, **kwargs)
        probe = PROBE
        return surface if probe is None else probe(surface, text, self)


def make_font(size: int, weight: str | None = "regular") -> Font:
    """A new (uncached) font; ``weight=None`` is pygame's bundled font (the fallback when a font file is missing)."""
    _ensure_font()
    return Font(font_path(weight) if weight else None, max(1, int(size)))


@lru_cache(maxsize=128)
def _font(size: int, weight: str) -> Font:
    return make_font(size, weight)


@lru_cache(maxsize=64)
def _outline_font(size: int, weight: str, outline: int) -> Font:
    f = make_font(size, weight)
    f.outline = outline
    return f


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The UI font (Lato Regular or Bold) at ``size`` pixels, cached: callers must not change its style flags."""
    return _font(int(size), "bold" if bold else "regular")


def display_font(size: int) -> pygame.font.Font:
    """The heavy display weight (Lato Black) used for numerals on cards, tokens and the logo."""
    return _font(int(size), "black")


@lru_cache(maxsize=8)
def _digit_ratio(weight: str) -> float:
    """Height of a lining digit's ink as a fraction of the font size."""
    f = _font(200, weight)
    heights = [m[3] - m[2] for m in f.metrics("0123456789") if m]
    return max(heights) / 200


def size_for_height(height: float, weight: str = "black") -> int:
    """Font size whose digits are ``height`` pixels tall."""
    return max(4, round(height / _digit_ratio(weight)))


def outlined(text: str, height: float, color, outline_color, outline: float, *, weight: str = "black",
             shadow: bool = False) -> pygame.Surface:
    """Render ``text`` whose digits are ``height`` px tall, with an outline of ``outline`` px; cropped to its ink.

    The outline is the text drawn with pygame's glyph outline; a soft drop of the outline colour is added below
    when ``shadow`` is set. Not cached here: callers cache the finished art.
    """
    size = size_for_height(height, weight)
    f = _font(size, weight)
    o = max(0, round(outline))
    body = f.render(text, True, color)
    if o <= 0:
        box = body.get_bounding_rect()
        return body.subsurface(box).copy() if box.w and box.h else body
    rim = _outline_font(size, weight, o).render(text, True, outline_color)
    drop = max(1, round(o * 0.7)) if shadow else 0
    out = pygame.Surface((rim.get_width(), rim.get_height() + drop), pygame.SRCALPHA)
    if drop:
        out.blit(rim, (0, drop))
    out.blit(rim, (0, 0))
    out.blit(body, (o, o))
    box = out.get_bounding_rect()
    return out.subsurface(box).copy() if box.w and box.h else out


def blit_centered(target: pygame.Surface, image: pygame.Surface, center: tuple[float, float]) -> None:
    rect = image.get_rect(center=(round(center[0]), round(center[1])))
    target.blit(image, rect)
