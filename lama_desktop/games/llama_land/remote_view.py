"""A Llama Land seat's view read from its ``LlamaLandView.to_dict`` (a network client's view).

Llama Land is open but for the order of the tile stacks under their top tiles and of the character deck, which a
``LlamaLandView`` forgets (it keeps them sorted). ``view_from_dict(view_dict)`` reads everything else from the dict
(domains with their placements, collections, the character row, llama columns, objectives and markers, supplies,
the turn so far), stacks the tiles and characters that are in no domain, no collection and no row in that same
sorted order, and answers with the view of that state: nothing is drawn, and its placements, legal moves and
refusals are the host's. The view's ``sample_state(rng)`` shuffles the hidden orders when a bot asks.
"""

from __future__ import annotations

from lama_desktop.engine.core import SAVE_FORMAT
from lama_desktop.games.llama_land.engine.data import CHARS, CROP_NAMES, SHAPES, TILES
from lama_desktop.games.llama_land.engine.saves import STATE_VERSION
from lama_desktop.games.llama_land.engine.state import GAME_ID, LlamaLandState
from lama_desktop.games.llama_land.engine.view import LlamaLandView


def _stack(shape: str, shown: dict, placed: set[int]) -> list[int]:
    """The stack of ``shape`` (bottom first): its top tile as shown, the tiles of its shape in no domain under it
    (sorted, as a view keeps them)."""
    count = int(shown["count"])
    if not count:
        return []
    if shown["top"] is None:  # face down until the turn ends: the whole pile in the view's sorted order
        return sorted(t.id for t in TILES if t.shape == shape and t.id not in placed)[:count]
    top = int(shown["top"]["id"])
    under = sorted(t.id for t in TILES if t.shape == shape and t.id not in placed and t.id != top)
    if len(under) < count - 1:
        raise ValueError(f"the {shape} stack shows more tiles than are left")
    return [*under[:count - 1], top]


def view_from_dict(view: dict) -> LlamaLandView:
    """The ``LlamaLandView`` whose ``to_dict()`` is ``view``; ``StateFormatError`` (or ``ValueError``,
    ``KeyError``, ``TypeError``) when the view cannot come from a game of Llama Land."""
    if view["game"] != GAME_ID:
        raise ValueError(f"not a view of Llama Land (game {view['game']!r})")
    return _state(view).view(int(view["seat"]))


def _state(view: dict) -> LlamaLandState:
    """The state a ``LlamaLandView`` holds (the hidden orders sorted), read from the view's dict."""
    domains, collections = view["domains"], view["collections"]
    placed = {int(entry[1]) for domain in domains for entry in domain["placements"] if entry[0] != "foundation"}
    stacks = {shown["shape"]: _stack(shown["shape"], shown, placed) for shown in view["stacks"]}
    if set(stacks) != set(SHAPES):
        raise ValueError("the view does not show every tile stack")
    row = [int(c["id"]) for c in view["character_row"]]
    held = {int(c["id"]) for collection in collections for c in collection["characters"]}
    deck = sorted(c.id for c in CHARS if c.id not in held and c.id not in row)
    deck_size = int(view["character_deck"])
    if len(deck) < deck_size:
        raise ValueError("the character deck shows more cards than are left")
    turn = view["turn"]
    current = int(view["current_player"])
    data = {
        "format": SAVE_FORMAT, "game": GAME_ID, "version": STATE_VERSION, "players": int(view["players"]),
        "variants": list(view["variants"]), "rng": 0, "stacks": stacks,
        "llama_columns": {name: list(view["llama_columns"][name]) for name in CROP_NAMES},
        "character_deck": deck[:deck_size], "character_row": row,
        "objectives": [o["id"] for o in view["objectives"]],
        "markers": [[-1 if m is None else int(m) for m in o["markers"]] for o in view["objectives"]],
        "supply": dict(view["supply"]),
        "domains": [{"board": d["board"], "placements": [list(e) for e in d["placements"]],
                     "llamas": [list(lv) for lv in d["llamas"]]} for d in domains],
        "collections": [{"crops": dict(c["crops"]), "coins": c["coins"],
                         "characters": [int(ch["id"]) for ch in c["characters"]],
                         "llama_cards": [list(card) for card in c["llama_cards"]], "foundations": c["foundations"],
                         "markers": c["markers"]} for c in collections],
        "current": current if current >= 0 else int(view["first_player"]), "first_player": view["first_player"],
        "turns": list(view["turns"]), "triggered": view["triggered"], "over": view["over"],
        "explicit_end": bool(view["explicit_end"]),
        "turn": {"phase": view["phase"], "placed": turn["placed"], "tile_cells": turn["tile_cells"],
                 "foundations": turn["foundations"], "used": list(turn["used"]), "acquired": list(turn["acquired"]),
                 "fed": turn["fed"], "marker": turn["marker"], "pending_huts": turn["pending_huts"],
                 "covered": turn["covered"], "row_gap": turn["row_gap"]},
    }
    return LlamaLandState.from_dict(data)
