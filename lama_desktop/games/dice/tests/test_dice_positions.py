"""LAMA Dice's crafted positions (``tests/positions/``): what each shows, and the wrong ones refused with
their reason; moved here from the cross-game ``tests/test_positions.py``, whose helpers they use."""

from __future__ import annotations

import pytest

from lama_desktop.engine import Move, StateFormatError, position
from test_positions import _load


def test_one_card_per_die_position():
    state = _load("lama-dice-two-dice-show-three")
    assert sorted(str(m) for m in state.legal_moves()) == ["discard 3", "discard 3 3"]
    assert state.refusal(Move.parse("discard 3 3 3")) is not None


def test_take_from_the_llama_row_position():
    state = _load("lama-dice-take-from-the-llama-row")
    assert sorted(str(m) for m in state.legal_moves()) == ["take 2", "take L"]
    state.apply("take 2")
    assert state.to_dict()["rows"][0] == [1, 2, 4, 4]
    assert state.current_player == 1  # seat 2 has quit


@pytest.mark.parametrize("data, reason", [
    ({"game": "lama-dice", "rows": [["1"] * 7, ["2"]]}, "more cards"),
])
def test_a_wrong_position_is_refused_with_its_reason(data, reason):
    with pytest.raises(StateFormatError, match=reason):
        position(data)
