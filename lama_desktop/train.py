"""``python -m lama_desktop.train calibration GAME|all --positions N --seed S [--players P] [--out DIR]
[--jobs J] [--save-pairs DIR | --from-pairs DIR]``: fit the advisor's calibration maps (issue 30).
``python -m lama_desktop.train race GAME|all --games N --seed S [--players P] [--jobs J] [--out DIR]``: learn a
game's race values from seeded self-play (a game folder that has a ``race_training`` module: L.A.M.A. and Party),
written into ``<game folder>/data/`` beside the other tables of that file; the same seed gives the same bytes
whatever the number of workers.
``python -m lama_desktop.train model GAME --games N --seed S [--out FILE]``: a game folder's own fitted bot model
(a ``fit_model`` module: LAMA Dice's hard), the same bytes for the same seed.

It collects N (raw estimate, outcome) pairs per game with the bot's own estimates (``advice.advise_raw``,
positions chosen by ``calibration.collect`` from games seeded with S, at P seats: default the game's sample
count), fits each game's monotone map (``calibration_map.fit``) and writes it into the game's folder,
``<game folder>/data/calibration.json`` (with ``--out DIR``: ``DIR/<folder name>/data/calibration.json``). The
file keeps the maps of the other games and seat counts already in it; each map records its positions, seed and
command. The output is deterministic: pairs rounded to 5 digits, knots to 4, sorted keys, so the same seed
gives the same bytes. ``--save-pairs DIR`` also writes the pairs (``DIR/<game>.jsonl``, the lines of ``bench
calibration --raw``); ``--from-pairs DIR`` fits on such saved pairs instead of playing (the same pairs give the
same bytes). A damaged calibration file in the way is set aside (``<name>.damaged-<time>``), never overwritten.

This is a tool: the game never trains at run time, and no library imports it. A bad argument is one line and
exit status 2 (``lama_desktop.cli``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable, Sequence

from lama_desktop import calibration, calibration_map
from lama_desktop.advice import advise_raw
from lama_desktop.calibration_map import FILE_NAME, KIND, VERSION
from lama_desktop.cli import ArgumentParser, UsageError, check_options, int_in, path_arg, run
from lama_desktop.engine.registry import plugins
from lama_desktop.filedoor import Damage, read_guarded, set_aside
from lama_desktop.storage import atomic_write_text

PROG = "python -m lama_desktop.train"
#: the module a game folder has when it learns race values (``race``): ``train``, ``file_data``, ``read_tables``
RACE_MODULE = "race_training"
#: the module a game folder has when it fits its own bot model (``model``): ``main(argv)`` takes --games --seed --out
MODEL_MODULE = "fit_model"
#: the digits a pair keeps (those ``bench calibration --raw`` writes): refitting saved pairs gives the same map
PAIR_DIGITS = 5

Pair = tuple[float, float]


def rounded(pairs) -> list[Pair]:
    return [(round(e, PAIR_DIGITS), round(o, PAIR_DIGITS)) for e, o in pairs]


def collect_pairs(game_id: str, positions: int, seed: int, players: int,
                  estimate: Callable = advise_raw, jobs: int = 1) -> list[Pair]:
    """The pairs a map is fitted on: the raw advisor's estimate of the move played and the seat's outcome (the
    same for every ``jobs``: games are seeded from the seed and their number alone)."""
    return rounded(calibration.collect(game_id, positions, seed, players, jobs=jobs, estimate=estimate))


def read_pairs(path: Path, positions: int) -> list[Pair]:
    """The first ``positions`` pairs of a saved pairs file; a ``UsageError`` if it holds fewer or is damaged."""
    pairs: list[Pair] = []
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if len(pairs) == positions:
                    break
                row = json.loads(line)
                estimate, outcome = float(row["estimate"]), float(row["outcome"])
                if not (0.0 <= estimate <= 1.0 and 0.0 <= outcome <= 1.0):
                    raise ValueError(f"line {number}: values outside [0, 1]")
                pairs.append((estimate, outcome))
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from None
    except (ValueError, KeyError, TypeError) as error:
        raise UsageError(f"{path} is not a pairs file: {error}") from None
    if len(pairs) < positions:
        raise UsageError(f"{path} holds {len(pairs)} pairs, fewer than --positions {positions}")
    return rounded(pairs)


def entry(pairs: Sequence[Pair], positions: int, seed: int, command: str) -> dict:
    """One map's record: its knots, with what made it (positions, seed, positions per game, the cross-validated
    scores of every minimum block and the one chosen, the command)."""
    scores = calibration_map.cross_validate(pairs)
    block = calibration_map.chosen_block(scores)
    return {**calibration_map.fit(pairs, block).to_json(), "positions": positions, "seed": seed,
            "per_game": calibration.PER_GAME, "min_block": block, "folds": calibration_map.FOLDS,
            "cv_brier": {str(b): score for b, score in scores.items()}, "command": command}


def target_file(plugin, out: Path | None) -> Path:
    if out is None:
        return calibration_map.data_file(plugin)
    return out / calibration_map.game_folder(plugin).name / "data" / FILE_NAME


def existing_data(path: Path, build: Callable, empty):
    """``build(content)`` of the data file at ``path`` about to be rewritten (``empty`` if there is none); a
    damaged one is set aside and reported, never overwritten."""
    try:
        return read_guarded(path, build)
    except FileNotFoundError:
        return empty
    except Damage as damage:
        kept = set_aside(path)
        if kept is None:
            raise UsageError(f"{path} is damaged ({damage.detail}) and cannot be moved aside") from None
        print(f"{PROG}: {path} was damaged ({damage.detail}); kept as {kept}", file=sys.stderr)
        return empty


def existing_maps(path: Path) -> dict:
    """The ``maps`` of the calibration file at ``path`` (``{}`` if none or damaged)."""
    return existing_data(path, lambda data: (calibration_map.parse_file(data), data["maps"])[1], {})


def file_text(maps: dict) -> str:
    """The file's bytes: sorted keys, one figure per line where it matters for a diff."""
    return json.dumps({"kind": KIND, "version": VERSION, "maps": maps}, indent=1, sort_keys=True) + "\n"


def write_maps(path: Path, fitted: dict[str, dict[str, dict]]) -> None:
    maps = existing_maps(path)
    for game_id, by_players in fitted.items():
        maps.setdefault(game_id, {}).update(by_players)
    atomic_write_text(path, file_text(maps))


def _parser() -> ArgumentParser:
    parser = ArgumentParser(prog=PROG, description="fit the advisor's calibration maps (data shipped with the game)")
    sub = parser.add_subparsers(dest="what", required=True)
    cal = sub.add_parser("calibration", help="the advisor's raw estimate → the chance that came true")
    cal.add_argument("game", help="a game id, or 'all'")
    cal.add_argument("--positions", type=int_in(1, 10_000_000), required=True)
    cal.add_argument("--seed", type=int_in(0, (1 << 62) - 1), required=True)
    cal.add_argument("--players", type=int_in(1, 99), default=None, help="default: the game's sample seat count")
    cal.add_argument("--jobs", type=int_in(1, 256), default=calibration.default_jobs(),
                     help="processes playing the games (default: all cores; the output is the same)")
    cal.add_argument("--out", type=path_arg, default=None, help="write DIR/<game folder>/data/ (default: the game)")
    pairs = cal.add_mutually_exclusive_group()
    pairs.add_argument("--save-pairs", type=path_arg, default=None, help="also write DIR/<game>.jsonl")
    pairs.add_argument("--from-pairs", type=path_arg, default=None, help="fit on DIR/<game>.jsonl, no playing")
    race = sub.add_parser("race", help="the value of a round's end in the race to the game's end, from self-play")
    race.add_argument("game", help="a game id, or 'all' (the games whose folder learns race values)")
    race.add_argument("--games", type=int_in(1, 100_000_000), required=True)
    race.add_argument("--seed", type=int_in(0, (1 << 62) - 1), required=True)
    race.add_argument("--players", type=int_in(1, 99), default=None, help="default: the game's sample seat count")
    race.add_argument("--jobs", type=int_in(1, 256), default=calibration.default_jobs(),
                      help="worker processes (default: all cores; the table does not depend on it)")
    race.add_argument("--out", type=path_arg, default=None, help="write DIR/<game folder>/data/ (default: the game)")
    model = sub.add_parser("model", help="a game's own fitted bot model (a game folder with a fit_model module)")
    model.add_argument("game", help="a game id")
    model.add_argument("--games", type=int_in(1, 1_000_000), required=True)
    model.add_argument("--seed", type=int_in(0, (1 << 62) - 1), required=True)
    model.add_argument("--out", type=path_arg, default=None, help="write this file (default: the game's data/)")
    return parser


def chosen_games(name: str) -> list:
    known = plugins()
    if name == "all":
        return list(known.values())
    if name not in known:
        raise UsageError(f"unknown game {name!r:.40} (known: all, {', '.join(known)})")
    return [known[name]]


def command_line(args, game_id: str) -> str:
    """The command that fits this one map (``all`` fits each game alike: its file records the game's own)."""
    line = f"{PROG} calibration {game_id} --positions {args.positions} --seed {args.seed}"
    return line + (f" --players {args.players}" if args.players is not None else "")


def main(argv=None) -> int:
    return run(_main, argv, prog=PROG)


def _main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if args.what == "race":
        return train_race(args)
    if args.what == "model":
        return train_model(args)
    games = chosen_games(args.game)
    by_file: dict[Path, dict[str, dict[str, dict]]] = {}
    for plugin in games:
        players = args.players if args.players is not None else plugin.sample_players
        check_options(plugin.spec, players, ())
        game_id = plugin.spec.id
        if args.from_pairs is not None:
            pairs = read_pairs(args.from_pairs / f"{game_id}.jsonl", args.positions)
        else:
            pairs = collect_pairs(game_id, args.positions, args.seed, players, jobs=args.jobs)
            if args.save_pairs is not None:
                args.save_pairs.mkdir(parents=True, exist_ok=True)
                atomic_write_text(args.save_pairs / f"{game_id}.jsonl", "".join(
                    json.dumps({"estimate": e, "outcome": o}) + "\n" for e, o in pairs))
        fitted = entry(pairs, args.positions, args.seed, command_line(args, game_id))
        by_file.setdefault(target_file(plugin, args.out), {}).setdefault(game_id, {})[str(players)] = fitted
        print(f"{game_id} ({players} seats): {len(pairs)} positions, {len(fitted['x'])} knots", flush=True)
    for path, fitted in by_file.items():
        write_maps(path, fitted)
        print(f"wrote {path}")
    calibration_map.forget()
    return 0


def race_games(name: str) -> list:
    """The games ``race`` trains: those whose folder has a ``race_training`` module."""
    if name == "all":
        return [p for p in plugins().values() if p.has_module(RACE_MODULE)]
    plugin = chosen_games(name)[0]
    if not plugin.has_module(RACE_MODULE):
        raise UsageError(f"{name} learns no race values (its folder has no {RACE_MODULE} module)")
    return [plugin]


def train_race(args) -> int:
    """Learn each chosen game's race values and write them into its folder's data file (the others kept)."""
    by_file: dict[Path, tuple] = {}
    for plugin in race_games(args.game):
        players = args.players if args.players is not None else plugin.sample_players
        check_options(plugin.spec, players, ())
        game_id = plugin.spec.id
        training = plugin.module(RACE_MODULE)
        table = training.train(game_id, players, args.games, args.seed, args.jobs)
        line = f"{PROG} race {game_id} --games {args.games} --seed {args.seed}"
        line += f" --players {args.players}" if args.players is not None else ""
        folder = plugin.folder if args.out is None else args.out / plugin.folder.name
        path = folder / "data" / training.FILE_NAME
        if path not in by_file:
            by_file[path] = (*existing_data(path, training.read_tables, ({}, {})), training)
        tables, commands, _training = by_file[path]
        tables.setdefault(game_id, {})[players] = table
        commands.setdefault(game_id, {})[players] = line
        print(f"{game_id} ({players} seats): {args.games} games", flush=True)
    for path, (tables, commands, training) in by_file.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, json.dumps(training.file_data(tables, commands), indent=1, sort_keys=True) + "\n")
        print(f"wrote {path}")
        training.forget()
    return 0


def train_model(args) -> int:
    """Hand the game folder's own fitting tool (``fit_model``) its games, seed and output."""
    plugin = chosen_games(args.game)[0]
    if not plugin.has_module(MODEL_MODULE):
        raise UsageError(f"{args.game} fits no bot model (its folder has no {MODEL_MODULE} module)")
    argv = ["--games", str(args.games), "--seed", str(args.seed)]
    return plugin.module(MODEL_MODULE).main(argv + (["--out", str(args.out)] if args.out is not None else []))


if __name__ == "__main__":
    raise SystemExit(main())
