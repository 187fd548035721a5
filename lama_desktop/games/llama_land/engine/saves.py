"""The Llama Land state's saved form: ``state_to_dict`` writes it, ``state_from_dict`` reads it back (every domain
laid again from its placements and checked); ``MIGRATIONS`` bring older saves up to date first."""

from __future__ import annotations

from lama_desktop.engine.core import StateFormatError, state_header
from lama_desktop.engine.rng import Rng
from lama_desktop.games.llama_land.engine.data import (
    CROP_INDEX, CROP_NAMES, N_CROPS, SHAPES, TILES, D, crop_dict, dec, enc
)
from lama_desktop.games.llama_land.engine.moves import PHASE_NAMES
from lama_desktop.games.llama_land.engine.player import lay_domain

#: 2: "domains" + "collections" (were "players_state"), "current", "first_player";
#: 3: the turn's "covered" stack and "row_gap" (what the turn's end turns up), "explicit_end"
STATE_VERSION = 3


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


def _v2_to_v3(d: dict) -> dict:
    """Version 2 turned up the tile under a placed one, and refilled the character row, at once. A save made
    after this turn's placement covers its stack again (a replay by this version does so too); the row was
    refilled already, so no position waits."""
    turn = d["turn"]
    covered = ""
    if turn["phase"] in ("hut", "llama", "after") and turn["placed"]:
        placements = d["domains"][int(d["current"])]["placements"]
        laid = [entry for entry in placements if entry[0] in ("build", "extend")]
        if laid and 0 <= int(laid[-1][1]) < len(TILES):
            covered = TILES[int(laid[-1][1])].shape
    turn["covered"], turn["row_gap"] = covered, -1
    d["explicit_end"] = False  # turns ended by themselves
    return d


MIGRATIONS = {1: _v1_to_v2, 2: _v2_to_v3}


def state_to_dict(state) -> dict:
    """``state`` (a ``LlamaLandState``) as its saved dict."""
    d = state_header(state, state.variants, STATE_VERSION)
    d.update({
        "rng": state.rng.state,
        "stacks": {shape: list(state.stacks[i]) for i, shape in enumerate(SHAPES)},
        "llama_columns": {CROP_NAMES[k]: list(state.columns[k]) for k in range(N_CROPS)},
        "character_deck": list(state.deck),
        "character_row": list(state.row),
        "objectives": list(state.objectives),
        "markers": [list(m) for m in state.markers],
        "supply": {**crop_dict(state.supply_crops), "coins": state.supply_coins, "llamas": state.supply_llamas},
        "domains": [{
            "board": p.board, "placements": [list(e) for e in p.log],
            "llamas": [[*dec(c), lv] for c, lv in sorted(p.llamas.items())],
        } for p in state.players],
        "collections": [{
            "crops": crop_dict(p.crops), "coins": p.coins, "characters": list(p.chars),
            "llama_cards": [[CROP_NAMES[k], v] for k, v in p.cards],
            "foundations": p.foundations, "markers": p.markers,
        } for p in state.players],
        "current": state.seat, "first_player": state.first, "turns": list(state.turns),
        "explicit_end": state.explicit_end,
        "triggered": state.triggered,
        "over": state.over,
        "turn": {"phase": PHASE_NAMES[state.phase], "placed": state.t_kind,
                 "tile_cells": [list(dec(c)) for c in state.t_cells],
                 "foundations": [list(dec(c)) for c in state.t_found],
                 "used": list(state.t_used), "acquired": list(state.t_acquired), "fed": state.t_fed,
                 "marker": state.t_marker, "pending_huts": state.pending_huts,
                 "covered": SHAPES[state.t_covered] if state.t_covered >= 0 else "", "row_gap": state.t_gap},
    })
    return d


def state_from_dict(cls, d: dict):
    """The ``cls`` (``LlamaLandState``) saved as ``d`` (of this version)."""
    n = int(d["players"])
    if not 2 <= n <= 4:
        raise StateFormatError(f"llama-land is for 2 to 4 players, not {n}")
    s = cls(n, frozenset(d["variants"]), _empty=True)
    s.explicit_end = d["explicit_end"]
    if not isinstance(s.explicit_end, bool):
        raise StateFormatError("explicit_end must be true or false")
    s.rng = Rng(int(d["rng"]))
    s.stacks = [[int(t) for t in d["stacks"][shape]] for shape in SHAPES]
    for i, shape in enumerate(SHAPES):
        if any(not 0 <= t < len(TILES) or TILES[t].shape != shape for t in s.stacks[i]):
            raise StateFormatError(f"the {shape} stack holds a tile of another shape")
    s.columns = [sorted(int(v) for v in d["llama_columns"][name]) for name in CROP_NAMES]
    s.deck = [int(c) for c in d["character_deck"]]
    s.row = [int(c) for c in d["character_row"]]
    s.objectives = [str(o) for o in d["objectives"]]
    for oid in s.objectives:
        D.objective(oid)
    s.markers = [[int(x) for x in m] for m in d["markers"]]
    if len(s.markers) != len(s.objectives) or any(len(m) != 3 for m in s.markers):
        raise StateFormatError("markers do not match the objective cards")
    sup = d["supply"]
    s.supply_crops = [int(sup[name]) for name in CROP_NAMES]
    s.supply_coins = int(sup["coins"])
    s.supply_llamas = int(sup["llamas"])
    s.players = []
    domains, collections = d["domains"], d["collections"]
    if not (isinstance(domains, list) and isinstance(collections, list) and len(domains) == len(collections)):
        raise StateFormatError("one domain and one collection per player are needed")
    for dd, pd in zip(domains, collections, strict=False):
        p = lay_domain(dd)
        p.crops = [int(pd["crops"][name]) for name in CROP_NAMES]
        p.coins = int(pd["coins"])
        p.chars = [int(c) for c in pd["characters"]]
        p.cards = [(CROP_INDEX[k], int(v)) for k, v in pd["llama_cards"]]
        p.foundations = int(pd["foundations"])
        p.markers = int(pd["markers"])
        s.players.append(p)
    if len(s.players) != n:
        raise StateFormatError("the number of player records does not match the player count")
    s.seat = int(d["current"])
    s.first = int(d["first_player"])
    if not 0 <= s.first < s.num_players:
        raise StateFormatError(f"first player {s.first} is not a seat")
    if not 0 <= s.seat < n:
        raise StateFormatError("the player to move is not a seat of this game")
    s.turns = [int(t) for t in d["turns"]]
    s.triggered = str(d["triggered"])
    s.over = bool(d["over"])
    t = d["turn"]
    s.phase = PHASE_NAMES.index(t["phase"])
    s.t_kind = str(t["placed"])
    s.t_cells = tuple(enc(int(x), int(y)) for x, y in t["tile_cells"])
    s.t_found = [enc(int(x), int(y)) for x, y in t["foundations"]]
    s.t_used = [int(c) for c in t["used"]]
    s.t_acquired = [int(c) for c in t["acquired"]]
    s.t_fed = bool(t["fed"])
    s.t_marker = bool(t["marker"])
    s.pending_huts = int(t["pending_huts"])
    covered = str(t["covered"])
    if covered and covered not in SHAPES:
        raise StateFormatError(f"the turn's covered stack {covered!r} is no shape")
    s.t_covered = SHAPES.index(covered) if covered else -1
    s.t_gap = int(t["row_gap"])
    if not -1 <= s.t_gap <= len(s.row):
        raise StateFormatError(f"the row position {s.t_gap} awaiting a card is not in the row")
    s._final = None
    return s
