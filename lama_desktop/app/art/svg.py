"""Render SVG text to pygame surfaces at an exact pixel size, and reuse SVG drawings from ``assets/art``.

pygame-ce renders SVG with SDL_image (nanosvg): paths, basic shapes, transforms, ``userSpaceOnUse`` gradients and
opacity work; ``<text>``, ``<use>``, clip paths and filters do not. So text is drawn with the shipped font on top,
and repeated motifs are written out once per copy.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pygame

from lama_desktop.resources import asset_path

_SVG_OPEN = re.compile(r"<svg\b[^>]*>", re.S)
_VIEWBOX = re.compile(r'viewBox="([^"]+)"')
_COMMENT = re.compile(r"<!--.*?-->", re.S)


def document(width: int, height: int, body: str, view: tuple[float, float] | None = None) -> str:
    """Wrap ``body`` (drawn in a ``view`` = (vw, vh) coordinate box) into an SVG of width x height pixels."""
    vw, vh = view if view else (width, height)
    sx, sy = width / vw, height / vh
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"><g transform="scale({sx:.6f} {sy:.6f})">{body}</g></svg>'
    )


def finish(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format (fast blits) once a window exists."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surface.convert_alpha()
        except pygame.error:
            return surface
    return surface


def render(svg: str, size: tuple[int, int]) -> pygame.Surface:
    """Rasterise SVG text to a per-pixel-alpha surface of exactly ``size`` pixels."""
    width, height = max(1, int(size[0])), max(1, int(size[1]))
    raw = pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (width, height))
    if raw.get_size() != (width, height):
        exact = pygame.Surface((width, height), pygame.SRCALPHA)
        exact.blit(raw, (0, 0))
        raw = exact
    elif not raw.get_flags() & pygame.SRCALPHA:
        raw = raw.convert_alpha() if pygame.display.get_surface() else raw
    return finish(raw)


@lru_cache(maxsize=None)
def template(name: str) -> tuple[str, tuple[float, float]]:
    """Return (inner markup, (view width, view height)) of ``assets/art/NAME``."""
    text = asset_path("art", name).read_text(encoding="utf-8")
    text = _COMMENT.sub("", text)
    opening = _SVG_OPEN.search(text)
    if opening is None:
        raise ValueError(f"{name}: not an SVG file")
    box = _VIEWBOX.search(opening.group(0))
    if box is None:
        raise ValueError(f"{name}: the <svg> element needs a viewBox")
    parts = [float(v) for v in box.group(1).replace(",", " ").split()]
    inner = text[opening.end() : text.rindex("</svg>")]
    if parts[0] or parts[1]:
        inner = f'<g transform="translate({-parts[0]} {-parts[1]})">{inner}</g>'
    return inner, (parts[2], parts[3])


def recolor(markup: str, mapping: dict[str, str]) -> str:
    """Replace template colours (``#rrggbb`` keys, case-insensitive) by other ``#rrggbb`` colours."""
    if not mapping:
        return markup
    lowered = {k.lower(): v for k, v in mapping.items()}
    pattern = re.compile("|".join(re.escape(k) for k in lowered), re.I)
    return pattern.sub(lambda m: lowered[m.group(0).lower()], markup)


def place(name: str, x: float, y: float, width: float, height: float | None = None, *,
          colors: dict[str, str] | None = None, flip: bool = False, extra: str = "") -> str:
    """Markup drawing template ``name`` fitted into the box (x, y, width, height), keeping its aspect ratio."""
    inner, (vw, vh) = template(name)
    scale = width / vw if height is None else min(width / vw, height / vh)
    dx = x + (width - vw * scale) / 2
    dy = y + ((height if height is not None else vh * scale) - vh * scale) / 2
    inner = recolor(inner, colors or {})
    if flip:
        return (f'<g transform="translate({dx + vw * scale:.3f} {dy:.3f}) scale({-scale:.5f} {scale:.5f})" {extra}>'
                f"{inner}</g>")
    return f'<g transform="translate({dx:.3f} {dy:.3f}) scale({scale:.5f})" {extra}>{inner}</g>'


def rounded_rect_path(x: float, y: float, w: float, h: float, r: float) -> str:
    """Path data of a rounded rectangle (nanosvg's rx handling is fine, but paths transform more predictably)."""
    r = min(r, w / 2, h / 2)
    return (f"M{x + r:.2f},{y:.2f} H{x + w - r:.2f} A{r:.2f},{r:.2f} 0 0 1 {x + w:.2f},{y + r:.2f} "
            f"V{y + h - r:.2f} A{r:.2f},{r:.2f} 0 0 1 {x + w - r:.2f},{y + h:.2f} H{x + r:.2f} "
            f"A{r:.2f},{r:.2f} 0 0 1 {x:.2f},{y + h - r:.2f} V{y + r:.2f} A{r:.2f},{r:.2f} 0 0 1 {x + r:.2f},{y:.2f} Z")
