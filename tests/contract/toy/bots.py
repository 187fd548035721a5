"""The toy game's bot levels (``random`` is the frame's): ``easy`` and ``medium`` play greedily, ``hard`` (which the
advisor asks too) weighs each move over games played out from what it may know."""

from __future__ import annotations

import random

from lama_desktop.bots.base import Bot, Estimate, best_first
from lama_desktop.engine.core import Move, View

#: determinizations per move: the hard bot's choice and the advisor's answer
HARD_ITERATIONS = 40
ADVISOR_ITERATIONS = 120


class GreedyBot(Bot):
    """Plays its highest card (draws only with nothing to play)."""

    level = "easy"

    def choose(self, view: View) -> Move:
        moves = view.legal_moves()
        plays = [m for m in moves if m.kind == "play"]
        return max(plays, key=lambda m: m.args[0]) if plays else self.rng.choice(moves)


class MediumBot(GreedyBot):
    """Greedy, but draws while its hand is short and nobody is close to the goal (more cards, more choice)."""

    level = "medium"

    def choose(self, view: View) -> Move:
        d = view.to_dict()
        moves = view.legal_moves()
        if len(d["hand"]) < 4 and max(d["scores"]) < 7 and any(m.kind == "draw" for m in moves):
            return Move("draw")
        return super().choose(view)


def _greedy(state) -> Move:
    moves = state.legal_moves()
    plays = [m for m in moves if m.kind == "play"]
    return max(plays, key=lambda m: m.args[0]) if plays else moves[0]


class SearchBot(Bot):
    """Each legal move played on hidden hands dealt again from the view, the game then played out greedily: the
    move with the best share of wins (``advise`` is the same evaluation with more deals)."""

    level = "hard"

    def _values(self, view: View, iterations: int) -> tuple[list[Move], list[float]]:
        moves = view.legal_moves()
        totals = [0.0] * len(moves)
        rng = random.Random(self.rng.random())
        for _ in range(iterations):
            state = view.sample_state(rng)
            for index, move in enumerate(moves):
                game = state.clone()
                game.apply(move)
                while not game.is_over:
                    game.apply(_greedy(game))
                winners = game.winners()
                totals[index] += 1 / len(winners) if view.seat in winners else 0.0
        return moves, [total / iterations for total in totals]

    def choose(self, view: View) -> Move:
        moves, values = self._values(view, HARD_ITERATIONS)
        return moves[max(range(len(moves)), key=values.__getitem__)]

    def advise(self, view: View) -> list[Estimate]:
        """Every legal move with its chance to win and where it leaves you against the best rival, best first."""
        moves, values = self._values(view, ADVISOR_ITERATIONS)
        d = view.to_dict()
        mine = d["scores"][view.seat]
        rival = max(score for seat, score in enumerate(d["scores"]) if seat != view.seat)
        out = []
        for move, win in zip(moves, values, strict=True):
            lead = mine + (move.args[0] if move.kind == "play" else 0) - rival
            reason = "lead_ahead" if lead > 0 else "lead_behind" if lead < 0 else "lead_level"
            out.append(Estimate(move, win, None, reason, {"points": abs(lead)} if lead else {}))
        return best_first(out)


BOTS = {"easy": GreedyBot, "medium": MediumBot, "hard": SearchBot}
