"""Table felt, standing llama figures, the title logo and the app icon."""

from __future__ import annotations

import random
from lama_desktop.app.art.cache import surface_cache

import pygame

from lama_desktop.app.art import svg
from lama_desktop.app.art.palette import PALETTE, hex_rgb, mix, rgb_hex, shade
from lama_desktop.app.art.text import outlined

INK = rgb_hex(PALETTE["ink"])


# --- felt --------------------------------------------------------------------

@surface_cache(maxsize=1)
def _felt_grain() -> pygame.Surface:
    """A 128 x 128 tile of faint light/dark speckles (seeded, so the felt looks the same every run)."""
    rng = random.Random(1972)
    tile = pygame.Surface((128, 128), pygame.SRCALPHA)
    for y in range(128):
        for x in range(128):
            v = rng.random()
            if v < 0.28:
                tile.set_at((x, y), (255, 255, 240, rng.randint(4, 12)))
            elif v > 0.70:
                tile.set_at((x, y), (0, 20, 18, rng.randint(5, 16)))
    return tile


@surface_cache(maxsize=8)
def table_felt(size: tuple[int, int]) -> pygame.Surface:
    """Deep teal felt of ``size`` with a soft centre light, a vignette and a fine grain. Opaque."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    light, base, dark = PALETTE["felt_light"], PALETTE["felt"], PALETTE["felt_dark"]
    body = (
        '<defs><radialGradient id="v" gradientUnits="userSpaceOnUse" cx="500" cy="460" r="760" fx="500" fy="430">'
        f'<stop offset="0" stop-color="{rgb_hex(mix(light, base, 0.25))}"/>'
        f'<stop offset="0.45" stop-color="{rgb_hex(base)}"/>'
        f'<stop offset="1" stop-color="{rgb_hex(dark)}"/></radialGradient></defs>'
        '<rect x="0" y="0" width="1000" height="1000" fill="url(#v)"/>'
    )
    # the gradient is smooth: render it small and scale up (a full-HD felt costs ~20 ms instead of ~200 ms)
    sw, sh = max(1, (w + 3) // 4), max(1, (h + 3) // 4)
    gradient = svg.render(svg.document(sw, sh, body, (1000, 1000)), (sw, sh))
    felt = pygame.Surface((w, h))
    felt.blit(pygame.transform.smoothscale(gradient.convert_alpha() if pygame.display.get_surface() else gradient,
                                           (w, h)), (0, 0))
    grain = _felt_grain()
    for y in range(0, h, 128):
        for x in range(0, w, 128):
            felt.blit(grain, (x, y))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        felt = felt.convert()
    return felt


# --- llamas ------------------------------------------------------------------

#: Fur colours of standing llamas: (fur, shade). The blanket keeps the gold/pink accent unless given.
LLAMA_FURS: dict[str, tuple[str, str]] = {
    "cream": ("#fffaf0", "#efe0c2"),
    "white": ("#ffffff", "#e8e6e1"),
    "brown": ("#b98a62", "#9a6e4b"),
    "grey": ("#c9c3bb", "#a9a299"),
    "black": ("#5a4a44", "#453833"),
    "pink": ("#f7b3d0", "#ee8fbb"),
    "gold": ("#f6d27a", "#e0b04e"),
}

#: Player colours for blankets (Llama Land pieces, name plates).
PLAYER_COLORS: dict[str, str] = {
    "red": "#d9534a", "blue": "#3f78d8", "green": "#4f9d57", "yellow": "#f2c12e", "purple": "#8a5bc4",
    "orange": "#ef8a2c", "pink": "#ec5f9b", "teal": "#2aa198",
}

STANDING_VIEW = (130, 192)


def llama_size(height: int) -> tuple[int, int]:
    height = max(8, int(height))
    return round(height * STANDING_VIEW[0] / STANDING_VIEW[1]), height


@surface_cache(maxsize=128)
def llama_figure(height: int, color: str = "cream", blanket: str | None = None) -> pygame.Surface:
    """A standing llama facing right, ``height`` px tall (width = height * 130/192).

    ``color`` is a fur from ``LLAMA_FURS`` (cream, white, brown, grey, black, pink, gold); ``blanket`` an optional
    player colour name from ``PLAYER_COLORS`` or ``#rrggbb`` for the saddle blanket.
    """
    if color not in LLAMA_FURS:
        raise ValueError(f"unknown llama colour {color!r}; expected one of {', '.join(LLAMA_FURS)}")
    fur, fur_shade = LLAMA_FURS[color]
    colors = {"#fffaf0": fur, "#efe0c2": fur_shade}
    if color == "pink":
        colors["#ec5f9b"] = "#b8326f"
    if blanket:
        hexcolor = PLAYER_COLORS.get(blanket, blanket)
        base = hex_rgb(hexcolor)
        colors["#f2b441"] = rgb_hex(base)
        colors["#ec5f9b"] = rgb_hex(shade(base, 0.55))
    w, h = llama_size(height)
    body = svg.place("llama_standing.svg", 0, 0, STANDING_VIEW[0], STANDING_VIEW[1], colors=colors)
    return svg.render(svg.document(w, h, body, STANDING_VIEW), (w, h))


@surface_cache(maxsize=64)
def llama_head(height: int, color: str = "cream") -> pygame.Surface:
    """The llama head bust (as on the llama card), ``height`` px tall (width = height * 200/230)."""
    fur, fur_shade = LLAMA_FURS.get(color, LLAMA_FURS["cream"])
    h = max(8, int(height))
    w = round(h * 200 / 230)
    body = svg.place("llama_head.svg", 0, 0, 200, 230, colors={"#fffaf0": fur, "#efe0c2": fur_shade})
    return svg.render(svg.document(w, h, body, (200, 230)), (w, h))


# --- logo and icon -----------------------------------------------------------

@surface_cache(maxsize=16)
def logo(width: int) -> pygame.Surface:
    """The title logo: a standing llama beside "lama-desktop"; width x round(width * 0.34)."""
    w = max(40, int(width))
    h = round(w * 0.34)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    llama = llama_figure(round(h * 0.96), "cream")
    ribbon_h = round(h * 0.36)
    text_h = h * 0.30
    word = outlined("lama", text_h, PALETTE["cream"], PALETTE["ink"], max(1, h * 0.035), shadow=True)
    desk = outlined("desktop", text_h * 0.62, PALETTE["gold"], PALETTE["ink"], max(1, h * 0.03), shadow=True)
    # ribbon behind the words
    left = llama.get_width() * 0.72
    ribbon_w = w - left - 2
    ribbon = (
        f'<path d="M{left:.1f},{h * 0.30:.1f} H{left + ribbon_w:.1f} l{-h * 0.08:.1f},{ribbon_h / 2:.1f} '
        f'l{h * 0.08:.1f},{ribbon_h / 2:.1f} H{left:.1f} Z" fill="{rgb_hex(PALETTE["back"])}" stroke="{INK}" '
        f'stroke-width="{max(1.5, h * 0.025):.1f}" stroke-linejoin="round"/>'
        f'<path d="M{left:.1f},{h * 0.30 + ribbon_h * 0.16:.1f} H{left + ribbon_w - h * 0.07:.1f}" '
        f'stroke="{rgb_hex(PALETTE["gold"])}" stroke-width="{max(1, h * 0.012):.1f}" '
        f'stroke-dasharray="{h * 0.03:.1f} {h * 0.025:.1f}"/>'
        f'<path d="M{left:.1f},{h * 0.30 + ribbon_h * 0.84:.1f} H{left + ribbon_w - h * 0.07:.1f}" '
        f'stroke="{rgb_hex(PALETTE["gold"])}" stroke-width="{max(1, h * 0.012):.1f}" '
        f'stroke-dasharray="{h * 0.03:.1f} {h * 0.025:.1f}"/>'
    )
    surface.blit(svg.render(svg.document(w, h, ribbon), (w, h)), (0, 0))
    text_x = round(left + h * 0.28)
    surface.blit(word, (text_x, round(h * 0.30 + ribbon_h / 2 - word.get_height() / 2)))
    surface.blit(desk, (text_x + word.get_width() + round(h * 0.06),
                        round(h * 0.30 + ribbon_h / 2 + word.get_height() * 0.5 - desk.get_height())))
    surface.blit(llama, (0, h - llama.get_height()))
    return svg.finish(surface)


@surface_cache(maxsize=16)
def app_icon(size: int) -> pygame.Surface:
    """The square app icon (the same drawing as ``assets/art/icon.svg``); a simpler drawing below 40 px."""
    size = max(8, int(size))
    name = "icon.svg" if size >= 40 else "icon-small.svg"
    inner, view = svg.template(name)
    return svg.render(svg.document(size, size, inner, view), (size, size))
