"""Llama Land under random play: invariants after every move, saves, replays (also in another process)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lama_desktop.engine.core import IllegalMove, Move
from lama_desktop.games.llama_land.engine import SPEC
from lama_desktop.games.llama_land.engine.check import check_state
from lama_desktop.games.llama_land.engine.data import load
from lama_desktop.games.llama_land.engine.state import LlamaLandState
from lama_desktop.engine.record import GameRecord
from lama_desktop.engine.registry import state_from_dict

D = load()


def check_invariants(s: LlamaLandState) -> None:
    """The engine's own soundness check (``GameSpec.check_state``: what loading a save asks too)."""
    assert check_state(s) is None, check_state(s)
    assert s.scores == [b["total"] for b in s.score_breakdown()]
    per_kind = D.llama_per_players[s.num_players]  # a dealt game has every llama card of its count
    for k in range(3):
        assert len(s.columns[k]) + sum(1 for p in s.players for kind, _ in p.cards if kind == k) == per_kind


def check_round_trip(s: LlamaLandState) -> None:
    d = s.to_dict()
    json.dumps(d)
    again = state_from_dict(json.loads(json.dumps(d)))
    assert again.to_dict() == d
    assert again.legal_moves() == s.legal_moves()


def check_refusals(s: LlamaLandState, rng: random.Random, legal: list[Move]) -> None:
    legal_set = set(legal)
    for move in rng.sample(legal, min(3, len(legal))):
        assert s.why_illegal(move) == "", move
    probes = [Move("end"), Move("feed", ("corn", 0)), Move("hut", (0,)), Move("llama", (0, 0)),
              Move("marker", (0, 0)), Move("foundation", (0, 0)), Move("use", (0, "corn"))]
    for move in legal[:3]:
        if move.kind in ("build", "extend"):
            shape, r, m, x, y = move.args
            probes.append(Move(move.kind, (shape, r, m, x + rng.randrange(-3, 4), y + rng.randrange(-3, 4))))
            probes.append(Move("build" if move.kind == "extend" else "extend", move.args))
    before = s.to_dict()
    for move in probes:
        if move in legal_set:
            continue
        if move.kind in ("build", "extend", "foundation", "llama") and s.why_illegal(move) == "":
            continue  # an equivalent orientation code, or a legal spot: fine
        with pytest.raises(IllegalMove) as info:
            s.apply(move)
        assert info.value.reason
        assert s.to_dict() == before


def play_random(players, variants, seed, check_every=1, max_moves=None, refusals=True):
    s = SPEC.new(players, variants, seed)
    rng = random.Random(seed)
    record = GameRecord("llama-land", players, tuple(sorted(variants)), seed)
    count = 0
    while not s.is_over and (max_moves is None or count < max_moves):
        legal = s.legal_moves()
        assert legal, "a player to move always has a move"
        assert len(legal) == len(set(legal))
        if count % check_every == 0:
            check_invariants(s)
            check_round_trip(s)
            if refusals:
                check_refusals(s, rng, legal)
        move = rng.choice(legal)
        record.play(s, move)
        count += 1
    check_invariants(s)
    return s, record


@pytest.mark.parametrize("players,variants,seed", [
    (2, (), 1), (3, ("expert",), 2), (4, ("llama",), 3), (4, ("beginner",), 4), (3, ("expert", "llama"), 5),
])
def test_random_games_keep_every_invariant_after_every_move(players, variants, seed):
    s, record = play_random(players, variants, seed, check_every=1 if players < 4 else 2)
    assert s.is_over and s.current_player == -1
    assert len(set(s.turns)) == 1  # everybody had the same number of turns
    assert s.triggered in ("tiles", "llama_cards")
    assert record.replay().to_dict() == s.to_dict()
    ends = [e for e in SPEC.new(players, variants, seed).apply(record.moves[0])]
    assert ends and ends[0].kind in ("place", "foundation", "character")


def test_game_end_event_carries_the_breakdown():
    s = SPEC.new(2, (), 7)
    rng = random.Random(7)
    last = []
    while not s.is_over:
        last = s.apply(rng.choice(s.legal_moves()))
    end = [e for e in last if e.kind == "game_end"]
    assert end and end[0].data["scores"] == s.scores and end[0].data["winners"] == s.winners()
    assert set(end[0].data["breakdown"][0]) >= {"llama_cards", "crops", "coins", "objectives", "total"}


def test_views_sampled_states_are_consistent_and_playable():
    s = SPEC.new(4, (), 3)
    rng = random.Random(3)
    for _ in range(40):
        s.apply(rng.choice(s.legal_moves()))
    v = s.view(s.current_player)
    sample = v.sample_state(random.Random(5))
    check_invariants(sample)
    assert sample.legal_moves() == s.legal_moves()
    assert v.to_dict() == s.view(s.current_player).to_dict()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32),
       variants=st.sampled_from([(), ("beginner",), ("expert",), ("llama",), ("expert", "llama")]),
       moves=st.integers(1, 60))
def test_hypothesis_any_prefix_of_random_play_is_sound(players, seed, variants, moves):
    s, record = play_random(players, variants, seed, check_every=5, max_moves=moves, refusals=True)
    check_round_trip(s)
    assert record.replay().to_dict() == s.to_dict()
