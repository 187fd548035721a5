"""Llama Land's views refuse too (the table asks a seat's view before sending a move): moved here from the
cross-game ``tests/test_refusals.py``, since only this game's view has ``refusal``."""

from __future__ import annotations

from lama_desktop.engine import new_game


def test_a_view_refuses_a_move_out_of_turn_with_a_code():
    state = new_game("llama-land", 2, seed=3)
    other = state.view(1 - state.current_player)
    assert other.refusal(state.legal_moves()[0]).code == "core.not_your_turn"
