"""LAMA Cadabra's own art: the Lamagic Show's small stage, and where its five stars sit on it
(``show_star_centers``, for the table to put the tokens on).
"""

from __future__ import annotations

from lama_desktop.app.art import svg
from lama_desktop.app.art.cache import surface_cache
from lama_desktop.app.art.palette import PALETTE, rgb_hex
from lama_desktop.app.art.shapes import star_points

INK = rgb_hex(PALETTE["ink"])

# --- Lamagic Show ---------------------------------------------------------------------------------------------

STAGE_VIEW = (1000, 460)
_STAR_Y = 330
_STAR_XS = (260, 380, 500, 620, 740)


def show_stage_size(width: int) -> tuple[int, int]:
    width = max(40, int(width))
    return width, round(width * STAGE_VIEW[1] / STAGE_VIEW[0])


def show_star_centers(width: int) -> list[tuple[int, int]]:
    """Pixel centres of the five star spaces on ``show_stage(width)``, left to right."""
    w, h = show_stage_size(width)
    sx, sy = w / STAGE_VIEW[0], h / STAGE_VIEW[1]
    return [(round(x * sx), round(_STAR_Y * sy)) for x in _STAR_XS]


def _curtain(x0: float, x1: float, left: bool) -> str:
    red, dark = "#b8323f", "#7f1f2b"
    folds = []
    n = 4
    width = (x1 - x0) / n
    for i in range(n):
        a = x0 + i * width
        folds.append(f'<path d="M{a:.1f},40 C{a + width * 0.3:.1f},160 {a + width * 0.2:.1f},300 '
                     f'{a + width * 0.35:.1f},440 '
                     f'H{a + width * 0.95:.1f} C{a + width * 0.8:.1f},300 {a + width * 0.9:.1f},160 '
                     f'{a + width:.1f},40 Z" '
                     f'fill="{red if i % 2 == 0 else dark}"/>')
    tie_x = x1 - 30 if left else x0 + 30
    return (f'<path d="M{x0},40 H{x1} V440 H{x0} Z" fill="{dark}"/>' + "".join(folds) +
            f'<path d="M{x0},40 H{x1} V440 H{x0} Z" fill="none" stroke="{INK}" stroke-width="8" '
            f'stroke-linejoin="round"/>'
            f'<circle cx="{tie_x}" cy="250" r="14" fill="{rgb_hex(PALETTE["gold"])}" stroke="{INK}" stroke-width="6"/>')


@surface_cache(maxsize=16)
def show_stage(width: int, lit: bool = False):
    """The Lamagic Show stage: curtains, a pelmet, a wooden floor with five star spaces; spot-lit when ``lit``.

    Size ``show_stage_size(width)`` (2.17:1). Star-space centres: ``show_star_centers(width)``.
    """
    w, h = show_stage_size(width)
    gold = rgb_hex(PALETTE["gold"])
    out = [
        '<defs>'
        '<linearGradient id="bg" gradientUnits="userSpaceOnUse" x1="0" y1="40" x2="0" y2="300">'
        f'<stop offset="0" stop-color="{"#3a2a5e" if lit else "#2a2238"}"/>'
        f'<stop offset="1" stop-color="{"#5b3f9e" if lit else "#3a3050"}"/></linearGradient>'
        '<linearGradient id="floor" gradientUnits="userSpaceOnUse" x1="0" y1="270" x2="0" y2="440">'
        '<stop offset="0" stop-color="#c98a52"/><stop offset="1" stop-color="#8a5530"/></linearGradient>'
        '<radialGradient id="spot" gradientUnits="userSpaceOnUse" cx="500" cy="330" r="330">'
        '<stop offset="0" stop-color="#fff3c4" stop-opacity="0.75"/>'
        '<stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient>'
        '</defs>',
        f'<path d="{svg.rounded_rect_path(8, 30, 984, 422, 28)}" fill="url(#bg)" stroke="{INK}" stroke-width="10"/>',
        # floor (a shallow apron)
        f'<path d="M60,270 H940 L985,432 Q985,444 972,444 H28 Q15,444 15,432 Z" fill="url(#floor)" stroke="{INK}" '
        f'stroke-width="8" stroke-linejoin="round"/>',
        '<path d="M40,330 H960 M28,390 H972" stroke="#7a4a28" stroke-width="4" opacity="0.6"/>',
    ]
    # twinkles on the backdrop
    for x, y, r in ((230, 110, 10), (330, 170, 6), (450, 95, 8), (560, 150, 11), (690, 100, 7), (780, 180, 9),
                    (410, 220, 5), (620, 230, 6)):
        out.append(f'<polygon points="{star_points(x, y, r * (1.5 if lit else 1), 0.4, 4)}" fill="#fff3c4" '
                   f'opacity="{0.95 if lit else 0.45}"/>')
    if lit:
        out.append('<path d="M380,40 L200,440 H800 L620,40 Z" fill="url(#spot)"/>')
        out.append('<ellipse cx="500" cy="340" rx="330" ry="70" fill="#fff3c4" opacity="0.25"/>')
    for x in _STAR_XS:
        out.append(f'<ellipse cx="{x}" cy="{_STAR_Y + 6}" rx="52" ry="20" fill="#5a3418" opacity="0.45"/>')
        out.append(f'<polygon points="{star_points(x, _STAR_Y, 46, 0.5)}" fill="{gold if lit else "#e8c77a"}" '
                   f'stroke="{INK}" stroke-width="6" stroke-linejoin="round" transform="translate(0 0)"/>')
    out.append(_curtain(8, 150, True))
    out.append(_curtain(850, 992, False))
    # pelmet with scallops
    scallops = "".join(f"Q{x + 50},{120} {x + 100},80 " for x in range(0, 1000, 100))
    out.append(f'<path d="M0,80 {scallops} V28 H0 Z" fill="#b8323f" stroke="{INK}" stroke-width="8" '
               f'stroke-linejoin="round"/>')
    out.append(f'<path d="M0,48 H1000" stroke="{gold}" stroke-width="6" stroke-dasharray="16 12"/>')
    body = "".join(out)
    return svg.render(svg.document(w, h, body, STAGE_VIEW), (w, h))


def sheet(part: str) -> list:
    """The Lamagic Show's stage for the art's contact sheet (``lama_desktop/app/art/sheet.py``)."""
    if part not in ("all", "misc", "extras"):
        return []
    return [("Lamagic Show", [(show_stage(420), "show"), (show_stage(420, lit=True), "show lit")])]
