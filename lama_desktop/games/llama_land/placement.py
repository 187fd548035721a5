"""The tile in the player's hand: which stack, its orientation, where the cursor is, and what the engine says.

Nothing here decides a rule. ``Placer`` turns (shape, rotation, mirror, cursor cell) into the engine's move text
(``build``/``extend S rN m|- X Y``), asks ``state.refusal`` for the reason, and for a legal build applies the
move to a *clone* of the state to read the payout events (icons and characters) the engine would produce.
Legal cursor spots for the current orientation come from ``state.placements(shape)``; ``cycle`` walks over every
legal placement of the tile in hand (every orientation, extensions and builds), nearest the cursor first: the
keyboard alone reaches each one (N / Shift+N).

The cursor is the tile's *anchor*: the cell of the oriented tile nearest to its middle, so the tile stays centred
under the mouse while it turns.
"""

from __future__ import annotations

from lama_desktop.games.llama_land.engine.data import dec
from lama_desktop.games.llama_land.engine.state import D, ICON_NAMES, ORIENTS, SHAPE_INDEX, SHAPES, TILES


def orientation(shape: str, rotation: int, mirror: bool):
    return ORIENTS[shape][D.orientation_by_code[shape][(4 if mirror else 0) + rotation % 4]]


def anchor_of(cells) -> tuple[int, int]:
    mx = sum(x for x, _ in cells) / len(cells)
    my = sum(y for _, y in cells) / len(cells)
    return min(cells, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))


class Placer:
    def __init__(self, state, seat: int):
        self.state = state  # the live engine state (read only here)
        self.seat = seat
        d_shapes = state.shapes_available()
        self.shape = d_shapes[0] if d_shapes else SHAPES[0]
        self.rotation = 0
        self.mirror = False
        self.cursor = (1, 1)
        self._legal_cache: dict = {}
        self._eval_key = None
        self._eval = None
        self._cycle = None  # (shape, state id, phase, [placements nearest first], {cells: index})
        self._placements: dict = {}  # (shape, position key) -> the engine's placements of that shape

    # -- the domain being built --------------------------------------------------------------------------------
    @property
    def heights(self) -> dict:
        p = self.state.players[self.seat]
        return {dec(c): h for c, h in p.heights.items()}

    def refresh(self, state) -> None:
        """The engine state moved on (a foundation, a character used): forget cached answers."""
        self.state = state
        self._legal_cache.clear()
        self._placements.clear()
        self._eval_key = None
        self._cycle = None
        shapes = state.shapes_available()
        if shapes and self.shape not in shapes:
            self.shape = shapes[0]

    # -- orientation -------------------------------------------------------------------------------------------
    def rotate(self, step: int = 1) -> None:
        a0 = self.anchor()
        self.rotation = (self.rotation + step) % 4
        self._keep_anchor(a0)

    def flip(self) -> None:
        a0 = self.anchor()
        self.mirror = not self.mirror
        self._keep_anchor(a0)

    def _keep_anchor(self, _old) -> None:
        self._eval_key = None

    def select(self, shape: str) -> None:
        if shape in SHAPES:
            self.shape = shape
            self._eval_key = None

    def cycle_shape(self, step: int = 1) -> None:
        shapes = self.state.shapes_available()
        if not shapes:
            return
        i = shapes.index(self.shape) if self.shape in shapes else -1
        self.select(shapes[(i + step) % len(shapes)])

    def orient(self):
        return orientation(self.shape, self.rotation, self.mirror)

    def anchor(self) -> tuple[int, int]:
        return anchor_of(self.orient().cells)

    # -- the candidate -----------------------------------------------------------------------------------------
    def origin(self) -> tuple[int, int]:
        ax, ay = self.anchor()
        return self.cursor[0] - ax, self.cursor[1] - ay

    def cells(self) -> list[tuple[int, int]]:
        ox, oy = self.origin()
        return [(ox + x, oy + y) for x, y in self.orient().cells]

    def icons(self) -> list[str]:
        top = self.top_tile()
        return list(top["icons"]) if top else ["none"] * 5

    def top_tile(self):
        pile = self.state.stacks[SHAPE_INDEX[self.shape]]
        if not pile:
            return None
        tile = TILES[pile[-1]]
        return {"id": tile.id, "icons": [ICON_NAMES[c] for c in tile.icons]}

    def kind(self) -> str:
        h = self.heights
        inside = sum(1 for c in self.cells() if c in h)
        return "extend" if inside == 0 else "build"

    def move_text(self) -> str:
        """The engine's own text for the candidate: the orientation by its canonical code (a symmetric shape turned
        or flipped into an orientation it already has is named as ``legal_moves`` names it: the T flipped is
        ``r0 -``, not ``r0 m``), so the move a player makes compares equal to the listed one (a lesson's step, the
        advisor's best move)."""
        ox, oy = self.origin()
        o = self.orient()
        return f"{self.kind()} {self.shape} r{o.rotation} {'m' if o.mirror else '-'} {ox} {oy}"

    def level(self) -> int:
        h = self.heights
        cells = self.cells()
        if self.kind() == "extend":
            return 1
        return max(h.get(c, 0) for c in cells) + 1

    def evaluate(self) -> dict:
        """``{move, kind, legal, reason, refusal, level, cells: [(x, y, icon)], gains, huts}`` for the candidate now
        (``refusal``: the engine's ``Refusal`` or ``None``; ``reason`` its English text or ``""``)."""
        key = (self.shape, self.rotation, self.mirror, self.cursor, id(self.state), self.state.phase)
        if self._eval_key == key and self._eval is not None:
            return self._eval
        move = self.move_text()
        refusal = self.state.refusal(move)
        reason = refusal.text if refusal is not None else ""
        cells = self.cells()
        icons = self.icons()
        out = {"move": move, "kind": self.kind(), "legal": not reason, "reason": reason, "refusal": refusal,
               "level": self.level(), "cells": [(x, y, icons[i]) for i, (x, y) in enumerate(cells)], "gains": [],
               "huts": 0}
        if not reason:
            sim = self.state.clone()
            for event in sim.apply(move):
                if event.kind == "payout":
                    out["gains"].append((event.data.get("source", "icons"), dict(event.data.get("gains", {}))))
            out["huts"] = sim.pending_huts if sim.phase == 1 else 0
        self._eval_key, self._eval = key, out
        return out

    def placements(self, shape: str | None = None) -> list[dict]:
        """``state.placements(shape)``, computed once per position: the legend, the spots, the walk (N) and the
        stack choice ask it every frame. The key covers what a placement depends on that a move changes without a
        new state object (the seat, the phase, this turn's foundations, the stacks' sizes, the turns played), so a
        state changed in place is asked again."""
        state = self.state
        key = (shape, id(state), state.seat, state.phase, len(state.t_found), sum(state.turns),
               tuple(len(pile) for pile in state.stacks))
        hit = self._placements.get(key)
        if hit is None:
            if len(self._placements) > 16:  # an old position's answers: never asked again
                self._placements.clear()
            hit = self._placements[key] = state.placements(shape)
        return hit

    def legal_anchors(self) -> dict:
        """Cursor cells where the current orientation is legal: ``{(x, y): "build"|"extend"}``."""
        key = (self.shape, self.rotation, self.mirror, id(self.state))
        hit = self._legal_cache.get(key)
        if hit is not None:
            return hit
        mine = frozenset(self.orient().cells)
        ax, ay = self.anchor()
        out = {}
        for p in self.placements(self.shape):
            rel = frozenset((cx - p["x"], cy - p["y"]) for cx, cy in p["cells"])
            if rel == mine:
                out[(p["x"] + ax, p["y"] + ay)] = p["kind"]
        self._legal_cache[key] = out
        return out

    def footprint(self) -> frozenset:
        """The cells the tile in hand covers now (a placement's identity, whatever code names its orientation)."""
        return frozenset(self.cells())

    def set_placement(self, placement: dict) -> None:
        """Take the orientation of an engine placement (``state.placements``) and put the cursor on its anchor."""
        self.rotation, self.mirror = placement["rotation"] % 4, bool(placement["mirror"])
        ax, ay = self.anchor()
        self.cursor = (placement["x"] + ax, placement["y"] + ay)
        self._eval_key = None

    def cycle(self, step: int = 1) -> dict | None:
        """N (``step`` 1) / Shift+N (-1): the next / previous legal placement of the tile in hand, in every
        orientation, extensions and builds alike, ordered nearest the cursor first (from where the walk began).
        From a spot that is not legal the walk starts again at the nearest. Returns the placement (or ``None``:
        the tile fits nowhere)."""
        key = (self.shape, id(self.state), self.state.phase, len(self.state.turn_foundations))
        here = self.footprint()
        if self._cycle is None or self._cycle[0] != key or here not in self._cycle[2]:
            placements = self.placements(self.shape)
            if not placements:
                self._cycle = None
                return None
            cx, cy = self.cursor

            def distance(p):
                ax, ay = anchor_of([tuple(c) for c in p["cells"]])
                return ((ax - cx) ** 2 + (ay - cy) ** 2, p["kind"] != "build", ay, ax, p["rotation"], p["mirror"])

            order = sorted(placements, key=distance)
            index = {frozenset(tuple(c) for c in p["cells"]): i for i, p in enumerate(order)}
            self._cycle = (key, order, index)
            i = index[here] + step if here in index else 0
        else:
            i = self._cycle[2][here] + step
        order = self._cycle[1]
        chosen = order[i % len(order)]
        self.set_placement(chosen)
        return chosen

    def snap_to_legal(self) -> bool:
        """Move the cursor to the nearest legal spot of this orientation (or turn the tile until one exists)."""
        for _ in range(8):
            spots = self.legal_anchors()
            if spots:
                cx, cy = self.cursor
                self.cursor = min(spots, key=lambda s: ((s[0] - cx) ** 2 + (s[1] - cy) ** 2, s[1], s[0]))
                self._eval_key = None
                return True
            self.rotation = (self.rotation + 1) % 4
            if self.rotation == 0:
                self.mirror = not self.mirror
        return False

    def snap_any(self) -> bool:
        """``snap_to_legal`` for the selected stack, else for the first other stack whose tile fits somewhere."""
        if self.snap_to_legal():
            return True
        for shape in self.state.shapes_available():
            if shape != self.shape and self.placements(shape):
                self.select(shape)
                return self.snap_to_legal()
        return False
