"""A network client's shadow state (``GamePlugin.state_from_view``, each game's ``shadow.py``), for every registered
game: in seeded random games of every table size and variant set, after every move and for every seat, the state
rebuilt from the seat's view (as it crosses the wire: JSON) shows that seat exactly the same view, its legal moves
are the real ones, and what the seat cannot see is dealt at random (in a game of hidden information the rebuilt
hands differ from the real ones). The toy game has no ``shadow.py``: it is not networked and says so."""

from __future__ import annotations

import random

import pytest
from contract_play import json_copy, play_many

from lama_desktop.engine.core import StateFormatError
from lama_desktop.games import GAMES

#: moves of random play per game (every seat's view is rebuilt after each); Llama Land's views are large
MOVES = {"llama-land": 60}
DEFAULT_MOVES = 400


def _networked(plugin):
    if not plugin.networked:
        assert plugin.id == "toy-race", f"{plugin.id} has no shadow.py: it cannot be played across computers"
        pytest.skip(f"{plugin.id} is not networked (no shadow.py: plugin.networked is False)")


def test_a_shadow_shows_its_seat_the_view_it_was_made_from(plugin):
    _networked(plugin)
    counts = {"views": 0, "hidden_differs": 0}

    def check(state):
        for seat in range(state.num_players):
            view = state.view(seat)
            picture = json_copy(view.to_dict())
            shadow = plugin.state_from_view(picture, random.Random(counts["views"]))
            assert shadow.view(seat).to_dict() == view.to_dict(), f"seat {seat}: the shadow shows another view"
            assert json_copy(shadow.view(seat).to_dict()) == picture
            assert shadow.view(seat).legal_moves() == view.legal_moves()
            assert shadow.current_player == state.current_player and shadow.is_over == state.is_over
            assert shadow.scores == state.scores
            if seat == state.current_player:
                assert shadow.legal_moves() == state.legal_moves()
            if shadow.to_dict() != {**state.to_dict(), "rng": shadow.to_dict()["rng"]}:
                counts["hidden_differs"] += 1
            counts["views"] += 1

    def before(state, move):
        if counts["views"] == 0 or state.current_player < 0:
            check(state)

    def after(state, move, events):
        check(state)

    play_many(plugin, MOVES.get(plugin.id, DEFAULT_MOVES), before, after,
              max_moves=MOVES.get(plugin.id))
    assert counts["views"] > 50
    if plugin.spec.hidden_information:
        assert counts["hidden_differs"] > counts["views"] // 2, counts


def test_a_shadow_can_be_played_on_to_the_end(plugin):
    """The invented parts are sound: the shadow is a state of the game like any other, and random play finishes."""
    _networked(plugin)
    for seed in range(3):
        state = plugin.spec.new(list(plugin.players)[seed % len(plugin.players)], seed=seed)
        rng = random.Random(seed)
        for _ in range(25):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))
        shadow = plugin.state_from_view(json_copy(state.view(0).to_dict()), random.Random(seed))
        for _ in range(3000):
            if shadow.is_over:
                break
            shadow.apply(rng.choice(shadow.legal_moves()))
        assert shadow.is_over


def test_a_view_no_game_shows_is_refused(plugin):
    """A host that sends nonsense (a card too many in the hand, a field missing) gets an error, not a state."""
    _networked(plugin)
    state = plugin.spec.new(list(plugin.players)[0], seed=1)
    picture = json_copy(state.view(0).to_dict())
    with pytest.raises((StateFormatError, ValueError, KeyError, TypeError)):
        plugin.state_from_view({}, random.Random(1))
    other = next(p for p in GAMES.values() if p.networked and p.module("shadow") is not plugin.module("shadow"))
    with pytest.raises((StateFormatError, ValueError, KeyError, TypeError)):
        other.state_from_view(picture, random.Random(1))
    if "hand" in picture:
        swollen = dict(picture, hand=picture["hand"] * 20)
        with pytest.raises((StateFormatError, ValueError)):
            plugin.state_from_view(swollen, random.Random(1))
