"""Llama Land positions: crafted positions completed into whole saves.

A *position* is a saved state (``LlamaLandState.to_dict()``) in which most fields may be left out; see
``complete_position`` and docs/ARCHITECTURE.md ("Positions"). A domain's ``placements`` are its history, from the
bottom up; each entry is either the saved list form ``[kind, tile, orientation index, x, y, level]`` /
``["foundation", x, y, level]`` or, easier to write by hand, a move-like text ``"extend 17 r1 - 4 0"`` (kind,
tile id, rotation, mirror flag, the top-left corner of the oriented tile) / ``"foundation 2 3"``. Either form is
checked as it is laid (``player.lay_domain``): an extend lies on free cells beside the domain, a build on cells of
one height without a llama, a foundation on a cell of the domain. The level is worked out (a given one must agree).
Older saves are brought up to date by ``saves.MIGRATIONS``.
"""

from __future__ import annotations

from lama_desktop.engine.core import StateFormatError
from lama_desktop.games.llama_land.engine.data import CROP_INDEX, CROP_NAMES, D
from lama_desktop.games.llama_land.engine.player import _entry
from lama_desktop.games.llama_land.engine.state import LlamaLandState


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
    d = dict(data)
    domains = d.get("domains")
    players = int(d.setdefault("players", len(domains) if isinstance(domains, list) else 0))
    variants = frozenset(d["variants"])
    seed = int(d.pop("seed", 0))
    boards = [dom.get("board") for dom in domains] if isinstance(domains, list) else []
    fresh = LlamaLandState(players, variants, seed, boards=boards if boards and all(boards) else None,
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

