"""Learning the race values (``race_values``) from seeded self-play: what ``python -m lama_desktop.train race``
runs for L.A.M.A. and Party. Never run by the game.

Every game is played to its end by the ``medium`` bot at every seat (the hard bot's own rollout policy: the
rounds the table values are the rounds its rollouts play), from seeds made of (S, game number) only, so the
same seed gives the same table whatever the number of worker processes. Each round's start (the scores before
it, the first round's included) gives one sample per seat: those scores and the share of the game that seat
went on to win.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from lama_desktop.engine.registry import get_game
from lama_desktop.games.lama.bots import MediumBot
from lama_desktop.games.lama.race_values import FILE_NAME, KIND, VERSION, RaceValues, Sample, forget, learn, parse_file
from lama_desktop.play import play_game

#: games handed to a worker at a time
CHUNK = 200


def _game_seed(seed: int, game_no: int) -> int:
    return (seed * 1_000_003 + game_no * 7_919) & ((1 << 63) - 1)


def game_samples(game_id: str, players: int, seed: int, game_no: int) -> list[Sample]:
    """The samples of one seeded self-play game (module doc)."""
    state = get_game(game_id).new(players, (), _game_seed(seed, game_no))
    play_game(state, [MediumBot(_game_seed(seed, game_no) + 1 + s) for s in range(players)])
    outcome = state.outcome()
    starts = [[0] * players] + [list(row) for row in state.history[:-1]]
    return [(tuple(scores), seat, outcome[seat]) for scores in starts for seat in range(players)]


def _chunk(args) -> list[Sample]:
    game_id, players, seed, first, last = args
    out: list[Sample] = []
    for game_no in range(first, last):
        out.extend(game_samples(game_id, players, seed, game_no))
    return out


def train(game_id: str, players: int, games: int, seed: int, jobs: int = 1) -> RaceValues:
    """The table learned from ``games`` self-play games of ``game_id`` at ``players`` seats."""
    tasks = [(game_id, players, seed, first, min(games, first + CHUNK)) for first in range(0, games, CHUNK)]
    samples: list[Sample] = []
    if jobs <= 1:
        for task in tasks:
            samples.extend(_chunk(task))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for chunk in pool.map(_chunk, tasks):
                samples.extend(chunk)
    return learn(samples, players, games, seed)


def file_data(tables: dict[str, dict[int, RaceValues]], commands: dict[str, dict[int, str]]) -> dict:
    """The file's content: every table with the command that made it."""
    return {"kind": KIND, "version": VERSION, "tables": {
        game_id: {str(players): {**table.to_json(), "command": commands.get(game_id, {}).get(players, "")}
                  for players, table in sorted(by_players.items())}
        for game_id, by_players in sorted(tables.items())}}


def read_tables(data) -> tuple[dict[str, dict[int, RaceValues]], dict[str, dict[int, str]]]:
    """The tables of a file's content and the command recorded with each (what ``train race`` keeps)."""
    tables = parse_file(data)
    commands = {game_id: {int(players): str(table.get("command", "")) for players, table in by_players.items()}
                for game_id, by_players in data["tables"].items()}
    return tables, commands


__all__ = ["train", "game_samples", "file_data", "read_tables", "forget", "FILE_NAME"]
