"""Llama Land's own art: the field icons (crops, coins, huts) and the isometric terrain blocks by level, with
``block_geometry`` telling the table where a block's faces lie.
"""

from __future__ import annotations

from lama_desktop.app.art import svg
from lama_desktop.app.art.cache import surface_cache
from lama_desktop.app.art.palette import PALETTE, hex_rgb, mix, rgb_hex, shade
from lama_desktop.app.art.text import blit_centered, outlined

INK = rgb_hex(PALETTE["ink"])

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
        label = outlined(str(level), max(6, w * 0.13), PALETTE["paper"], PALETTE["ink"], max(1, w * 0.02))
        fx = (top[3][0] + top[2][0]) / 2
        fy = (top[3][1] + top[2][1]) / 2 + depth / 2
        if depth >= label.get_height() * 1.15:  # a level-1 block is too thin to carry it (and needs none)
            blit_centered(surface, label, (fx, fy))
    return surface


def sheet(part: str) -> list:
    """Llama Land's icons and blocks for the art's contact sheet (``lama_desktop/app/art/sheet.py``)."""
    if part not in ("all", "misc", "extras"):
        return []
    icons = [(land_icon(i, 48), i) for i in ("corn", "cacao", "potato", "coin", "hut")]
    blocks = [(land_block(i, lvl, 90), f"L{lvl}") for lvl, i in ((1, "corn"), (2, "cacao"), (3, "potato"),
                                                                 (4, "coin"), (5, "hut"), (2, "none"))]
    blocks += [(land_block("corn", 3, 90, highlight=True), "lit"), (land_block("hut", 1, 44), "44")]
    return [("Llama Land icons", icons), ("Llama Land blocks", blocks)]
