"""Card faces, backs, shadows and glows.

Every card is drawn as SVG in a 500 x 700 box (5:7), rendered at the requested pixel width, then the numerals are
drawn with the shipped font on top. Cards narrower than ``SMALL`` pixels use a simplified layout (bigger numeral,
no corner indices or pips) so that they stay legible down to ~50 px.
"""

from __future__ import annotations

from lama_desktop.app.art.cache import surface_cache

import pygame

from lama_desktop.app.art import svg
from lama_desktop.app.art.palette import PALETTE, VALUE_SHAPES, luminance, mix, palette, rgb_hex, shade
from lama_desktop.app.art.shapes import shape
from lama_desktop.app.art.text import blit_centered, outlined

VW, VH = 500, 700
RADIUS = 30  # 6 % of the width
LINE = 12  # 2.4 % of the width: the one line weight
SMALL = 110  # below this width the layout is simplified
INDEX_MIN = 80  # simplified cards at least this wide still carry corner indices
CARDS = ("1", "2", "3", "4", "5", "6", "L", "P", "2/3", "4/5")
SYMBOLS = ("circle", "square", "star")

INK = rgb_hex(PALETTE["ink"])
PAPER = rgb_hex(PALETTE["paper"])
CREAM = rgb_hex(PALETTE["cream"])


def card_height(width: int) -> int:
    return round(width * 7 / 5)


def _check(card: str, symbol) -> None:
    if card not in CARDS:
        raise ValueError(f"unknown card {card!r}; expected one of {', '.join(CARDS)}")
    if symbol is not None and symbol not in SYMBOLS:
        raise ValueError(f"unknown card symbol {symbol!r}; expected None or one of {', '.join(SYMBOLS)}")


def _gradient(gid: str, top, bottom, y1: float = 0, y2: float = VH) -> str:
    return (f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" x1="0" y1="{y1}" x2="0" y2="{y2}">'
            f'<stop offset="0" stop-color="{rgb_hex(top)}"/><stop offset="1" stop-color="{rgb_hex(bottom)}"/>'
            f"</linearGradient>")


def _frame() -> str:
    return (f'<path d="{svg.rounded_rect_path(LINE / 2, LINE / 2, VW - LINE, VH - LINE, RADIUS)}" fill="{PAPER}" '
            f'stroke="{INK}" stroke-width="{LINE}"/>')


def _panel(fill: str, inset: float = 30) -> str:
    return f'<path d="{svg.rounded_rect_path(inset, inset, VW - 2 * inset, VH - 2 * inset, 20)}" fill="{fill}"/>'


def _upper(x: float, y: float) -> bool:
    """Above the diagonal of a double card (from (470, 200) to (30, 500))?"""
    return y < 200 + (470 - x) * 300 / 440


def _pattern(kind: str, color: str, opacity: float, step: float = 70, r: float = 13, inset: float = 30,
             where=None) -> str:
    """A staggered field of small shapes kept inside the panel (and where ``where(x, y)`` holds, if given)."""
    out = [f'<g fill="{color}" opacity="{opacity}">']
    row = 0
    y = inset + step * 0.55
    while y < VH - inset - r:
        x = inset + step * (0.5 if row % 2 else 0.0) + r + 8
        while x < VW - inset - r:
            if where is None or where(x, y):
                out.append(shape(kind, x, y, r, ""))
            x += step
        y += step * 0.62
        row += 1
    out.append("</g>")
    return "".join(out)


def _pips(value: int, kind: str, color: str, cy: float, r: float) -> str:
    gap = r * 2.7
    total = gap * (value - 1)
    out = []
    for i in range(value):
        x = VW / 2 - total / 2 + gap * i
        out.append(shape(kind, x, cy, r, f'fill="{color}" stroke="{INK}" stroke-width="{LINE * 0.55:.1f}" '
                                          f'stroke-linejoin="round"'))
    return "".join(out)


def _medallion(cx, cy, rx, ry, fill: str) -> str:
    return (f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" fill="{fill}" stroke="{INK}" '
            f'stroke-width="{LINE}"/>')


def _plus_badge(cx: float, cy: float, r: float) -> str:
    arm, thick = r * 0.56, r * 0.30
    cross = (f"M{cx - thick / 2:.1f},{cy - arm:.1f} h{thick:.1f} v{arm - thick / 2:.1f} h{arm - thick / 2:.1f} "
             f"v{thick:.1f} h{-(arm - thick / 2):.1f} v{arm - thick / 2:.1f} h{-thick:.1f} v{-(arm - thick / 2):.1f} "
             f"h{-(arm - thick / 2):.1f} v{-thick:.1f} h{arm - thick / 2:.1f} Z")
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{rgb_hex(PALETTE["gold"])}" stroke="{INK}" '
            f'stroke-width="{LINE}"/>'
            f'<circle cx="{cx}" cy="{cy}" r="{r - LINE * 1.2:.1f}" fill="none" stroke="#fff4cf" '
            f'stroke-width="{LINE * 0.5}" opacity="0.7"/>'
            f'<path d="{cross}" fill="{PAPER}" stroke="{INK}" stroke-width="{LINE * 0.75:.1f}" '
            f'stroke-linejoin="round"/>')


SYMBOL_COLOR = "#5b3f9e"


def _symbol_badge(kind: str, cx: float, cy: float, r: float) -> str:
    attrs = f'fill="{SYMBOL_COLOR}" stroke="{INK}" stroke-width="{LINE * 0.5}" stroke-linejoin="round"'
    return (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{PAPER}" stroke="{INK}" stroke-width="{LINE}"/>'
            + shape(kind, cx, cy, r * 0.56, attrs))


def _llama_colors(card: str, colorblind: bool) -> dict[str, str]:
    if card == "P":
        pink = palette(colorblind)["P"]
        return {"#fffaf0": rgb_hex(mix(pink, (255, 255, 255), 0.62)),
                "#efe0c2": rgb_hex(mix(pink, (255, 255, 255), 0.35)),
                "#f5e6cb": rgb_hex(mix(pink, (255, 255, 255), 0.8)),
                "#f2b441": rgb_hex(PALETTE["gold"]), "#ec5f9b": rgb_hex(shade(pink, -0.25))}
    return {}


_SHEEN = (
    '<defs><linearGradient id="sheen" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="160" y2="224">'
    '<stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/>'
    '<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient></defs>'
    f'<path d="M{30 + 20},30 H400 L30,550 V{30 + 20} Q30,30 {30 + 20},30 Z" fill="url(#sheen)"/>'
)


def _face_svg(card: str, small: bool, plus: bool, symbol, colorblind: bool, index: bool = True) -> str:
    hues = palette(colorblind)
    defs, body = [], [_frame()]
    if card in ("L", "P"):
        base = hues[card]
        if card == "L":
            top, bottom = mix(PALETTE["gold"], (255, 255, 255), 0.35), PALETTE["gold"]
            medal = "#fff6e0"
        else:
            top, bottom = shade(base, 0.25), base
            medal = rgb_hex(mix(base, (255, 255, 255), 0.82))
        defs.append(_gradient("panel", top, bottom))
        body.append(_panel("url(#panel)"))
        if not small:
            accent = rgb_hex(mix(bottom, (255, 255, 255), 0.5))
            body.append(_pattern("heart" if card == "P" else "circle", accent, 0.55, step=62, r=9))
        if small:
            body.append(_medallion(250, 360, 205, 290, medal))
            body.append(svg.place("llama_head.svg", 70, 120, 360, 430, colors=_llama_colors(card, colorblind)))
            if index:
                for cx, cy in ((78, 86), (422, 614)):
                    body.append(f'<circle cx="{cx}" cy="{cy}" r="62" fill="{medal}" stroke="{INK}" '
                                f'stroke-width="{LINE * 0.9}"/>')
                    body.append(svg.place("llama_head.svg", cx - 50, cy - 56, 100, 110,
                                          colors=_llama_colors(card, colorblind)))
        else:
            body.append(_medallion(250, 350, 180, 250, medal))
            body.append(svg.place("llama_head.svg", 70, 128, 360, 424, colors=_llama_colors(card, colorblind)))
            for cx, cy, _flip in ((85, 95, False), (415, 605, True)):
                body.append(f'<circle cx="{cx}" cy="{cy}" r="52" fill="{medal}" stroke="{INK}" '
                            f'stroke-width="{LINE * 0.75}"/>')
                body.append(svg.place("llama_head.svg", cx - 42, cy - 47, 84, 92,
                                      colors=_llama_colors(card, colorblind)))
    elif "/" in card:
        a, b = card.split("/")
        ca, cb = hues[a], hues[b]
        defs.append(_gradient("pa", shade(ca, 0.2), ca))
        defs.append(_gradient("pb", shade(cb, 0.2), cb))
        body.append(_panel("url(#pb)"))
        body.append('<path d="M50,30 H450 Q470,30 470,50 V200 L30,500 V50 Q30,30 50,30 Z" fill="url(#pa)"/>')
        body.append(f'<path d="M470,200 L30,500" stroke="{INK}" stroke-width="{LINE}" stroke-linecap="round"/>')
        if colorblind:
            step, rr = (70, 12) if not small else (105, 20)
            body.append(_pattern(VALUE_SHAPES[a], PAPER, 0.35, r=rr, step=step,
                                 where=lambda x, y: _upper(x, y) and abs(y - 200 - (470 - x) * 300 / 440) > rr * 1.6))
            body.append(_pattern(
                VALUE_SHAPES[b], PAPER, 0.35, r=rr, step=step,
                where=lambda x, y: not _upper(x, y) and abs(y - 200 - (470 - x) * 300 / 440) > rr * 1.6))
        r = 150 if small else 120
        body.append(_medallion(172 if not small else 165, 215 if not small else 225, r, r * 1.1, PAPER))
        body.append(_medallion(328 if not small else 335, 485 if not small else 475, r, r * 1.1, PAPER))
    else:
        c = hues[card]
        defs.append(_gradient("panel", shade(c, 0.22), shade(c, -0.05)))
        body.append(_panel("url(#panel)"))
        if colorblind:
            body.append(_pattern(VALUE_SHAPES[card], PAPER, 0.32 if not small else 0.4, r=14 if not small else 22,
                                 step=70 if not small else 110))
        elif not small:
            body.append(_pattern("circle", PAPER, 0.13, r=10))
        if small:
            body.append(_medallion(250, 372, 205, 285, PAPER))
            if colorblind:
                body.append(shape(VALUE_SHAPES[card], 250, 372, 170, f'fill="{rgb_hex(c)}" opacity="0.28"'))
        else:
            body.append(_medallion(250, 350, 172, 235, PAPER))
            body.append(f'<ellipse cx="250" cy="350" rx="150" ry="213" fill="none" stroke="{rgb_hex(c)}" '
                        f'stroke-width="{LINE * 0.35:.1f}" opacity="0.55"/>')
            kind = VALUE_SHAPES[card] if colorblind else "circle"
            pip_r = 15 if int(card) < 6 else 13.5
            body.append(_pips(int(card), kind, rgb_hex(c), 183, pip_r))
            body.append(_pips(int(card), kind, rgb_hex(c), 517, pip_r))
    body.append(_SHEEN)
    if plus:  # on the left edge under the index: the part of a card a fanned hand leaves visible
        body.append(_plus_badge(92, 218, 56) if not small else _plus_badge(84, 246, 72))
    if symbol:
        body.append(_symbol_badge(symbol, 88, 612, 58 if not small else 80))
    return f"<defs>{''.join(defs)}</defs>{''.join(body)}"


def double_values(width: int) -> tuple[float, tuple[float, float], tuple[float, float]]:
    """Where a double card's two values are drawn on its face ``width`` px wide: the numerals' height and the centre
    of the first (upper left) and of the second (lower right) value, in pixels of the face."""
    small = width < SMALL
    s, sy = width / VW, card_height(width) / VH
    first = ((165 if small else 172) * s, (225 if small else 215) * sy)
    second = ((335 if small else 328) * s, (475 if small else 485) * sy)
    return (175 if small else 150) * s, first, second


def _numeral_hues(colorblind: bool) -> dict:
    """Numeral fill colours: the value hue, a little deeper for the light ones (yellow) so they hold on paper."""
    return {k: (mix(v, (214, 118, 18), 0.38) if luminance(v) > 0.45 else v) for k, v in palette(colorblind).items()}


def _numerals(surface: pygame.Surface, card: str, small: bool, colorblind: bool) -> None:
    w = surface.get_width()
    s = w / VW
    sy = surface.get_height() / VH
    hues = _numeral_hues(colorblind)
    ink = PALETTE["ink"]
    line = max(1.0, LINE * s * 0.9)
    if card in ("L", "P"):
        return
    if "/" in card:
        a, b = card.split("/")
        h, first, second = double_values(w)
        for value, centre in ((a, first), (b, second)):
            img = outlined(value, h, hues[value], ink, line, shadow=True)
            blit_centered(surface, img, centre)
        if not small:
            for value, cx, cy, rot in ((a, 64, 74, 0), (b, 436, 626, 180)):
                img = outlined(value, 62 * s, PALETTE["paper"], ink, max(1, line * 0.8))
                blit_centered(surface, pygame.transform.rotate(img, rot), (cx * s, cy * sy))
        return
    c = hues[card]
    if small:
        img = outlined(card, 285 * s, c, ink, max(1.5, line * 1.1), shadow=True)
        blit_centered(surface, img, (250 * s, 372 * sy))
        if w >= INDEX_MIN:  # fanned hands cover the right part of a card: keep the value readable in the corner
            for cx, cy, rot in ((62, 78, 0), (438, 622, 180)):
                idx = outlined(card, 92 * s, PALETTE["paper"], ink, max(1, line * 0.75))
                blit_centered(surface, pygame.transform.rotate(idx, rot), (cx * s, cy * sy))
        return
    img = outlined(card, 225 * s, c, ink, line, shadow=True)
    blit_centered(surface, img, (250 * s, 352 * sy))
    for cx, cy, rot in ((68, 84, 0), (432, 616, 180)):
        idx = outlined(card, 78 * s, PALETTE["paper"], ink, max(1, line * 0.8))
        blit_centered(surface, pygame.transform.rotate(idx, rot), (cx * s, cy * sy))


@surface_cache(maxsize=1024)
def card_face(card: str, width: int, *, plus: bool = False, symbol: str | None = None,
              colorblind: bool = False) -> pygame.Surface:
    """The face of ``card`` ("1".."6", "L", "P", "2/3", "4/5") ``width`` px wide, height round(width*7/5).

    Cached: the same arguments return the same surface object, which callers must not modify.
    """
    _check(card, symbol)
    width = max(8, int(width))
    height = card_height(width)
    small = width < SMALL
    face = _face_svg(card, small, plus, symbol, colorblind, width >= INDEX_MIN)
    surface = svg.render(svg.document(width, height, face, (VW, VH)), (width, height))
    _numerals(surface, card, small, colorblind)
    return surface


def _clip_line(slope: float, c: float, box: tuple[float, float, float, float]):
    """The part of the line y = slope * x + c inside box (x0, y0, x1, y1), or None."""
    x0, y0, x1, y1 = box
    lo, hi = x0, x1
    ya, yb = (y0 - c) / slope, (y1 - c) / slope
    lo, hi = max(lo, min(ya, yb)), min(hi, max(ya, yb))
    if hi - lo < 1:
        return None
    return lo, slope * lo + c, hi, slope * hi + c


def _ring(inset: float, radius: float) -> str:
    """The paper border between the card edge and a panel: covers pattern that runs past the panel."""
    outer = svg.rounded_rect_path(LINE / 2, LINE / 2, VW - LINE, VH - LINE, RADIUS)
    inner = svg.rounded_rect_path(inset, inset, VW - 2 * inset, VH - 2 * inset, radius)
    return f'<path d="{outer} {inner}" fill="{PAPER}" fill-rule="evenodd"/>'


def _back_svg(small: bool) -> str:
    back, dark = PALETTE["back"], PALETTE["back_dark"]
    inset = 26
    defs = [_gradient("bk", shade(back, 0.1), dark)]
    body = [_frame(), _panel("url(#bk)", inset)]
    box = (inset, inset, VW - inset, VH - inset)
    lattice = rgb_hex(shade(back, 0.22))
    half_w, half_h = (50, 70) if not small else (125, 175)
    lines = []
    for k in range(-12, 13):
        for slope, c0 in ((half_h / half_w, 350 - half_h - 250 * half_h / half_w),
                          (-half_h / half_w, 350 - half_h + 250 * half_h / half_w)):
            seg = _clip_line(slope, c0 + k * 2 * half_h, box)
            if seg:
                lines.append(f"M{seg[0]:.1f},{seg[1]:.1f} L{seg[2]:.1f},{seg[3]:.1f}")
    body.append(f'<path d="{" ".join(lines)}" stroke="{lattice}" stroke-width="{LINE * 0.45:.1f}" fill="none" '
                f'opacity="0.8"/>')
    tint = {"#fffaf0": rgb_hex(shade(back, 0.3))}
    dots = []
    for j in range(-6, 7):
        for i in range(-4, 5):
            cx = 250 + i * 2 * half_w + (half_w if j % 2 else 0)
            cy = 350 + j * half_h
            if not (inset - half_w < cx < VW - inset + half_w and inset - half_h < cy < VH - inset + half_h):
                continue
            if inset + 8 < cx < VW - inset - 8 and inset + 8 < cy - half_h < VH - inset - 8:
                dots.append(f'<circle cx="{cx:.1f}" cy="{cy - half_h:.1f}" r="{LINE * 0.55:.1f}"/>')
            if small:
                continue
            body.append(svg.place("llama_silhouette.svg", cx - half_w * 0.5, cy - half_h * 0.52, half_w, half_h * 0.95,
                                  colors=tint, flip=bool(j % 2), extra='opacity="0.75"'))
    body.append(f'<g fill="{rgb_hex(PALETTE["gold"])}" opacity="0.7">{"".join(dots)}</g>')
    body.append(_ring(inset, 20))
    body.append(f'<path d="{svg.rounded_rect_path(LINE / 2, LINE / 2, VW - LINE, VH - LINE, RADIUS)}" fill="none" '
                f'stroke="{INK}" stroke-width="{LINE}"/>')
    frame = svg.rounded_rect_path(inset + 14, inset + 14, VW - 2 * inset - 28, VH - 2 * inset - 28, 12)
    body.append(f'<path d="{frame}" '
                f'fill="none" stroke="{rgb_hex(PALETTE["gold"])}" stroke-width="{LINE * 0.4}" opacity="0.75"/>')
    rx, ry = (150, 190) if not small else (190, 250)
    body.append(f'<ellipse cx="250" cy="350" rx="{rx}" ry="{ry}" fill="{CREAM}" stroke="{INK}" stroke-width="{LINE}"/>')
    body.append(f'<ellipse cx="250" cy="350" rx="{rx - 22}" ry="{ry - 22}" fill="none" '
                f'stroke="{rgb_hex(PALETTE["gold"])}" stroke-width="{LINE * 0.6}"/>')
    if small:
        body.append(svg.place("llama_head.svg", 100, 160, 300, 360))
    else:
        body.append(svg.place("llama_head.svg", 135, 205, 230, 280))
    return f"<defs>{''.join(defs)}</defs>{''.join(body)}"


@surface_cache(maxsize=64)
def card_back(width: int) -> pygame.Surface:
    """The common card back: terracotta with a repeating llama pattern and a llama medallion."""
    width = max(8, int(width))
    height = card_height(width)
    return svg.render(svg.document(width, height, _back_svg(width < SMALL), (VW, VH)), (width, height))


def card_shadow_pad(width: int) -> int:
    """How far the shadow surface reaches beyond the card on each side (blit it at card.x - pad, card.y - pad)."""
    return max(3, round(width * 0.09))


@surface_cache(maxsize=64)
def card_shadow(width: int) -> pygame.Surface:
    """A soft shadow to blit under a card at ``(card.x - pad, card.y - pad)``, pad = ``card_shadow_pad(width)``.

    The shadow is already shifted a little down (light from above).
    """
    width = max(8, int(width))
    height = card_height(width)
    pad = card_shadow_pad(width)
    surf = pygame.Surface((width + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
    drop = max(1, round(width * 0.025))
    inset = max(1, round(width * 0.015))
    pygame.draw.rect(surf, (*PALETTE["shadow"], 120),
                     (pad + inset, pad + drop + inset, width - 2 * inset, height - 2 * inset),
                     border_radius=max(1, round(width * 0.06)))
    blurred = pygame.transform.gaussian_blur(surf, max(1, round(pad * 0.55)))
    return svg.finish(blurred)


@surface_cache(maxsize=64)
def card_glow(width: int, color: tuple[int, int, int] | None = None) -> pygame.Surface:
    """A soft halo for a selected or playable card; blit like the shadow at (card.x - pad, card.y - pad)."""
    width = max(8, int(width))
    height = card_height(width)
    pad = card_shadow_pad(width)
    rgb = tuple(color) if color else PALETTE["glow"]
    surf = pygame.Surface((width + 2 * pad, height + 2 * pad), pygame.SRCALPHA)
    grow = max(2, round(pad * 0.45))
    pygame.draw.rect(surf, (*rgb, 235), (pad - grow, pad - grow, width + 2 * grow, height + 2 * grow),
                     border_radius=max(2, round(width * 0.06) + grow))
    blurred = pygame.transform.gaussian_blur(surf, max(1, round(pad * 0.45)))
    return svg.finish(blurred)


@surface_cache(maxsize=32)
def card_slot(width: int) -> pygame.Surface:
    """An empty card place (dashed rounded outline on a faint dark fill): draw piles, empty discard."""
    width = max(8, int(width))
    height = card_height(width)
    body = (f'<path d="{svg.rounded_rect_path(LINE, LINE, VW - 2 * LINE, VH - 2 * LINE, RADIUS)}" '
            f'fill="{rgb_hex(PALETTE["felt_dark"])}" fill-opacity="0.35" stroke="{CREAM}" stroke-opacity="0.55" '
            f'stroke-width="{LINE}" stroke-dasharray="{LINE * 3} {LINE * 2}"/>')
    return svg.render(svg.document(width, height, body, (VW, VH)), (width, height))
