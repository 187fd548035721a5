"""LAMA Cadabra randomised invariants: seeded random games checked after every move, replays, a hypothesis test."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lama_desktop.engine import GameRecord, IllegalMove, Move, get_game, state_from_dict
from lama_desktop.games.cadabra.components import ACTIONS, BOARD, DECK_COUNTS, MAGIC_TOKEN, SUPPLY
from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.games.cadabra.engine_check import check_state

SPEC = get_game("lama-cadabra")
#: every move the game knows, to try the illegal ones
ALL_MOVES = sorted(ACTIONS, key=str)


def tokens_value(state: CadabraState) -> int:
    """Points held by players and lying on the board (the magic token aside)."""
    return sum(state.scores) + sum(t for t in state.board if t != MAGIC_TOKEN)


def check_invariants(state: CadabraState, crafted: bool = False) -> None:
    """The engine's own soundness check (``GameSpec.check_state``: what loading a save asks too); a dealt game (not
    ``crafted``) has every card in a hand or a pile, none out of the round."""
    assert check_state(state) is None, check_state(state)
    assert SPEC.problem(state) is None
    assert state.board.count(MAGIC_TOKEN) == (1 if state.magic == BOARD else 0)
    if not crafted:
        assert not state.aside and state.total_cards() == sum(DECK_COUNTS), "the 60 cards are not all there"


def play_random_game(seed: int, players: int, check=True, illegal_every: int = 0):
    rng = random.Random(seed)
    state = SPEC.new(players, seed=seed)
    record = GameRecord("lama-cadabra", players, (), seed, {"first_player": state.first_player})
    moves = 0
    last_actor = -1  # who made the last turn action (play, draw, quit, pass): they start the next round
    while not state.is_over:
        legal = state.legal_moves()
        if illegal_every and moves % illegal_every == 0:
            before = state.to_dict()
            for move in rng.sample(ALL_MOVES, 6):
                if move not in legal:
                    with pytest.raises(IllegalMove) as info:
                        state.apply(move)
                    assert info.value.reason and state.to_dict() == before
        move = rng.choice(legal)
        value_before = tokens_value(state)
        round_before = state.round_no
        seat = state.current_player
        events = record.play(state, move)
        if move.kind in ("play", "draw", "quit", "pass"):
            last_actor = seat
        moves += 1
        if check:
            check_invariants(state)
            gained = sum(sum(e.data["points"]) for e in events if e.kind == "round_end")
            returned = sum(e.data["token"] for e in events if e.kind == "token_return")
            assert tokens_value(state) == value_before + gained - returned, (move, events)
            ends = [e for e in events if e.kind == "round_end"]
            if ends:
                assert state.magic in (SUPPLY, BOARD), "the magic token goes back after the round"
                for seat, detail in enumerate(ends[0].data["breakdown"]):
                    assert detail["total"] == ends[0].data["points"][seat]
            if state.round_no != round_before and not state.is_over:
                assert not state.show and state.magic in (SUPPLY, BOARD)
                assert state.hand_sizes == [6] * players and len(state.discard) == 1
                assert state.current_player == last_actor
        assert moves < 5000
    return state, record


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_invariant(players):
    for seed in range(400):  # 2,000 games over the five table sizes
        state, _ = play_random_game(1000 * players + seed, players, illegal_every=7)
        assert state.is_over and max(state.scores) >= 40
        assert state.winners() == [s for s, p in enumerate(state.scores) if p == min(state.scores)]
        assert abs(sum(state.outcome()) - 1.0) < 1e-9


def test_views_never_show_other_hands_and_samples_are_consistent():
    rng = random.Random(5)
    for seed in range(30):
        state = SPEC.new(3 + seed % 3, seed=seed)
        while not state.is_over:
            for seat in range(state.num_players):
                view = state.view(seat)
                picture = view.to_dict()
                assert "hands" not in picture and "pile_cards" not in picture
                sample = view.sample_state(rng)
                check_invariants(sample)
                assert sample.view(seat).to_dict() == picture
                if seat == state.current_player:
                    assert sample.legal_moves() == state.legal_moves() == view.legal_moves()
                else:
                    assert view.legal_moves() == []
            state.apply(rng.choice(state.legal_moves()))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6), choices=st.lists(st.integers(0, 50), max_size=300))
def test_hypothesis_any_sequence_of_legal_moves_keeps_the_invariants(seed, players, choices):
    state = SPEC.new(players, seed=seed)
    for pick in choices:
        if state.is_over:
            break
        legal = state.legal_moves()
        move = legal[pick % len(legal)]
        before = tokens_value(state)
        events = state.apply(Move.parse(str(move)))
        check_invariants(state)
        gained = sum(sum(e.data["points"]) for e in events if e.kind == "round_end")
        returned = sum(e.data["token"] for e in events if e.kind == "token_return")
        assert tokens_value(state) == before + gained - returned
    assert state_from_dict(state.to_dict()) == state
