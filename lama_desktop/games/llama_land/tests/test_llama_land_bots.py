"""Llama Land bots follow the marker ruling (RULINGS §4): a marker may move to a free space of any objective
card, its own card included. Positions are written in the saved-state format (docs/ARCHITECTURE.md)."""

from __future__ import annotations

import pytest

from lama_desktop.bots import make_bot
from lama_desktop.engine import position


def after_extend(markers, reserve: int) -> dict:
    """Seat 0 has just extended (a marker step is open), holds four characters, no crops; the objectives are
    "characters" (8/6/4) and "wealth" (8/6/4)."""
    return position({
        "game": "llama-land", "players": 3,
        "domains": [{"board": "1a", "placements": ["extend 0 r0 - 4 0"]}, {"board": "2a"}, {"board": "3a"}],
        "collections": [{"characters": [18, 19, 20, 22], "markers": reserve}, {}, {}],
        "objectives": ["characters", "wealth"], "markers": markers,
        "turn": {"phase": "after", "placed": "extend"},
    })


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_bot_moves_its_marker_up_its_own_card_to_a_free_better_space(level):
    state = after_extend([[-1, 1, 0], [-1, -1, -1]], reserve=0)
    assert "marker 0 0 0" in [str(m) for m in state.legal_moves()]
    move = make_bot("llama-land", level, seed=3).choose(state.view(0))
    assert str(move) == "marker 0 0 0"


def test_a_bot_without_markers_in_reserve_moves_its_weakest_marker_to_a_better_card():
    state = after_extend([[-1, 1, -1], [2, -1, 0]], reserve=0)  # weak bottom space of "wealth" (no coins)
    move = make_bot("llama-land", "medium", seed=3).choose(state.view(0))
    assert str(move) == "marker 0 0 1"
