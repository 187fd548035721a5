"""Small SVG shape helpers shared by cards, tokens and dice (all in the caller's coordinate units)."""

from __future__ import annotations

import math


def polygon(cx: float, cy: float, r: float, sides: int, rotation: float = -90.0) -> str:
    pts = []
    for i in range(sides):
        a = math.radians(rotation + 360 * i / sides)
        pts.append(f"{cx + r * math.cos(a):.2f},{cy + r * math.sin(a):.2f}")
    return " ".join(pts)


def star_points(cx: float, cy: float, r: float, inner: float = 0.45, points: int = 5) -> str:
    pts = []
    for i in range(points * 2):
        a = math.radians(-90 + 180 * i / points)
        rr = r if i % 2 == 0 else r * inner
        pts.append(f"{cx + rr * math.cos(a):.2f},{cy + rr * math.sin(a):.2f}")
    return " ".join(pts)


def shape(kind: str, cx: float, cy: float, r: float, attrs: str) -> str:
    """One of circle, triangle, square, diamond, star, hexagon, heart, centred at (cx, cy) with radius ~r."""
    if kind == "circle":
        return f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r * 0.86:.2f}" {attrs}/>'
    if kind == "triangle":
        return f'<polygon points="{polygon(cx, cy + r * 0.14, r * 1.08, 3)}" {attrs}/>'
    if kind == "square":
        s = r * 0.78
        return (f'<rect x="{cx - s:.2f}" y="{cy - s:.2f}" width="{2 * s:.2f}" height="{2 * s:.2f}" '
                f'rx="{s * 0.18:.2f}" {attrs}/>')
    if kind == "diamond":
        return f'<polygon points="{polygon(cx, cy, r * 1.02, 4)}" {attrs}/>'
    if kind == "star":
        return f'<polygon points="{star_points(cx, cy + r * 0.06, r * 1.08, 0.48)}" {attrs}/>'
    if kind == "hexagon":
        return f'<polygon points="{polygon(cx, cy, r * 0.95, 6, 0)}" {attrs}/>'
    if kind == "heart":
        s = r / 10
        return (f'<path d="M{cx:.2f},{cy + 9 * s:.2f} C{cx - 14 * s:.2f},{cy:.2f} {cx - 10 * s:.2f},{cy - 10 * s:.2f} '
                f'{cx:.2f},{cy - 4 * s:.2f} C{cx + 10 * s:.2f},{cy - 10 * s:.2f} {cx + 14 * s:.2f},{cy:.2f} '
                f'{cx:.2f},{cy + 9 * s:.2f} Z" {attrs}/>')
    raise ValueError(f"unknown shape {kind!r}")


def pip_layout(n: int) -> list[tuple[float, float]]:
    """Die-style pip positions for n = 1..6 in a unit square centred on (0, 0) (coordinates in -1..1)."""
    c, a = 0.0, 0.62
    table = {
        1: [(c, c)],
        2: [(-a, -a), (a, a)],
        3: [(-a, -a), (c, c), (a, a)],
        4: [(-a, -a), (a, -a), (-a, a), (a, a)],
        5: [(-a, -a), (a, -a), (c, c), (-a, a), (a, a)],
        6: [(-a, -a), (a, -a), (-a, c), (a, c), (-a, a), (a, a)],
    }
    return table[n]
