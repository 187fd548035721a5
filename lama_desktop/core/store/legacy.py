"""Importing the files older versions kept (``saves/autosave.json``, ``games/*.json``, ``stats.json``) into the
database, at every opening that finds one. Each file is read through the storage's door (``door(kind, path,
build, max_bytes) -> (value, report)``: a damaged file is moved aside and reported there, a file whose names had
to be cleaned is copied aside first), kept in the database in one transaction with its digest in ``imports``,
and only after that transaction committed moved into an ``imported-<time>/`` folder beside where it was. A kill
between the two leaves the file in place: the next opening finds its digest already imported and only moves it.
The past games an old ``stats.json`` already counted are archived without results (never counted twice)."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from pathlib import Path

from lama_desktop.filedoor import Damage, read_bytes
from lama_desktop.pastgames import PAST_GAME_MAX_BYTES, past_game_from_file
from lama_desktop.savefile import saved_game_from_file
from lama_desktop.statsfile import stats_from_file
from lama_desktop.core.store import archive, statistics, unfinished
from lama_desktop.core.store.saves import save_document, save_summary

log = logging.getLogger("lama_desktop.store")


def _digest(path: Path, max_bytes: int) -> str | None:
    try:
        return hashlib.sha256(read_bytes(path, max_bytes)).hexdigest()
    except (OSError, Damage):
        return None


def _done(conn, digest: str) -> bool:
    return conn.execute("SELECT 1 FROM imports WHERE digest = ?", (digest,)).fetchone() is not None


def _mark(conn, digest: str, path: Path) -> None:
    conn.execute("INSERT OR IGNORE INTO imports(digest, name, imported_at) VALUES (?, ?, ?)",
                 (digest, path.name, time.strftime("%Y-%m-%dT%H:%M:%S")))


def move_imported(path: Path, stamp: str) -> Path | None:
    """Move an imported file into ``imported-<stamp>/`` beside it (never over another file)."""
    folder = path.parent / f"imported-{stamp}"
    try:
        folder.mkdir(exist_ok=True)
        target = folder / path.name
        counter = 2
        while os.path.lexists(target):
            target = folder / f"{path.stem}-{counter}{path.suffix}"
            counter += 1
        os.rename(path, target)
        return target
    except OSError as error:
        log.warning("imported %s but cannot move it into %s: %s", path, folder, error)
        return None


def _sound_files(door, kind: str, paths, build, max_bytes: int):
    for path in paths:
        if not os.path.lexists(path):
            continue
        digest = _digest(path, max_bytes)
        if digest is None:
            door(kind, path, build, max_bytes)  # reported as the door reports it
            continue
        value, _report = door(kind, path, build, max_bytes)
        if value is not None:
            yield path, digest, value


def import_save(db, door, save_path: Path, stamp: str) -> str | None:
    """The old single save, as an unfinished game of its own. Its key, or None."""
    for path, digest, saved in _sound_files(door, "save", [save_path], saved_game_from_file, 16 * 1024 * 1024):
        key = f"imported-{digest[:16]}"
        with db.transaction() as conn:
            if not _done(conn, digest):
                doc = save_document(saved.record, saved.state, saved.meta, saved.saved_at)
                where, summary = save_summary(saved.record, saved.state, saved.meta)
                unfinished.put(conn, key, where, saved.record.game_id, saved.saved_at or doc["saved_at"], summary,
                               json.dumps(doc, ensure_ascii=False))
                _mark(conn, digest, path)
        move_imported(path, stamp)
        return key
    return None


def import_past_games(db, door, folder: Path, stamp: str) -> int:
    """Every old past-game record, archived (not counted: ``stats.json`` counted them)."""
    try:
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
    except OSError:
        return 0
    found = list(_sound_files(door, "game record", paths, past_game_from_file, PAST_GAME_MAX_BYTES))
    if not found:
        return 0
    with db.transaction() as conn:
        for path, digest, past in found:
            if _done(conn, digest):
                continue
            archive.add(conn, finished_at=past.finished_at, game=past.game_id, outcome=archive.FINISHED,
                        practice=past.practice, advised=past.advised, names=past.names,
                        kinds=[s.kind for s in past.seats], levels=[s.level for s in past.seats],
                        scores=past.scores, winners=past.winners, document=past.to_json(), counted=False)
            _mark(conn, digest, path)
    for path, _digest, _past in found:
        move_imported(path, stamp)
    return len(found)


def import_stats(db, door, stats_path: Path, stamp: str) -> bool:
    for path, digest, totals in _sound_files(door, "stats", [stats_path], stats_from_file, 16 * 1024 * 1024):
        with db.transaction() as conn:
            if not _done(conn, digest):
                statistics.carry(conn, totals)
                _mark(conn, digest, path)
        move_imported(path, stamp)
        return True
    return False


def import_old_files(db, door, save_path: Path, games_dir: Path, stats_path: Path) -> None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    if os.path.lexists(save_path):
        import_save(db, door, save_path, stamp)
    if games_dir.is_dir():
        import_past_games(db, door, games_dir, stamp)
    if os.path.lexists(stats_path):
        import_stats(db, door, stats_path, stamp)


def old_files_present(save_path: Path, games_dir: Path, stats_path: Path) -> bool:
    try:
        return (os.path.lexists(save_path) or os.path.lexists(stats_path)
                or (games_dir.is_dir() and any(games_dir.glob("*.json"))))
    except OSError:
        return False
