"""Dice: a rounded cube seen from above-front (the rolled face on top, two plain side faces) and flat faces.

The top face carries the roll (pips or a llama face) and takes most of the picture; the two visible side faces are
plain, shaded ivory, so that nothing on a die competes with what it rolled. A die that has not been rolled yet
(``top`` None) is blank all round: the neutral state before a turn's first roll.
"""

from __future__ import annotations

from lama_desktop.app.art.cache import surface_cache

import pygame

from lama_desktop.app.art import svg
from lama_desktop.app.art.palette import PALETTE, rgb_hex, shade
from lama_desktop.app.art.shapes import pip_layout

FACES = ("1", "2", "3", "4", "5", "6", "L")
INK = rgb_hex(PALETTE["ink"])
BODY = (253, 247, 234)  # die body: ivory
PIP = PALETTE["ink"]
LLAMA_PIP = PALETTE["pink"]

# The cube in a 200 x 200 box, seen from above and a little from the front right (oblique): the top face is a
# wide parallelogram (back-left, back-right, front-right, front-left), the front and right faces are short.
TOP = ((44, 14), (184, 14), (160, 110), (20, 110))
DOWN = 70  # height of the side faces
SIDE_TONES = (-0.13, -0.27)  # front, right: darker than the top, and plain


def _check(face) -> None:
    if face is not None and face not in FACES:
        raise ValueError(f"unknown die face {face!r}; expected one of {', '.join(FACES)} or None (not rolled)")


def _face_content(face: str | None, body: str, tone: float, stretch: float = 1.0) -> str:
    """Face artwork in a 100 x 100 box: a rounded square with the pips or the llama head (blank when None).

    ``stretch``: how much wider than tall the face ends up on screen (the cube's top); the pips and the llama are
    drawn that much narrower so that they look round and upright there."""
    out = [f'<path d="{svg.rounded_rect_path(4, 4, 92, 92, 18)}" fill="{body}"/>']
    if face == "L":
        colors = {"#fffaf0": rgb_hex(shade((255, 250, 240), tone)), "#efe0c2": rgb_hex(shade((239, 224, 194), tone))}
        h = 82 if stretch == 1.0 else 118
        w = 72 * h / 82 / stretch
        out.append(svg.place("llama_head.svg", 50 - w / 2, 50 - h / 2 - 1, w, h, colors=colors))
    elif face is not None:
        r = 9.5 if face != "1" else 12.5
        ry = r * (1.1 if stretch != 1.0 else 1.0)
        rx = ry / stretch
        color = rgb_hex(PALETTE["pink"]) if face == "1" else rgb_hex(shade(PIP, 0))
        for x, y in pip_layout(int(face)):
            cx, cy = 50 + x * 44, 50 + y * 44
            out.append(f'<ellipse cx="{cx:.1f}" cy="{cy + 1.2:.1f}" rx="{rx:.2f}" ry="{ry:.2f}" '
                       f'fill="{rgb_hex(shade(PIP, 0.55))}" opacity="0.35"/>')
            out.append(f'<ellipse cx="{cx:.1f}" cy="{cy:.1f}" rx="{rx:.2f}" ry="{ry:.2f}" fill="{color}"/>')
    return "".join(out)


def _matrix(origin, x_to, y_to) -> str:
    """The SVG matrix mapping a 100 x 100 face onto the parallelogram origin, origin→x_to, origin→y_to."""
    (ox, oy), (ax, ay), (bx, by) = origin, x_to, y_to
    return (f"matrix({(ax - ox) / 100:.4f} {(ay - oy) / 100:.4f} {(bx - ox) / 100:.4f} {(by - oy) / 100:.4f} "
            f"{ox} {oy})")


def _die_svg(top: str | None, highlight: bool) -> str:
    bl, br, fr, fl = TOP
    frd, fld, brd = (fr[0], fr[1] + DOWN), (fl[0], fl[1] + DOWN), (br[0], br[1] + DOWN)
    sil = (f"M{bl[0]},{bl[1]} L{br[0]},{br[1]} L{brd[0]},{brd[1]} L{frd[0]},{frd[1]} L{fld[0]},{fld[1]} "
           f"L{fl[0]},{fl[1]} Z")
    out = []
    if highlight:
        out.append(f'<path d="{sil}" fill="{rgb_hex(PALETTE["glow"])}" stroke="{rgb_hex(PALETTE["glow"])}" '
                   f'stroke-width="22" stroke-linejoin="round" opacity="0.85"/>')
    out.append(f'<path d="{sil}" fill="{INK}" stroke="{INK}" stroke-width="9" stroke-linejoin="round"/>')
    # the plain sides: front (front-left, front-right, down) and right (front-right, back-right, down)
    front, right = (rgb_hex(shade(BODY, tone)) for tone in SIDE_TONES)
    out.append(f'<g transform="{_matrix(fl, fr, fld)}"><path d="{svg.rounded_rect_path(4, 6, 92, 88, 16)}" '
               f'fill="{front}"/></g>')
    out.append(f'<g transform="{_matrix(fr, br, frd)}"><path d="{svg.rounded_rect_path(6, 6, 88, 88, 16)}" '
               f'fill="{right}"/></g>')
    # the top: the rolled face, full tone
    stretch = (br[0] - bl[0]) / (fl[1] - bl[1])
    out.append(f'<g transform="{_matrix(bl, br, fl)}">{_face_content(top, rgb_hex(BODY), 0.0, stretch)}</g>')
    # a soft sheen along the top's back edges
    out.append(f'<path d="M{fl[0] + 4},{fl[1] - 12} L{bl[0] + 2},{bl[1] + 4} L{br[0] - 12},{br[1] + 2}" fill="none" '
               f'stroke="#ffffff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" opacity="0.6"/>')
    return "".join(out)


@surface_cache(maxsize=256)
def die(top: str | None, size: int, *, highlight: bool = False) -> pygame.Surface:
    """A die seen from above-front with ``top`` (a face of ``FACES``) rolled, or blank all round when ``top`` is
    None (not rolled yet); the side faces are always plain. size x size, transparent corners."""
    _check(top)
    size = max(8, int(size))
    pad = 12 if highlight else 6
    view = (200 + 2 * pad, 200 + 2 * pad)
    # the cube's outline (x 20..184, y 14..180) sits centred in the box
    body = f'<g transform="translate({pad} {pad + 1})">{_die_svg(top, highlight)}</g>'
    return svg.render(svg.document(size, size, body, view), (size, size))


@surface_cache(maxsize=256)
def die_face(face: str, size: int, *, highlight: bool = False) -> pygame.Surface:
    """A flat die face (rounded square with a rim), size x size."""
    if face is None:
        raise ValueError("a flat die face needs a face")
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


def sheet(part: str) -> list:
    """The dice for the art's contact sheet (``lama_desktop/app/art/sheet.py``)."""
    if part not in ("all", "dice"):
        return []
    faces = ("1", "2", "3", "4", "5", "6", "L")
    items = [(die_face(f, 70), f) for f in faces]
    items += [(die(f, 110), f) for f in faces]
    items += [(die(None, 110), "blank"), (die("6", 110, highlight=True), "hl"), (die("1", 60), "60")]
    return [("Dice", items)]
