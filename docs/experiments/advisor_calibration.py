"""How honest are the advisor's numbers? Its estimates against the outcomes of many bot games (not shipped).

Seeded games are played by one ``hard`` bot and ``medium`` bots, as many seats as the game's sample games (its
descriptor's ``sample_players``: 4, Llama Land 3). At a few
positions of every game where the seat to move has a real choice, the advisor (``lama_desktop.advise.advise``, the
app's own code and budget) estimates every move; the estimate of the move the seat then actually plays is kept,
and once the game is over it is paired with that seat's outcome (1 for a win, 1/k for a k-way tie, else 0).
The table groups the pairs by estimate bucket: how many, the mean estimate, the observed win rate (with a 95%
Wilson interval) and the difference.

    python docs/experiments/advisor_calibration.py --games 300 --per-game 3 --seed 1
    python docs/experiments/advisor_calibration.py --only lama-dice --games 100 --json

``docs/bots-*.md`` quote its tables (``--markdown`` prints them ready to paste).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from lama_desktop.advise import advise  # noqa: E402
from lama_desktop.bots import make_bot  # noqa: E402
from lama_desktop.engine.registry import get_game  # noqa: E402
from lama_desktop.games import GAMES as REGISTRY  # noqa: E402
from lama_desktop.play import MOVE_LIMIT  # noqa: E402

#: game id -> (players, the levels of the seats): every registered game at its sample seat count, one hard bot
GAMES = {game_id: (plugin.sample_players, ("hard",) + ("medium",) * (plugin.sample_players - 1))
         for game_id, plugin in REGISTRY.items()}
BUCKETS = 10


def play_and_estimate(game_id: str, game_no: int, seed: int, per_game: int) -> list[tuple[float, float]]:
    """(estimate of the move played, the seat's outcome) at ``per_game`` positions of one seeded game."""
    players, levels = GAMES[game_id]
    rng = random.Random(seed * 1_000_003 + game_no)
    shift = rng.randrange(players)  # the hard bot sits at every seat in turn
    levels = levels[-shift:] + levels[:-shift] if shift else levels
    state = get_game(game_id).new(players, (), seed * 7919 + game_no)
    bots = [make_bot(game_id, level, seed * 1000 + game_no * 10 + s) for s, level in enumerate(levels)]
    # the decisions at which to ask: spread over a game's usual length (its samples say), drawn in advance
    asked = []
    chance = per_game / REGISTRY[game_id].samples.calibration_moves
    for _ in range(MOVE_LIMIT):
        if state.is_over:
            break
        seat = state.current_player
        view = state.view(seat)
        move = bots[seat].choose(view)
        if len(asked) < per_game and len(view.legal_moves()) > 1 and rng.random() < chance:
            for estimate in advise(view):
                if estimate.move == move:
                    asked.append((seat, estimate.win))
                    break
        state.apply(move)
    if not state.is_over:
        return []
    outcome = state.outcome()
    return [(win, outcome[seat]) for seat, win in asked]


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def table(pairs: list[tuple[float, float]]) -> list[dict]:
    rows = []
    for b in range(BUCKETS):
        lo, hi = b / BUCKETS, (b + 1) / BUCKETS
        inside = [(e, o) for e, o in pairs if lo <= e < hi or (b == BUCKETS - 1 and e == 1.0)]
        if not inside:
            continue
        n = len(inside)
        estimate = sum(e for e, _ in inside) / n
        observed = sum(o for _, o in inside) / n
        low, high = wilson(sum(o for _, o in inside), n)
        rows.append({"bucket": f"{int(100 * lo)}-{int(100 * hi)}%", "n": n, "estimate": round(estimate, 3),
                     "observed": round(observed, 3), "ci95": [round(low, 3), round(high, 3)],
                     "diff_points": round(100 * (observed - estimate), 1)})
    return rows


def calibrate(game_id: str, games: int, seed: int, per_game: int, pairs_out=None) -> dict:
    started = time.perf_counter()
    pairs: list[tuple[float, float]] = []
    for game_no in range(1, games + 1):
        got = play_and_estimate(game_id, game_no, seed, per_game)
        pairs.extend(got)
        if pairs_out is not None:
            for estimate, outcome in got:
                pairs_out.write(f"{game_id} {game_no} {estimate:.5f} {outcome:.4f}\n")
            pairs_out.flush()
    n = len(pairs)
    brier = sum((e - o) ** 2 for e, o in pairs) / n if n else 0.0
    return {"game": game_id, "games": games, "positions": n, "rows": table(pairs), "brier": round(brier, 4),
            "mean_estimate": round(sum(e for e, _ in pairs) / n, 3) if n else 0.0,
            "mean_observed": round(sum(o for _, o in pairs) / n, 3) if n else 0.0,
            "seconds": round(time.perf_counter() - started, 1)}


def markdown(result: dict) -> str:
    lines = [f"{result['game']}: {result['positions']} positions from {result['games']} games "
             f"(Brier score {result['brier']})", "",
             "| estimate | positions | mean estimate | observed (95% CI) | observed − estimate |",
             "| --- | ---: | ---: | --- | ---: |"]
    for r in result["rows"]:
        lines.append(f"| {r['bucket']} | {r['n']} | {100 * r['estimate']:.1f}% | {100 * r['observed']:.1f}% "
                     f"[{100 * r['ci95'][0]:.0f}, {100 * r['ci95'][1]:.0f}] | {r['diff_points']:+.1f} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per game id")
    parser.add_argument("--per-game", type=int, default=3, help="positions asked per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--json", action="store_true", help="one JSON object per game id")
    parser.add_argument("--markdown", action="store_true", help="tables ready for docs/bots-*.md")
    parser.add_argument("--pairs", default="", help="also write every (estimate, outcome) pair to this file")
    args = parser.parse_args(argv)
    ids = [g for g in args.only.split(",") if g] or list(GAMES)
    for game_id in ids:
        if game_id not in GAMES:
            parser.error(f"unknown game {game_id!r} (games: {', '.join(GAMES)})")
        if args.pairs:
            with open(args.pairs, "a", encoding="utf-8") as pairs_out:
                result = calibrate(game_id, args.games, args.seed, args.per_game, pairs_out)
        else:
            result = calibrate(game_id, args.games, args.seed, args.per_game)
        if args.json:
            print(json.dumps(result))
        else:
            print(markdown(result) if args.markdown else json.dumps(result, indent=1))
            print()
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
