"""``python -m lama_desktop.bench archive [--games N] --json``: the profile's database with many finished games.

A fresh temporary profile is filled with ``N`` real game records: a few games played to their end by random bots
(one per table), each kept again and again with other dates and player names (a record is a real one: it replays
to its scores; names and dates are not part of the game). Then, each measured on that profile:

- ``past_games_open_ms``: pushing the Past games screen until its first frame is drawn (the list reads a page);
- ``statistics_open_ms``: the same for the statistics screen (added up from the archive);
- ``autosave_p95_ms``: one move's save of a game going on (the 95th percentile over many moves, wall clock; and
  ``autosave_cpu_p95_ms``, its thread's CPU time: what it costs on a shared machine, ``load_average``);
- ``game_end_ms``: a game's end, the one transaction (archived, counted, its save removed; p95, wall clock; and
  ``game_end_cpu_p95_ms``);
- ``db_bytes_per_game``: the database's size over the games it holds.
"""

from __future__ import annotations

import os
import random
import tempfile
import time

from lama_desktop.bots import levels_for, make_bot
from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.store import archive
from lama_desktop.engine.record import GameRecord
from lama_desktop.engine.registry import plugins
from lama_desktop.pastgames import make_past_game
from lama_desktop.stats import percentile
from lama_desktop.storage import Storage

NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Felix", "Greta", "Hugo", "Ines", "Jonas", "Kira", "Luca")


def _played(game_id: str, seed: int, players: int = 3):
    record = GameRecord(game_id, players, (), seed, {}, [])
    state = record.new_state()
    bots = [make_bot(game_id, levels_for(game_id)[0], seed * 7 + i) for i in range(players)]
    while not state.is_over:
        record.play(state, bots[state.current_player].choose(state.view(state.current_player)))
    return record, state


def _one_per_table() -> list[str]:
    seen, out = set(), []
    for plugin in plugins().values():
        if plugin.table_group not in seen:
            seen.add(plugin.table_group)
            out.append(plugin.id)
    return out


def _seats(rng: random.Random, players: int) -> list[SeatConfig]:
    names = rng.sample(NAMES, players)
    return [SeatConfig(names[0], "human")] + [SeatConfig(n, "bot", rng.choice(("easy", "medium", "hard")))
                                              for n in names[1:]]


def fill(storage: Storage, games: int, seed: int = 1) -> None:
    """``games`` finished games in the archive, counted, in transactions of a thousand."""
    rng = random.Random(seed)
    samples = [_played(game_id, 10 + i) for i, game_id in enumerate(_one_per_table()) for _ in range(2)]
    start = time.mktime((2024, 1, 1, 12, 0, 0, 0, 0, -1))
    db = storage.database()
    for block in range(0, games, 1000):
        with db.transaction() as conn:
            for n in range(block, min(games, block + 1000)):
                record, state = samples[n % len(samples)]
                seats = _seats(rng, record.players)
                when = time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(start + n * 3700 + rng.randrange(600)))
                past = make_past_game(record, seats, state.scores, state.winners(), when,
                                      practice=rng.random() < 0.05, advised=(0,) if rng.random() < 0.1 else ())
                archive.add(conn, finished_at=when, game=record.game_id, outcome=archive.FINISHED,
                            practice=past.practice, advised=past.advised, names=past.names,
                            kinds=[s.kind for s in seats], levels=[s.level for s in seats], scores=past.scores,
                            winners=past.winners, document=past.to_json())


def _first_frame_ms(app, scene) -> float:
    """From pushing ``scene`` to its first frame drawn (layout, its data read, the draw)."""
    start = time.perf_counter()
    app.stack.push(scene)
    app.stack.apply_pending()
    app.stack.update(1 / 60)
    app.stack.draw(app.screen)
    return (time.perf_counter() - start) * 1000.0


def _autosaves(storage: Storage, cpu_times: list, moves: int = 400) -> list[float]:
    """Wall-clock milliseconds of each move's save (``cpu_times`` receives the thread's CPU time of each: what the
    save costs when the machine is shared)."""
    game_id = _one_per_table()[-1]  # the last table's game: the largest saves (Llama Land when it is there)
    record = GameRecord(game_id, 4, (), 99, {}, [])
    state = record.new_state()
    bots = [make_bot(game_id, levels_for(game_id)[0], 99 + i) for i in range(4)]
    seats = [SeatConfig(NAMES[i], "human" if i == 0 else "bot", "easy") for i in range(4)]
    meta = {"config": {"game": game_id, "seats": [s.to_dict() for s in seats], "variants": [], "first_dealer": 0,
                       "seed": 99}, "seats": [s.to_dict() for s in seats]}
    times = []
    while len(times) < moves:
        if state.is_over:
            record = GameRecord(game_id, 4, (), 99 + len(times), {}, [])
            state = record.new_state()
        record.play(state, bots[state.current_player].choose(state.view(state.current_player)))
        start, cpu = time.perf_counter(), time.thread_time()
        storage.autosave(record, state, meta, key="bench-autosave")
        times.append((time.perf_counter() - start) * 1000.0)
        cpu_times.append((time.thread_time() - cpu) * 1000.0)
    return times


def _game_ends(storage: Storage, cpu_times: list, count: int = 100) -> list[float]:
    samples = [_played(game_id, 500 + i) for i, game_id in enumerate(_one_per_table())]
    rng = random.Random(3)
    times = []
    for n in range(count):
        record, state = samples[n % len(samples)]
        seats = _seats(rng, record.players)
        storage.autosave(record, state, {"seats": [s.to_dict() for s in seats]}, key=f"bench-end-{n}")
        start, cpu = time.perf_counter(), time.thread_time()
        storage.finish_game(f"bench-end-{n}", game_id=record.game_id, seats=seats, scores=list(state.scores),
                            winners=list(state.winners()), record=record)
        times.append((time.perf_counter() - start) * 1000.0)
        cpu_times.append((time.thread_time() - cpu) * 1000.0)
    return times


def bench_archive(games: int = 10_000, size=(1920, 1080)) -> dict:
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"),
                        ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
        os.environ.setdefault(name, value)
    # lazy: the app and pygame, for this bench's screens only
    from lama_desktop.app.main import App
    from lama_desktop.app.scenes.past_games import PastGamesScene
    from lama_desktop.app.scenes.statistics import StatisticsScene
    from lama_desktop.app.scenes.title import TitleScene

    folder = tempfile.mkdtemp(prefix="lama-bench-archive-")
    storage = Storage(profile=folder)
    started = time.perf_counter()
    fill(storage, games)
    fill_s = time.perf_counter() - started
    storage.close()
    storage = Storage(profile=folder)  # a new start on the filled profile
    app = App(storage, tuple(size))
    app.transitions = app.warm_up = False
    try:
        app.stack.push(TitleScene())
        app.stack.apply_pending()
        app.stack.draw(app.screen)  # the title's first frame: fonts and the felt loaded, as after any start
        past, stats = [], []
        for _ in range(3):  # the first open after the start, then again
            for scene, times in ((PastGamesScene(), past), (StatisticsScene(), stats)):
                times.append(_first_frame_ms(app, scene))
                app.stack.pop()
                app.stack.apply_pending()
        shown = storage.past_game_count()
    finally:
        app.shutdown()
    saves_cpu, ends_cpu = [], []
    saves = _autosaves(storage, saves_cpu)
    ends = _game_ends(storage, ends_cpu)
    storage.close()
    size_bytes = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder)
                     if f.startswith("lama-desktop.sqlite3"))
    return {"games": games, "games_listed": shown, "fill_s": round(fill_s, 1),
            "past_games_open_ms": round(past[0], 1), "statistics_open_ms": round(stats[0], 1),
            "past_games_reopen_ms": round(min(past[1:]), 1), "statistics_reopen_ms": round(min(stats[1:]), 1),
            "autosave_p50_ms": round(percentile(saves, 0.5), 2), "autosave_p95_ms": round(percentile(saves, 0.95), 2),
            "game_end_p50_ms": round(percentile(ends, 0.5), 2), "game_end_ms": round(percentile(ends, 0.95), 2),
            "autosave_cpu_p95_ms": round(percentile(saves_cpu, 0.95), 2),
            "game_end_cpu_p95_ms": round(percentile(ends_cpu, 0.95), 2), "load_average": _load(),
            "db_bytes": size_bytes, "db_bytes_per_game": round(size_bytes / max(1, games + len(ends))),
            "targets_ms": {"past_games_open_ms": 200, "statistics_open_ms": 200, "autosave_p95_ms": 5,
                           "game_end_ms": 20}}


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):  # Windows
        return []


def summary(result: dict) -> str:
    return "\n".join([f"{result['games']} games in the archive (filled in {result['fill_s']} s)",
                      f"  past games open    {result['past_games_open_ms']:8.1f} ms (target 200)",
                      f"  statistics open    {result['statistics_open_ms']:8.1f} ms (target 200)",
                      f"  autosave p95       {result['autosave_p95_ms']:8.2f} ms (target 5)",
                      f"  game end p95       {result['game_end_ms']:8.2f} ms (target 20)",
                      f"  database           {result['db_bytes_per_game']} bytes per game"])


__all__ = ["bench_archive", "fill", "summary"]
