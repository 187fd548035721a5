"""One Llama Land seat: its domain (the cells with their heights, icons and llamas, built tile by tile or laid
from its saved placements) and its collection (``Player``), and where its next tile may extend the domain
(``Footprint``)."""

from __future__ import annotations

from lama_desktop.engine.core import StateFormatError
from lama_desktop.games.llama_land.engine.data import NEIGHBOURS, NONE, ORIENTS, SHAPE_INDEX, SHAPES, TILES, D, dec, enc
from lama_desktop.games.llama_land.engine.moves import _PLACE_MOVES, _placement_move

BOARD = -1  # toptile of a start-board cell
FOUNDATION = -2  # toptile of a foundation


def _outside(cells, heights) -> set:
    """The cells next to ``cells`` that are not in the domain ``heights``."""
    return {cell + step for cell in cells for step in NEIGHBOURS if cell + step not in heights}


def _add_extends(ext: set, oi: int, offs, frontier, heights) -> None:
    """Add to ``ext`` every ``(oi, origin)`` whose cells touch ``frontier`` and all lie outside the domain."""
    for origin in {f - off for f in frontier for off in offs}:
        for off in offs:
            if origin + off in heights:
                break
        else:
            ext.add((oi, origin))



# -------------------------------------------------------------------------------------------------------------
class Footprint:
    """Placements that depend only on a domain's cell set (not heights): rebuilt incrementally on each extend and
    shared by clones (never mutated once built, except the lazily filled move lists, which are derived data).

    ``ext[shape]``: sorted ``(oi, origin)`` of every extend; ``inside[shape]``: sorted ``(oi, origin, cells)`` of
    every placement lying wholly on the domain (build candidates before heights and llamas are checked)."""

    __slots__ = ("fp", "ext_sets", "ins_sets", "ext", "inside", "ext_moves")

    def __init__(self, fp, ext_sets, ins_sets):
        self.fp = fp
        self.ext_sets = ext_sets
        self.ins_sets = ins_sets
        self.ext = {shape: tuple(sorted(v)) for shape, v in ext_sets.items()}
        self.inside = {shape: tuple(sorted(v)) for shape, v in ins_sets.items()}
        self.ext_moves = {}

    @classmethod
    def full(cls, fp: int, heights) -> "Footprint":
        frontier = _outside(heights, heights)
        ext_sets, ins_sets = {}, {}
        for shape in SHAPES:
            ext, ins = set(), set()
            for o in ORIENTS[shape]:
                offs = o.offsets
                oi = o.index
                _add_extends(ext, oi, offs, frontier, heights)
                first = offs[0]
                for cell in heights:
                    origin = cell - first
                    cells = tuple(origin + off for off in offs)
                    for c in cells:
                        if c not in heights:
                            break
                    else:
                        ins.add((oi, origin, cells))
            ext_sets[shape] = ext
            ins_sets[shape] = ins
        return cls(fp, ext_sets, ins_sets)

    def grown(self, fp: int, heights, new_cells) -> "Footprint":
        """The footprint after ``new_cells`` joined the domain (``heights`` already holds them)."""
        near = _outside(new_cells, heights)
        ext_sets, ins_sets = {}, {}
        for shape in SHAPES:
            ext = set(self.ext_sets[shape])
            ins = set(self.ins_sets[shape])
            for o in ORIENTS[shape]:
                offs = o.offsets
                oi = o.index
                for origin in {c - off for c in new_cells for off in offs}:
                    ext.discard((oi, origin))
                    for off in offs:
                        if origin + off not in heights:
                            break
                    else:
                        ins.add((oi, origin, tuple([origin + off for off in offs])))
                _add_extends(ext, oi, offs, near, heights)
            ext_sets[shape] = ext
            ins_sets[shape] = ins
        return Footprint(fp, ext_sets, ins_sets)

    def extend_moves(self, shape: str) -> tuple:
        moves = self.ext_moves.get(shape)
        if moves is None:
            cache = _PLACE_MOVES["extend"]
            base = SHAPE_INDEX[shape] << 3
            out = []
            for oi, origin in self.ext[shape]:
                move = cache.get((origin << 6) | base | oi)
                if move is None:
                    move = _placement_move("extend", shape, oi, origin)
                out.append(move)
            moves = self.ext_moves[shape] = tuple(out)
        return moves


class Player:
    """One seat: its domain (incremental flat data keyed by cell int) and its collection.

    ``heights[cell]`` is the number of levels stacked there (start board = 1), ``top[cell]`` the icon code on top
    (``NONE`` on a foundation), ``toptile[cell]`` the terrain tile id on top (``BOARD``/``FOUNDATION`` otherwise),
    ``llamas[cell]`` the level a llama stands on. ``log`` is the placement history from which the domain is
    rebuilt (saves) and from which each cell's level stack is drawn: ``("extend"|"build", tile, oi, x, y, level)``
    and ``("foundation", x, y, level)``.
    """

    __slots__ = ("board", "heights", "top", "toptile", "llamas", "log", "crops", "coins", "chars", "cards",
                 "foundations", "markers", "fp", "cache")

    def __init__(self, board: str):
        self.board = board
        self.heights: dict[int, int] = {}
        self.top: dict[int, int] = {}
        self.toptile: dict[int, int] = {}
        self.llamas: dict[int, int] = {}
        self.log: list[tuple] = []
        self.crops = [0, 0, 0]
        self.coins = 0
        self.chars: list[int] = []
        self.cards: list[tuple[int, int]] = []  # (crop, value)
        self.foundations = 0
        self.markers = 0
        self.fp = 0  # footprint version (changes when the domain's cell set grows)
        self.cache = None  # (fp, extends by shape, in-domain placements by shape): never mutated once built
        icons = D.boards[board].icons
        for y, row in enumerate(icons):
            for x, icon in enumerate(row):
                cell = enc(x, y)
                self.heights[cell] = 1
                self.top[cell] = icon
                self.toptile[cell] = BOARD

    def clone(self) -> "Player":
        p = Player.__new__(Player)
        p.board = self.board
        p.heights = self.heights.copy()
        p.top = self.top.copy()
        p.toptile = self.toptile.copy()
        p.llamas = self.llamas.copy()
        p.log = self.log.copy()
        p.crops = self.crops.copy()
        p.coins = self.coins
        p.chars = self.chars.copy()
        p.cards = self.cards.copy()
        p.foundations = self.foundations
        p.markers = self.markers
        p.fp = self.fp
        p.cache = self.cache
        return p

    # -- domain mutation (the only places that change heights) --------------------------------------------------
    def put_tile(self, kind: str, tile: int, oi: int, origin: int) -> tuple[int, list[int]]:
        """Place terrain ``tile`` in orientation ``oi`` at ``origin``; return (level, covered icons)."""
        t = TILES[tile]
        o = ORIENTS[t.shape][oi]
        cells = [origin + off for off in o.offsets]
        covered = []
        if kind == "extend":
            level = 1
            old = self.cache if self.cache is not None and self.cache.fp == self.fp else None
            self.fp += 1
        else:
            level = self.heights[cells[0]] + 1
            covered = [self.top[c] for c in cells]
        for c, icon in zip(cells, t.icons, strict=False):
            self.heights[c] = level
            self.top[c] = icon
            self.toptile[c] = tile
        if kind == "extend" and old is not None:
            self.cache = old.grown(self.fp, self.heights, cells)
        x, y = dec(origin)
        self.log.append((kind, tile, oi, x, y, level))
        return level, covered

    def put_foundation(self, cell: int) -> int:
        level = self.heights[cell] + 1
        self.heights[cell] = level
        self.top[cell] = NONE
        self.toptile[cell] = FOUNDATION
        x, y = dec(cell)
        self.log.append(("foundation", x, y, level))
        return level

    # -- cached footprint data ---------------------------------------------------------------------------------
    def footprint(self) -> "Footprint":
        cache = self.cache
        if cache is not None and cache.fp == self.fp:
            return cache
        self.cache = cache = Footprint.full(self.fp, self.heights)
        return cache

    def levels(self) -> dict[int, list[int]]:
        """Each cell's level stack from the bottom: ``BOARD``, terrain tile ids, ``FOUNDATION``."""
        stacks: dict[int, list[int]] = {}
        icons = D.boards[self.board].icons
        for y, row in enumerate(icons):
            for x, _ in enumerate(row):
                stacks[enc(x, y)] = [BOARD]
        for entry in self.log:
            if entry[0] == "foundation":
                stacks.setdefault(enc(entry[1], entry[2]), []).append(FOUNDATION)
            else:
                _, tile, oi, x, y, _level = entry
                origin = enc(x, y)
                for off in ORIENTS[TILES[tile].shape][oi].offsets:
                    stacks.setdefault(origin + off, []).append(tile)
        return stacks


def _entry(entry) -> tuple:
    """One placement entry (list or text) -> ``("foundation", x, y)`` or ``(kind, tile, oi, x, y, level|None)``."""
    if isinstance(entry, str):
        words = entry.split()
        if words and words[0] == "foundation" and len(words) == 3:
            return ("foundation", int(words[1]), int(words[2]))
        if len(words) != 6 or words[0] not in ("extend", "build"):
            raise StateFormatError(f"a placement is 'extend|build TILE r0-r3 m|- X Y' or 'foundation X Y', "
                                   f"not {entry!r}")
        kind, tile, rot, mirror, x, y = words
        tile = int(tile)
        if not 0 <= tile < len(TILES):
            raise StateFormatError(f"there is no terrain tile {tile}")
        if rot not in ("r0", "r1", "r2", "r3") or mirror not in ("m", "-"):
            raise StateFormatError(f"{entry!r}: the rotation is r0-r3 and the mirror flag 'm' or '-'")
        oi = D.orientation_by_code[TILES[tile].shape][(4 if mirror == "m" else 0) + int(rot[1])]
        return (kind, tile, oi, int(x), int(y), None)
    if not isinstance(entry, (list, tuple)) or not entry:
        raise StateFormatError(f"unknown domain entry {entry!r}")
    if entry[0] == "foundation":
        return ("foundation", int(entry[1]), int(entry[2]))
    if entry[0] in ("extend", "build"):
        tile, oi = int(entry[1]), int(entry[2])
        if not 0 <= tile < len(TILES) or not 0 <= oi < len(ORIENTS[TILES[tile].shape]):
            raise StateFormatError(f"unknown tile or orientation in {list(entry)!r}")
        level = int(entry[5]) if len(entry) > 5 else None
        return (entry[0], tile, oi, int(entry[3]), int(entry[4]), level)
    raise StateFormatError(f"unknown domain entry {entry[0]!r}")


def lay_domain(data: dict):
    """A ``Player`` with the domain ``data`` (``board``, ``placements``, ``llamas``) laid, every placement
    checked; the collection is left empty for the caller."""
    board = data["board"]
    if board not in D.boards:
        raise StateFormatError(f"unknown starting board {board!r}")
    p = Player(board)
    p.foundations = p.markers = 0
    for raw in data.get("placements", []):
        entry = _entry(raw)
        if entry[0] == "foundation":
            cell = enc(entry[1], entry[2])
            if cell not in p.heights or cell in p.llamas:
                raise StateFormatError(f"a foundation at ({entry[1]}, {entry[2]}) lies outside the domain")
            p.put_foundation(cell)
            continue
        kind, tile, oi, x, y, level = entry
        origin = enc(x, y)
        cells = [origin + off for off in ORIENTS[TILES[tile].shape][oi].offsets]
        heights = p.heights
        if kind == "extend":
            if any(c in heights for c in cells) or not any(c + n in heights for c in cells for n in NEIGHBOURS):
                raise StateFormatError(f"the extension {list(raw) if not isinstance(raw, str) else raw!r} does "
                                       f"not lie on free cells beside the domain")
        elif any(c not in heights for c in cells) or len({heights[c] for c in cells}) != 1 \
                or any(c in p.llamas for c in cells):
            raise StateFormatError(f"the build {list(raw) if not isinstance(raw, str) else raw!r} does not lie on "
                                   f"cells of one height without a llama")
        placed, _covered = p.put_tile(kind, tile, oi, origin)
        if level is not None and level != placed:
            raise StateFormatError(f"the placement {list(raw)!r} says level {level}, it lies at level {placed}")
    for llama in data.get("llamas", []):
        x, y = int(llama[0]), int(llama[1])
        cell = enc(x, y)
        if cell not in p.heights or (len(llama) > 2 and p.heights[cell] != int(llama[2])):
            raise StateFormatError(f"a llama at ({x}, {y}) stands off its level")
        p.llamas[cell] = p.heights[cell]
    return p
