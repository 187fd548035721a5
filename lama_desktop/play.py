"""Drive a whole game with bots: shared by the arena, the benchmarks, the tests and the app's smoke test."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from lama_desktop.bots import Bot
from lama_desktop.engine.core import GameState

# A game that has not ended after this many moves is a bug in a rules engine or a bot, never a long game.
MOVE_LIMIT = 100_000


@dataclass
class PlayedGame:
    state: GameState
    moves: list[str] = field(default_factory=list)
    decision_ms: dict[int, list[float]] = field(default_factory=dict)


def play_game(
    state: GameState,
    bots: Sequence[Bot],
    *,
    timed_seats: Sequence[int] = (),
    on_move: Callable[[GameState, int, object], None] | None = None,
) -> PlayedGame:
    """Play ``state`` to its end, seat ``s`` choosing with ``bots[s]`` from its own view only."""
    played = PlayedGame(state, decision_ms={seat: [] for seat in timed_seats})
    timed = set(timed_seats)
    for _ in range(MOVE_LIMIT):
        if state.is_over:
            return played
        seat = state.current_player
        view = state.view(seat)
        if seat in timed:
            start = time.perf_counter()
            move = bots[seat].choose(view)
            played.decision_ms[seat].append((time.perf_counter() - start) * 1000.0)
        else:
            move = bots[seat].choose(view)
        state.apply(move)
        played.moves.append(str(move))
        if on_move is not None:
            on_move(state, seat, move)
    raise RuntimeError(f"{state.game_id}: no end after {MOVE_LIMIT} moves (moves so far: {played.moves[-20:]})")
