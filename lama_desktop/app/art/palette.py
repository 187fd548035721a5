"""Colours of the game: named UI colours and one hue per card value.

Values 1..6 alternate light and dark hues so that neighbours differ in lightness as well as hue (they stay
distinguishable in a grey-scale or colour-blind view). The colour-blind palette uses the Okabe-Ito set and the
cards add a distinct shape per value on top (see ``VALUE_SHAPES``).
"""

from __future__ import annotations

Color = tuple[int, int, int]


def hex_rgb(text: str) -> Color:
    text = text.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def rgb_hex(color) -> str:
    return "#%02x%02x%02x" % tuple(int(max(0, min(255, c))) for c in color[:3])


def mix(a, b, t: float) -> Color:
    """Linear blend of two RGB colours, t=0 gives a, t=1 gives b."""
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))


def shade(color, amount: float) -> Color:
    """Darken (amount < 0, towards the warm ink) or lighten (amount > 0, towards cream)."""
    if amount < 0:
        return mix(color, (40, 22, 14), -amount)
    return mix(color, (255, 250, 238), amount)


def luminance(color) -> float:
    """Relative luminance (WCAG) of an sRGB colour, 0..1."""
    out = []
    for c in color[:3]:
        c = c / 255
        out.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]


#: Named UI colours (RGB tuples). ``ink`` is the one line colour: a dark warm brown, never black.
PALETTE: dict[str, Color] = {
    "felt": hex_rgb("#1f5f5b"),
    "felt_dark": hex_rgb("#123c3b"),
    "felt_light": hex_rgb("#2d7a72"),
    "cream": hex_rgb("#fbf3e1"),
    "paper": hex_rgb("#fffaf0"),
    "paper_shade": hex_rgb("#f1e4c8"),
    "ink": hex_rgb("#4a2c1d"),
    "ink_soft": hex_rgb("#7a5a45"),
    "accent": hex_rgb("#f2a93b"),  # warm gold: buttons, highlights, the current player's plate
    "accent_dark": hex_rgb("#c97f17"),
    "pink": hex_rgb("#ec5f9b"),
    "pink_light": hex_rgb("#f9b8d3"),
    "gold": hex_rgb("#f2b441"),
    "glow": hex_rgb("#ffe38a"),  # selection glow
    "danger": hex_rgb("#d9534a"),
    "ok": hex_rgb("#5aa55a"),
    "shadow": (20, 12, 8),
    "back": hex_rgb("#b5523b"),  # card back: terracotta
    "back_dark": hex_rgb("#8a3a2a"),
    "magic": hex_rgb("#3f78d8"),
    "magic_dark": hex_rgb("#22489a"),
    "token_white": hex_rgb("#fbf7ee"),
    "token_black": hex_rgb("#2e2a2b"),
    "token_pink": hex_rgb("#ee6aa7"),
    "panel": hex_rgb("#fbf3e1"),
    "panel_dark": hex_rgb("#e9dcc0"),
    "text": hex_rgb("#4a2c1d"),
    "text_light": hex_rgb("#fffaf0"),
}

#: Card value hues, normal vision. Light/dark alternate: 1 light, 2 dark, 3 light, 4 dark, 5 mid, 6 dark.
VALUE_COLORS: dict[str, Color] = {
    "1": hex_rgb("#f5c431"),  # sunflower yellow
    "2": hex_rgb("#1f6e45"),  # deep leaf green
    "3": hex_rgb("#f28a2a"),  # orange
    "4": hex_rgb("#2f6cb5"),  # cornflower blue
    "5": hex_rgb("#e8606f"),  # coral rose
    "6": hex_rgb("#8e3b8a"),  # berry
    "L": hex_rgb("#f0e2c4"),  # llama: cream with a gold accent
    "P": hex_rgb("#ec4f97"),  # pink llama: unmistakably pink
}

#: Colour-blind-safe hues (Okabe-Ito), used together with VALUE_SHAPES.
VALUE_COLORS_CB: dict[str, Color] = {
    "1": hex_rgb("#f0e442"),  # yellow
    "2": hex_rgb("#0072b2"),  # blue
    "3": hex_rgb("#e69f00"),  # orange
    "4": hex_rgb("#009e73"),  # bluish green
    "5": hex_rgb("#56b4e9"),  # sky blue
    "6": hex_rgb("#d55e00"),  # vermillion
    "L": hex_rgb("#f0e2c4"),
    "P": hex_rgb("#cc79a7"),  # reddish purple
}

#: One shape per value for the colour-blind set (also drawn as the card's background pattern).
VALUE_SHAPES: dict[str, str] = {
    "1": "circle",
    "2": "triangle",
    "3": "square",
    "4": "diamond",
    "5": "star",
    "6": "hexagon",
}

#: Accent per llama kind.
LLAMA_ACCENTS: dict[str, Color] = {"L": hex_rgb("#f2b441"), "P": hex_rgb("#ec4f97")}


def palette(colorblind: bool = False) -> dict[str, Color]:
    """Hues per card value ("1".."6", "L", "P") for the chosen vision setting (a fresh dict)."""
    return dict(VALUE_COLORS_CB if colorblind else VALUE_COLORS)
