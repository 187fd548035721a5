"""Bot tournaments: ``python -m lama_desktop.arena GAME --players B1,B2,... --games N --seed S [--json]``.

Plays N full games, rotating the seat order so every bot sits in every seat equally often, and reports each
bot's wins (a shared win counts 1/k to each of k winners), win rate with a 95% interval, and mean points, then
the same per distinct level (three ``never-quit`` seats are one level: their per-seat rate, with an interval).
Games run in parallel worker processes (``--jobs``, default: all cores); results do not depend on the number of
workers, since each game's seeds come from (S, game number) alone.

Besides the levels the menus offer, the arena seats a game's arena-only levels (``bots.arena_levels``: for
L.A.M.A. the published ``never-quit`` and ``tue`` strategies, the ``perfect`` bound and the frozen
``hard-2026-11``). A bot marked ``omniscient`` is handed the whole state (``choose_state``); every other bot
still sees only its seat's view.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from lama_desktop.bots import Bot, arena_levels, make_arena_bot
from lama_desktop.cli import ArgumentParser, UsageError, check_options, comma_list, game_spec, int_in, run
from lama_desktop.engine.core import GameState, Move, View
from lama_desktop.engine.registry import get_game
from lama_desktop.play import play_game


def _game_seed(seed: int, index: int, salt: int = 0) -> int:
    return (seed * 1_000_003 + index * 7_919 + salt * 104_729) & ((1 << 63) - 1)


class Sighted(Bot):
    """Seats an ``omniscient`` bot: asked with a view as every bot is, it hands its bot the whole ``state``."""

    def __init__(self, bot: Bot, state: GameState):
        super().__init__(bot.seed)
        self.bot, self.state, self.level = bot, state, bot.level

    def choose(self, view: View) -> Move:
        if view.seat != self.state.current_player:
            raise ValueError(f"seat {view.seat} is not to move")
        return self.bot.choose_state(self.state.clone())


def seat_bots(game_id: str, levels, state: GameState, seeds) -> list[Bot]:
    """The bots of a game, one per seat: an omniscient one wrapped so that it sees ``state``."""
    bots = [make_arena_bot(game_id, level, seed) for level, seed in zip(levels, seeds, strict=True)]
    return [Sighted(bot, state) if bot.omniscient else bot for bot in bots]


def play_one(game_id: str, variants: tuple[str, ...], bots: tuple[str, ...], seed: int, index: int, options=None):
    """Game ``index``: bot ``b`` sits at seat ``(b + index) % n``. Returns per-bot (share of win, points)."""
    n = len(bots)
    seat_of_bot = [(b + index) % n for b in range(n)]
    bot_at_seat = [0] * n
    for b, seat in enumerate(seat_of_bot):
        bot_at_seat[seat] = b
    state = get_game(game_id).new(n, variants, _game_seed(seed, index), **(options or {}))
    players = seat_bots(game_id, [bots[bot_at_seat[s]] for s in range(n)], state,
                        [_game_seed(seed, index, salt=s + 1) for s in range(n)])
    play_game(state, players)
    outcome = state.outcome()
    scores = state.scores
    return [(outcome[seat_of_bot[b]], scores[seat_of_bot[b]]) for b in range(n)]


def _play_chunk(args):
    game_id, variants, bots, seed, indices, options = args
    return [play_one(game_id, variants, bots, seed, i, options) for i in indices]


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate (shared wins count fractionally)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _progress(done: int, total: int, started: float) -> None:
    if not sys.stderr.isatty() and done not in (total,) and done % max(1, total // 20):
        return
    width = 30
    filled = int(width * done / max(1, total))
    elapsed = time.perf_counter() - started
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games  "
                     f"{elapsed:6.1f}s  eta {eta:6.1f}s")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def run_arena(game_id, variants, bots, games, seed, jobs=None, progress=True, options=None) -> dict:
    spec = get_game(game_id)
    variants = tuple(sorted(spec.check_options(len(bots), variants)))
    jobs = max(1, jobs or os.cpu_count() or 1)
    started = time.perf_counter()
    chunk = max(1, min(50, games // (jobs * 8) or 1))
    tasks = [
        (game_id, variants, tuple(bots), seed, list(range(i, min(games, i + chunk))), options)
        for i in range(0, games, chunk)
    ]
    results = []
    if jobs == 1:
        for task in tasks:
            results.extend(_play_chunk(task))
            if progress:
                _progress(len(results), games, started)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_chunk, tasks):
                results.extend(part)
                if progress:
                    _progress(len(results), games, started)
    seconds = time.perf_counter() - started
    seats = []
    for b, bot in enumerate(bots):
        wins = sum(r[b][0] for r in results)
        points = sum(r[b][1] for r in results)
        lo, hi = wilson_interval(wins, len(results))
        seats.append({
            "bot": bot,
            "wins": round(wins, 3),
            "win_rate": round(wins / len(results), 4) if results else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_points": round(points / len(results), 3) if results else 0.0,
        })
    return {"game": game_id, "variants": list(variants), "games": len(results), "seats": seats,
            "levels": level_rates(bots, results), "seconds": round(seconds, 2)}


def level_rates(bots, results) -> list[dict]:
    """Per distinct level, its per-seat win rate and a 95% interval. The k seats of a level win at most one game
    between them, so their summed share of each game is a 0-1 outcome: Wilson over the games, divided by k."""
    games = len(results)
    rows = []
    for level in dict.fromkeys(bots):
        mine = [b for b, bot in enumerate(bots) if bot == level]
        k = len(mine)
        wins = sum(r[b][0] for r in results for b in mine)
        lo, hi = wilson_interval(wins, games)
        rows.append({"level": level, "seats": k, "wins": round(wins, 3),
                     "win_rate": round(wins / (k * games), 4) if games else 0.0,
                     "ci95": [round(lo / k, 4), round(hi / k, 4)],
                     "mean_points": round(sum(r[b][1] for r in results for b in mine) / (k * games), 3)
                     if games else 0.0})
    return rows


def format_table(report: dict) -> str:
    lines = [f"{report['game']} {','.join(report['variants']) or '(no variant)'}: {report['games']} games "
             f"in {report['seconds']}s",
             f"{'seat':>4}  {'bot':<12} {'wins':>9} {'win rate':>9}  {'95% interval':<17} {'mean points':>11}"]
    for i, seat in enumerate(report["seats"]):
        lo, hi = seat["ci95"]
        lines.append(f"{i:>4}  {seat['bot']:<12} {seat['wins']:>9.1f} {seat['win_rate']:>9.1%}  "
                     f"[{lo:.1%}, {hi:.1%}]{'':<3} {seat['mean_points']:>11.2f}")
    if len(report["levels"]) < len(report["seats"]):
        lines.append(f"{'level':<16} {'seats':>5} {'win rate/seat':>13}  {'95% interval':<17} {'mean points':>11}")
        for row in report["levels"]:
            lo, hi = row["ci95"]
            lines.append(f"{row['level']:<16} {row['seats']:>5} {row['win_rate']:>13.1%}  "
                         f"[{lo:.1%}, {hi:.1%}]{'':<3} {row['mean_points']:>11.2f}")
    return "\n".join(lines)


PROG = "python -m lama_desktop.arena"


def main(argv=None) -> int:
    """The tool; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    return run(_main, argv, prog=PROG)


def _main(argv=None) -> int:
    parser = ArgumentParser(prog=PROG, description=__doc__.splitlines()[0])
    parser.add_argument("game", type=game_spec)
    parser.add_argument("--variant", default="", type=comma_list, help="comma-separated variant ids")
    parser.add_argument("--players", required=True, type=comma_list, help="comma-separated bot levels, one per seat")
    parser.add_argument("--games", type=int_in(1, 100_000_000), required=True)
    parser.add_argument("--seed", type=int_in(0, (1 << 63) - 1), required=True)
    parser.add_argument("--jobs", type=int_in(1, 1024), default=None, help="worker processes (default: all cores)")
    parser.add_argument("--json", action="store_true", help="print one JSON object as the last output")
    args = parser.parse_args(argv)
    spec = args.game
    check_options(spec, len(args.players), args.variant)
    levels = arena_levels(spec.id)
    for level in args.players:
        if level not in levels:
            raise UsageError(f"no {level!r:.40} bot for {spec.id} (levels: {', '.join(levels)})")
    report = run_arena(spec.id, args.variant, args.players, args.games, args.seed, jobs=args.jobs)
    print(format_table(report))
    if args.json:
        print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
