"""Benchmarks (measure speed here, never in unit tests).

- ``python -m lama_desktop.bench engine GAME [--variant V,...] [--players N] [--seconds T] --json``:
  uniformly random legal playouts → ``{"game", "players", "moves_per_s", "games_per_s"}``.
- ``python -m lama_desktop.bench bot GAME --level L [--players N] [--moves M] --json``:
  time per decision of bot L in real games (the other seats are ``medium`` bots when the game has them)
  → ``{"level", "p50_ms", "p95_ms", "max_ms"}``.
- ``python -m lama_desktop.bench advise [--positions N] --json``: time of the advisor (``lama_desktop.advice``) over
  N positions (default 50) taken from seeded games of every game (L.A.M.A., Party, Dice, Cadabra, Llama Land:
  medium bots play, a position is kept when the seat to move has a real choice) → ``{"p50_ms", "p95_ms",
  "max_ms", "cpu_p50_ms", "cpu_p95_ms", "load_average", "positions", "by_game"}`` (wall clock, and the CPU time of
  the advisor's thread: what it costs when the machine is shared).
- ``python -m lama_desktop.bench calibration GAME --positions N --seed S --json [--raw FILE] [--jobs J]``: how true
  the advisor's percentages are (``lama_desktop.calibration``): N positions of seeded games, each the chance the
  advisor shows (calibrated: ``calibration_map``) for the move played and the seat's outcome → ``{"buckets":
  [{"lo", "hi", "n", "mean_estimate", "observed"}], "brier", "max_gap_pts", "calibrated", "fit_seed", ...}``
  (the worst gap in points over buckets of at least 40 positions; the map's fitting seed is refused);
  ``--raw FILE`` also writes one JSON line per position, ``{"estimate": 0.31, "outcome": 1}`` (a k-way tie is 1/k);
  ``--raw-advisor`` asks the bot's own estimates instead (what the maps are fitted on: the chance shown at a
  position is the map of its raw estimate, so these pairs through the map are the shown ones).
- ``python -m lama_desktop.bench render [--frames F] [--size WxH] [--only NAME] --json``: per-scene frame times of
  the app, p50, p95 and the longest frame (see ``lama_desktop.app.bench_render``).
- ``python -m lama_desktop.bench replay [--game G] [--size WxH] [--switches N] --json``: the replay viewer's
  longest frame while it opens a sample game and while its view is switched, until the history is complete
  (see ``lama_desktop.app.bench_render.bench_replay``).
- ``python -m lama_desktop.bench net [--tables T] [--players P] [--seconds S] [--game G] [--level L] --json``: T
  tables of P headless clients on loopback, bots behind every client, games back to back
  (``lama_desktop.net.bench_net``) → ``{"tables", "games", "moves", "rtt_p50_ms", "rtt_p95_ms", "errors", "leaks",
  "rss_growth_mib", ...}``.
- ``python -m lama_desktop.bench archive [--games N] [--size WxH] --json``: a fresh profile holding N real game records
  (``lama_desktop.app.bench_archive``) → ``{"past_games_open_ms", "statistics_open_ms", "autosave_p95_ms",
  "game_end_ms", "db_bytes_per_game", ...}`` (targets 200, 200, 5 and 20 ms).
- ``python -m lama_desktop.bench memory GAME [--games N] [--warmup W] [--players P] --json``: N random games in
  one process; ``rss_growth_mib`` is the resident memory gained between game W (default 25) and game N, after a
  garbage collection (the engines' caches must stay bounded: issue 17).

A bad argument (unknown game, variant or level, a player count the game does not take, a number out of range)
is answered with one line and exit status 2 (``lama_desktop.cli``).
"""

from __future__ import annotations

import gc
import json
import os
import random
import sys
import time

from lama_desktop import calibration, calibration_map
from lama_desktop.bots import levels_for, make_bot
from lama_desktop.cli import (
    ArgumentParser, UsageError, check_level, check_options, comma_list, float_in, game_spec, int_in, run
)
from lama_desktop.cli import window_size
from lama_desktop.engine.registry import get_game, plugins
from lama_desktop.stats import percentile
from lama_desktop.advice import advise, advise_raw
from lama_desktop.play import MOVE_LIMIT


def bench_engine(game_id: str, variants=(), players: int = 3, seconds: float = 5.0, seed: int = 1) -> dict:
    spec = get_game(game_id)
    rng = random.Random(seed)
    moves = games = 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    cpu_started = time.process_time()
    while True:
        state = spec.new(players, variants, rng.randrange(1 << 62))
        choice = rng.choice
        step = state.step
        while not state.is_over:
            step(choice(state.legal_moves()))
            moves += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - started
    cpu = max(1e-9, time.process_time() - cpu_started)
    # wall-clock rates are the target; per-CPU-second rates show what the code does when the machine is shared
    return {"game": game_id, "variants": sorted(variants), "players": players,
            "moves_per_s": round(moves / elapsed), "games_per_s": round(games / elapsed, 2),
            "moves_per_cpu_s": round(moves / cpu), "games_per_cpu_s": round(games / cpu, 2),
            "moves": moves, "games": games, "seconds": round(elapsed, 2)}


def bench_bot(game_id: str, level: str, players: int = 4, decisions: int = 300, seed: int = 1, variants=()) -> dict:
    spec = get_game(game_id)
    opponent = "medium" if "medium" in levels_for(game_id) else "random"
    times: list[float] = []
    game_index = 0
    while len(times) < decisions:
        game_index += 1
        state = spec.new(players, variants, seed * 1000 + game_index)
        bots = [make_bot(game_id, level if s == 0 else opponent, seed * 100 + game_index * 10 + s)
                for s in range(players)]
        for _ in range(MOVE_LIMIT):
            if state.is_over or len(times) >= decisions:
                break
            seat = state.current_player
            view = state.view(seat)
            if seat == 0 and len(view.legal_moves()) > 1:
                start = time.perf_counter()
                move = bots[0].choose(view)
                times.append((time.perf_counter() - start) * 1000.0)
            else:
                move = bots[seat].choose(view)
            state.apply(move)
    return {"game": game_id, "level": level, "players": players, "decisions": len(times),
            "p50_ms": round(percentile(times, 0.50), 3), "p95_ms": round(percentile(times, 0.95), 3),
            "max_ms": round(max(times), 3) if times else 0.0}


def advise_games() -> list[tuple[str, int]]:
    """The games the advisor bench draws its positions from (every game), and the number of players of each (its
    sample seat count)."""
    return [(plugin.id, plugin.sample_players) for plugin in plugins().values()]


def advise_positions(count: int = 50, seed: int = 1) -> list:
    """``count`` views (seat to move, more than one legal move) from seeded medium-bot games, every game in
    turn; each game contributes positions spread over its whole length."""
    views = []
    rng = random.Random(seed)
    games = advise_games()
    per_game = [count // len(games) + (1 if i < count % len(games) else 0) for i in range(len(games))]
    for (game_id, players), wanted in zip(games, per_game, strict=True):
        spec = get_game(game_id)
        level = "medium" if "medium" in levels_for(game_id) else "random"
        game_no = 0
        got = 0
        while got < wanted:
            game_no += 1
            state = spec.new(players, (), seed * 7919 + game_no)
            bots = [make_bot(game_id, level, seed * 100 + game_no * 10 + s) for s in range(players)]
            stride = 6 + rng.randrange(12)
            for step in range(MOVE_LIMIT):
                if state.is_over or got >= wanted:
                    break
                seat = state.current_player
                view = state.view(seat)
                if step % stride == stride - 1 and len(view.legal_moves()) > 1:
                    views.append(state.clone().view(seat))
                    got += 1
                    if got % 3 == 0:
                        break  # the next positions from another game
                state.apply(bots[seat].choose(view))
    return views


def bench_advise(positions: int = 50, seed: int = 1) -> dict:
    times: list[float] = []
    cpu: list[float] = []
    by_game: dict[str, list[float]] = {}
    for view in advise_positions(positions, seed):
        start, cpu_start = time.perf_counter(), time.thread_time()
        advise(view)
        ms = (time.perf_counter() - start) * 1000.0
        cpu.append((time.thread_time() - cpu_start) * 1000.0)
        times.append(ms)
        by_game.setdefault(view.game_id, []).append(ms)
    # wall-clock times are the target; CPU times show what the code costs when the machine is shared
    return {"positions": len(times),
            "p50_ms": round(percentile(times, 0.50), 1), "p95_ms": round(percentile(times, 0.95), 1),
            "max_ms": round(max(times), 1) if times else 0.0,
            "cpu_p50_ms": round(percentile(cpu, 0.50), 1), "cpu_p95_ms": round(percentile(cpu, 0.95), 1),
            "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
            "by_game": {g: {"p50_ms": round(percentile(v, 0.5), 1), "max_ms": round(max(v), 1)}
                        for g, v in by_game.items()}}


def held_out_map(game_id: str, seed: int):
    """The game's calibration map at its sample seat count (None: raw estimates); a ``UsageError`` when ``seed``
    is the one it was fitted on."""
    plugin = plugins()[game_id]
    cal = calibration_map.for_game(plugin, plugin.sample_players)
    if cal is not None and cal.seed == seed:
        raise UsageError(f"seed {seed} was used to fit {game_id}'s calibration map: measure on another seed")
    return cal


def bench_calibration(game_id: str, positions: int, seed: int, raw=None, jobs: int = 1,
                      raw_advisor: bool = False) -> tuple[dict, str]:
    """The calibration report of ``positions`` positions and its text: the chances the advisor shows, through the
    game's calibration map (``raw_advisor``: the bot's own estimates, ``advice.advise_raw``, what a map is fitted
    on; the shown chance of a position is the map of its raw one); each pair is also written to the open text file
    ``raw`` as it comes (one JSON line). The seed the map was fitted on is refused: a measurement is held out.
    ``jobs`` processes play the games (the same pairs for every ``jobs``)."""
    cal = held_out_map(game_id, seed)
    if raw_advisor:
        cal = None
    pairs = []
    advisor = advise_raw if raw_advisor else advise
    for estimate, outcome in calibration.collect(game_id, positions, seed, jobs=jobs, estimate=advisor):
        pairs.append((estimate, outcome))
        if raw is not None:
            raw.write(json.dumps({"estimate": round(estimate, 5), "outcome": round(outcome, 5)}) + "\n")
            raw.flush()
    result = calibration.report(pairs, game_id, seed)
    result["calibrated"] = cal is not None
    result["fit_seed"] = cal.seed if cal is not None else None
    shown = f"calibrated (map fitted on seed {cal.seed})" if cal is not None else "raw"
    lines = [f"{game_id}: {result['positions']} positions, {shown}, Brier {result['brier']}, max gap "
             f"{result['max_gap_pts']} points (buckets of {result['min_bucket']}+)"]
    lines += [f"  {100 * r['lo']:3.0f}-{100 * r['hi']:3.0f}%  n {r['n']:5d}  "
              f"estimate {100 * r['mean_estimate']:5.1f}%  "
              f"observed {100 * r['observed']:5.1f}%" for r in result["buckets"]]
    return result, "\n".join(lines)


def rss_mib() -> float:
    """This process's resident memory now (Linux: /proc/self/statm), else its peak (``ru_maxrss``)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except (OSError, ValueError, IndexError, AttributeError):
        import resource  # lazy: a Unix module, needed only where /proc is missing (macOS)

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2 ** 20 if sys.platform == "darwin" else peak / 2 ** 10


def bench_memory(game_id: str, games: int = 300, warmup: int = 25, players: int | None = None, seed: int = 1,
                 variants=()) -> dict:
    """``games`` uniformly random games in this process; resident memory after game ``warmup`` and at the end."""
    spec = get_game(game_id)
    players = players or spec.min_players
    rng = random.Random(seed)
    samples = {}
    started = time.perf_counter()
    moves = 0
    for number in range(1, games + 1):
        state = spec.new(players, variants, rng.randrange(1 << 62))
        step, choice = state.step, rng.choice
        while not state.is_over:
            step(choice(state.legal_moves()))
            moves += 1
        if number in (1, warmup, games):
            del state, step
            gc.collect()
            samples[number] = rss_mib()
    return {"game": game_id, "players": players, "games": games, "warmup": warmup, "moves": moves,
            "rss_first_mib": round(samples[1], 2), "rss_after_warmup_mib": round(samples[warmup], 2),
            "rss_end_mib": round(samples[games], 2),
            "rss_growth_mib": round(samples[games] - samples[warmup], 2),
            "seconds": round(time.perf_counter() - started, 1)}


PROG = "python -m lama_desktop.bench"


def _parser() -> ArgumentParser:
    parser = ArgumentParser(prog=PROG, description="lama-desktop benchmarks")
    sub = parser.add_subparsers(dest="what", required=True)
    eng = sub.add_parser("engine", help="random playouts per second")
    eng.add_argument("game", type=game_spec)
    eng.add_argument("--variant", default="", type=comma_list)
    eng.add_argument("--players", type=int_in(1, 99), default=None, help="default: 3, or what the game allows")
    eng.add_argument("--seconds", type=float_in(0.01, 86_400), default=5.0)
    eng.add_argument("--json", action="store_true")
    bot = sub.add_parser("bot", help="time per bot decision")
    bot.add_argument("game", type=game_spec)
    bot.add_argument("--level", required=True)
    bot.add_argument("--variant", default="", type=comma_list)
    bot.add_argument("--players", type=int_in(1, 99), default=None, help="default: 4, or what the game allows")
    bot.add_argument("--moves", type=int_in(1, 10_000_000), default=300,
                     help="decisions to time (only those with a real choice)")
    bot.add_argument("--json", action="store_true")
    adv = sub.add_parser("advise", help="time of the advisor over positions of every game")
    adv.add_argument("--positions", type=int_in(1, 100_000), default=50)
    adv.add_argument("--json", action="store_true")
    cal = sub.add_parser("calibration", help="the advisor's estimates against the outcomes")
    cal.add_argument("game", type=game_spec)
    cal.add_argument("--positions", type=int_in(1, 10_000_000), default=2000)
    cal.add_argument("--seed", type=int_in(0, (1 << 62) - 1), default=1)
    cal.add_argument("--jobs", type=int_in(1, 256), default=calibration.default_jobs(),
                     help="processes playing the games (default: all cores; the result is the same)")
    cal.add_argument("--raw-advisor", action="store_true", help="the bot's own estimates, not through the map")
    cal.add_argument("--raw", default=None, help="also write every position's estimate and outcome (JSON lines)")
    cal.add_argument("--json", action="store_true")
    ren = sub.add_parser("render", help="frame time per scene of the app (dummy video driver)")
    ren.add_argument("--frames", type=int_in(1, 100_000), default=120)
    ren.add_argument("--size", type=window_size, default=(1920, 1080), help="WxH, default 1920x1080")
    ren.add_argument("--only", default=None, help="only scenes whose name contains this text")
    ren.add_argument("--json", action="store_true")
    rep = sub.add_parser("replay", help="the replay viewer's longest frame while opening and switching views")
    # the last game offered: the longest history
    rep.add_argument("--game", type=game_spec, default=list(plugins())[-1])
    rep.add_argument("--size", type=window_size, default=(1920, 1080), help="WxH, default 1920x1080")
    rep.add_argument("--switches", type=int_in(0, 50), default=3, help="view switches (Tab) after opening")
    rep.add_argument("--json", action="store_true")
    net = sub.add_parser("net", help="network tables on loopback: round trips, privacy, memory")
    net.add_argument("--tables", type=int_in(1, 64), default=8)
    net.add_argument("--players", type=int_in(2, 6), default=4)
    net.add_argument("--seconds", type=float_in(1.0, 86_400), default=60.0)
    net.add_argument("--game", type=game_spec, default=next(iter(plugins())))  # the first game offered
    net.add_argument("--level", default="medium", help="the bots behind the clients")
    net.add_argument("--json", action="store_true")
    arc = sub.add_parser("archive", help="the profile's database filled with many games: screens, saves, ends")
    arc.add_argument("--games", type=int_in(1, 1_000_000), default=10_000)
    arc.add_argument("--size", type=window_size, default=(1920, 1080))
    arc.add_argument("--json", action="store_true")
    mem = sub.add_parser("memory", help="resident memory over many games in one process")
    mem.add_argument("game", type=game_spec)
    mem.add_argument("--games", type=int_in(2, 1_000_000), default=300)
    mem.add_argument("--warmup", type=int_in(1, 1_000_000), default=25, help="game after which growth is counted")
    mem.add_argument("--players", type=int_in(1, 99), default=None)
    mem.add_argument("--variant", default="", type=comma_list)
    mem.add_argument("--json", action="store_true")
    return parser


def _players(spec, wanted: int | None, default: int) -> int:
    return wanted if wanted is not None else max(spec.min_players, min(spec.max_players, default))


def main(argv=None) -> int:
    """The tool; a bad argument is one line on stderr and status 2 (``lama_desktop.cli``)."""
    return run(_main, argv, prog=PROG)


def _window_bench(args) -> tuple[dict, str]:
    """The benches of the app's screens: the archive's (a profile with many games) and the replay viewer's."""
    if args.what == "archive":
        # lazy: the app and pygame, for this bench's screens only
        from lama_desktop.app.bench_archive import bench_archive, summary

        result = bench_archive(args.games, args.size)
        return result, summary(result)
    # lazy: the app and pygame, for the replay and render benches only (the others run without a window)
    from lama_desktop.app.bench_render import bench_replay

    result = bench_replay(args.game.id, args.size, args.switches)
    return result, f"replay of {result['game']} ({result['moves']} moves) at {args.size[0]}x{args.size[1]}:\n" + \
        "\n".join(f"  {name:<10} longest frame {r['max_ms']:7.1f} ms (p50 {r['p50_ms']:.1f}, wall "
                  f"{r['wall_max_ms']:.1f}); history ready after {r['frames']} frames, {r['ready_ms']:.0f} ms"
                  for name, r in result["phases"].items())


def _main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.what == "engine":
        spec = args.game
        players = _players(spec, args.players, 3)
        variants = sorted(check_options(spec, players, args.variant))
        result = bench_engine(spec.id, variants, players, args.seconds)
        text = (f"{result['game']} ({players} players): {result['moves_per_s']:,} moves/s, "
                f"{result['games_per_s']} games/s")
    elif args.what == "bot":
        spec = args.game
        players = _players(spec, args.players, 4)
        variants = sorted(check_options(spec, players, args.variant))
        level = check_level(spec.id, args.level)
        result = bench_bot(spec.id, level, players, args.moves, variants=variants)
        text = (f"{spec.id} {level}: p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, "
                f"max {result['max_ms']} ms over {result['decisions']} decisions")
    elif args.what == "advise":
        result = bench_advise(args.positions)
        text = (f"advisor: p50 {result['p50_ms']} ms, p95 {result['p95_ms']} ms, max {result['max_ms']} ms over "
                f"{result['positions']} positions")
    elif args.what == "calibration":
        held_out_map(args.game.id, args.seed)  # before the raw file is opened (and emptied)
        try:
            raw = open(args.raw, "w", encoding="utf-8") if args.raw else None  # noqa: SIM115 (closed below)
        except OSError as error:
            raise UsageError(f"cannot write {args.raw!r:.80}: {error.strerror or error}") from None
        try:
            result, text = bench_calibration(args.game.id, args.positions, args.seed, raw, args.jobs,
                                             args.raw_advisor)
        finally:
            if raw is not None:
                raw.close()
    elif args.what == "memory":
        spec = args.game
        players = _players(spec, args.players, spec.min_players)
        variants = sorted(check_options(spec, players, args.variant))
        if args.warmup >= args.games:
            raise UsageError(f"--warmup ({args.warmup}) must be smaller than --games ({args.games})")
        result = bench_memory(spec.id, args.games, args.warmup, players, variants=variants)
        text = (f"{spec.id}: {args.games} games, RSS {result['rss_first_mib']} MiB after game 1, "
                f"{result['rss_after_warmup_mib']} after game {args.warmup}, {result['rss_end_mib']} at the end: "
                f"growth {result['rss_growth_mib']} MiB")
    elif args.what == "net":
        spec = args.game
        check_options(spec, args.players, ())
        level = check_level(spec.id, args.level)
        os.environ["LAMA_NET_LOOPBACK"] = "1"  # the bench never leaves loopback
        # lazy: asyncio and websockets, for the network bench only
        from lama_desktop.net.bench_net import bench_net


        result = bench_net(args.tables, args.players, args.seconds, spec.id, level, rss=rss_mib)
        text = (f"{result['tables']} tables of {args.players}: {result['games']} games, {result['moves']} moves, "
                f"rtt p50 {result['rtt_p50_ms']} ms p95 {result['rtt_p95_ms']} ms, {result['errors']} errors, "
                f"{result['leaks']} leaks, RSS growth {result['rss_growth_mib']} MiB")
    elif args.what in ("archive", "replay"):
        result, text = _window_bench(args)
    else:
        for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"),
                            ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
            os.environ.setdefault(name, value)
        from lama_desktop.app import bench_render, shots, staging  # lazy: see the replay bench

        staging.load_shots()
        if args.only and not any(args.only in name for name, _b, _f in shots.SHOTS):
            raise UsageError(f"no scene matches {args.only!r:.40}")
        result = bench_render.bench_render(frames=args.frames, size=args.size, only=args.only)
        text = "\n".join(f"{name:<28} p50 {r['p50_ms']:6.2f} ms  p95 {r['p95_ms']:6.2f} ms  "
                         f"longest {r['max_ms']:6.2f} ms" for name, r in result["scenes"].items())
    print(json.dumps(result) if args.json else text)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
