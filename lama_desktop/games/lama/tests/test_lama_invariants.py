"""Randomised L.A.M.A. games: invariants after every move, saves, replays, views (thousands of seeded games)."""

import json
from collections import Counter
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lama_desktop.engine import GameRecord, IllegalMove, Move, StateFormatError, get_game, new_game, state_from_dict
from lama_desktop.games.lama.engine import CARD_NAMES, LamaState, deck_counts, names_to_hand
from lama_desktop.games.lama.engine_check import check_state

CONFIGS = [
    ("lama", ()), ("lama", ("drama",)), ("lama", ("lama20",)), ("lama", ("llama-each-10",)),
    ("lama", ("drama", "lama20", "llama-each-10")), ("lama-party", ()), ("lama-party", ("drama",)),
    ("lama-party", ("drama", "llama-each-10")),
]
EVERY_MOVE = [Move.parse(f"play {name}") for name in CARD_NAMES[1:]] + [
    Move("draw"), Move("quit"), Move("take"), Move("return", (1,)), Move("return", (10,)), Move("return", (20,))]


def board_value(state):
    w, b, k = state.board
    return w + 10 * b + 20 * k


def check_invariants(state: LamaState):
    """The engine's own soundness check (``GameSpec.check_state``: what loading a save asks too), and what only a
    dealt game keeps: no card out of the round."""
    assert check_state(state) is None, check_state(state)
    assert get_game(state.game_id).problem(state) is None
    assert not state.aside and state.total_cards() == sum(deck_counts(state.party)), "cards are conserved"


def pick(rng, legal, sticky):
    """Uniformly random, or (sticky) rarely quitting: uniform play quits so often that a round seldom sees a
    Lama Drama or an emptied hand, so half the games stay in the round to reach them."""
    if sticky:
        staying = [m for m in legal if m.kind != "quit"]
        if staying and rng.random() > 0.08:
            return rng.choice(staying)
    return rng.choice(legal)


def play_random_game(game_id, variants, players, seed, deep=False, counts=None):
    rng = random.Random(seed)
    sticky = seed % 2 == 1
    state = new_game(game_id, players, variants, seed=seed)
    record = GameRecord(game_id, players, tuple(variants), seed)
    check_invariants(state)
    while not state.is_over:
        legal = state.legal_moves()
        before_total = sum(state.points) + board_value(state)
        if deep:
            snapshot = state.to_dict()
            for move in EVERY_MOVE:
                if move not in legal:
                    with pytest.raises(IllegalMove) as caught:
                        state.apply(move)
                    assert caught.value.reason
                    assert state.to_dict() == snapshot, f"refused {move} changed the state"
            assert LamaState.from_dict(json.loads(json.dumps(snapshot))).to_dict() == snapshot
        move = pick(rng, legal, sticky)
        events = record.play(state, move)
        kinds = [e.kind for e in events]
        if counts is not None:
            counts.update(kinds)
        # scores only move through round scoring, returned tokens and the Drama board
        gained = sum(sum(e.data["points"]) for e in events if e.kind == "round_end")
        returned = sum(e.data["token"] for e in events if e.kind == "token_return")
        after_total = sum(state.points) + board_value(state)
        assert after_total == before_total + gained - returned, kinds
        check_invariants(state)
    assert state.history[-1] == state.scores
    assert max(state.scores) >= 40
    assert state.winners() == [s for s, p in enumerate(state.scores) if p == min(state.scores)]
    return state, record


@pytest.mark.parametrize("game_id,variants", CONFIGS)
def test_thousands_of_random_games_keep_every_invariant(game_id, variants):
    counts = Counter()
    for seed in range(1000):
        play_random_game(game_id, variants, 2 + seed % 5, seed, counts=counts)
    # the games reached the rules worth checking
    assert counts["round_end"] > 1000 and counts["token_return"] > 20
    if "drama" in variants:
        assert counts["drama_start"] > 50 and counts["drama_take"] > 50
    if game_id == "lama-party":
        assert counts["extra_turn"] > 500


@pytest.mark.parametrize("game_id,variants", CONFIGS)
def test_every_illegal_move_is_refused_with_the_state_unchanged_and_saves_round_trip(game_id, variants):
    for seed in range(40):
        play_random_game(game_id, variants, 2 + seed % 5, 10_000 + seed, deep=True)


@pytest.mark.parametrize("game_id,variants", CONFIGS)
def test_replay_from_seed_and_moves_is_identical(game_id, variants):
    for seed in range(30):
        state, record = play_random_game(game_id, variants, 2 + seed % 5, 20_000 + seed)
        again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))).replay()
        assert again.to_dict() == state.to_dict()


@pytest.mark.parametrize("damage", [
    lambda d: d.update(game="chess"),
    lambda d: d.update(version=99),
    lambda d: d.update(format=7),
    lambda d: d.pop("hands"),
    lambda d: d.update(pile=d["pile"][:-1]),
    lambda d: d.update(hands=[["Q"]] * len(d["hands"])),
    lambda d: d.update(current=42),
    lambda d: d.update(phase="sleeping"),
    lambda d: d.update(returner=99),
    lambda d: d.update(triggered=99),
    lambda d: d.update(active=[False, False, False]),
    lambda d: d.update(scores=[-3, 12, 0]),
    lambda d: d.update(version=1),
])
def test_damaged_saves_are_refused_with_a_reason(damage):
    data = new_game("lama", 3, seed=8).to_dict()
    damage(data)
    with pytest.raises(StateFormatError) as caught:
        state_from_dict(data)
    assert str(caught.value)


def test_a_view_hides_other_hands_and_shows_only_counts():
    state = new_game("lama", 4, seed=12)
    view = state.view(1).to_dict()
    text = json.dumps(view)
    assert view["hand"] == [CARD_NAMES[t] for t in range(1, 15) for _ in range(state.hands[1][t])]
    assert view["hand_sizes"] == [6, 6, 6, 6]
    assert "pile_cards" not in text and len(view["hand"]) == 6
    assert state.view(2).legal_moves() == [] and state.view(state.current_player).legal_moves()


@pytest.mark.parametrize("game_id,variants", CONFIGS[:2] + CONFIGS[5:6])
def test_sample_state_is_consistent_with_the_view(game_id, variants):
    rng = random.Random(3)
    for seed in range(50):
        state = new_game(game_id, 4, variants, seed=seed)
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_moves()))
        if state.is_over:
            continue
        seat = state.current_player
        sample = state.view(seat).sample_state(random.Random(seed))
        assert sample.hands[seat] == state.hands[seat]
        assert sample.hand_sizes == state.hand_sizes and len(sample.pile) == len(state.pile)
        assert sample.discard == state.discard and sample.points == state.points
        assert sample.total_cards() == state.total_cards()
        assert sorted(sample.legal_moves(), key=str) == sorted(state.legal_moves(), key=str)
        check_invariants(sample)


def test_sample_state_never_uses_the_hidden_cards():
    """Two states identical from seat 0's view (other hands swapped) give the same samples."""
    a = LamaState.crafted(hands=[["3", "4"], ["1", "1", "6"], ["L", "2", "2"]], top="3", pile=["5", "5", "6"],
                          discard=["1", "2", "3"])
    b = LamaState.crafted(hands=[["3", "4"], ["5", "L", "6"], ["1", "2", "5"]], top="3", pile=["1", "2", "6"],
                          discard=["1", "2", "3"])
    sa = a.view(0).sample_state(random.Random(9))
    sb = b.view(0).sample_state(random.Random(9))
    assert sa.hands == sb.hands and sorted(sa.pile) == sorted(sb.pile)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6), config=st.sampled_from(CONFIGS),
       choices=st.lists(st.integers(0, 50), min_size=0, max_size=300))
def test_hypothesis_any_move_sequence_keeps_invariants(seed, players, config, choices):
    game_id, variants = config
    state = new_game(game_id, players, variants, seed=seed)
    for choice in choices:
        if state.is_over:
            break
        legal = state.legal_moves()
        state.apply(legal[choice % len(legal)])
        check_invariants(state)


def test_crafted_hand_names_round_trip():
    hand = names_to_hand(["1", "L", "4+", "P", "L"])
    assert sum(hand) == 5
