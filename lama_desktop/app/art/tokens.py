"""Point tokens (white 1, black 10, pink 20), the blue magic token, and offset piles of them."""

from __future__ import annotations

import math

from lama_desktop.app.art.cache import surface_cache

import pygame

from lama_desktop.app.art import svg
from lama_desktop.app.art.palette import PALETTE, mix, rgb_hex, shade
from lama_desktop.app.art.shapes import star_points
from lama_desktop.app.art.text import blit_centered, outlined

TOKENS = {
    # kind: (face, rim, numeral colour, label)
    "white": (PALETTE["token_white"], (205, 190, 164), PALETTE["ink"], "1"),
    "black": (PALETTE["token_black"], (86, 78, 80), PALETTE["paper"], "10"),
    "pink": (PALETTE["token_pink"], (196, 64, 126), PALETTE["paper"], "20"),
    "magic": (PALETTE["magic"], PALETTE["magic_dark"], PALETTE["gold"], ""),
}
VALUES = {"white": 1, "black": 10, "pink": 20, "magic": 0}
INK = rgb_hex(PALETTE["ink"])
V = 200  # drawing box
EDGE = 12  # visible thickness of the disc (in drawing units)


def _check(kind: str) -> None:
    if kind not in TOKENS:
        raise ValueError(f"unknown token {kind!r}; expected one of {', '.join(TOKENS)}")


def _token_svg(kind: str) -> str:
    face, rim, _, _ = TOKENS[kind]
    r = (V - EDGE) / 2 - 5
    cx, cy = V / 2, r + 5
    line = 6
    out = [
        f'<defs><linearGradient id="f" gradientUnits="userSpaceOnUse" x1="0" y1="{cy - r}" x2="0" y2="{cy + r}">'
        f'<stop offset="0" stop-color="{rgb_hex(shade(face, 0.16))}"/>'
        f'<stop offset="1" stop-color="{rgb_hex(shade(face, -0.06))}"/></linearGradient></defs>',
        # thickness: a darker disc below
        f'<circle cx="{cx}" cy="{cy + EDGE}" r="{r}" fill="{rgb_hex(shade(rim, -0.3))}" stroke="{INK}" '
        f'stroke-width="{line}"/>',
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{rgb_hex(rim)}" stroke="{INK}" stroke-width="{line}"/>',
        f'<circle cx="{cx}" cy="{cy}" r="{r * 0.8:.1f}" fill="url(#f)" stroke="{rgb_hex(shade(rim, -0.25))}" '
        f'stroke-width="{line * 0.6}"/>',
    ]
    # notches around the rim, like a poker chip
    for i in range(8):
        a = math.radians(22.5 + 45 * i)
        x, y = cx + r * 0.9 * math.cos(a), cy + r * 0.9 * math.sin(a)
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * 0.075:.1f}" fill="{rgb_hex(shade(face, 0.1))}" '
                   f'opacity="0.9"/>')
    if kind == "magic":
        out.append(f'<polygon points="{star_points(cx, cy + 3, r * 0.62, 0.47)}" fill="{rgb_hex(PALETTE["gold"])}" '
                   f'stroke="{INK}" stroke-width="{line}" stroke-linejoin="round"/>')
        for dx, dy, rr in ((-0.5, -0.45, 0.07), (0.52, -0.4, 0.05), (0.45, 0.5, 0.06)):
            points = star_points(cx + r * dx, cy + r * dy, r * rr * 1.6, 0.4, 4)
            out.append(f'<polygon points="{points}" fill="#fff6d8"/>')
    return "".join(out)


@surface_cache(maxsize=256)
def token(kind: str, diameter: int) -> pygame.Surface:
    """A token disc (``white``=1, ``black``=10, ``pink``=20, ``magic``) in a diameter x diameter surface."""
    _check(kind)
    d = max(6, int(diameter))
    surface = svg.render(svg.document(d, d, _token_svg(kind), (V, V)), (d, d))
    _, _, numeral, label = TOKENS[kind]
    if label:
        s = d / V
        r = (V - EDGE) / 2 - 5
        height = r * (0.62 if len(label) == 1 else 0.52) * s
        outline_color = PALETTE["paper"] if kind == "white" else PALETTE["ink"]
        img = outlined(label, height, numeral, PALETTE["ink"] if kind != "white" else outline_color,
                       max(1, round(d * 0.025)) if kind != "white" else 0)
        blit_centered(surface, img, (V / 2 * s, (r + 5) * s + 1))
    return surface


def stack_step(diameter: int) -> int:
    return max(2, round(diameter * 0.11))


MAX_VISIBLE = 8


@surface_cache(maxsize=256)
def token_stack(kind: str, count: int, diameter: int) -> pygame.Surface:
    """A slightly offset pile of ``count`` tokens. Its count is not painted on the art (a badge the token's size
    would be too small to read): the table writes it beside the pile as UI text (``table.pieces``).

    The surface is ``diameter * 1.18`` wide; its height grows with the pile (at most 8 discs are drawn), so anchor
    it by its bottom-left corner: the lowest disc fills the bottom-left diameter x diameter square. A count of 0
    draws a dashed empty place.
    """
    _check(kind)
    d = max(6, int(diameter))
    count = max(0, int(count))
    shown = min(count, MAX_VISIBLE)
    step = stack_step(d)
    width = round(d * 1.18)
    height = d + step * max(0, shown - 1)
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    if count == 0:
        ring = svg.render(svg.document(d, d, (
            f'<circle cx="100" cy="100" r="88" fill="{rgb_hex(PALETTE["felt_dark"])}" fill-opacity="0.35" '
            f'stroke="{rgb_hex(PALETTE["cream"])}" stroke-opacity="0.55" stroke-width="6" stroke-dasharray="18 14"/>'),
            (V, V)), (d, d))
        surface.blit(ring, (0, 0))
        return svg.finish(surface)
    disc = token(kind, d)
    jitter = (0, 1, -1, 1, 0, -1, 1, 0)
    for i in range(shown):
        x = round(jitter[i % len(jitter)] * d * 0.025)
        y = height - d - i * step
        surface.blit(disc, (x + round(d * 0.03), y))
    return svg.finish(surface)


def token_color(kind: str) -> tuple[int, int, int]:
    """Representative colour of a token kind (for particles, flying-token trails, legends)."""
    _check(kind)
    return mix(TOKENS[kind][0], TOKENS[kind][1], 0.3)
