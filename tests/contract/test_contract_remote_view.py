"""A network client's views (``GamePlugin.view_from_dict``, each game's ``remote_view.py``), for every registered
game: in seeded random games of every table size and variant set, after every move and for every seat, the view
built from the seat's view dict (as it crosses the wire: JSON) gives that dict back, lists the real legal moves,
answers every member the engine's own view has with the same value, and deals nothing until a bot asks: its
``sample_state(rng)`` is a sound state that shows the seat that very view, with what the seat cannot see dealt at
random. The toy game has no ``remote_view.py``: it is not networked and says so."""

from __future__ import annotations

import inspect
import random

import pytest
from contract_play import json_copy, play_many

from lama_desktop.engine.core import StateFormatError
from lama_desktop.games import GAMES

#: moves of random play per game (every seat's view is rebuilt after each); Llama Land's views are large
MOVES = {"llama-land": 60}
DEFAULT_MOVES = 400
#: what a view builds rather than shows (compared on their own below)
NOT_MEMBERS = {"sample_state", "to_dict", "legal_moves"}
#: what a dict may fail with: a host that sends nonsense
BAD_DICT = (StateFormatError, ValueError, KeyError, TypeError, IndexError)


def _networked(plugin):
    if not plugin.networked:
        assert plugin.id == "toy-race", f"{plugin.id} is not networked: it cannot be played across computers"
        pytest.skip(f"{plugin.id} is not networked (plugin.networked is False)")


def _members(view, of) -> dict:
    """Every public member of the view ``of`` (its class's constants aside) as ``view`` answers it: a property's
    value, a method's answer where it needs no argument."""
    found = {}
    for name in dir(type(of)):
        if name.startswith("_") or name.isupper() or name in NOT_MEMBERS:
            continue
        value = getattr(view, name)
        if callable(value):
            needed = [p for p in inspect.signature(value).parameters.values() if p.default is inspect.Parameter.empty]
            if needed:
                continue
            value = value()
        found[name] = value
    for name in ("seat", "game_id", "num_players", "current_player"):
        found[name] = getattr(view, name)
    return found


def test_a_view_comes_back_from_its_dict(plugin):
    _networked(plugin)
    counts = {"views": 0}

    def check(state):
        for seat in range(state.num_players):
            view = state.view(seat)
            picture = json_copy(view.to_dict())
            remote = plugin.view_from_dict(picture)
            assert remote.to_dict() == view.to_dict(), f"seat {seat}: the dict view shows another dict"
            assert remote.legal_moves() == view.legal_moves()
            assert remote.current_player == state.current_player
            assert _members(remote, view) == _members(view, view), f"seat {seat}: the dict view answers otherwise"
            remote.to_dict().clear()
            assert json_copy(remote.to_dict()) == picture, "a view's dict is a copy"
            assert plugin.view_from_dict(remote.to_dict()).to_dict() == view.to_dict()
            counts["views"] += 1

    def before(state, move):
        if counts["views"] == 0 or state.current_player < 0:
            check(state)

    def after(state, move, events):
        check(state)

    play_many(plugin, MOVES.get(plugin.id, DEFAULT_MOVES), before, after, max_moves=MOVES.get(plugin.id))
    assert counts["views"] > 50


def test_a_dict_views_sample_shows_its_view_and_plays_on(plugin):
    """``sample_state`` deals only what the seat cannot see: the sample shows the seat the same view with the same
    legal moves, the hidden parts differ from the real ones (in a game of hidden information), and the sample is a
    state of the game like any other: random play finishes it."""
    _networked(plugin)
    samples, differs = 0, 0
    for seed in range(6):
        state = plugin.spec.new(list(plugin.players)[seed % len(plugin.players)], seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 40)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))
        for seat in range(state.num_players):
            picture = json_copy(state.view(seat).to_dict())
            sample = plugin.view_from_dict(picture).sample_state(random.Random(seed * 10 + seat))
            assert json_copy(sample.view(seat).to_dict()) == picture
            assert sample.view(seat).legal_moves() == state.view(seat).legal_moves()
            assert (sample.current_player, sample.is_over, sample.scores) == \
                (state.current_player, state.is_over, state.scores)
            samples += 1
            differs += sample.to_dict() != {**state.to_dict(), "rng": sample.to_dict()["rng"]}
        for _ in range(3000):
            if sample.is_over:
                break
            sample.apply(rng.choice(sample.legal_moves()))
        assert sample.is_over
    if plugin.spec.hidden_information:
        assert differs > samples // 2, (differs, samples)


def test_a_dict_no_game_shows_is_refused(plugin):
    """A host that sends nonsense (a card too many in the hand, a field missing, another game's view) gets an
    error, not a view."""
    _networked(plugin)
    state = plugin.spec.new(list(plugin.players)[0], seed=1)
    picture = json_copy(state.view(0).to_dict())
    with pytest.raises(BAD_DICT):
        plugin.view_from_dict({})
    other = next(p for p in GAMES.values()
                 if p.networked and p.module("remote_view") is not plugin.module("remote_view"))
    with pytest.raises(BAD_DICT):
        other.view_from_dict(picture)
    if "hand" in picture:
        swollen = dict(picture, hand=picture["hand"] * 20)
        with pytest.raises(BAD_DICT):
            plugin.view_from_dict(swollen).sample_state(random.Random(1))
