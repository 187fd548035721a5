"""What a seat sees, for every registered game and the toy. A view is the same in every world its seat cannot tell
apart (``view.sample_state`` deals what the seat cannot know again: the differential method of
``tests/test_privacy.py``); in a game of hidden information those worlds deal the other seats' hands again and
never the seat's own, so the view holds nothing of another seat's hidden hand; and no field of the saved state that
changes between those worlds shows in the view under its name. A view's lists are copies: a bot cannot change the state
through them. Views are JSON-safe."""

from __future__ import annotations

import json
import random

from contract_play import play_many

#: moves of random play per game id (every seat's view is checked before each)
MOVES = 300
#: worlds sampled per seat and state
WORLDS = 2


def compare(seat: int, view: dict, real: dict, other: dict, num_players: int, seen: dict) -> None:
    """No field of the real world that differs in a world the seat cannot tell apart (``other``) shows in
    ``view`` under its own name; count in ``seen`` which entries of the per-seat fields (one list or dict per seat:
    the hands) differ between the two worlds, the seat's own and the others'."""
    for key, value in real.items():
        if key == "rng" or other.get(key) == value:
            continue
        seen["different_worlds"] += 1
        assert key not in view or view[key] != value, f"seat {seat} sees the {key!r} it cannot know"
        if (isinstance(value, list) and len(value) == num_players == len(other[key])
                and all(isinstance(entry, (list, dict)) for entry in value)):
            for entry_seat, (entry, elsewhere) in enumerate(zip(value, other[key], strict=True)):
                if entry != elsewhere:
                    seen["own" if entry_seat == seat else "others"] += 1


def test_a_view_is_the_same_in_every_world_its_seat_cannot_tell_apart(plugin):
    counts = {"views": 0, "different_worlds": 0, "own": 0, "others": 0}

    def before(state, move):
        rng = random.Random(counts["views"])
        for seat in range(state.num_players):
            view = state.view(seat)
            picture = view.to_dict()
            json.dumps(picture)  # a view is JSON-safe
            for _ in range(WORLDS):
                sample = view.sample_state(random.Random(rng.random()))
                assert sample.view(seat).to_dict() == picture, f"seat {seat}'s view changed with what it cannot see"
                assert sample.current_player == state.current_player and sample.scores == state.scores
                if seat == state.current_player and counts["views"] % 4 == 0:  # afresh: slow in some games
                    assert sample.legal_moves() == state.legal_moves()
                compare(seat, picture, state.to_dict(), sample.to_dict(), state.num_players, counts)
            counts["views"] += 1

    play_many(plugin, MOVES, before, max_moves=30)
    assert counts["own"] == 0, "a sampled world changed what the seat holds itself"
    if plugin.spec.hidden_information:
        # the check means something: the sampled worlds deal the other seats' hands again
        assert counts["different_worlds"] > counts["views"] and counts["others"] > counts["views"] // 2, counts


def test_view_lists_are_copies_the_bot_cannot_change_the_state_through(plugin):
    state = plugin.spec.new(2, seed=5)
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


def _spoil(value, depth: int = 0) -> int:
    """Empty every list and dict reachable from ``value`` (what a careless bot could do to its view); how many."""
    if depth > 6:
        return 0
    spoiled = 0
    if isinstance(value, list):
        for item in value:
            spoiled += _spoil(item, depth + 1)
        value.append(99)
        value.clear()
        spoiled += 1
    elif isinstance(value, dict):
        for item in list(value.values()):
            spoiled += _spoil(item, depth + 1)
        value.clear()
        spoiled += 1
    return spoiled


def _public_attributes(value) -> list:
    """What a bot can read of an object: every public attribute and property that is not a method (a view keeps
    its state privately, ``_state``, to answer ``legal_moves``)."""
    out = []
    for name in dir(value):
        if name.startswith("_"):
            continue
        item = getattr(value, name)
        if not callable(item):
            out.append(item)
    return out


def test_no_list_or_dict_a_view_holds_is_the_states_own(plugin):
    """Every list and dict reachable from a view's public attributes emptied (a careless bot): the game's state
    does not change (a view never hands out a mutable piece of the state it was made from)."""
    for seed in (5, 6):
        state = plugin.spec.new(plugin.spec.min_players, seed=seed)
        for _ in range(3):  # a few moves in, so hands, piles and domains hold something
            if state.is_over:
                break
            state.apply(state.legal_moves()[0])
        before = state.to_dict()
        for seat in range(state.num_players):
            view = state.view(seat)
            for item in _public_attributes(view):
                _spoil(item)
            assert state.to_dict() == before, f"seat {seat}'s view shares a list or dict with the state"
