"""The Llama Land public picture: everything everybody sees of a state (all but the order of the stacks under
their top tiles and of the character deck), as the dict the table draws and ``LlamaLandView.to_dict`` gives."""

from __future__ import annotations

from lama_desktop.games.llama_land.engine.data import (
    CHARS, CROP_NAMES, ICON_NAMES, N_CROPS, SHAPES, TILES, D, crop_dict, dec
)
from lama_desktop.games.llama_land.engine.moves import PHASE_NAMES
from lama_desktop.games.llama_land.engine.player import BOARD


def public_picture(state, seat: int | None = None) -> dict:
    """Everything everybody sees (all but the order of the stacks under their top tiles and of the deck)."""
    breakdown = state.score_breakdown()
    domains = []
    collections = []
    for s, p in enumerate(state.players):
        stacks = p.levels()
        cells = []
        for cell in sorted(p.heights, key=lambda c: (dec(c)[1], dec(c)[0])):
            x, y = dec(cell)
            levels = stacks[cell]
            cells.append({
                "x": x, "y": y, "height": p.heights[cell], "icon": ICON_NAMES[p.top[cell]],
                "levels": [{"tile": t, "shape": TILES[t].shape if t >= 0 else
                            ("board" if t == BOARD else "foundation")} for t in levels],
                "llama": cell in p.llamas,
            })
        xs = [dec(c)[0] for c in p.heights]
        ys = [dec(c)[1] for c in p.heights]
        domains.append({
            "board": p.board, "cells": cells, "bounds": [min(xs), min(ys), max(xs), max(ys)],
            "llamas": [[*dec(c), lv] for c, lv in sorted(p.llamas.items())],
            "placements": [list(e) for e in p.log],
        })
        collections.append({
            "crops": crop_dict(p.crops), "coins": p.coins,
            "characters": [{"id": c, "type": CHARS[c].type, "crops": [CROP_NAMES[k] for k in CHARS[c].crops]}
                           for c in p.chars],
            "llama_cards": [[CROP_NAMES[k], v] for k, v in p.cards],
            "foundations": p.foundations, "markers": p.markers, "turns": state.turns[s],
        })
    stacks = []
    for i, shape in enumerate(SHAPES):
        pile = state.stacks[i]
        top = None
        covered = i == state.t_covered and bool(pile)  # face down until the turn ends
        if pile and not covered:
            t = TILES[pile[-1]]
            top = {"id": t.id, "shape": t.shape, "icons": [ICON_NAMES[c] for c in t.icons],
                   "cells": [list(c) for c in D.shape_cells[shape]]}
        stacks.append({"shape": shape, "count": len(pile), "top": top, "covered": covered})
    objectives = []
    for i, oid in enumerate(state.objectives):
        obj = D.objective(oid)
        objectives.append({"index": i, "id": oid, "colour": obj.colour, "spaces": list(obj.spaces),
                           "markers": [m if m >= 0 else None for m in state.markers[i]],
                           "free": state._free_spaces(i)})
    return {
        "game": state.game_id, "seat": seat, "players": state.num_players, "variants": sorted(state.variants),
        "current_player": state.current_player, "phase": PHASE_NAMES[state.phase], "over": state.over,
        "triggered": state.triggered, "turns": list(state.turns), "first_player": state.first,
        "explicit_end": state.explicit_end,
        "stacks": stacks, "tiles_left": sum(len(p) for p in state.stacks),
        "character_row": [{"id": c, "type": CHARS[c].type, "crops": [CROP_NAMES[k] for k in CHARS[c].crops]}
                          for c in state.row],
        "character_deck": len(state.deck),
        "llama_columns": {CROP_NAMES[k]: list(reversed(state.columns[k])) for k in range(N_CROPS)},
        "objectives": objectives,
        "supply": {**crop_dict(state.supply_crops), "coins": state.supply_coins, "llamas": state.supply_llamas},
        "domains": domains, "collections": collections,
        "turn": {"placed": state.t_kind, "tile_cells": [list(dec(c)) for c in state.t_cells],
                 "foundations": [list(dec(c)) for c in state.t_found], "used": list(state.t_used),
                 "acquired": list(state.t_acquired), "fed": state.t_fed, "marker": state.t_marker,
                 "pending_huts": state.pending_huts,
                 "covered": SHAPES[state.t_covered] if state.t_covered >= 0 else "", "row_gap": state.t_gap,
                 "must_feed": (not state.over) and state.must_feed()},
        "scores": [b["total"] for b in breakdown], "breakdown": breakdown,
    }
