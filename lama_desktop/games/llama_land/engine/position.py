"""Llama Land positions: laying a domain from its placements, crafted positions, older saves.

A *position* is a saved state (``LlamaLandState.to_dict()``) in which most fields may be left out; see
``complete_position`` and docs/ARCHITECTURE.md ("Positions"). A domain's ``placements`` are its history, from the
bottom up; each entry is either the saved list form ``[kind, tile, orientation index, x, y, level]`` /
``["foundation", x, y, level]`` or, easier to write by hand, a move-like text ``"extend 17 r1 - 4 0"`` (kind,
tile id, rotation, mirror flag, the top-left corner of the oriented tile) / ``"foundation 2 3"``. Either form is
checked as it is laid: an extend lies on free cells beside the domain, a build on cells of one height without
a llama, a foundation on a cell of the domain. The level is worked out (a given one must agree).
"""

from __future__ import annotations

from lama_desktop.engine.core import StateFormatError
from lama_desktop.games.llama_land.engine.data import CROP_INDEX, CROP_NAMES, NEIGHBOURS, enc

#: ``Player`` and the data come from ``state``, imported late: ``state`` imports this module lazily itself


def _state():
    from lama_desktop.games.llama_land.engine import state

    return state


def _entry(entry) -> tuple:
    """One placement entry (list or text) -> ``("foundation", x, y)`` or ``(kind, tile, oi, x, y, level|None)``."""
    st = _state()
    if isinstance(entry, str):
        words = entry.split()
        if words and words[0] == "foundation" and len(words) == 3:
            return ("foundation", int(words[1]), int(words[2]))
        if len(words) != 6 or words[0] not in ("extend", "build"):
            raise StateFormatError(f"a placement is 'extend|build TILE r0-r3 m|- X Y' or 'foundation X Y', "
                                   f"not {entry!r}")
        kind, tile, rot, mirror, x, y = words
        tile = int(tile)
        if not 0 <= tile < len(st.TILES):
            raise StateFormatError(f"there is no terrain tile {tile}")
        if rot not in ("r0", "r1", "r2", "r3") or mirror not in ("m", "-"):
            raise StateFormatError(f"{entry!r}: the rotation is r0-r3 and the mirror flag 'm' or '-'")
        oi = st.D.orientation_by_code[st.TILES[tile].shape][(4 if mirror == "m" else 0) + int(rot[1])]
        return (kind, tile, oi, int(x), int(y), None)
    if not isinstance(entry, (list, tuple)) or not entry:
        raise StateFormatError(f"unknown domain entry {entry!r}")
    if entry[0] == "foundation":
        return ("foundation", int(entry[1]), int(entry[2]))
    if entry[0] in ("extend", "build"):
        tile, oi = int(entry[1]), int(entry[2])
        if not 0 <= tile < len(st.TILES) or not 0 <= oi < len(st.ORIENTS[st.TILES[tile].shape]):
            raise StateFormatError(f"unknown tile or orientation in {list(entry)!r}")
        level = int(entry[5]) if len(entry) > 5 else None
        return (entry[0], tile, oi, int(entry[3]), int(entry[4]), level)
    raise StateFormatError(f"unknown domain entry {entry[0]!r}")


def lay_domain(data: dict):
    """A ``Player`` with the domain ``data`` (``board``, ``placements``, ``llamas``) laid, every placement
    checked; the collection is left empty for the caller."""
    st = _state()
    board = data["board"]
    if board not in st.D.boards:
        raise StateFormatError(f"unknown starting board {board!r}")
    p = st.Player(board)
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
        cells = [origin + off for off in st.ORIENTS[st.TILES[tile].shape][oi].offsets]
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


def _v1_to_v2(d: dict) -> dict:
    """Version 1 kept each seat's domain and collection in one record ("players_state", the domain's history as
    "log"), and said "seat" and "first" for the player to move and the first player."""
    records = d.pop("players_state")
    d["domains"] = [{"board": r["board"], "placements": r["log"], "llamas": r["llamas"]} for r in records]
    d["collections"] = [{key: r[key] for key in ("crops", "coins", "characters", "llama_cards", "foundations",
                                                 "markers")} for r in records]
    d["current"] = d.pop("seat")
    d["first_player"] = d.pop("first", 0)  # saves made before the first player could be chosen: seat 0
    return d


MIGRATIONS = {1: _v1_to_v2}


def _placed_tiles(domain: dict) -> list[int]:
    tiles = []
    for raw in domain.get("placements", []):
        entry = _entry(raw)
        if entry[0] != "foundation":
            tiles.append(entry[1])
    return tiles


def complete_position(data: dict) -> dict:
    """A crafted Llama Land position -> a full saved state.

    Everything may be left out but ``players`` (or ``domains``, one per seat). What is left out is what a new
    game of ``seed`` (default 0) with these boards would have, less what the position puts elsewhere: a tile
    laid in a domain leaves its stack, a character in a collection leaves the deck and the row (the row is
    refilled from the deck), a llama card held leaves its column, crops, coins and llamas held come out of the
    supply. A domain or collection given in part takes the rest from the new game (a collection's markers: those
    not on an objective card; its foundations: 3 less those in its domain). ``turn`` may be given in part too.
    """
    st = _state()
    D = st.D
    d = dict(data)
    domains = d.get("domains")
    players = int(d.setdefault("players", len(domains) if isinstance(domains, list) else 0))
    variants = frozenset(d["variants"])
    seed = int(d.pop("seed", 0))
    boards = [dom.get("board") for dom in domains] if isinstance(domains, list) else []
    fresh = st.LlamaLandState(players, variants, seed, boards=boards if boards and all(boards) else None,
                              first_player=int(d.get("first_player", 0)))
    base = fresh.to_dict()
    domains = [{**base["domains"][s], **(domains[s] if domains else {})} for s in range(players)]
    given = d.get("collections") or [{} for _ in range(players)]
    if len(given) != players or len(domains) != players:
        raise StateFormatError(f"one domain and one collection per player ({players}) are needed")
    if "objectives" in d and "markers" not in d:
        d["markers"] = [[-1, -1, -1] for _ in d["objectives"]]
    markers = d.get("markers", base["markers"])
    collections = []
    for s in range(players):
        c = {**base["collections"][s], **given[s]}
        if "crops" in given[s]:
            c["crops"] = {**{name: 0 for name in CROP_NAMES}, **given[s]["crops"]}
        if "markers" not in given[s] and "beginner" not in variants:
            c["markers"] = D.markers_each - sum(row.count(s) for row in markers)
        if "foundations" not in given[s]:
            used = sum(1 for raw in domains[s].get("placements", []) if _entry(raw)[0] == "foundation")
            c["foundations"] = D.foundations_each - used
        collections.append(c)
    d["domains"], d["collections"] = domains, collections
    if "stacks" not in d:
        laid = {t for dom in domains for t in _placed_tiles(dom)}
        d["stacks"] = {shape: [t for t in pile if t not in laid] for shape, pile in base["stacks"].items()}
    held_chars = {int(ch) for c in collections for ch in c["characters"]}
    if "character_deck" not in d and "character_row" not in d:
        deck = [ch for ch in base["character_deck"] if ch not in held_chars]
        row = [ch for ch in base["character_row"] if ch not in held_chars]
        while len(row) < D.row_size and deck:
            row.append(deck.pop())
        d["character_deck"], d["character_row"] = deck, row
    if "llama_columns" not in d:
        columns = {name: list(values) for name, values in base["llama_columns"].items()}
        for c in collections:
            for crop, value in c["llama_cards"]:
                if int(value) in columns[crop]:
                    columns[crop].remove(int(value))
        d["llama_columns"] = columns
    if "supply" not in d:
        supply = {**{name: D.crops_each for name in CROP_NAMES}, "coins": D.coins, "llamas": D.llama_tokens}
        for c, dom in zip(collections, domains, strict=False):
            for name in CROP_NAMES:
                supply[name] -= int(c["crops"][name])
            supply["coins"] -= int(c["coins"])
            supply["llamas"] -= len(dom.get("llamas", []))
        short = [name for name, left in supply.items() if left < 0]
        if short:
            raise StateFormatError(f"the position holds more {', '.join(short)} than the game has")
        d["supply"] = supply
    d["turn"] = {**base["turn"], **d.get("turn", {})}
    for key, value in base.items():
        d.setdefault(key, value)
    for c in collections:
        for crop, _value in c["llama_cards"]:
            CROP_INDEX[crop]  # an unknown crop is refused here (KeyError -> StateFormatError)
    return d

