"""L.A.M.A.'s crafted positions (``tests/positions/``): what each shows, and the wrong ones refused with
their reason; moved here from the cross-game ``tests/test_positions.py``, whose helpers they use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lama_desktop.engine import Move, StateFormatError, get_game, load_position, position, state_from_dict
from test_positions import _json, _load

#: the stacked-deal position of this folder's crafted positions
STACKED = Path(__file__).parent / "positions" / "lama-stacked-deal.json"


def test_llama_follows_six_position():
    state = _load("lama-llama-follows-six")
    assert [str(m) for m in state.legal_moves()] == ["play L", "draw", "quit"]
    assert state.scores == [12, 5, 39] and state.active == [True, False, True]
    state.apply("play L")
    assert state.current_player == 2  # Ben has quit: Cleo is next


def test_drama_starts_at_the_fifth_token_position():
    state = _load("lama-drama-five-tokens")
    events = state.apply("play L")
    assert "drama_start" in [e.kind for e in events]
    assert state.scores[0] == 10 and state.current_player == 1
    assert [str(m) for m in state.legal_moves()] == ["take"]


def test_a_stacked_deal_is_the_next_round_and_round_trips():
    state = load_position(STACKED)
    again = state_from_dict(_json(state))
    assert again.to_dict() == state.to_dict() and state.to_dict()["deals"][0]["discard"] == ["4", "5"]
    state.apply(Move.parse("play 4"))  # seat 0 empties its hand: the round ends, the stacked deal comes
    saved = state.to_dict()
    assert saved["round"] == 2 and "deals" not in saved  # used up: the rounds after are shuffled as ever
    assert saved["hands"] == [["6", "L"], ["1", "2", "3"], ["5", "5"]]
    assert saved["discard"] == ["4", "5"] and saved["pile"] == ["3", "3"]
    deck = get_game("lama").new_state(3).to_dict()
    assert sorted(sum(saved["hands"], []) + saved["discard"] + saved["pile"] + saved["aside"]) == \
        sorted(sum(deck["hands"], []) + deck["discard"] + deck["pile"] + deck["aside"])
    assert state_from_dict(json.loads(json.dumps(saved))).to_dict() == saved
    # the draw pile of a stacked deal is what it says: a draw takes one of its cards
    while state.current_player != 1:
        state.apply(state.legal_moves()[0])
    state.apply(Move.parse("draw"))
    assert state.to_dict()["pile"] == ["3"]


@pytest.mark.parametrize("deals, reason", [
    ([{"hands": [["1"], ["2"]], "discard": ["3"], "pile": []}], "one hand per seat"),
    ([{"hands": [["L"] * 8, [], []], "discard": ["3"], "pile": []}], "more L cards than the deck has"),
    ([{"hands": [[], [], []], "discard": [], "pile": []}], "face-up card"),
    ([{"hands": [["9"], [], []], "discard": ["3"], "pile": []}], "deal 1"),
    ({"hands": []}, "a list"),
])
def test_a_wrong_stacked_deal_is_refused_with_its_reason(deals, reason):
    data = json.loads((STACKED).read_text())
    data["deals"] = deals
    with pytest.raises(StateFormatError, match=reason):
        position(data)


@pytest.mark.parametrize("data, reason", [
    ({"game": "lama", "hands": [["3"], ["4"]], "top": "3", "aside": []}, "do not add up"),
    ({"game": "lama", "hands": [["3"] * 9, ["4"]], "top": "3"}, "more 3 cards"),
])
def test_a_wrong_position_is_refused_with_its_reason(data, reason):
    with pytest.raises(StateFormatError, match=reason):
        position(data)
