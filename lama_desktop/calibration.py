"""How true are the advisor's percentages? Its estimates paired with what then happened (issue 30).

``collect(game_id, positions, seed)`` plays seeded games (one ``hard`` bot, the other seats the game's
``medium``, or ``random`` where it has none; the hard bot sits at every seat in turn) and keeps ``PER_GAME``
positions of each game, drawn uniformly over the positions where the seat to move has a real choice (reservoir
sampling: the game's length is not known in advance and no game is named). Once the game is over the advisor is
asked about each kept position (only those: the advisor is the cost) for every move's chance to win; the estimate
of the move the seat played there is paired with that seat's outcome (1 for a win, 1/k for a k-way tie, else 0).
The advisor is ``advice.advise`` by default, the chances the player is shown (through the game's calibration
map); the training tool passes ``estimate=advice.advise_raw``, the bot's own estimates the maps are fitted on. The
moves played never depend on the advisor, so the same seed gives the same positions either way.

Why uniform and why four: the old rule (a 1/15 chance at each real choice, four at most) bunched the positions in
a game's first sixty choices, where every estimate is near the average; spread over the whole game they reach the
late, decided positions too. A game costs its play (every seat's bot, each real choice) plus the advisor at each
kept position; in Llama Land the play is 14 advisor answers' worth, so one or two positions a game would cost
two to three times as much per position as four, for little more independence (four positions of a 3- or
4-player game seldom share a seat *and* a bucket). docs/bots-advisor.md has the measured costs.

Games are independent: game ``n`` of seed ``s`` is seeded from (s, n) alone, so ``collect(..., jobs=N)`` plays
them in N processes and still gives the same pairs, in game order, for every N.

``report(pairs)`` groups the pairs in buckets of ten points: a bucket is true when its observed rate is near its
mean estimate; ``max_gap_pts`` is the worst gap, in percentage points, over the buckets holding at least
``MIN_BUCKET`` positions, and the Brier score is the mean squared error of the estimates.

``python -m lama_desktop.bench calibration GAME --positions N --seed S --json [--raw FILE] [--jobs J]`` measures
(on a seed the map was not fitted on); ``python -m lama_desktop.train calibration GAME|all --positions N --seed S
[--jobs J]`` fits.
"""

from __future__ import annotations

import os
import random
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterator, Sequence

from lama_desktop.advice import advise
from lama_desktop.bots import levels_for, make_bot
from lama_desktop.engine.core import Move, View
from lama_desktop.engine.registry import get_game, plugins
from lama_desktop.play import MOVE_LIMIT

#: buckets of ten points: [0, 0.1), [0.1, 0.2) ... [0.9, 1.0]
BUCKETS = 10
#: a bucket counts towards ``max_gap_pts`` from this many positions (issue 30)
MIN_BUCKET = 40
#: positions kept per game, uniformly over its real choices (see the module docs for why four)
PER_GAME = 4
#: games handed to the worker processes ahead of the one being read, per process
AHEAD = 4

Pair = tuple[float, float]


def game_levels(game_id: str, players: int, shift: int) -> list[str]:
    """One ``hard`` seat (at seat ``shift``), the others the game's ``medium`` (``random`` if it has none)."""
    levels = levels_for(game_id)
    other = "medium" if "medium" in levels else "random"
    return ["hard" if seat == shift else other for seat in range(players)]


def reservoir_slot(seen: int, size: int, rng: random.Random) -> int | None:
    """Where the ``seen``-th item (1-based) goes in a reservoir of ``size`` (None: not kept), so that every item
    ends up kept with the same chance, ``size / items``, however many items come."""
    if seen <= size:
        return seen - 1
    slot = rng.randrange(seen)
    return slot if slot < size else None


def play_and_estimate(game_id: str, game_no: int, seed: int, players: int, per_game: int = PER_GAME,
                      levels: Sequence[str] | None = None, estimate: Callable = advise) -> list[Pair]:
    """(estimate of the move played, the seat's outcome) at ``per_game`` positions of one seeded game (all of its
    real choices if it has fewer), in the game's order; none for a game that did not end. ``levels`` overrides
    the seats' bot levels (a test's cheap game); ``estimate(view)`` is the advisor, asked after the game about
    the kept positions only, each the seat's view of a copy of the state then (what the player was shown)."""
    rng = random.Random(seed * 1_000_003 + game_no)
    if levels is None:
        levels = game_levels(game_id, players, rng.randrange(players))
    state = get_game(game_id).new(players, (), seed * 7919 + game_no)
    bots = [make_bot(game_id, level, seed * 1000 + game_no * 10 + s) for s, level in enumerate(levels)]
    kept: list[tuple[int, int, View, Move]] = []
    choices = 0
    for _ in range(MOVE_LIMIT):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        move = bots[seat].choose(view)
        if len(view.legal_moves()) > 1:
            choices += 1
            slot = reservoir_slot(choices, per_game, rng)
            if slot is not None:  # a view may read the live state: keep a copy's
                item = (choices, seat, state.clone().view(seat), move)
                kept[slot:slot + 1] = [item]
        state.apply(move)
    if not state.is_over:
        return []
    outcome = state.outcome()
    pairs = []
    for _choice, seat, view, move in sorted(kept, key=lambda item: item[0]):
        for answer in estimate(view):
            if answer.move == move:
                pairs.append((answer.win, outcome[seat]))
                break
    return pairs


def default_jobs() -> int:
    """All cores (the tools' ``--jobs`` default)."""
    return os.cpu_count() or 1


def _games(game_id: str, seed: int, players: int, jobs: int, options: dict) -> Iterator[list[Pair]]:
    """Every game's pairs, game 1, 2, ... in order; in ``jobs`` processes, a few games ahead of the reader."""
    game_no = 0
    if jobs <= 1:
        while True:
            game_no += 1
            yield play_and_estimate(game_id, game_no, seed, players, **options)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: deque = deque()
        try:
            while True:
                while len(pending) < jobs * AHEAD:
                    game_no += 1
                    pending.append(pool.submit(play_and_estimate, game_id, game_no, seed, players, **options))
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()


def collect(game_id: str, positions: int, seed: int, players: int | None = None, jobs: int = 1,
            **options) -> Iterator[Pair]:
    """``positions`` (estimate, outcome) pairs from seeded games, game after game (``options``: those of
    ``play_and_estimate``; with ``jobs`` > 1 they must pickle). The same arguments give the same pairs, whatever
    ``jobs``."""
    if players is None:
        players = plugins()[game_id].sample_players
    left = positions
    games = _games(game_id, seed, players, jobs, options)
    try:
        for pairs in games:
            for pair in pairs[:left]:
                left -= 1
                yield pair
            if left <= 0:
                return
    finally:
        games.close()


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


__all__ = ["collect", "play_and_estimate", "reservoir_slot", "default_jobs", "buckets", "brier", "max_gap_pts",
           "report", "BUCKETS", "MIN_BUCKET", "PER_GAME"]
