"""The toy game's one bot level of its own (``random`` is the frame's): it plays its highest card."""

from __future__ import annotations

from lama_desktop.bots.base import Bot
from lama_desktop.engine.core import Move, View


class GreedyBot(Bot):
    level = "easy"

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        plays = [m for m in moves if m.kind == "play"]
        return max(plays, key=lambda m: m.args[0]) if plays else self.rng.choice(moves)


BOTS = {"easy": GreedyBot}
