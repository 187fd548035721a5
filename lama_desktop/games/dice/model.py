"""The hard LAMA Dice bot's fitted model of the game around its own round (issue 30), read from
``data/model.json`` (written by ``python -m lama_desktop.games.dice.fit_model``; the game never fits at run time).

It replaces the hand-set guesses (``bots.GuessedModel``: normal round gains 6.2 ± 5, opponents scoring 65% ± 3 of
their open rows, rolling 4 times in 5) with what self-play counted:

- the **race to 40** uses the measured distribution of a round's gain (skewed: many rounds add nothing or give a
  token back, some add 20 and more), summed over the number of rounds a game still lasts at the leader's
  distance to 40 (measured too, blended between its two nearest whole numbers); the seat wins when its sum plus
  its total is below every rival's (a tie counts half);
- an **opponent still in the round** adds the measured mean (and spread) of what seats with such an open row went
  on to add;
- an opponent **rolls** (rather than quits) as often as seats with such a row did.
"""

from __future__ import annotations

import math
from operator import mul
from pathlib import Path

from lama_desktop.games.dice.rules import END_POINTS
from lama_desktop.resources import game_data

MODEL_NAME = "model.json"
MODEL_FILE = Path(__file__).parent / "data" / MODEL_NAME
#: probabilities of a summed gain below this are dropped (the race's sums stay short)
TRIM = 1e-5
MAX_ROUNDS = 12


class FittedModel:
    """The model fitted from self-play (see the module docstring); same interface as ``bots.GuessedModel``."""

    def __init__(self, data: dict):
        gains = {int(k): float(p) for k, p in data["gains"].items()}
        self.gain_lo = min(gains)
        self.gain_pmf = [gains.get(g, 0.0) for g in range(self.gain_lo, max(gains) + 1)]
        self.rounds_left = {int(k): float(v) for k, v in data["rounds_left"].items()}
        self.opponents = {int(k): (float(m), float(sd)) for k, (m, sd) in data["opponent"].items()}
        self.rolls = {int(k): float(v) for k, v in data["roll"].items()}
        self._sums: dict[int, tuple[int, list[float], list[float]]] = {}
        self._rivals: dict[tuple, tuple[int, list[float]]] = {}

    @classmethod
    def load(cls) -> "FittedModel":
        """The shipped model (read like the game's other data: a missing file is a clear ``ResourceError``)."""
        return cls(game_data(__package__, MODEL_NAME))

    def roll_probability(self, points: int) -> float:
        return self.rolls.get(points, 1.0)

    def opponent(self, points: int) -> tuple[float, float]:
        return self.opponents.get(points, (0.65 * points, 3.0))

    def sums(self, rounds: int) -> tuple[int, list[float], list[float]]:
        """The gain summed over ``rounds`` rounds: (lowest sum, its pmf, ``beaten[i]`` = P(sum > lo + i) + half
        P(sum = lo + i), the chance a rival with that sum is beaten by a seat that ends level with it)."""
        cached = self._sums.get(rounds)
        if cached is None:
            lo, pmf = self.gain_lo, self.gain_pmf
            for _ in range(rounds - 1):
                out = [0.0] * (len(pmf) + len(self.gain_pmf) - 1)
                for i, p in enumerate(pmf):
                    if p:
                        for j, q in enumerate(self.gain_pmf):
                            out[i + j] += p * q
                lo += self.gain_lo
                first = next(i for i, p in enumerate(out) if p >= TRIM)
                last = max(i for i, p in enumerate(out) if p >= TRIM)
                lo, pmf = lo + first, out[first:last + 1]
            total = sum(pmf)
            pmf = [p / total for p in pmf]
            beaten, above = [], 1.0
            for p in pmf:
                above -= p
                beaten.append(max(0.0, above) + 0.5 * p)
            cached = self._sums[rounds] = (lo, pmf, beaten)
        return cached

    def race(self, totals, seat: int) -> float:
        """Chance that ``seat`` ends the race to 40 with the fewest points (see the module docstring)."""
        distance = max(1, min(END_POINTS, math.ceil(END_POINTS - max(totals))))
        rounds = min(float(MAX_ROUNDS), max(1.0, self.rounds_left.get(distance, 1.0)))
        low = int(rounds)
        share = rounds - low
        win = (1.0 - share) * self._race_in(totals, seat, low)
        if share > 1e-9:
            win += share * self._race_in(totals, seat, low + 1)
        return win

    def _race_in(self, totals, seat: int, rounds: int) -> float:
        _lo, pmf, _beaten = self.sums(rounds)
        rivals = tuple(t for s, t in enumerate(totals) if s != seat)
        first, table = self._rivals_table(rivals, rounds)
        start = round(totals[seat]) - first
        if start < 0:
            head = -start
            return sum(pmf[:head]) + sum(map(mul, pmf[head:], table))
        return sum(map(mul, pmf, table[start:start + len(pmf)]))

    def _rivals_table(self, rivals: tuple, rounds: int) -> tuple[int, list[float]]:
        """For every whole ``k``, the chance that every rival ends above a seat that ends ``k`` points above them
        all start (its own total plus its sum's index): computed once per decision (the seat's result only
        shifts ``k``), cached."""
        key = (rivals, rounds)
        cached = self._rivals.get(key)
        if cached is not None:
            return cached
        _lo, pmf, beaten = self.sums(rounds)
        first = math.floor(min(rivals)) - 1
        last = math.ceil(max(rivals)) + len(pmf) + 1
        table = []
        for k in range(first, last + 1):
            p = 1.0
            for total in rivals:
                y = k - total
                i = math.floor(y)
                b0 = _beaten_at(beaten, i)
                p *= b0 + (y - i) * (_beaten_at(beaten, i + 1) - b0)
            table.append(p)
        table.extend([0.0] * len(pmf))  # a seat beyond every rival's reach loses
        if len(self._rivals) > 256:
            self._rivals.clear()
        self._rivals[key] = (first, table)
        return first, table


def _beaten_at(beaten: list[float], i: int) -> float:
    if i < 0:
        return 1.0
    if i >= len(beaten):
        return 0.0
    return beaten[i]
