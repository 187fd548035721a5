"""One copy of the app per profile: an exclusive lock on ``<folder>/lama-desktop.lock`` (``fcntl.flock`` on POSIX,
``msvcrt.locking`` on Windows), taken before the database opens and held while it is open. A second copy gets
``StoreBusy`` (the app says so and touches nothing). Several stores of one process share the lock (tests, the
screenshot tools), counted."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None
    import msvcrt
else:
    msvcrt = None

LOCK_NAME = "lama-desktop.lock"


class StoreBusy(OSError):
    """Another copy of the app (another process) holds this profile."""

    def __init__(self, path: Path):
        super().__init__(errno.EBUSY, "another copy of the app is using this profile", str(path))


_held: dict[str, list] = {}  # lock path -> [fd, count]
_guard = threading.RLock()  # re-entered when a collected store lets go of its lock inside acquire()


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def acquire(folder: Path) -> str:
    """Hold the profile's lock (``StoreBusy`` when another process does); returns the key ``release`` takes."""
    path = Path(folder) / LOCK_NAME
    key = os.path.abspath(path)
    with _guard:
        if key in _held:
            _held[key][1] += 1
            return key
        Path(folder).mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
        if not _try_lock(fd):
            os.close(fd)
            raise StoreBusy(path)
        try:  # who holds it, for a person looking (never read by the app)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass
        _held[key] = [fd, 1]
        return key


def release(key: str) -> None:
    with _guard:
        entry = _held.get(key)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] > 0:
            return
        del _held[key]
        try:
            if fcntl is not None:
                fcntl.flock(entry[0], fcntl.LOCK_UN)
            else:
                os.lseek(entry[0], 0, os.SEEK_SET)
                msvcrt.locking(entry[0], msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
        os.close(entry[0])
