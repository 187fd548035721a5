"""The profile's database (``core/store``): an old profile imported whole, damaged databases set aside and started
afresh, one copy of the app per profile, a game's end as one transaction however it is cut short, several
unfinished games side by side, and giving a game up."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.seats import JoinedSeat
from lama_desktop.core.store import DB_NAME, HOSTED, JOINED, LOCAL
from lama_desktop.engine.record import GameRecord
from lama_desktop.engine.registry import games
from lama_desktop.pastgames import PAST_GAME_KIND, check_replay, make_past_game
from lama_desktop.savefile import SAVE_KIND
from lama_desktop.storage import Storage
from registry_games import game_folder, sample_game, version_1_save

ROOT = Path(__file__).resolve().parents[1]
#: the games whose folder keeps a real version-1 save (of the game it names: a folder holding two games keeps one)
V1_GAMES = sorted({version_1_save(spec.id)[0]["game"] for spec in games()
                   if (game_folder(spec.id) / "tests" / "saves" / "v1.json").is_file()})


def seats(n: int = 3, prefix: str = "") -> list[SeatConfig]:
    return [SeatConfig(f"{prefix}Anna", "human")] + [SeatConfig(f"{prefix}Bot{i}", "bot", "easy")
                                                     for i in range(1, n)]


def played(game_id: str = None, moves: int = 8, seed: int = 3, players: int = 3):
    record = GameRecord(game_id or sample_game(), players, (), seed, {})
    state = record.new_state()
    for i in range(moves):
        if state.is_over:
            break
        legal = state.legal_moves()
        record.play(state, legal[(i * 5) % len(legal)])
    return record, state


def finished(game_id: str = None, seed: int = 5):
    record = GameRecord(game_id or sample_game(), 3, (), seed, {})
    state = record.new_state()
    rng = random.Random(seed)
    while not state.is_over:
        record.play(state, rng.choice(state.legal_moves()))
    return record, state


def meta_of(config_seats, game_id=None, **more) -> dict:
    config = {"game": game_id or sample_game(), "seats": [s.to_dict() for s in config_seats], "variants": [],
              "first_dealer": 0, "seed": 3}
    return {"config": config, "seats": [s.to_dict() for s in config_seats], **more}


# --- an old profile ------------------------------------------------------------------------------------------------
def write_version_1_profile(store: Storage, game_id: str) -> dict:
    """The files a version-1 profile held: the autosave (the game's real v1 state), a past game (format 1) and the
    statistics; returns what was planted."""
    state, moves = version_1_save(game_id)
    record = {"record_version": 1, "game": game_id, "players": moves["players"], "variants": moves["variants"],
              "seed": moves["seed"], "options": {}, "moves": moves["moves"]}
    people = seats(moves["players"])
    save = {"kind": SAVE_KIND, "save_version": 1, "saved_at": "2025-03-01T10:00:00", "game": game_id,
            "record": record, "state": state, "meta": meta_of(people, game_id)}
    save["meta"]["config"]["variants"] = moves["variants"]
    store.save_path.parent.mkdir(parents=True, exist_ok=True)
    store.save_path.write_text(json.dumps(save))
    old_record, old_state = finished(game_id)
    past = make_past_game(old_record, seats(3), old_state.scores, old_state.winners(), "2025-02-01T09:00:00").to_dict()
    past["past_game_version"] = 1
    del past["practice"], past["advised"]
    store.games_dir.mkdir(parents=True, exist_ok=True)
    (store.games_dir / f"{game_id}-2025-02-01-090000.json").write_text(json.dumps(past))
    stats = {"stats_version": 1, "games": {game_id: {"Anna": {"games": 4, "wins": 3, "points": 50}}}}
    store.stats_path.write_text(json.dumps(stats))
    return {"moves": moves["moves"], "past": past}


@pytest.mark.parametrize("game_id", V1_GAMES)
def test_a_version_1_profile_is_imported_whole_and_its_files_kept(tmp_path, game_id):
    store = Storage(tmp_path)
    planted = write_version_1_profile(store, game_id)
    (entry,) = store.unfinished()
    assert entry.where == LOCAL and entry.game == game_id and entry.moves == len(planted["moves"])
    saved = store.load_save(entry.key)
    assert saved.record.moves == planted["moves"] and saved.state.to_dict() == saved.record.replay().to_dict()
    (past,) = store.past_games()
    assert past.scores == planted["past"]["scores"] and check_replay(past) is None
    assert store.load_stats()[game_id]["Anna"] == {"games": 4, "wins": 3, "points": 50, "advised": 0, "practice": 0}
    # each file moved into imported-<time>/ beside where it was, after its transaction committed
    assert not store.save_path.exists() and not store.stats_path.exists() and not list(store.games_dir.glob("*.json"))
    assert len(list(store.save_dir.glob("imported-*/autosave.json"))) == 1
    assert len(list(store.games_dir.glob("imported-*/*.json"))) == 1
    assert len(list(store.data_dir.glob("imported-*/stats.json"))) == 1
    assert store.take_reports() == []
    store.close()
    again = Storage(tmp_path)  # a second opening imports nothing twice
    assert len(again.unfinished()) == 1 and again.past_game_count() == 1
    assert again.load_stats()[game_id]["Anna"]["games"] == 4


def test_an_old_file_imported_but_not_yet_moved_is_not_imported_twice(tmp_path):
    store = Storage(tmp_path)
    write_version_1_profile(store, V1_GAMES[0])
    copies = {p: p.read_bytes() for p in (store.save_path, store.stats_path, *store.games_dir.glob("*.json"))}
    assert len(store.unfinished()) == 1  # imported (and moved)
    store.close()
    for path, raw in copies.items():  # as if the app was killed after the commits, before the moves
        path.write_bytes(raw)
    again = Storage(tmp_path)
    assert len(again.unfinished()) == 1 and again.past_game_count() == 1
    assert again.load_stats()[V1_GAMES[0]]["Anna"]["games"] == 4


# --- damaged databases ---------------------------------------------------------------------------------------------
def profile_with_games(folder: Path) -> Storage:
    store = Storage(folder)
    record, state = played()
    store.autosave(record, state, meta_of(seats()), key="solo")
    for n in range(30):
        store.record_result(sample_game(), ["Anna", "Bruno"], [n, 40], [0])
    store.close()
    return store


def assert_set_aside_and_fresh(folder: Path, damaged_bytes: bytes | None = None):
    store = Storage(folder)
    assert store.unfinished() == [] and store.statistics() == []  # a fresh database
    (report,) = store.take_reports()
    assert report.kind == "database" and report.action == "damaged" and report.problem == "corrupt"
    assert report.moved_to is not None and report.moved_to.name.startswith(DB_NAME + ".damaged-")
    if damaged_bytes is not None:
        assert report.moved_to.read_bytes() == damaged_bytes  # nothing deleted
    record, state = played()
    store.autosave(record, state, meta_of(seats()), key="new")
    assert [e.key for e in store.unfinished()] == ["new"]
    store.close()
    return report


def test_a_truncated_database_is_set_aside_and_a_fresh_one_started(tmp_path):
    profile_with_games(tmp_path)
    path = tmp_path / "data" / DB_NAME
    raw = path.read_bytes()
    cut = raw[: len(raw) // 2 + 100]
    path.write_bytes(cut)
    assert_set_aside_and_fresh(tmp_path, cut)


@pytest.mark.parametrize("seed", range(4))
def test_random_bytes_in_random_pages_are_found_and_set_aside(tmp_path, seed):
    profile_with_games(tmp_path)
    path = tmp_path / "data" / DB_NAME
    raw = bytearray(path.read_bytes())
    page = int.from_bytes(raw[16:18], "big")
    rng = random.Random(seed)
    for number in rng.sample(range(1, len(raw) // page), min(3, len(raw) // page - 1)):
        start = number * page + rng.randrange(0, 64)
        raw[start:start + 200] = bytes(rng.randrange(256) for _ in range(200))
    path.write_bytes(bytes(raw))
    store = Storage(tmp_path)
    reports = (store.unfinished(), store.take_reports())[1]
    if reports:  # found at once: set aside, a fresh database
        assert [r.problem for r in reports] == ["corrupt"] and reports[0].moved_to.read_bytes() == bytes(raw)
        assert store.unfinished() == []
    else:  # bytes in free space: the database still reads whole
        assert sqlite3.connect(store.database_path).execute("PRAGMA quick_check").fetchone() == ("ok",)
    store.close()


def test_a_wal_of_another_database_is_set_aside_with_it(tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    conn = sqlite3.connect(other / "x.db")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE games(id INTEGER PRIMARY KEY, other TEXT)")
    conn.executemany("INSERT INTO games(other) VALUES (?)", [("x" * 500,)] * 50)
    conn.commit()
    stray = (other / "x.db-wal").read_bytes()
    conn.close()
    profile_with_games(tmp_path / "home")
    data = tmp_path / "home" / "data"
    (data / f"{DB_NAME}-wal").write_bytes(stray)
    store = Storage(tmp_path / "home")
    entries, reports = store.unfinished(), store.take_reports()
    assert [r.problem for r in reports] == ["corrupt"] and entries == []
    moved = reports[0].moved_to
    suffix = moved.name[len(DB_NAME):]
    assert (data / f"{DB_NAME}-wal{suffix}").read_bytes() == stray  # the -wal went aside with its database
    store.close()


def test_a_wal_without_its_database_is_set_aside(tmp_path):
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / f"{DB_NAME}-wal").write_bytes(b"a wal of some other file")
    (data / "stats.json").write_text('{"stats_version": 1, "games": {}}')  # an old file to import
    store = Storage(tmp_path)
    store.load_stats()
    assert [r.problem for r in store.take_reports()] == ["corrupt"]
    assert [p.read_bytes() for p in data.glob(f"{DB_NAME}-wal.damaged-*")] == [b"a wal of some other file"]
    store.close()


def test_a_second_copy_on_the_same_profile_is_refused_not_corrupting(tmp_path):
    store = profile_with_games(tmp_path)
    store = Storage(tmp_path)
    assert len(store.unfinished()) == 1  # this process holds the profile now
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from lama_desktop.storage import Storage, StoreBusy
        s = Storage({str(tmp_path)!r})
        print(s.busy, s.unfinished(), s.statistics(), [r.problem for r in s.take_reports()])
        try:
            s.record_result("lama", ["X"], [1], [0])
        except StoreBusy:
            print("refused")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[:2] == ["True [] [] ['busy']", "refused"], out.stderr
    assert sum(r["games"] for r in store.statistics()) == 60  # untouched by the other copy
    store.close()
    assert Storage(tmp_path).busy is False  # released with the store


def test_the_database_is_readable_by_its_owner_only(tmp_path):
    store = profile_with_games(tmp_path)
    if os.name == "posix":
        assert (store.database_path.stat().st_mode & 0o777) == 0o600


# --- one transaction for a game's end --------------------------------------------------------------------------------
def begin(store: Storage, n: int):
    """Game ``n`` played to its last move and saved as unfinished game ``game-<n>``."""
    record, state = finished(seed=n)
    store.autosave(record, state, meta_of(seats(prefix=f"g{n}-")), key=f"game-{n}")
    return record, state


def end(store: Storage, n: int, record, state) -> None:
    store.finish_game(f"game-{n}", game_id=sample_game(), seats=seats(prefix=f"g{n}-"), scores=list(state.scores),
                      winners=list(state.winners()), record=record)


def end_of(store: Storage, n: int) -> None:
    end(store, n, *begin(store, n))


def counted_once_or_unfinished(store: Storage, started: int, maybe_unsaved=()) -> tuple[int, int]:
    """Every game started is either finished (archived, counted once: one result per seat) or still unfinished,
    never both and never neither (a game of ``maybe_unsaved`` may not have been saved at all: killed before its
    first save). Returns (finished, unfinished)."""
    rows = store.database().read("SELECT name, count(*) FROM results GROUP BY name")
    counted = dict(rows)
    archived = store.finished_count()
    keys = {e.key for e in store.unfinished()}
    done = 0
    for n in range(started):
        names = [s.name for s in seats(prefix=f"g{n}-")]
        here = [counted.get(name, 0) for name in names]
        assert here in ([1, 1, 1], [0, 0, 0]), (n, here)
        finished_now = here == [1, 1, 1]
        if n in maybe_unsaved:
            assert not (finished_now and f"game-{n}" in keys), n
        else:
            assert finished_now != (f"game-{n}" in keys), n
        done += finished_now
    assert archived == done
    return done, len(keys)


def stop_once():
    """A progress handler that stops SQLite once, the first time it is asked (its rollback then runs)."""
    fired = []

    def handler() -> int:
        if fired:
            return 0
        fired.append(1)
        return 1
    return handler


def test_a_game_end_cut_short_anywhere_counts_the_game_once_or_not_at_all(tmp_path):
    store = Storage(tmp_path)
    rng = random.Random(8)
    for n in range(50):
        game = begin(store, n)
        store.database().conn.set_progress_handler(stop_once(), rng.randrange(1, 400))
        try:
            end(store, n, *game)
        except OSError:
            pass
        store.database().conn.set_progress_handler(None, 0)
        counted_once_or_unfinished(store, n + 1)
    done, waiting = counted_once_or_unfinished(store, 50)
    assert done + waiting == 50 and 0 < done < 50  # some ends got through, some were cut short


def test_a_game_end_killed_at_random_moments_counts_each_game_once(tmp_path):
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        sys.path.insert(0, {str(ROOT / "tests")!r})
        from test_store import end_of
        from lama_desktop.storage import Storage
        s = Storage({str(tmp_path)!r})
        start = int(sys.argv[1])
        print("ready", flush=True)
        for n in range(start, start + 1000):
            print(n, flush=True)
            end_of(s, n)
    """)
    rng = random.Random(4)
    started, cut = 0, set()
    for _ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", script, str(started)], stdout=subprocess.PIPE, text=True,
                                cwd=ROOT)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.4, 1.5))
        os.kill(proc.pid, signal.SIGKILL)
        out = proc.communicate()[0].split()
        proc.wait()
        if out:
            cut.add(int(out[-1]))  # the game being played or ended when the kill came
            started = int(out[-1]) + 1
    store = Storage(tmp_path)
    done, waiting = counted_once_or_unfinished(store, started, cut)
    assert done >= 1 and waiting <= 6  # at most the game each kill cut short waits unfinished


# --- several unfinished games --------------------------------------------------------------------------------------
def test_solo_hosted_and_joined_games_are_kept_side_by_side(tmp_path):
    store = Storage(tmp_path)
    solo = played(moves=5, seed=1)
    hosted = played(moves=9, seed=2)
    store.autosave(*solo, meta_of(seats(prefix="s-")), key="solo")
    store.autosave(*hosted, meta_of(seats(prefix="h-"), net={"code": "ABCD"}, hosting={"seat": 0, "port": 47474}),
                   key="hosted")
    book = store.seat_book
    book.remember(JoinedSeat("127.0.0.1", 47480, "WXYZ", "Anna", 2, "secret-token-123", sample_game(),
                             ["Bruno", "Carla", "Anna"], {"round": 3, "scores": [4, 9, 12]}, "2026-11-28T10:00:00"))
    entries = {e.key: e for e in store.unfinished()}
    assert {e.where for e in entries.values()} == {LOCAL, HOSTED, JOINED}
    assert entries["hosted"].port == 47474 and entries["solo"].moves == 5 and entries["hosted"].moves == 9
    joined = next(e for e in entries.values() if e.where == JOINED)
    assert (joined.host, joined.port, joined.round, joined.scores) == ("127.0.0.1", 47480, 3, [4, 9, 12])
    assert "secret-token-123" not in json.dumps([e.to_dict() for e in entries.values()])
    for key, (record, state) in (("solo", solo), ("hosted", hosted)):  # each continues where it stood
        saved = store.load_save(key)
        assert saved.record.moves == record.moves and saved.state.to_dict() == state.to_dict()
    assert book.find("127.0.0.1", 47480, "WXYZ").token == "secret-token-123"
    more = played(moves=11, seed=1)
    store.autosave(*more, meta_of(seats(prefix="s-")), key="solo")  # one game moves on, the others stay
    assert store.load_save("hosted").record.moves == hosted[0].moves
    assert len(store.load_save("solo").record.moves) == 11 and len(store.unfinished()) == 3


def test_giving_a_game_up_keeps_it_among_the_past_games_marked_abandoned(tmp_path):
    store = Storage(tmp_path)
    record, state = played(moves=10)
    store.autosave(record, state, meta_of(seats()), key="solo")
    store.seat_book.remember(JoinedSeat("127.0.0.1", 47480, "WXYZ", "Anna", 1, "tok", sample_game(), ["B", "Anna"]))
    assert store.abandon("solo") and store.abandon("joined:127.0.0.1:47480:WXYZ")
    assert store.unfinished() == [] and store.seat_book.joined() == []
    assert store.finished_count() == 2 and store.statistics() == []  # kept, counted nowhere
    (row,) = store.past_game_page()
    assert row.abandoned
    past = store.load_past_game(row.row)
    assert past.abandoned and past.record.moves == record.moves and check_replay(past) is None
    assert json.loads(past.to_json())["kind"] == PAST_GAME_KIND


def test_new_game_never_discards_another_unfinished_game(tmp_path):
    from lama_desktop.app.main import App
    from lama_desktop.core.gameconfig import GameConfig

    store = Storage(tmp_path)
    record, state = played(moves=6)
    store.autosave(record, state, meta_of(seats()), key="earlier")
    app = App(store, (1280, 720))
    app.warm_up = app.transitions = False
    try:
        app.start()
        app.step(1 / 60)
        app.start_game(GameConfig(sample_game(), seats(), (), 0, 9))
        for _ in range(3):
            app.step(1 / 60)
        keys = [e.key for e in store.unfinished()]
        assert "earlier" in keys and len(keys) == 2
        assert store.load_save("earlier").record.moves == record.moves
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr", "pl", "de"])
def test_what_the_store_reports_is_told_in_every_language(lang, tmp_path):
    from lama_desktop.app.main import report_message
    from lama_desktop.core import i18n
    from lama_desktop.storage import Report

    i18n.set_language(lang)
    try:
        path = tmp_path / DB_NAME
        cases = [Report("database", "damaged", "corrupt", "d", path, tmp_path / f"{DB_NAME}.damaged-1"),
                 Report("database", "damaged", "other_version", "d", path, None),
                 Report("database", "damaged", "busy", "d", path),
                 Report("database", "write_failed", "disk_full", "d", path),
                 Report("save", "part_lost", "history", "d", path, tmp_path / "save-x.json.damaged-1")]
        texts = set()
        for report in cases:
            title, text = report_message(report)
            assert "{" not in text + title and "common.damage" not in text + title, (report, text)
            texts.add(text)
        assert str(tmp_path / f"{DB_NAME}.damaged-1") in report_message(cases[0])[1]
        assert str(tmp_path) in report_message(cases[2])[1]
        assert len(texts) == len(cases)
    finally:
        i18n.set_language("en")


def test_a_save_written_after_its_game_ended_never_revives_it(tmp_path):
    """A network host saves its game once more as it stops, after the game's end archived it: that save must not
    bring the game back as unfinished (Continue would end it, and count it, a second time)."""
    store = Storage(tmp_path)
    record, state = finished(seed=9)
    store.autosave(record, state, meta_of(seats()), key="hosted")
    store.finish_game("hosted", game_id=sample_game(), seats=seats(), scores=list(state.scores),
                      winners=list(state.winners()), record=record)
    store.autosave(record, state, meta_of(seats()), key="hosted")
    assert store.unfinished() == [] and store.finished_count() == 1


def test_a_joined_seats_game_ends_counted_without_a_replay(tmp_path):
    """A game played at another computer's table ends on a record the client knows without its seed (the host's
    alone: ``RemoteRecord``): it is counted, with no replay kept, never a crash (the app's results screen never
    came up at the end of a joined game: ``transcript --net --check`` stopped there)."""
    from lama_desktop.net.remote_session import RemoteRecord

    store = Storage(tmp_path)
    record = RemoteRecord(sample_game(), 3, (), ["draw", "draw"])
    store.finish_game("joined:127.0.0.1:4747:ABCD", game_id=sample_game(), seats=seats(), scores=[3, 5, 8],
                      winners=[0], record=record)
    assert store.finished_count() == 1 and store.unfinished() == []
