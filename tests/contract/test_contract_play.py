"""The engine contract under seeded random play, for every registered game and the toy: after every move the state
passes ``check_state``, every legal move applies (on a clone) and changes the state, ``step`` plays the same game as
``apply``, events are JSON-safe, every game ends; the same seed deals the same game; clones are independent."""

from __future__ import annotations

import json
import random

from contract_play import check_state, configs, play_many, record_for

from lama_desktop.engine.core import Event

#: moves of random play per game id (in as many games as it takes, at least one of each configuration)
MOVES = 1000


def test_random_games_keep_the_contract_after_every_move(plugin):
    seen = {"moves": 0, "tried": 0}

    def before(state, move):
        check_state(state, plugin)
        snapshot = state.to_dict()
        legal = state.legal_moves()
        for other in random.Random(seen["moves"]).sample(legal, min(2, len(legal))):
            trial = state.clone()
            events = trial.apply(other)
            assert all(type(event) is Event for event in events)
            json.dumps([event.to_dict() for event in events])
            assert trial.to_dict() != snapshot, f"{other} changed nothing"
            seen["tried"] += 1
        assert state.to_dict() == snapshot, "trying the moves on clones changed the state"
        seen["twin"] = state.clone()

    def after(state, move, events):
        twin = seen.pop("twin")
        assert twin.step(move) is None
        assert twin.to_dict() == state.to_dict(), f"step({move}) and apply({move}) differ"
        seen["moves"] += 1

    for state, _ in play_many(plugin, MOVES, before, after):
        check_state(state, plugin)
        assert state.is_over
    assert seen["moves"] >= MOVES and seen["tried"] > seen["moves"]


def test_the_same_seed_deals_the_same_game_and_another_seed_another(plugin):
    for seed in range(len(configs(plugin))):
        record = record_for(plugin, seed)
        first, again = record.new_state(), record.new_state()
        assert first.to_dict() == again.to_dict() and first.legal_moves() == again.legal_moves()
        other = plugin.spec.new(record.players, record.variants, seed + 1000)
        assert other.to_dict() != first.to_dict()


def test_a_clone_is_independent_of_its_original(plugin):
    for seed in range(4):
        record = record_for(plugin, seed)
        state = record.new_state()
        rng = random.Random(seed)
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))
        snapshot = state.to_dict()
        clone = state.clone()
        assert clone.to_dict() == snapshot
        while not clone.is_over:  # the clone plays to the end: the original does not move
            clone.apply(rng.choice(clone.legal_moves()))
        assert state.to_dict() == snapshot and clone.to_dict() != snapshot
        fresh = record.new_state()
        fresh.clone().apply(fresh.legal_moves()[0])
        assert fresh.to_dict() == record.new_state().to_dict()
