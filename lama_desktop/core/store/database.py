"""``Database``: the profile's one SQLite file, held by this process (the lock), with one transaction at a time
(``transaction()``: ``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back on any error, so a kill or a failure at any
point leaves the database as before the transaction or as after it). Failed writes surface as ``OSError`` with
the errno a full or read-only disk gives, for the storage's one way of reporting them."""

from __future__ import annotations

import errno
import sqlite3
import threading
import weakref
from contextlib import contextmanager
from pathlib import Path

from lama_desktop.core.store import locking
from lama_desktop.core.store.opening import DB_NAME, open_database
from lama_desktop.core.store.reports import Report


class StoreWriteError(OSError):
    """A write the database refused (disk full, read-only, I/O error): nothing of it was kept."""


def _as_os_error(error: sqlite3.Error, path: Path) -> OSError:
    text = str(error).lower()
    code = errno.ENOSPC if "full" in text else errno.EROFS if "readonly" in text or "read-only" in text \
        else errno.EIO
    return StoreWriteError(code, f"the database refused the write ({error})", str(path))


class Database:
    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.path = self.folder / DB_NAME
        self._lock_key = locking.acquire(self.folder)
        try:
            self.conn, self.reports = open_database(self.folder)
        except BaseException:
            locking.release(self._lock_key)
            raise
        self._mutex = threading.RLock()
        #: called with the connection inside every transaction before it commits (tests: a kill at any point)
        self.before_commit = None
        # a store nobody closed (a test's, a tool's) still lets go of its connection and lock when it is collected
        self._closing = weakref.finalize(self, _close, self.conn, self._lock_key)

    @contextmanager
    def transaction(self):
        """One atomic change: everything inside happens, or nothing does."""
        with self._mutex:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:  # even a BEGIN cut short may leave one open
                self._rollback()
                raise _as_os_error(error, self.path) from None
            try:
                yield self.conn
                if self.before_commit is not None:
                    self.before_commit(self.conn)
                self.conn.execute("COMMIT")
            except sqlite3.Error as error:
                self._rollback()
                raise _as_os_error(error, self.path) from None
            except BaseException:
                self._rollback()
                raise

    def _rollback(self) -> None:
        """Undo the transaction whatever stopped it (even a ``COMMIT`` cut short, which the connection may not
        report as a transaction any more)."""
        try:
            self.conn.execute("ROLLBACK")
        except sqlite3.Error:  # none was open: nothing to undo
            pass

    def read(self, sql: str, params=()) -> list:
        with self._mutex:
            return self.conn.execute(sql, params).fetchall()

    def take_reports(self) -> list[Report]:
        reports, self.reports = self.reports, []
        return reports

    def close(self) -> None:
        with self._mutex:
            self._closing()


def _close(conn: sqlite3.Connection, lock_key: str) -> None:
    try:
        conn.close()
    finally:
        locking.release(lock_key)
