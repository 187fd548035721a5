"""Table layouts from Tiled maps (``levels/table_<game>_<n>p.tmx``), scaled to the window.

A map is drawn at a reference size (its pixel size, 1600×900 for the L.A.M.A. tables). Its object layer
``anchors`` holds named rectangles that must never overlap (``seat0.hand`` is the player at the bottom, then
``seat1.*``… clockwise; ``draw_pile``, ``discard``, ``drama_board``, ``status``, ``buttons``, ``log``, ``menu``);
the layer ``overlays`` holds transient pieces drawn over the table (``toast``). Each rectangle's ``follow_x`` /
``follow_y`` (0..1) say how it follows the window's extra width / height once the reference is scaled uniformly
(``scale = min(W / ref_w, H / ref_h)``): 0 stays with the left / top edge, 1 with the right / bottom, 0.5 centred.
Rectangles that do not overlap at the reference therefore never overlap at any window size (they only move apart).

pytmx loads the map without a display (``TiledMap``; no tile images are needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...resources import level_path


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
def load_layout(name: str) -> LayoutSpec:
    """Load ``levels/<name>.tmx`` (e.g. ``table_lama_4p``)."""
    import pytmx

    path = level_path(f"{name}.tmx")
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


class Layout:
    """A layout scaled to one window size: ``layout["seat0.hand"]`` is a pygame ``Rect``; ``layout.scale``."""

    def __init__(self, spec: LayoutSpec, size: tuple[int, int]):
        import pygame

        self.spec = spec
        self.size = (int(size[0]), int(size[1]))
        rw, rh = spec.ref_size
        self.scale = min(self.size[0] / rw, self.size[1] / rh)
        extra_x = self.size[0] - rw * self.scale
        extra_y = self.size[1] - rh * self.scale
        self.rects: dict[str, pygame.Rect] = {}
        self.overlays: set[str] = set()
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

    def overlaps(self) -> list[tuple[str, str]]:
        """Pairs of non-overlay rectangles that intersect, plus any rectangle leaving the window (tests)."""
        import pygame

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
