"""The bot contract: a bot sees one seat's ``View`` and returns one of its legal moves.

Bots never receive a state, so they cannot peek at hidden cards. They are deterministic for a given seed
(budgets are counted in iterations, never in wall-clock time, so a replay of a bot game is exact).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field

from lama_desktop.engine.core import Move, View

LEVELS = ("random", "easy", "medium", "hard")


class Bot(ABC):
    level = "bot"
    #: an arena-only bound that reads the whole state (``choose_state(state)``) and refuses a view; only the arena
    #: seats one (``lama_desktop.arena``), never a table
    omniscient = False

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: View) -> Move:
        """Pick a legal move for ``view.seat`` (which must be the player to move)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomBot(Bot):
    """Uniformly random legal moves: the baseline every game's bots are measured against."""

    level = "random"

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        if not moves:
            raise ValueError("the random bot was asked to move when it has no legal move")
        return self.rng.choice(moves)


@dataclass(frozen=True)
class Estimate:
    """The advisor's view of one legal move (``lama_desktop.advise``): the estimated chance that the seat wins the
    *game* after it (``win``, in [0, 1]), the expected points of this round when the game counts them (penalty
    points for the LAMA games, ``None`` where the estimate has none), and a plain-words reason: a string key of
    the ``advisor`` domain (``advisor.reason.<key>``) and its format parameters (plain JSON values)."""

    move: Move
    win: float
    points: float | None
    reason: str
    params: dict = field(default_factory=dict)


def best_first(estimates: list[Estimate]) -> list[Estimate]:
    """Estimates sorted best first: by chance to win, then fewer expected points; ties keep the given order (the
    search's own default first)."""
    return sorted(estimates, key=lambda e: (-round(e.win, 9), e.points if e.points is not None else 0.0))
