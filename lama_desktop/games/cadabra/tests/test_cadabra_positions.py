"""LAMA Cadabra's crafted positions (``tests/positions/``): what each shows, and the wrong ones refused with
their reason; moved here from the cross-game ``tests/test_positions.py``, whose helpers they use."""

from __future__ import annotations

import pytest

from lama_desktop.engine import StateFormatError, position
from test_positions import _load


def test_magic_token_pass_position():
    state = _load("lama-cadabra-magic-token-pass")
    assert "pass" in [str(m) for m in state.legal_moves()]
    assert state.whites == [7, 2] and state.blacks == [0, 1]  # tokens from the scores, largest first
    state.apply("pass")
    assert state.magic == -1 and state.current_player == 1


def test_lamagic_show_position():
    state = _load("lama-cadabra-lamagic-show")
    events = state.apply("play L")
    assert "show_start" in [e.kind for e in events]
    assert state.whites[0] == 3 and len(state.board) == 5 and state.current_player == 1


@pytest.mark.parametrize("data, reason", [
    ({"game": "lama-cadabra", "hands": [["3"], ["4"]]}, "damaged lama-cadabra position"),
])
def test_a_wrong_position_is_refused_with_its_reason(data, reason):
    with pytest.raises(StateFormatError, match=reason):
        position(data)
