"""All drawing of the game's art: cards, tokens, dice, felt, llamas, logo, icon, font and palette.

Everything is original vector art (SVG in ``assets/art`` or SVG generated here), rendered at the exact size asked
for and cached by its (normalised) arguments, so the second call of any function returns the same surface object
in ~0 ms. Returned surfaces are shared: never draw on them (``.copy()`` first).

    from lama_desktop.app import art
    art.init(colorblind=False)        # optional, after pygame.display.set_mode
    face = art.card_face("3", 120)    # 120 x 168, per-pixel alpha

Caches are bounded (entries and bytes per function, oldest dropped first). Ask for a few fixed sizes (e.g. the
layout's card width); for a card that grows or shrinks during an animation, scale the cached surface
(``pygame.transform.smoothscale``) instead of asking for a new width every frame.

Placement conventions:
- ``card_shadow(w)`` / ``card_glow(w)`` are larger than the card: blit at ``(x - pad, y - pad)`` with
  ``pad = card_shadow_pad(w)``; the shadow already falls a little downwards.
- ``token_stack`` grows upwards with the count: anchor its bottom-left corner.
- LAMA Dice draws its own dice (``lama_desktop/games/dice/art.py``): ``die(top, size)`` shows the rolled ``top`` face
  with plain sides, or a blank die when ``top`` is None (not rolled yet).
- Sounds: ``art.Sounds(volume, muted).play(name)`` (module ``lama_desktop/app/art/sounds.py``).
"""

from __future__ import annotations

import pygame

from lama_desktop.app.art import cache as _cache
from lama_desktop.app.art.cards import (
    CARDS, SYMBOLS, card_back, card_face, card_glow, card_height, card_shadow, card_shadow_pad, card_slot, double_values
)
from lama_desktop.app.art.palette import LLAMA_ACCENTS, PALETTE, VALUE_COLORS, VALUE_COLORS_CB, VALUE_SHAPES, palette
from lama_desktop.app.art.scenery import (
    LLAMA_FURS, PLAYER_COLORS, app_icon, llama_figure, llama_head, llama_size, logo, table_felt
)
from lama_desktop.app.art.sounds import NAMES as SOUND_NAMES
from lama_desktop.app.art.sounds import Sounds
from lama_desktop.app.art.text import display_font, font
from lama_desktop.app.art.tokens import TOKENS, token, token_color, token_stack

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


def preload(card_widths=(), *, colorblind: bool | None = None, cards=CARDS, plus: bool = False,
            backs: bool = True) -> int:
    """Draw card faces (and backs and shadows) at the given widths now, e.g. behind a loading screen, so the
    first frames of a table do not pay for them. Returns how many pictures were drawn or found cached."""
    cb = _state["colorblind"] if colorblind is None else bool(colorblind)
    count = 0
    for width in card_widths:
        for card in cards:
            card_face(card, width, plus=plus, colorblind=cb)
            count += 1
        if backs:
            card_back(width)
            card_shadow(width)
            count += 2
    return count


def clear_caches() -> None:
    """Drop every cached surface (e.g. after the display mode changed pixel format, or to free memory)."""
    _cache.clear_all()


__all__ = [
    "CARDS", "SYMBOLS", "PALETTE", "VALUE_COLORS", "VALUE_COLORS_CB", "VALUE_SHAPES", "LLAMA_ACCENTS", "TOKENS",
    "LLAMA_FURS", "PLAYER_COLORS",
    "init", "colorblind_default", "clear_caches", "preload", "palette", "font", "display_font",
    "card_face", "card_back", "card_slot", "card_shadow", "card_shadow_pad", "card_glow", "card_height",
    "double_values",
    "token", "token_stack", "token_color",
    "Sounds", "SOUND_NAMES", "table_felt", "llama_figure", "llama_head", "llama_size", "logo", "app_icon",
]
