"""Table layouts from Tiled maps (``levels/table_<game>_<n>p.tmx``, a game's own in its folder), scaled to the window.

A map is drawn at a reference size (its pixel size, 1600×900 for the L.A.M.A. tables). Its object layer
``anchors`` holds named rectangles that must never overlap (``seat0.hand`` is the player at the bottom, then
``seat1.*``… clockwise; ``draw_pile``, ``discard``, ``drama_board``, ``status``, ``buttons``, ``log``, ``menu``);
the layer ``overlays`` holds transient pieces drawn over the table (``toast``). Each rectangle's ``follow_x`` /
``follow_y`` (0..1) say how it follows the window's extra width / height once the reference is scaled uniformly
(``scale = min(W / ref_w, H / ref_h)``): 0 stays with the left / top edge, 1 with the right / bottom, 0.5 centred.
Rectangles that do not overlap at the reference therefore never overlap at any window size (they only move apart).

The UI-scale setting then reaches every seat: ``Layout.grow_seats(scale)`` shrinks each seat's anchors (plate, an
opponent's hand / row, tokens) together below 100%, and above it grows them as far as each seat has free room (all
opponents alike; never onto another anchor nor off the window); ``layout.seat_s(k, px)`` sizes a seat's pieces.

pytmx loads the map without a display (``TiledMap``; no tile images are needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame
import pytmx

from lama_desktop.resources import level_path


@dataclass(frozen=True)
class Anchor:
    name: str
    kind: str
    x: float
    y: float
    w: float
    h: float
    follow_x: float
    follow_y: float
    overlay: bool


@dataclass(frozen=True)
class LayoutSpec:
    path: str
    ref_size: tuple[int, int]
    players: int
    anchors: tuple[Anchor, ...]


@lru_cache(maxsize=32)
def load_layout(name: str | Path) -> LayoutSpec:
    """Load ``levels/<name>.tmx`` (e.g. ``table_lama_4p``, the frame's shared tables) or the map at ``name`` when it
    is a path (a game's own table in its folder's ``levels/``)."""
    path = name if isinstance(name, Path) else level_path(f"{name}.tmx")
    tiled = pytmx.TiledMap(str(path))
    ref = (int(tiled.width * tiled.tilewidth), int(tiled.height * tiled.tileheight))
    anchors = []
    for group in tiled.objectgroups:
        if group.name not in ("anchors", "overlays"):
            continue
        for obj in group:
            props = obj.properties or {}
            anchors.append(Anchor(str(obj.name), str(obj.type or ""), float(obj.x), float(obj.y),
                                  float(obj.width), float(obj.height), float(props.get("follow_x", 0.5)),
                                  float(props.get("follow_y", 0.5)), group.name == "overlays"))
    names = [a.name for a in anchors]
    if len(set(names)) != len(names):
        raise ValueError(f"{path}: anchor names must be unique")
    players = int((tiled.properties or {}).get("players", 0))
    return LayoutSpec(str(path), ref, players, tuple(anchors))


def table_layout_name(game: str, players: int) -> str:
    return f"table_{game}_{players}p"


#: reference pixels a grown seat keeps clear of every other anchor
AIR = 8

#: how much taller than wider a seat boxed in sideways may grow (its plate keeps room for the name)
TALLER = 1.12

#: ``Layout.grow_seats`` results by (map, window size, factor, kept anchors): a resize back and forth is free
_GROWN: dict[tuple, tuple[dict, dict]] = {}


class Layout:
    """A layout scaled to one window size: ``layout["seat0.hand"]`` is a pygame ``Rect``; ``layout.scale``."""

    def __init__(self, spec: LayoutSpec, size: tuple[int, int]):
        self.spec = spec
        self.size = (int(size[0]), int(size[1]))
        rw, rh = spec.ref_size
        self.scale = min(self.size[0] / rw, self.size[1] / rh)
        extra_x = self.size[0] - rw * self.scale
        extra_y = self.size[1] - rh * self.scale
        self.rects: dict[str, pygame.Rect] = {}
        self.overlays: set[str] = set()
        #: each seat's own UI scale once ``grow_seats`` ran (the factor its plate, pieces and tokens got)
        self.seat_scale: dict[int, float] = {}
        s = self.scale
        for a in spec.anchors:
            left = round(a.x * s + a.follow_x * extra_x)
            top = round(a.y * s + a.follow_y * extra_y)
            right = round((a.x + a.w) * s + a.follow_x * extra_x)
            bottom = round((a.y + a.h) * s + a.follow_y * extra_y)
            self.rects[a.name] = pygame.Rect(left, top, right - left, bottom - top)
            if a.overlay:
                self.overlays.add(a.name)

    def __getitem__(self, name: str):
        return self.rects[name]

    def get(self, name: str, default=None):
        return self.rects.get(name, default)

    def __contains__(self, name: str) -> bool:
        return name in self.rects

    def s(self, value: float) -> int:
        """A reference length in pixels at this size."""
        return max(1, round(value * self.scale)) if value > 0 else round(value * self.scale)

    def seat_rect(self, position: int, part: str):
        return self.rects.get(f"seat{position}.{part}")

    def seat_s(self, position: int, value: float) -> int:
        """A reference length in pixels for a piece of seat ``position`` (its plate's, cards', tokens' size):
        it follows the seat's share of the UI scale (``grow_seats``)."""
        return self.s(value * self.seat_scale.get(position, 1.0))

    def grow_seats(self, factor: float, keep=()) -> None:
        """Scale every seat's anchors by the UI scale ``factor`` (see ``_grow_seats``); the opponents (seats 1..)
        all get the same factor, the largest every one of them has room for, so that their plates and pieces
        stay alike."""
        key = (self.spec.path, self.size, factor, tuple(keep))
        cached = _GROWN.get(key)
        if cached is not None:
            self.rects.update({name: rect.copy() for name, rect in cached[0].items()})
            self.seat_scale = dict(cached[1])
            return
        if factor > 1.0:
            def all_get(u):
                trial = Layout(self.spec, self.size)
                trial._grow_seats(factor, keep, u)
                return all(f >= u - 1e-3 for seat, f in trial.seat_scale.items() if seat)

            self._grow_seats(factor, keep, _largest(all_get, factor))
        else:
            self._grow_seats(factor, keep)
        if len(_GROWN) > 64:
            _GROWN.clear()
        _GROWN[key] = ({name: rect.copy() for name, rect in self.rects.items() if name.startswith("seat")},
                       dict(self.seat_scale))

    def _grow_seats(self, factor: float, keep=(), opponents: float | None = None) -> None:
        """Scale every seat's anchors (``seat<k>.*`` but the names in ``keep``) by the UI scale ``factor``.

        A seat's anchors scale together about one pivot of their bounding box (the plate's ``follow`` point first:
        a seat at the left edge stays there), so the seat keeps its inner arrangement. Shrinking stays inside the
        reference rectangles. Growing takes the largest factor up to ``factor`` (tried about each corner, edge
        middle and the centre of the box) that touches no other anchor nor the window's margin, then lets the
        height alone grow further where only the sides are boxed in; a seat grows less rather than overlap.
        ``seat_scale[k]`` records the height factor seat ``k`` got (what its pieces and text follow)."""
        groups: dict[int, list[str]] = {}
        for name in self.rects:
            if name.startswith("seat") and "." in name and name not in keep and name not in self.overlays:
                head = name.split(".", 1)[0][4:]
                if head.isdigit():
                    groups.setdefault(int(head), []).append(name)
        anchors = {a.name: a for a in self.spec.anchors}
        margin = self.s(6)
        air = self.s(AIR)
        window = pygame.Rect((0, 0), self.size).inflate(-2 * margin, -2 * margin)
        whole = factor
        for seat in sorted(groups):
            factor = whole if seat == 0 or opponents is None else min(whole, opponents)
            names = groups[seat]
            box = self.rects[names[0]].unionall([self.rects[n] for n in names[1:]])
            lead = anchors.get(f"seat{seat}.plate") or anchors[names[0]]
            pivots = [(lead.follow_x, lead.follow_y)] + [(fx, fy) for fy in (1.0, 0.0, 0.5) for fx in (0.0, 1.0, 0.5)]

            def scaled(fx, fy, pivot, box=box, names=names):
                px, py = box.x + pivot[0] * box.w, box.y + pivot[1] * box.h
                out = {}
                for n in names:
                    r = self.rects[n]
                    # the size from the factor alone (about any pivot, a larger factor never makes a piece a
                    # pixel smaller), the place about the pivot
                    out[n] = pygame.Rect(round(px + (r.x - px) * fx), round(py + (r.y - py) * fy),
                                         round(r.w * fx), round(r.h * fy))
                return out

            if factor <= 1.0:
                chosen, got = scaled(factor, factor, pivots[0]), factor
            else:
                others = [r for n, r in self.rects.items() if n not in names and n not in self.overlays]

                def free(rects, others=others):  # inside the window, and a breathing space from every other anchor
                    return all(window.contains(r) and r.inflate(2 * air, 2 * air).collidelist(others) < 0
                               for r in rects.values())

                # the largest uniform factor, then the height alone as far as it goes: a seat boxed in sideways
                # still gets taller plates, cards and text (its row / fan closes up, its name fits the plate)
                chosen, got, best = None, 0.0, (0.0, 0.0)
                for pivot in pivots:
                    fx = _largest(lambda f, pivot=pivot: free(scaled(f, f, pivot)), factor)
                    fy = _largest(lambda f, pivot=pivot, fx=fx: free(scaled(fx, f, pivot)),
                                  min(factor, fx * TALLER), fx)
                    if (fy, fx) > (best[0] + 1e-3, best[1]):
                        chosen, got, best = scaled(fx, fy, pivot), fy, (fy, fx)
                    if fy >= factor and fx >= factor:
                        break
                if chosen is None:
                    chosen, got = scaled(1.0, 1.0, pivots[0]), 1.0
            self.rects.update(chosen)
            self.seat_scale[seat] = got

    def overlaps(self) -> list[tuple[str, str]]:
        """Pairs of non-overlay rectangles that intersect, plus any rectangle leaving the window (tests)."""
        solid = [(n, r) for n, r in self.rects.items() if n not in self.overlays]
        bad = []
        for i, (na, ra) in enumerate(solid):
            for nb, rb in solid[i + 1:]:
                if ra.colliderect(rb):
                    bad.append((na, nb))
        window = pygame.Rect((0, 0), self.size)
        for name, rect in self.rects.items():
            if not window.contains(rect):
                bad.append((name, "window"))
        return bad


def _largest(ok, top: float, bottom: float = 1.0, step: float = 0.05) -> float:
    """The largest factor in [``bottom``, ``top``] for which ``ok(factor)`` holds (``bottom`` when none does): ``top``
    itself, else up a grid of ``step`` from 1 (so that a larger setting never ends below a smaller one's factor),
    then a bisection."""
    if ok(top):
        return top
    lo, k = bottom, 1
    while round(1.0 + k * step, 4) <= bottom:
        k += 1
    while round(1.0 + k * step, 4) < top and ok(round(1.0 + k * step, 4)):
        lo, k = round(1.0 + k * step, 4), k + 1
    hi = min(top, round(1.0 + k * step, 4))
    for _ in range(5):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if ok(mid) else (lo, mid)
    return lo


#: The range of the UI-scale setting a table honours. Tables keep every piece inside its layout anchor, so text,
#: buttons and cards grow or shrink with the setting only as far as the anchors leave room (see ``fit``).
TABLE_UI_SCALE = (0.85, 1.3)


def table_ui_scale(settings, top: float | None = None) -> float:
    """The Settings → UI scale value for a table, clamped to ``TABLE_UI_SCALE`` (and to ``top`` for a table whose
    dense panels have less room to grow)."""
    try:
        value = float(getattr(settings, "ui_scale", 1.0))
    except (TypeError, ValueError):
        value = 1.0
    lo, hi = TABLE_UI_SCALE
    if top is not None:
        hi = min(hi, top)
    return min(hi, max(lo, value))


def fit(value: int, limit: int) -> int:
    """``value`` (a size already multiplied by the UI scale), capped at ``limit`` so it stays inside its anchor."""
    return max(1, min(int(value), int(limit)))
