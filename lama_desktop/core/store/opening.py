"""Opening the database: the file made readable by its owner only, WAL, the schema brought up to date, and the
whole file checked (``PRAGMA quick_check``). A database that is not whole — truncated, pages overwritten, a
``-wal`` beside it from another database, a newer version's — is moved aside with its ``-wal`` and ``-shm``
(``<name>.damaged-<time>``: nothing is deleted), reported, and a fresh one started."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

from lama_desktop.filedoor import set_aside
from lama_desktop.core.store.reports import Report
from lama_desktop.core.store.schema import NewerDatabase, migrate

log = logging.getLogger("lama_desktop.store")

DB_NAME = "lama-desktop.sqlite3"
SIDE_FILES = ("-wal", "-shm", "-journal")
_HEADER = b"SQLite format 3\x00"


class DatabaseDamage(Exception):
    def __init__(self, problem: str, detail: str):
        super().__init__(detail)
        self.problem, self.detail = problem, detail


def _header_problem(path: Path) -> DatabaseDamage | None:
    """What is wrong with the file before SQLite reads it (an empty or cut file, not a database at all)."""
    try:
        size = os.lstat(path).st_size
        with open(path, "rb") as handle:
            head = handle.read(100)
    except FileNotFoundError:
        return None
    except OSError as error:
        return DatabaseDamage("unreadable", f"cannot read the database ({error.strerror or error})")
    if size == 0:
        return None  # made and killed before the first write: SQLite starts it afresh
    if len(head) < 100 or head[:16] != _HEADER:
        return DatabaseDamage("corrupt", "the file is not a database")
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    if page < 512 or size % page or (pages and size < pages * page):
        return DatabaseDamage("corrupt", f"the database is cut short ({size} bytes)")
    return None


#: the tables a database of this app holds (anything else at this path is another database)
TABLES = {"unfinished", "joined", "games", "results", "totals", "imports"}


def _check_read_only(path: Path) -> None:
    """Check the file over a read-only connection first: a damaged file, or a ``-wal`` of another database,
    is found before anything could write to either (a read-write connection checkpoints the ``-wal`` into the
    file as it closes)."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0)
    try:
        result = conn.execute("PRAGMA quick_check").fetchall()
        if result != [("ok",)]:
            raise DatabaseDamage("corrupt", f"the database fails its check ({str(result[:3])[:200]})")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()
    if (version == 0 and tables) or (version > 0 and not TABLES <= tables):
        raise DatabaseDamage("corrupt", f"another database (version {version}, tables {sorted(tables)[:6]})")


def _connect(path: Path) -> sqlite3.Connection:
    if path.exists() and path.stat().st_size > 0:
        _check_read_only(path)
    if not path.exists():
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600))
    try:
        os.chmod(path, 0o600)  # the seat tokens of joined tables are in it (a no-op on Windows)
    except OSError:
        pass
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=5.0)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        migrate(conn)
    except BaseException:
        conn.close()
        raise
    return conn


def _stray_wal(path: Path) -> bool:
    """A ``-wal`` with no database beside it belongs to another one (copied, or left by a moved file)."""
    return not path.exists() and any(Path(f"{path}{end}").exists() for end in ("-wal", "-shm"))


def set_aside_database(path: Path, problem: str, detail: str) -> Report:
    """Move the database and its side files aside, one time stamp for them all; the report names the database's."""
    moved = set_aside(path) if os.path.lexists(path) else None
    suffix = moved.name[len(path.name):] if moved is not None else None
    for end in SIDE_FILES:
        side = Path(f"{path}{end}")
        if os.path.lexists(side):
            if suffix is not None and not os.path.lexists(f"{side}{suffix}"):
                try:
                    os.rename(side, f"{side}{suffix}")
                    continue
                except OSError:
                    pass
            moved_side = set_aside(side)
            moved = moved if moved is not None else moved_side
    log.warning("database %s is damaged (%s: %s): moved to %s", path, problem, detail, moved)
    return Report("database", "damaged", problem, detail, path, moved)


def open_database(folder: Path) -> tuple[sqlite3.Connection, list[Report]]:
    """The profile's database, whole and up to date, and what had to be set aside on the way (reported)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / DB_NAME
    reports: list[Report] = []
    if _stray_wal(path):
        reports.append(set_aside_database(path, "corrupt", "a -wal file of another database"))
    damage = _header_problem(path)
    if damage is None:
        try:
            return _connect(path), reports
        except DatabaseDamage as error:
            damage = error
        except NewerDatabase as error:
            damage = DatabaseDamage("other_version", str(error))
        except sqlite3.DatabaseError as error:  # "file is not a database", "malformed", "disk I/O error"
            damage = DatabaseDamage("corrupt", f"{type(error).__name__}: {error}")
    reports.append(set_aside_database(path, damage.problem, damage.detail))
    return _connect(path), reports
