"""Llama Land's crafted positions (``tests/positions/``): what each shows, and the wrong ones refused with
their reason; moved here from the cross-game ``tests/test_positions.py``, whose helpers they use."""

from __future__ import annotations

import pytest

from lama_desktop.engine import Move, StateFormatError, new_game, position
from lama_desktop.games.llama_land.engine.state import AFTER
from test_positions import _load


def test_two_levels_position():
    state = _load("llama-land-two-levels")
    domain = state.public_dict(0)["domains"][0]
    heights = {(c["x"], c["y"]): c["height"] for c in domain["cells"]}
    assert heights[(3, 3)] == 2 and max(heights.values()) == 2 and len(heights) == 16 + 5
    assert domain["llamas"] == [[1, 2, 2]]  # on the icon-free cell of the level-2 build (a llama needs one)
    laid = {e[1] for e in domain["placements"] if e[0] != "foundation"}
    assert not laid & {t for stack in state.stacks for t in stack}  # laid tiles left their stacks
    assert not {0, 12} & set(state.deck + state.row) and len(state.row) == 5
    fresh = new_game("llama-land", 2, seed=0, boards=["1a", "3b"])
    assert state.players[0].foundations == 2 and state.players[0].markers == fresh.players[0].markers
    assert state.supply_llamas == fresh.supply_llamas - 1 and state.supply_coins == fresh.supply_coins - 2
    corn = fresh.columns[0][:]
    corn.remove(12)
    assert state.columns[0] == corn and state.columns[1:] == fresh.columns[1:]


def test_feeding_forced_position():
    state = _load("llama-land-feeding-forced")
    assert state.must_feed()
    state.apply(state.legal_moves()[0])
    while state.phase != AFTER:  # take any characters the tile's huts give
        state.apply(state.legal_moves()[0])
    assert state.refusal(Move("end")) is not None


@pytest.mark.parametrize("data, reason", [
    ({"game": "llama-land", "players": 2, "domains": [{"board": "1a", "placements": ["build 0 r0 - 3 0"]},
                                                      {"board": "1b"}]}, "one height"),
    ({"game": "llama-land", "players": 2, "domains": [{"board": "1a", "placements": ["extend 0 r0 - 6 0"]},
                                                      {"board": "1b"}]}, "beside the domain"),
    ({"game": "llama-land", "players": 2, "collections": [{"crops": {"corn": 13}}, {}]}, "more corn"),
])
def test_a_wrong_position_is_refused_with_its_reason(data, reason):
    with pytest.raises(StateFormatError, match=reason):
        position(data)
