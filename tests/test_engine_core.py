"""The pieces the engines share (engine/core.py, engine/hands.py): views, damaged saves, hidden-hand sampling."""

import random

import pytest

from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.engine.core import StateFormatError
from lama_desktop.games.lama.engine import LamaState
from lama_desktop.engine.registry import get_game, state_from_dict
from lama_desktop.games import GAMES
from registry_games import games_where, samples


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


#: the games whose saved state has a field that a damaged save may hold garbage in (``samples.damaged_field``)
DAMAGED = games_where(lambda plugin: plugin.samples.damaged_field)


def test_every_registered_game_has_a_field_to_damage():
    assert DAMAGED == list(GAMES), "a registered game without a damaged-save check"


@pytest.mark.parametrize("game", DAMAGED)
def test_a_damaged_save_of_any_game_is_refused_naming_the_game(game):
    data = get_game(game).new(2, seed=2).to_dict()
    data[samples(game).damaged_field] = 7
    with pytest.raises(StateFormatError, match=f"damaged {game} state"):
        state_from_dict(data)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_declared_capabilities_are_the_engines(game):
    """What a descriptor declares (``quitting``, ``card_hands``) is what its engine does: the cross-game tests skip
    by these declarations, so a wrong one would skip a check silently or crash it."""
    plugin = GAMES[game]
    state = plugin.spec.new(plugin.sample_players, seed=1)
    assert plugin.quitting == ("quit" in {str(move) for move in state.legal_moves()})
    view = state.view(state.current_player)
    has_hands = all(hasattr(state, name) for name in ("hands", "pile", "hand_sizes", "CARDS")) \
        and hasattr(view, "hand_sizes")
    assert plugin.card_hands == has_hands
    if plugin.card_hands:
        assert sum(state.hands[0]) == state.hand_sizes[0] == view.hand_sizes[0]

