"""Game-independent search helpers for the bots (usable by every LAMA-family game's bots).

- :func:`race_win_probability`: how likely a seat is to win a "penalty points, the game ends when someone reaches
  N, fewest points wins" race from the current scores. Every LAMA game (cards, dice, Cadabra) has this shape, so a
  search bot can score the end of a round by what it does to the *game*, not just to this round's points.
- :func:`determinized_root_search`: flat determinized Monte-Carlo at the root (perfect-information Monte-Carlo,
  "PIMC") with common random numbers: each iteration samples one full state consistent with the bot's view and
  evaluates *every* candidate move on that same sample with the same random stream, so moves are compared on
  identical luck. The budget is a number of iterations (never wall-clock time), so a seeded bot is deterministic.
  The first move is a default (a heuristic's choice) that is left only for a move whose paired advantage is
  significant.

Nothing here knows a game's rules: the caller gives a sampler and an evaluation function.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence, TypeVar

M = TypeVar("M")
S = TypeVar("S")

_SQRT2 = math.sqrt(2.0)


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / _SQRT2))


def race_win_probability(scores: Sequence[int], seat: int, end_points: int, mean_gain: float, sd_gain: float,
                         game_over: bool | None = None) -> float:
    """Estimated probability that ``seat`` ends the game with the fewest points (a shared win counts 1/k).

    If some score has reached ``end_points`` (or ``game_over`` says so) the game is over and the answer is exact.
    Otherwise each seat is modelled as gaining ``mean_gain`` ± ``sd_gain`` points per round (independent,
    normal), for as many rounds as the leader needs to reach ``end_points``; the chance of beating each rival is
    a normal tail and the rivals are treated as independent (a product): crude, but monotone in every score and
    sharp exactly where it matters, near the end of the game.
    """
    top = max(scores)
    if game_over or (game_over is None and top >= end_points):
        best = min(scores)
        if scores[seat] != best:
            return 0.0
        return 1.0 / sum(1 for s in scores if s == best)
    rounds = max(1.0, (end_points - top) / mean_gain)
    spread = sd_gain * math.sqrt(2.0 * rounds)
    mine = scores[seat]
    p = 1.0
    for other, s in enumerate(scores):
        if other != seat:
            p *= normal_cdf((s - mine) / spread)
    return p


def race_win_probability_rates(scores: Sequence[int], seat: int, end_points: int, means: Sequence[float],
                               sds: Sequence[float], game_over: bool | None = None) -> float:
    """Like :func:`race_win_probability`, but every seat has its own per-round gain (mean ``means[q]``, standard
    deviation ``sds[q]``): a careless player gains far more points per round than a careful one, which changes
    both how soon the game ends and who is really ahead. The game is modelled to last as many rounds as the
    fastest-approaching seat needs to reach ``end_points``; with equal rates this is exactly
    :func:`race_win_probability`.
    """
    top = max(scores)
    if game_over or (game_over is None and top >= end_points):
        return race_win_probability(scores, seat, end_points, 1.0, 1.0, True)
    rounds = min((end_points - s) / max(1e-6, m) for s, m in zip(scores, means, strict=False))
    rounds = max(1.0, rounds)
    mine = scores[seat] + means[seat] * rounds
    var_mine = sds[seat] * sds[seat]
    p = 1.0
    for other, s in enumerate(scores):
        if other != seat:
            spread = math.sqrt((var_mine + sds[other] * sds[other]) * rounds)
            p *= normal_cdf((s + means[other] * rounds - mine) / spread)
    return p


#: a discretised standard normal (nodes, weights) for integrating over one seat's own future gains
_Z_NODES = tuple(z / 2.0 for z in range(-8, 9))
_Z_WEIGHTS = tuple(w / sum(math.exp(-z * z / 2.0) for z in _Z_NODES)
                   for w in (math.exp(-z * z / 2.0) for z in _Z_NODES))


def race_win_chance(scores: Sequence[int], seat: int, end_points: int, means: Sequence[float],
                    sds: Sequence[float]) -> float:
    """The chance that ``seat`` ends the race with the fewest points, as a probability (the advisor's number).

    Same model as :func:`race_win_probability_rates` (every seat gains normal points per round for as many
    rounds as the fastest seat needs to reach ``end_points``), but the rivals are independent only *given the
    seat's own future gain*, which is integrated over: equal seats get exactly 1/n each, where the plain product
    of pairwise chances (fine for ranking moves) gives 1/2^(n-1). An ended game is decided exactly.
    """
    top = max(scores)
    if top >= end_points:
        return race_win_probability(scores, seat, end_points, 1.0, 1.0, True)
    rounds = max(1.0, min((end_points - s) / max(1e-6, m) for s, m in zip(scores, means, strict=False)))
    root = math.sqrt(rounds)
    mine_mean = scores[seat] + means[seat] * rounds
    mine_sd = sds[seat] * root
    total = 0.0
    for z, weight in zip(_Z_NODES, _Z_WEIGHTS, strict=False):
        mine = mine_mean + z * mine_sd
        p = weight
        for other, s in enumerate(scores):
            if other != seat:
                p *= normal_cdf((s + means[other] * rounds - mine) / max(1e-6, sds[other] * root))
        total += p
    return total


def determinized_root_search(
    moves: Sequence[M],
    sample: Callable[[], S],
    evaluate: Callable[[S, M, int], float],
    iterations: int,
    seed_source: Callable[[], int],
    default_margin: float = 0.0,
) -> tuple[M, list[float]]:
    """Flat determinized Monte-Carlo over ``moves``; returns (chosen move, mean values).

    ``sample()`` returns one determinization (a full state consistent with what the bot knows);
    ``evaluate(state, move, seed)`` plays ``move`` on a private copy of ``state`` and returns its value for the
    searching seat (higher is better), using ``seed`` for all its chance so that every move of one iteration
    sees the same luck. ``iterations`` is the number of determinizations.

    ``moves[0]`` is the default (e.g. a heuristic's choice). Another move is chosen only when its paired
    advantage over the default is more than ``default_margin`` standard errors: the maximum of noisy means is
    biased upwards, and a search that leaves a good default on noise plays worse than the default.
    """
    k = len(moves)
    totals = [0.0] * k
    diffs = [0.0] * k      # sum of (value - default value), paired by iteration
    diffs_sq = [0.0] * k
    for _ in range(iterations):
        state = sample()
        seed = seed_source()
        base = evaluate(state, moves[0], seed)
        totals[0] += base
        for i in range(1, k):
            v = evaluate(state, moves[i], seed)
            totals[i] += v
            d = v - base
            diffs[i] += d
            diffs_sq[i] += d * d
    n = max(1, iterations)
    means = [t / n for t in totals]
    best_i, best_gain = 0, 0.0
    for i in range(1, k):
        mean_d = diffs[i] / n
        var = max(0.0, diffs_sq[i] / n - mean_d * mean_d)
        stderr = math.sqrt(var / n) if n > 1 else 0.0
        if mean_d > default_margin * stderr and mean_d > best_gain:
            best_i, best_gain = i, mean_d
    return moves[best_i], means
