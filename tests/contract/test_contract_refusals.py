"""Refusals, for every registered game and the toy: at every move of random games, moves of the game that are not
legal now (taken from the legal moves of other games of it) and moves of no game at all are refused with
``IllegalMove``, a code and a reason, by ``apply`` and by ``step``, and the state is left exactly as it was; a game
that is over refuses everything."""

from __future__ import annotations

import random

import pytest
from contract_play import play, play_many

from lama_desktop.engine.core import IllegalMove, Move

#: moves of random play per game id
MOVES = 400
#: refused moves tried at each state
TRIES = 3
NOT_THIS_GAME = [Move("fly"), Move("play", ("moon",)), Move("draw", (1, 2, 3)), Move("quit", ("now",)), "jump 3",
                 "play", "roll roll"]


def universe(plugin) -> list[Move]:
    """Every move played in two random games of this game, and the moves legal at their ends."""
    seen: set[Move] = set()
    for state, record in (play(plugin, 900), play(plugin, 901)):
        seen.update(Move.parse(text) for text in record.moves)
        seen.update(state.legal_moves())
    return sorted(seen, key=str)


def assert_refused(state, move, method: str) -> IllegalMove:
    before = state.to_dict()
    with pytest.raises(IllegalMove) as info:
        getattr(state, method)(move)
    assert info.value.code and info.value.reason, f"{state.game_id} refused {move} without a code or reason"
    assert state.to_dict() == before, f"{state.game_id}: refusing {move} changed the state"
    return info.value


def test_moves_that_are_not_legal_now_are_refused_and_change_nothing(plugin):
    moves = universe(plugin)
    tried = [0]

    def before(state, move):
        legal = set(state.legal_moves())
        rng = random.Random(len(legal) + tried[0])
        candidates = [m for m in moves if m not in legal]
        for other in rng.sample(candidates, min(TRIES, len(candidates))) + [rng.choice(NOT_THIS_GAME)]:
            if isinstance(other, Move) and other in legal:
                continue
            assert_refused(state, other, rng.choice(("apply", "step")))
            tried[0] += 1

    for state, _ in play_many(plugin, MOVES, before, max_moves=120):
        if not state.is_over:
            continue
        for move in moves[:5] + NOT_THIS_GAME:
            assert_refused(state, move, "apply")
            assert assert_refused(state, move, "step").code in ("core.game_over", "core.malformed",
                                                                  "core.unknown_move")
    assert tried[0] > MOVES
    ended, _ = play(plugin, 902)
    for move in moves[:5] + NOT_THIS_GAME:
        assert_refused(ended, move, "apply")
        assert assert_refused(ended, move, "step").code in ("core.game_over", "core.malformed", "core.unknown_move")
