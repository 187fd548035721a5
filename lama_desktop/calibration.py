"""How true are the advisor's percentages? Its estimates paired with what then happened (issue 30).

``collect(game_id, positions, seed)`` plays seeded games (one ``hard`` bot, the other seats the game's
``medium``, or ``random`` where it has none; the hard bot sits at every seat in turn) and, at a few positions of
each game where the seat to move has a real choice, asks the advisor for every move's chance to win; the estimate
of the move the seat then plays is kept and, once the game is over, paired with that seat's outcome (1 for a
win, 1/k for a k-way tie, else 0). The advisor is ``advice.advise`` by default, the chances the player is shown
(through the game's calibration map); the training tool passes ``estimate=advice.advise_raw``, the bot's own
estimates the maps are fitted on. The moves played never depend on the advisor, so the same seed gives the same
positions either way. ``report(pairs)`` groups the pairs in buckets of ten points: a bucket is true when its
observed rate is near its mean estimate; ``max_gap_pts`` is the worst gap, in percentage points, over the buckets
holding at least ``MIN_BUCKET`` positions, and the Brier score is the mean squared error of the estimates.

``python -m lama_desktop.bench calibration GAME --positions N --seed S --json [--raw FILE]`` measures (on a seed
the map was not fitted on); ``python -m lama_desktop.train calibration GAME|all --positions N --seed S`` fits.
Positions are chosen without naming a game (a fixed chance at each real choice instead of a per-game length).
"""

from __future__ import annotations

import random
from typing import Callable, Iterator, Sequence

from lama_desktop.advice import advise
from lama_desktop.bots import levels_for, make_bot
from lama_desktop.engine.registry import get_game, plugins
from lama_desktop.play import MOVE_LIMIT

#: buckets of ten points: [0, 0.1), [0.1, 0.2) ... [0.9, 1.0]
BUCKETS = 10
#: a bucket counts towards ``max_gap_pts`` from this many positions (issue 30)
MIN_BUCKET = 40
#: positions asked per game at most, and the chance of asking at each real choice (spreads them over a game)
PER_GAME = 4
ASK_CHANCE = 1 / 15

Pair = tuple[float, float]


def game_levels(game_id: str, players: int, shift: int) -> list[str]:
    """One ``hard`` seat (at seat ``shift``), the others the game's ``medium`` (``random`` if it has none)."""
    levels = levels_for(game_id)
    other = "medium" if "medium" in levels else "random"
    return ["hard" if seat == shift else other for seat in range(players)]


def play_and_estimate(game_id: str, game_no: int, seed: int, players: int, per_game: int = PER_GAME,
                      ask_chance: float = ASK_CHANCE, levels: Sequence[str] | None = None,
                      estimate: Callable = advise) -> list[Pair]:
    """(estimate of the move played, the seat's outcome) at up to ``per_game`` positions of one seeded game; none
    for a game that did not end. ``levels`` overrides the seats' bot levels (a test's cheap game);
    ``estimate(view)`` is the advisor."""
    rng = random.Random(seed * 1_000_003 + game_no)
    if levels is None:
        levels = game_levels(game_id, players, rng.randrange(players))
    state = get_game(game_id).new(players, (), seed * 7919 + game_no)
    bots = [make_bot(game_id, level, seed * 1000 + game_no * 10 + s) for s, level in enumerate(levels)]
    asked: list[tuple[int, float]] = []
    for _ in range(MOVE_LIMIT):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        move = bots[seat].choose(view)
        if len(asked) < per_game and len(view.legal_moves()) > 1 and rng.random() < ask_chance:
            for answer in estimate(view):
                if answer.move == move:
                    asked.append((seat, answer.win))
                    break
        state.apply(move)
    if not state.is_over:
        return []
    outcome = state.outcome()
    return [(win, outcome[seat]) for seat, win in asked]


def collect(game_id: str, positions: int, seed: int, players: int | None = None, **options) -> Iterator[Pair]:
    """``positions`` (estimate, outcome) pairs from seeded games, game after game (``options``: those of
    ``play_and_estimate``). The same arguments give the same pairs."""
    if players is None:
        players = plugins()[game_id].sample_players
    left, game_no = positions, 0
    while left > 0:
        game_no += 1
        for pair in play_and_estimate(game_id, game_no, seed, players, **options)[:left]:
            left -= 1
            yield pair


def buckets(pairs: Sequence[Pair], count: int = BUCKETS) -> list[dict]:
    """The non-empty buckets of ``count`` equal widths: ``lo``, ``hi``, ``n``, ``mean_estimate``, ``observed``
    (an estimate of exactly 1 falls in the last bucket)."""
    grouped: list[list[Pair]] = [[] for _ in range(count)]
    for estimate, outcome in pairs:
        grouped[min(count - 1, max(0, int(estimate * count)))].append((estimate, outcome))
    rows = []
    for b, inside in enumerate(grouped):
        if inside:
            n = len(inside)
            rows.append({"lo": round(b / count, 4), "hi": round((b + 1) / count, 4), "n": n,
                         "mean_estimate": round(sum(e for e, _ in inside) / n, 4),
                         "observed": round(sum(o for _, o in inside) / n, 4)})
    return rows


def brier(pairs: Sequence[Pair]) -> float:
    """Mean squared difference of estimate and outcome (0 is perfect; always saying 25% in a 4-player game whose
    seats win alike scores 0.1875)."""
    return sum((e - o) ** 2 for e, o in pairs) / len(pairs) if pairs else 0.0


def max_gap_pts(rows: Sequence[dict], min_n: int = MIN_BUCKET) -> float | None:
    """The largest |observed - mean estimate| in percentage points over buckets of at least ``min_n`` positions
    (None when no bucket is that full)."""
    gaps = [abs(r["observed"] - r["mean_estimate"]) * 100 for r in rows if r["n"] >= min_n]
    return round(max(gaps), 2) if gaps else None


def report(pairs: Sequence[Pair], game_id: str = "", seed: int = 0) -> dict:
    rows = buckets(pairs)
    return {"game": game_id, "seed": seed, "positions": len(pairs), "buckets": rows,
            "brier": round(brier(pairs), 4), "max_gap_pts": max_gap_pts(rows), "min_bucket": MIN_BUCKET}


__all__ = ["collect", "play_and_estimate", "buckets", "brier", "max_gap_pts", "report", "BUCKETS", "MIN_BUCKET"]
