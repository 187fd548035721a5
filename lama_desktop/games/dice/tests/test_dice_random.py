"""LAMA Dice: randomised invariants over thousands of seeded games, saves, replays (also in another process)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lama_desktop.games.dice import engine as dice
from lama_desktop.engine.core import IllegalMove, Move, StateFormatError
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.games.dice.engine_check import check_state
from lama_desktop.engine.record import GameRecord
from lama_desktop.engine.registry import get_game, state_from_dict

# a universe of move texts (cards in canonical order: ``discard L 3`` is accepted as ``discard 3 L``): whatever is
# not legal at a moment must be refused with the state unchanged
UNIVERSE = (["roll", "quit", "keep", "return 1", "return 10", "return 20", "roll 1", "draw", "take", "discard"]
            + [f"take {v}" for v in dice.LABELS]
            + [f"discard {a}" for a in dice.LABELS]
            + [f"discard {a} {b}" for i, a in enumerate(dice.LABELS) for b in dice.LABELS[i:]]
            + ["discard 3 3 3", "discard L L L", "discard 1 2 3 4"])


def check_invariants(state: DiceState, start_scores=None) -> None:
    """The engine's own soundness check (``GameSpec.check_state``: what loading a save asks too)."""
    assert check_state(state) is None, check_state(state)
    assert sum(state.card_totals()) == 43


def check_refusals(state: DiceState, rng: random.Random, tries: int = 6) -> None:
    legal = {str(m) for m in state.legal_moves()}
    candidates = [t for t in UNIVERSE if t not in legal]
    before = state.to_dict()
    for text in rng.sample(candidates, min(tries, len(candidates))):
        with pytest.raises(IllegalMove) as info:
            state.apply(text)
        assert info.value.reason
        assert state.to_dict() == before


def random_game(seed: int, players: int, variants=(), check=True, refusals=False):
    rng = random.Random(seed)
    state = get_game("lama-dice").new(players, variants, seed, first_player=seed % players)
    moves = []
    while not state.is_over:
        if check:
            check_invariants(state)
        if refusals:
            check_refusals(state, rng)
        move = rng.choice(state.legal_moves())
        if check and rng.random() < 0.2:
            # round trip through JSON at random moments
            copy = DiceState.from_dict(json.loads(json.dumps(state.to_dict())))
            assert copy.to_dict() == state.to_dict()
            assert copy.legal_moves() == state.legal_moves()
        state.apply(move)
        moves.append(str(move))
    if check:
        check_invariants(state)
    return state, moves


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_invariants_hold_after_every_move_in_random_games(players):
    for seed in range(400):
        random_game(seed * 7 + players, players, ("lama20",) if seed % 3 == 0 else ())


def test_every_illegal_move_is_refused_and_leaves_the_state_unchanged():
    for seed in range(60):
        random_game(seed, 2 + seed % 5, refusals=True)


def test_step_and_apply_play_the_same_game():
    for seed in range(300):
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        a = get_game("lama-dice").new(4, seed=seed)
        b = get_game("lama-dice").new(4, seed=seed)
        while not a.is_over:
            a.apply(rng_a.choice(a.legal_moves()))
            b.step(rng_b.choice(b.legal_moves()))
            assert a.to_dict() == b.to_dict()
        assert b.is_over


REPLAY_SCRIPT = """
import json, sys
from lama_desktop.engine.record import GameRecord
record = GameRecord.from_dict(json.loads(sys.stdin.read()))
print(json.dumps(record.replay().to_dict(), sort_keys=True))
"""


@pytest.mark.parametrize("damage", [
    lambda d: d.update(game="lama"),
    lambda d: d.update(version=99),
    lambda d: d.update(rows=d["rows"][:-1]),
    lambda d: d.update(llama_row=d["llama_row"] + [1]),
    lambda d: d.update(aside=d["aside"][1:]),
    lambda d: d.update(phase="dancing"),
    lambda d: d.update(current=7),
    lambda d: d.update(scores=[-1, 0, 0]),
    lambda d: d.update(rows=[["x"], [], []]),
    lambda d: d.update(rng="seed"),
    lambda d: d.update(phase="discard", dice=None),
    lambda d: d.update(phase="take", dice=[1, 1, 1]),
    lambda d: d.update(dice=[1, 3, "L"]),
    lambda d: d.pop("rows"),
    lambda d: d.update(phase="return", reason="empty_row"),
    lambda d: d.update(rows=[[], *d["rows"][1:]], aside=d["aside"] + d["rows"][0]),
])
def test_damaged_saves_are_refused_with_a_reason(damage):
    data = get_game("lama-dice").new(3, seed=1).to_dict()
    damage(data)
    with pytest.raises(StateFormatError) as info:
        state_from_dict(data)
    assert str(info.value)


def test_views_hide_nothing_but_the_future():
    state = get_game("lama-dice").new(4, seed=9)
    view = state.view(2)
    data = view.to_dict()
    assert "rng" not in json.dumps(data)
    assert data["rows"] == [state.row_cards(s) for s in range(4)]
    assert view.legal_moves() == [] and state.view(0).legal_moves() == state.legal_moves()
    sample = view.sample_state(random.Random(1))
    mine = state.to_dict()
    theirs = sample.to_dict()
    for key in ("rng", "seed"):
        mine.pop(key)
        theirs.pop(key)
    assert mine == theirs
    # a different rng gives a different future
    other = view.sample_state(random.Random(2))
    assert other.rng.state != sample.rng.state


def test_roll_outcome_via_apply_roll_matches_the_engine_roll():
    """Every ordered outcome applied by ``apply_roll`` gives the same position as the engine's own roll did."""
    state = get_game("lama-dice").new(3, seed=21)
    for seed in range(40):
        s = get_game("lama-dice").new(3, seed=seed)
        a = s.clone()
        events = a.apply("roll")
        faces = events[0].data["faces"]
        b = s.clone()
        b.apply_roll(faces)
        da, db = a.to_dict(), b.to_dict()
        da.pop("rng"), db.pop("rng")
        assert da == db
    assert state.to_dict() == get_game("lama-dice").new(3, seed=21).to_dict()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6), lama20=st.booleans(),
       choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=400))
def test_hypothesis_any_sequence_of_legal_moves_keeps_the_invariants(seed, players, lama20, choices):
    state = get_game("lama-dice").new(players, ("lama20",) if lama20 else (), seed)
    moves = []
    for c in choices:
        if state.is_over:
            break
        legal = state.legal_moves()
        move = legal[c % len(legal)]
        state.apply(move)
        moves.append(str(move))
        check_invariants(state)
    record = GameRecord("lama-dice", players, ("lama20",) if lama20 else (), seed, {}, moves)
    assert record.replay().to_dict() == state.to_dict()
    assert DiceState.from_dict(state.to_dict()).to_dict() == state.to_dict()


def test_every_text_form_parses_back():
    state = DiceState.crafted(["3 3 5 L L", "1"], scores=[25, 0], variants=["lama20"])
    seen = set()
    for faces, _p in DiceState.roll_outcomes():
        s = state.clone()
        s.apply_roll(faces)
        for move in s.legal_moves():
            assert Move.parse(str(move)) == move
            seen.add(str(move))
    assert {"discard 3 3 L", "discard 5 L L", "take 1", "return 20", "keep"} <= seen
