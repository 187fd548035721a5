"""Art for LAMA Cadabra's Lamagic Show (a small stage) and Llama Land (field icons, isometric blocks).

Geometry helpers (``show_star_centers``, ``block_geometry``) tell scenes where to put pieces on these pictures.
"""

from __future__ import annotations

from lama_desktop.app.art import svg
from lama_desktop.app.art.cache import surface_cache
from lama_desktop.app.art.palette import PALETTE, hex_rgb, mix, rgb_hex, shade
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
        folds.append(f'<path d="M{a:.1f},40 C{a + width * 0.3:.1f},160 {a + width * 0.2:.1f},300 {a + width * 0.35:.1f},440 '
                     f'H{a + width * 0.95:.1f} C{a + width * 0.8:.1f},300 {a + width * 0.9:.1f},160 {a + width:.1f},40 Z" '
                     f'fill="{red if i % 2 == 0 else dark}"/>')
    tie_x = x1 - 30 if left else x0 + 30
    return (f'<path d="M{x0},40 H{x1} V440 H{x0} Z" fill="{dark}"/>' + "".join(folds) +
            f'<path d="M{x0},40 H{x1} V440 H{x0} Z" fill="none" stroke="{INK}" stroke-width="8" stroke-linejoin="round"/>'
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
    out.append(f'<path d="M0,80 {scallops} V28 H0 Z" fill="#b8323f" stroke="{INK}" stroke-width="8" stroke-linejoin="round"/>')
    out.append(f'<path d="M0,48 H1000" stroke="{gold}" stroke-width="6" stroke-dasharray="16 12"/>')
    body = "".join(out)
    return svg.render(svg.document(w, h, body, STAGE_VIEW), (w, h))


# --- Llama Land -----------------------------------------------------------------------------------------------

LAND_ICONS = ("corn", "cacao", "potato", "coin", "hut", "none")

#: Soft pastel terrain by level (1 = lowest); higher levels are lighter and warmer.
LAND_LEVEL_COLORS: dict[int, tuple[int, int, int]] = {
    1: hex_rgb("#a9d18e"),  # meadow
    2: hex_rgb("#cfe39a"),  # light grass
    3: hex_rgb("#efe2a2"),  # dry highland
    4: hex_rgb("#f3cfa6"),  # sandstone
    5: hex_rgb("#f6e8d8"),  # high plateau
}


def _check_icon(icon: str) -> None:
    if icon not in LAND_ICONS:
        raise ValueError(f"unknown Llama Land icon {icon!r}; expected one of {', '.join(LAND_ICONS)}")


def _icon_markup(icon: str, x: float, y: float, size: float) -> str:
    if icon == "none":
        return ""
    order = ("corn", "cacao", "potato", "coin", "hut")
    inner, _ = svg.template("land_icons.svg")
    # the file holds five 100-unit cells side by side, one <g id=...> each: take that group and shift it into place
    start = inner.index(f'<g id="{icon}"')
    depth, i = 0, start
    while True:
        open_at = inner.find("<g", i + 1)
        close_at = inner.find("</g>", i + 1)
        if open_at != -1 and open_at < close_at:
            depth += 1
            i = open_at
            continue
        if depth == 0:
            group = inner[start:close_at + 4]
            break
        depth -= 1
        i = close_at
    shift = order.index(icon) * 100
    return (f'<g transform="translate({x:.2f} {y:.2f}) scale({size / 100:.5f}) translate({-shift} 0)">'
            f"{group}</g>")


@surface_cache(maxsize=128)
def land_icon(icon: str, size: int):
    """One Llama Land field icon (corn, cacao, potato, coin, hut) in a size x size surface ("none" is empty)."""
    _check_icon(icon)
    size = max(6, int(size))
    return svg.render(svg.document(size, size, _icon_markup(icon, 0, 0, 100), (100, 100)), (size, size))


def block_geometry(cell: int, level: int) -> dict:
    """Where things are on ``land_block(icon, level, cell)``: size, top-face centre and the per-level rise.

    The block is a 2:1 isometric cell: its top face is a rhombus ``cell`` wide and ``cell / 2`` tall; each level
    raises it by ``rise`` pixels. The surface is ``cell`` wide and ``headroom + cell / 2 + rise * level + 2`` tall
    (headroom: room for the upright icon). Anchor it by its bottom: the bottom corner of the block's foot is the
    surface's bottom-centre pixel, so blocks of any level on the same grid cell share that point.
    """
    cell = max(8, int(cell))
    level = max(1, int(level))
    rise = max(2, round(cell * 0.16))
    headroom = max(2, round(cell * 0.16))  # the icon stands up out of the top face
    height = headroom + cell // 2 + rise * level + 2
    top_y = headroom + 1 + (cell - 2) / 4  # centre of the top rhombus
    return {"size": (cell, height), "rise": rise, "top_center": (cell / 2, top_y), "level": level,
            "headroom": headroom}


@surface_cache(maxsize=512)
def land_block(icon: str, level: int, cell: int, highlight: bool = False):
    """An isometric terrain block of ``level`` (1..5) with ``icon`` on its top face (see ``block_geometry``)."""
    _check_icon(icon)
    geo = block_geometry(cell, level)
    w, h = geo["size"]
    rise = geo["rise"]
    level = geo["level"]
    base = LAND_LEVEL_COLORS.get(min(level, max(LAND_LEVEL_COLORS)), LAND_LEVEL_COLORS[1])
    top_y = geo["headroom"] + 1
    half = (w - 2) / 2
    cx = w / 2
    top = [(cx, top_y), (w - 1, top_y + half / 2), (cx, top_y + half), (1, top_y + half / 2)]
    depth = rise * level
    line = max(1.0, w * 0.025)
    out = []
    left_face = [top[3], top[2], (top[2][0], top[2][1] + depth), (top[3][0], top[3][1] + depth)]
    right_face = [top[2], top[1], (top[1][0], top[1][1] + depth), (top[2][0], top[2][1] + depth)]

    def poly(points, fill, extra=""):
        pts = " ".join(f"{x:.2f},{y:.2f}" for x, y in points)
        return (f'<polygon points="{pts}" fill="{fill}" stroke="{INK}" stroke-width="{line:.2f}" '
                f'stroke-linejoin="round" {extra}/>')

    side_dark = 0.18 + 0.05 * level  # deeper sides on higher blocks
    out.append(poly(left_face, rgb_hex(shade(mix(base, (150, 110, 70), 0.45), -side_dark * 0.6))))
    out.append(poly(right_face, rgb_hex(shade(mix(base, (150, 110, 70), 0.45), -side_dark))))
    # level contour lines on the sides
    for k in range(1, level):
        y = rise * k
        out.append(f'<path d="M{top[3][0]:.2f},{top[3][1] + y:.2f} L{top[2][0]:.2f},{top[2][1] + y:.2f} '
                   f'L{top[1][0]:.2f},{top[1][1] + y:.2f}" fill="none" stroke="{INK}" stroke-width="{line * 0.6:.2f}" '
                   f'opacity="0.35"/>')
    out.append(poly(top, rgb_hex(base)))
    if highlight:
        out.append(poly(top, rgb_hex(PALETTE["glow"]), 'fill-opacity="0.45"'))
    # icon standing upright on the top face
    size = half * 0.9
    out.append(_icon_markup(icon, cx - size / 2, top_y + half / 2 - size * 0.62, size))
    surface = svg.render(svg.document(w, h, "".join(out)), (w, h))
    if w >= 40:  # the level as a small number on the front-left face, so heights read without comparing them
        from lama_desktop.app.art.text import blit_centered, outlined

        label = outlined(str(level), max(6, w * 0.13), PALETTE["paper"], PALETTE["ink"], max(1, w * 0.02))
        fx = (top[3][0] + top[2][0]) / 2
        fy = (top[3][1] + top[2][1]) / 2 + depth / 2
        if depth >= label.get_height() * 1.15:  # a level-1 block is too thin to carry it (and needs none)
            blit_centered(surface, label, (fx, fy))
    return surface
