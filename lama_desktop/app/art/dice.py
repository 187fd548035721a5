"""Dice: a rounded cube in 2.5D (top face and two side faces) and flat faces, with pips or a llama face."""

from __future__ import annotations

from .cache import surface_cache

import pygame

from . import svg
from .palette import PALETTE, rgb_hex, shade
from .shapes import pip_layout

FACES = ("1", "2", "3", "4", "5", "6", "L")
INK = rgb_hex(PALETTE["ink"])
BODY = (253, 247, 234)  # die body: ivory
PIP = PALETTE["ink"]
LLAMA_PIP = PALETTE["pink"]

# Cube corners in a 200 x 200 box (isometric, seen from above-front).
T, R, C, L = (100, 10), (184, 56), (100, 102), (16, 56)
DOWN = 90  # vertical edge length


def _check(face: str) -> None:
    if face not in FACES:
        raise ValueError(f"unknown die face {face!r}; expected one of {', '.join(FACES)}")


def _face_content(face: str, body: str, tone: float, upright_top: bool = False) -> str:
    """Face artwork in a 100 x 100 box (rounded square, pips or the llama head).

    ``upright_top``: the face lies on the cube's top, so the llama is turned 45 degrees to stand upright on screen.
    """
    out = [f'<path d="{svg.rounded_rect_path(4, 4, 92, 92, 18)}" fill="{body}"/>']
    if face == "L":
        colors = {"#fffaf0": rgb_hex(shade((255, 250, 240), tone)), "#efe0c2": rgb_hex(shade((239, 224, 194), tone))}
        head = svg.place("llama_head.svg", 14, 9, 72, 82, colors=colors)
        if upright_top:
            head = f'<g transform="translate(50 50) rotate(45) scale(1.02) translate(-50 -50)">{head}</g>'
        out.append(head)
    else:
        r = 9.5 if face != "1" else 12.5
        color = rgb_hex(PALETTE["pink"]) if face == "1" else rgb_hex(shade(PIP, 0))
        for x, y in pip_layout(int(face)):
            cx, cy = 50 + x * 44, 50 + y * 44
            out.append(f'<circle cx="{cx:.1f}" cy="{cy + 1.2:.1f}" r="{r}" fill="{rgb_hex(shade(PIP, 0.55))}" opacity="0.35"/>')
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r}" fill="{color}"/>')
    return "".join(out)


def _die_svg(top: str, left: str, right: str, highlight: bool) -> str:
    sil = (f"M{T[0]},{T[1]} L{R[0]},{R[1]} L{R[0]},{R[1] + DOWN} L{C[0]},{C[1] + DOWN} "
           f"L{L[0]},{L[1] + DOWN} L{L[0]},{L[1]} Z")
    out = []
    if highlight:
        out.append(f'<path d="{sil}" fill="{rgb_hex(PALETTE["glow"])}" stroke="{rgb_hex(PALETTE["glow"])}" '
                   f'stroke-width="22" stroke-linejoin="round" opacity="0.85"/>')
    out.append(f'<path d="{sil}" fill="{INK}" stroke="{INK}" stroke-width="9" stroke-linejoin="round"/>')
    faces = (
        # (face, matrix a b c d e f for a 100-unit face, tone)
        (top, ((T[0] - L[0]) / 100, (T[1] - L[1]) / 100, (C[0] - L[0]) / 100, (C[1] - L[1]) / 100, L[0], L[1]), 0.0),
        (left, ((C[0] - L[0]) / 100, (C[1] - L[1]) / 100, 0, DOWN / 100, L[0], L[1]), -0.14),
        (right, ((R[0] - C[0]) / 100, (R[1] - C[1]) / 100, 0, DOWN / 100, C[0], C[1]), -0.3),
    )
    for index, (face, m, tone) in enumerate(faces):
        body = rgb_hex(shade(BODY, tone))
        content = _face_content(face, body, tone, upright_top=index == 0)
        out.append(f'<g transform="matrix({m[0]:.4f} {m[1]:.4f} {m[2]:.4f} {m[3]:.4f} {m[4]} {m[5]})">{content}</g>')
    # a soft sheen along the top edges
    out.append(f'<path d="M{L[0] + 10},{L[1]} L{T[0]},{T[1] + 5} L{R[0] - 10},{R[1]}" fill="none" stroke="#ffffff" '
               f'stroke-width="3" stroke-linecap="round" stroke-linejoin="round" opacity="0.55"/>')
    return "".join(out)


@surface_cache(maxsize=512)
def die(top: str, left: str, right: str, size: int, *, highlight: bool = False) -> pygame.Surface:
    """A die seen from above-front: ``top`` face up, ``left`` and ``right`` the two visible sides; size x size."""
    for face in (top, left, right):
        _check(face)
    size = max(8, int(size))
    pad = 12 if highlight else 6
    view = (200 + 2 * pad, 200 + 2 * pad)
    body = f'<g transform="translate({pad} {pad})">{_die_svg(top, left, right, highlight)}</g>'
    return svg.render(svg.document(size, size, body, view), (size, size))


@surface_cache(maxsize=256)
def die_face(face: str, size: int, *, highlight: bool = False) -> pygame.Surface:
    """A flat die face (rounded square with a rim), size x size."""
    _check(face)
    size = max(6, int(size))
    out = []
    if highlight:
        out.append(f'<path d="{svg.rounded_rect_path(2, 2, 116, 116, 26)}" fill="{rgb_hex(PALETTE["glow"])}"/>')
    out.append(f'<path d="{svg.rounded_rect_path(8, 10, 104, 104, 22)}" fill="{rgb_hex(shade(BODY, -0.3))}" '
               f'stroke="{INK}" stroke-width="5"/>')
    out.append(f'<path d="{svg.rounded_rect_path(8, 6, 104, 104, 22)}" fill="{rgb_hex(BODY)}" stroke="{INK}" '
               f'stroke-width="5"/>')
    out.append(f'<g transform="translate(10 8) scale(1)">{_face_content(face, rgb_hex(BODY), 0)}</g>')
    return svg.render(svg.document(size, size, "".join(out), (120, 120)), (size, size))


#: Which faces are opposite on a standard die (for picking plausible side faces): value -> opposite.
OPPOSITE = {"1": "6", "6": "1", "2": "5", "5": "2", "3": "4", "4": "3"}


def sides_for(top: str, turn: int = 0) -> tuple[str, str]:
    """Two plausible side faces for a die showing ``top``: neither ``top`` nor its opposite, nor each other's
    opposite. ``turn`` picks among the arrangements (e.g. a seeded number per die so dice do not all look alike).
    A llama top ("L") is treated like a 1 for the purpose."""
    base = "1" if top == "L" else top
    options = [f for f in ("1", "2", "3", "4", "5", "6") if f not in (base, OPPOSITE[base])]
    pairs = [(a, b) for a in options for b in options if a != b and OPPOSITE[a] != b]
    return pairs[turn % len(pairs)]
