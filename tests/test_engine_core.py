"""The pieces the engines share (engine/core.py, engine/hands.py): views, damaged saves, hidden-hand sampling."""

import random

import pytest

from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.engine.core import StateFormatError
from lama_desktop.games.lama.engine import LamaState
from lama_desktop.engine.registry import get_game, state_from_dict


@pytest.mark.parametrize("make", [
    lambda: LamaState.crafted(hands=[["1", "2"], ["3", "L", "L"], ["4"]], top="1", pile=["5", "6"]),
    lambda: CadabraState.crafted(hands=[["1", "2"], ["3", "L", "L"], ["4"]], top="1", pile=["5", "6"]),
])
def test_sample_state_of_a_crafted_state_keeps_the_pile_and_every_hand_size(make):
    # a crafted state does not hold the whole deck: the sample deals only as many cards as each place has
    state = make()
    sample = state.view(0).sample_state(random.Random(4))
    assert len(sample.pile) == len(state.pile)
    assert sample.hand_sizes == state.hand_sizes == [sum(h) for h in sample.hands]
    assert sample.hands[0] == state.hands[0]


@pytest.mark.parametrize("game", ["lama", "lama-dice", "lama-cadabra", "llama-land"])
def test_view_lists_are_copies_the_bot_cannot_change_the_state_through(game):
    state = get_game(game).new(2, seed=5)
    before = state.to_dict()
    view = state.view(state.current_player)
    for name in ("hand", "hand_sizes", "discard", "active", "scores", "board", "whites", "blacks", "quit"):
        value = getattr(view, name, None)
        if isinstance(value, list):
            value.append(99)
            value.clear()
    assert state.to_dict() == before
    assert view.legal_moves() == state.legal_moves()
    assert state.view(1 - state.current_player).legal_moves() == []


@pytest.mark.parametrize("game, field, name", [
    ("lama", "hands", "lama"), ("lama-dice", "rows", "lama-dice"), ("lama-cadabra", "hands", "lama-cadabra"),
    ("llama-land", "stacks", "llama-land"),
])
def test_a_damaged_save_of_any_game_is_refused_naming_the_game(game, field, name):
    data = get_game(game).new(2, seed=2).to_dict()
    data[field] = 7
    with pytest.raises(StateFormatError, match=f"damaged {name} state"):
        state_from_dict(data)
