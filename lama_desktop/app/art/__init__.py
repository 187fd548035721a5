"""All drawing of the game's art: cards, tokens, dice, felt, llamas, logo, icon, font and palette.

Everything is original vector art (SVG in ``assets/art`` or generated SVG), rendered at the exact size asked for
and cached by its arguments, so the second call of any function returns the same surface object in ~0 ms.
Returned surfaces are shared: never draw on them (copy first).

    from lama_desktop.app import art
    art.init(colorblind=False)        # optional, after pygame.display.set_mode
    face = art.card_face("3", 120)    # 120 x 168, per-pixel alpha
"""

from __future__ import annotations

import pygame

from .cards import CARDS, SYMBOLS, card_back, card_face, card_glow, card_height, card_shadow, card_shadow_pad
from .palette import LLAMA_ACCENTS, PALETTE, VALUE_COLORS, VALUE_COLORS_CB, VALUE_SHAPES, palette
from .text import display_font, font
from .tokens import TOKENS, token, token_color, token_stack

_state = {"colorblind": False, "initialised": False}


def init(colorblind: bool = False) -> None:
    """Prepare fonts and remember the default colour-blind setting; safe to call again (e.g. from settings).

    Call after ``pygame.display.set_mode`` so new surfaces get the display's fast pixel format. Changing the
    setting does not invalidate caches: the colour-blind faces are cached under their own arguments.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    _state["colorblind"] = bool(colorblind)
    _state["initialised"] = True


def colorblind_default() -> bool:
    """The colour-blind setting given to the last ``init`` call (for callers that do not pass it through)."""
    return _state["colorblind"]


def clear_caches() -> None:
    """Drop every cached surface (e.g. after the display mode changed pixel format)."""
    from . import cards, tokens

    for fn in (cards.card_face, cards.card_back, cards.card_shadow, cards.card_glow, tokens.token,
               tokens.token_stack, tokens._count_badge):
        fn.cache_clear()
    for module_fn in _extra_caches:
        module_fn.cache_clear()


_extra_caches: list = []

__all__ = [
    "CARDS", "SYMBOLS", "PALETTE", "VALUE_COLORS", "VALUE_COLORS_CB", "VALUE_SHAPES", "LLAMA_ACCENTS", "TOKENS",
    "init", "colorblind_default", "clear_caches", "palette", "font", "display_font",
    "card_face", "card_back", "card_shadow", "card_shadow_pad", "card_glow", "card_height",
    "token", "token_stack", "token_color",
]
