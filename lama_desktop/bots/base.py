"""The bot contract: a bot sees one seat's ``View`` and returns one of its legal moves.

Bots never receive a state, so they cannot peek at hidden cards. They are deterministic for a given seed
(budgets are counted in iterations, never in wall-clock time, so a replay of a bot game is exact).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ..engine.core import Move, View

LEVELS = ("random", "easy", "medium", "hard")


class Bot(ABC):
    level = "bot"

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
