"""The menus' look: the palette (warm ink on cream paper, gold, teal felt) and the cached pictures every screen is
drawn with (soft shadows, paper panels, the felt, a dimming veil), with small helpers to centre and tint."""

from __future__ import annotations

import logging

import pygame
from lama_desktop.app.art.cache import picture_store
from lama_desktop.app import art

log = logging.getLogger(__name__)

# --- palette --------------------------------------------------------------------------------------------------------
INK = (74, 44, 29)  # dark warm brown: text and lines, never pure black
INK_SOFT = (122, 90, 69)
CREAM = (251, 243, 225)
CREAM_DARK = (233, 220, 192)
PAPER_EDGE = (214, 196, 168)
GOLD = (242, 169, 59)
GOLD_DARK = (201, 127, 23)
GOLD_LIGHT = (252, 208, 120)
PINK = (236, 95, 155)
TEAL = (31, 95, 91)
TEAL_DARK = (18, 60, 59)
TEAL_LIGHT = (45, 122, 114)
WHITE = (255, 255, 255)
SHADOW = (0, 0, 0)
DISABLED = (190, 180, 165)
FOCUS = (255, 236, 170)
GOOD = (88, 160, 96)
BAD = (196, 72, 64)


# --- drawing helpers (cached) --------------------------------------------------------------------------------------
_shape_cache: dict[tuple, pygame.Surface] = picture_store()


def _cached(key, build):
    surf = _shape_cache.get(key)
    if surf is None:
        if len(_shape_cache) > 600:
            _shape_cache.clear()
        surf = _shape_cache[key] = build()
    return surf


def shadow_surface(size: tuple[int, int], radius: int, blur: int, alpha: int = 90) -> pygame.Surface:
    """A soft shadow for a rounded rectangle of ``size``; the result is larger by ``2*blur`` on each axis. A big
    one is the shadow of a small rectangle stretched (``_stretched``): a panel's blurred whole took 15 ms."""
    core = 2 * (radius + 3 * blur) + 8  # beyond this from its sides a shadow no longer changes
    w, h = size
    if w > core or h > core:
        small = shadow_surface((min(w, core), min(h, core)), radius, blur, alpha)
        return _cached(("shadow", size, radius, blur, alpha),
                       lambda: _stretched(small, (w + 4 * blur, h + 4 * blur)))

    def build():
        # blurred at a quarter of the size, then scaled up (smoothscale adds its own softness): ~20x cheaper
        full = (w + 4 * blur, h + 4 * blur)
        k = max(1, min(4, blur // 2))  # small blurs stay exact; big ones are blurred small and scaled up
        small = pygame.Surface((max(1, full[0] // k), max(1, full[1] // k)), pygame.SRCALPHA)
        pygame.draw.rect(small, (*SHADOW, alpha), (2 * blur // k, 2 * blur // k, max(1, w // k), max(1, h // k)),
                         border_radius=max(0, radius // k))
        if blur >= k:
            small = pygame.transform.gaussian_blur(small, max(1, blur // k))
        return pygame.transform.smoothscale(small, full) if k > 1 else small
    return _cached(("shadow", size, radius, blur, alpha), build)


def _stretched(small: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``small`` (a picture whose middle row and column are uniform along their length) at ``size``: its
    corners as they are, its middle column and row stretched, its middle pixel filling the rest. Copied exactly
    (``BLEND_RGBA_MAX`` over the new picture's transparent pixels), not blended."""
    sw, sh = small.get_size()
    fw, fh = size
    cx, cy = sw // 2, sh // 2
    left, right, top, bottom = cx, sw - cx - 1, cy, sh - cy - 1
    mid_w, mid_h = fw - left - right, fh - top - bottom
    out = pygame.Surface(size, pygame.SRCALPHA)
    copy = pygame.BLEND_RGBA_MAX
    for (x, y, w, h), (dx, dy, dw, dh) in (
            ((0, 0, left, top), (0, 0, left, top)), ((cx + 1, 0, right, top), (fw - right, 0, right, top)),
            ((0, cy + 1, left, bottom), (0, fh - bottom, left, bottom)),
            ((cx + 1, cy + 1, right, bottom), (fw - right, fh - bottom, right, bottom)),
            ((cx, 0, 1, top), (left, 0, mid_w, top)), ((cx, cy + 1, 1, bottom), (left, fh - bottom, mid_w, bottom)),
            ((0, cy, left, 1), (0, top, left, mid_h)), ((cx + 1, cy, right, 1), (fw - right, top, right, mid_h))):
        if w > 0 and h > 0 and dw > 0 and dh > 0:
            piece = small.subsurface((x, y, w, h))
            out.blit(piece if (w, h) == (dw, dh) else pygame.transform.scale(piece, (dw, dh)), (dx, dy),
                     special_flags=copy)
    out.fill(small.get_at((cx, cy)), (left, top, mid_w, mid_h))
    return out


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, blur: int, offset: int = 0,
                alpha: int = 90) -> None:
    shadow = shadow_surface(rect.size, radius, blur, alpha)
    surface.blit(shadow, (rect.x - 2 * blur, rect.y - 2 * blur + offset))


def panel_surface(size: tuple[int, int], radius: int, fill=CREAM, border=PAPER_EDGE, border_width: int = 2,
                  header: int = 0, header_fill=None) -> pygame.Surface:
    def build():
        surf = pygame.Surface(size, pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        if header and header_fill:
            top = pygame.Rect(0, 0, rect.w, header)
            pygame.draw.rect(surf, header_fill, top, border_top_left_radius=radius, border_top_right_radius=radius)
        if border_width:
            pygame.draw.rect(surf, border, rect, border_width, border_radius=radius)
        return surf
    return _cached(("panel", size, radius, tuple(fill), tuple(border), border_width, header,
                    tuple(header_fill) if header_fill else None), build)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, ui, fill=CREAM, border=PAPER_EDGE, shadow=True,
               radius: float = 18, header: int = 0, header_fill=None) -> None:
    r = ui.s(radius)
    if shadow:
        draw_shadow(surface, rect, r, ui.s(10), offset=ui.s(6), alpha=110)
    surface.blit(panel_surface(rect.size, r, fill, border, max(1, ui.s(2)), header, header_fill), rect)


def panel_steps(rect: pygame.Rect, ui, fill=CREAM, border=PAPER_EDGE, radius: float = 18):
    """``draw_panel``'s two pictures built ahead, one a step (a ``Prebuild`` job's part): its shadow, its paper."""
    r = ui.s(radius)
    shadow_surface(rect.size, r, ui.s(10), 110)
    yield
    panel_surface(rect.size, r, fill, border, max(1, ui.s(2)))
    yield


def felt_surface(size: tuple[int, int]) -> pygame.Surface:
    """The table felt with its vignette: from ``art.table_felt`` when available, else a local rendering."""
    def build():
        try:
            surf = art.table_felt(size)
            if surf.get_size() != size:
                surf = pygame.transform.smoothscale(surf, size)
            return surf.convert() if pygame.display.get_surface() else surf
        except Exception:  # noqa: BLE001 - logged: the art package not ready; a felt of our own instead
            log.warning("the table felt could not be drawn; a plain one instead", exc_info=True)
            return _fallback_felt(size)
    return _cached(("felt", size), build)


def _fallback_felt(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    small = pygame.Surface((64, 36))
    cx, cy = 31.5, 17.5
    for y in range(36):
        for x in range(64):
            d = min(1.0, (((x - cx) / 34) ** 2 + ((y - cy) / 21) ** 2) ** 0.5)
            k = 1.0 - 0.55 * d * d
            small.set_at((x, y), (int(TEAL[0] * k + 4), int(TEAL[1] * k + 6), int(TEAL[2] * k + 6)))
    return pygame.transform.smoothscale(small, (w, h))


def dim_surface(size: tuple[int, int], alpha: int = 150) -> pygame.Surface:
    def build():
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((8, 24, 24, alpha))
        return surf
    return _cached(("dim", size, alpha), build)


def blit_center(surface: pygame.Surface, image: pygame.Surface, center) -> pygame.Rect:
    return surface.blit(image, image.get_rect(center=(round(center[0]), round(center[1]))))


def blit_text_center(surface: pygame.Surface, image: pygame.Surface, center) -> pygame.Rect:
    """Centre rendered text optically: a line's box holds descender room, so nudge it down a little."""
    return blit_center(surface, image, (center[0], center[1] + image.get_height() * 0.06))


def lighten(color, amount: float):
    return tuple(min(255, round(c + (255 - c) * amount)) for c in color[:3])


def darken(color, amount: float):
    return tuple(max(0, round(c * (1 - amount))) for c in color[:3])

