"""Settings, logs and the file door, under folders that are injected (never resolved at import time); the games
the player keeps (unfinished, finished, statistics, joined seats) are in the profile's database
(``storage_games.GameKeeping``, mixed in: ``core/store``).

``Storage(base_dir)`` keeps everything under ``base_dir`` (tests pass ``tmp_path``: ``data/``, ``config/``,
``logs/``); ``Storage(profile=DIR)`` is the portable profile (``DIR/settings.json``, ``DIR/lama-desktop.sqlite3``,
``DIR/log/``: ``lama-desktop --profile DIR``); ``Storage()`` asks platformdirs for the user's folders
(``PlatformDirs("LamaDesktop", appauthor=False)``) when it is constructed.

- Every file is read through one door (``read_file``: ``filedoor.read_guarded`` + a schema per file kind). A file
  that is anything but what this app writes — unreadable, an odd file kind, not JSON, too deep, numbers beyond
  reason, wrong types, unknown values, impossible states — is *damaged*: it is moved aside as
  ``<name>.damaged-<time>`` (or, when it cannot be moved, left untouched and from then on never written over or
  deleted), a ``Report`` is queued for the player (``take_reports``; the app shows each in the player's
  language) and the app goes on with defaults. The old files imported into the database use the same door, and
  the database's documents the same checks. Player names are cleaned at the door (printable, at most 24
  characters); when that changed a name, the original bytes are first copied aside as ``<name>.damaged-<time>``
  (reported once), so nothing is lost when the app later writes the cleaned data.
- Every file write is atomic: a temp file in the same folder, flushed and fsynced, then ``os.replace``; every
  database write one transaction. A write that fails (disk full, no permission) leaves the previous data intact
  and queues a ``Report`` once per kind until a write of that kind works again; the error is raised (``OSError``)
  for the caller to go on without it.
- One rule for replacing: a file is written over (``write_file``) only when it is known sound (read whole through
  its kind's check, or written by this storage, and unchanged since); anything else is read through its kind's
  check first, so a damaged file is moved aside and reported exactly as a load would.
- Settings live in ``settings.json`` (``settings``); exports are JSON files (``pastgames``)."""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import logging.handlers
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from platformdirs import PlatformDirs

from lama_desktop.filedoor import MAX_BYTES, Damage, copy_aside, read_bytes, read_guarded_noting, set_aside
from lama_desktop.savefile import saved_game_from_file
from lama_desktop.settings import Settings, settings_from_file
from lama_desktop.statsfile import stats_from_file
from lama_desktop.pastgames import PAST_GAME_MAX_BYTES, past_game_from_file
from lama_desktop.core.store import Report, StoreBusy
from lama_desktop.storage_games import DEFAULT_KEY, GameKeeping, SaveDamaged, new_save_key

#: the file kinds the app words messages for (``common.damage.<kind>_moved`` …); any other kind is a "file"
KINDS = ("settings", "save", "stats", "database")

__all__ = ["DEFAULT_KEY", "KINDS", "KeptFileError", "Report", "SaveDamaged", "Storage", "StoreBusy",
           "atomic_write_json", "atomic_write_text", "json_text", "new_save_key", "write_problem"]

log = logging.getLogger("lama_desktop.storage")


class KeptFileError(OSError):
    """A write refused because a damaged file that could not be moved aside is in the way (never overwritten)."""


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees either the old file or the new one, never half of it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable where the platform allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def json_text(data: Any) -> str:
    """The text ``atomic_write_json`` writes for ``data``."""
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate somewhere: written as a JSON escape, never as broken UTF-8
        text = json.dumps(data, ensure_ascii=True, indent=1, sort_keys=False) + "\n"
    return text


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json_text(data))


class UnwritableData(OSError):
    """Data that cannot be written as JSON (a bug upstream): reported like any failed write, never a crash."""


def write_problem(error: OSError) -> str:
    """The player-facing code of a failed write."""
    if isinstance(error, KeptFileError):
        return "kept_in_way"
    if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "disk_full"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "no_permission"
    return "write_error"


def _check_of(kind: str) -> tuple[Callable[[Any], Any] | None, int]:
    """The check a file of ``kind`` is read through whole (and the most bytes read), or ``(None, MAX_BYTES)`` for
    a kind without one."""
    if kind in ("game record", "export"):
        return past_game_from_file, PAST_GAME_MAX_BYTES
    return {"settings": settings_from_file, "save": saved_game_from_file, "stats": stats_from_file}.get(kind), MAX_BYTES


class Storage(GameKeeping):
    def __init__(self, base_dir: str | os.PathLike | None = None, *, profile: str | os.PathLike | None = None):
        if profile is not None:
            folder = Path(profile)
            self.data_dir = folder
            self.config_dir = folder
            self.log_dir = folder / "log"
            self.export_dir = folder / "exports"
        elif base_dir is None:
            dirs = PlatformDirs("LamaDesktop", appauthor=False)
            self.data_dir = Path(dirs.user_data_dir)
            self.config_dir = Path(dirs.user_config_dir)
            self.log_dir = Path(dirs.user_log_dir)
            self.export_dir = Path(dirs.user_documents_dir) / "LAMA games"  # games exported from the replay viewer
        else:
            base = Path(base_dir)
            self.data_dir = base / "data"
            self.config_dir = base / "config"
            self.log_dir = base / "logs"
            self.export_dir = base / "exports"
        self.settings_path = self.config_dir / "settings.json"
        # the files older versions kept, imported into the database when it opens (core/store/legacy.py)
        self.save_dir = self.data_dir / "saves"
        self.save_path = self.save_dir / "autosave.json"
        self.stats_path = self.data_dir / "stats.json"
        self.games_dir = self.data_dir / "games"
        self._loaded: dict[str, str] = {}  # the text of each save loaded (key -> text): a part lost is copied out
        self._finished: set[str] = set()  # games ended here: a late autosave (a host stopping) never revives one
        self._reports: list[Report] = []
        self._kept: dict[Path, Report] = {}  # damaged files that could not be moved: never written, never deleted
        self._failing: set[tuple[str, Path]] = set()  # writes that failed (reported once until one works again)
        self._copied: set[tuple] = set()  # originals already copied aside (path, sha256 of the bytes)
        #: the files known sound (path -> sha256 of their bytes): read whole through their kind's own check, or
        #: written by this storage. Anything else in the way of a write is read through that check first
        self._sound: dict[Path, bytes] = {}

    # the door --------------------------------------------------------------------------------------------------
    def read_file(self, kind: str, path: Path, build: Callable[[Any], Any],
                  max_bytes: int = MAX_BYTES) -> tuple[Any, Report | None]:
        """Every file the app reads comes through here: ``(build(data), None)`` for a sound file, ``(None, None)``
        when there is none, ``(None, report)`` when it is damaged (moved aside or kept untouched, reported)."""
        path = Path(path)
        if path in self._kept and self._kept[path].action == "damaged":
            return None, self._kept[path]
        try:
            value, raw, cleaned = read_guarded_noting(path, build, max_bytes)
        except FileNotFoundError:
            return None, None
        except Damage as damage:
            return None, self._damaged(kind, path, damage)
        if _check_of(kind)[0] in (build, None):  # read whole through its kind's check: sound as these bytes are
            self._sound[path] = hashlib.sha256(raw).digest()
        if cleaned:
            return value, self._cleaned(kind, path, raw, cleaned)
        return value, None

    def write_file(self, kind: str, path: Path, data: Any) -> None:
        """Atomically write JSON ``data``; a failure is reported once (``OSError`` raised, old file intact)."""
        path = Path(path)
        self._clear_the_way(kind, path)
        if path in self._kept:
            raise KeptFileError(errno.EEXIST, "a damaged file that could not be moved is kept there", str(path))
        try:
            text = json_text(data)
            atomic_write_text(path, text)
        except OSError as error:
            self._write_failed(kind, path, error)
            raise
        except (TypeError, ValueError, RecursionError) as error:  # not JSON: the previous file stays as it is
            failure = UnwritableData(errno.EINVAL, f"cannot write this as JSON ({type(error).__name__}: {error})",
                                     str(path))
            self._write_failed(kind, path, failure)
            raise failure from None
        self._sound[path] = hashlib.sha256(text.encode("utf-8")).digest()
        self._failing.discard((kind, path))

    def _known_sound(self, path: Path) -> bool:
        """True when the file at ``path`` holds the very bytes this storage last read whole or wrote there."""
        known = self._sound.get(path)
        if known is None:
            return False
        try:
            return hashlib.sha256(read_bytes(path)).digest() == known
        except (Damage, OSError):
            return False

    def _clear_the_way(self, kind: str, path: Path) -> None:
        """One rule for whatever a write would replace: a file that is there and not known sound is read through
        its kind's check first (``read_file``), so a damaged one is moved aside (or kept) and reported, exactly
        as a load would, and never written over."""
        if not os.path.lexists(path) or path in self._kept or self._known_sound(path):
            return
        build, max_bytes = _check_of(kind)
        if build is not None:
            self.read_file(kind, path, build, max_bytes)
        elif os.path.lexists(path):  # a kind without a check: its file is kept as it was, beside the new one
            moved = set_aside(path, "replaced")
            log.warning("%s file %s was not written by this copy: kept as %s", kind, path, moved)

    def take_reports(self) -> list[Report]:
        """The reports queued since the last call (the app shows each to the player once)."""
        reports, self._reports = self._reports, []
        return reports

    def is_kept(self, path: Path) -> bool:
        return Path(path) in self._kept

    def _damaged(self, kind: str, path: Path, damage: Damage) -> Report:
        moved = set_aside(path)
        report = Report(kind, "damaged", damage.problem, damage.detail, path, moved, damage.reason)
        if moved is None:
            self._kept[path] = report
            log.error("%s file %s is damaged (%s: %s) and cannot be moved: left untouched", kind, path,
                      damage.problem, damage.detail)
        else:
            log.warning("%s file %s is damaged (%s: %s): moved to %s", kind, path, damage.problem, damage.detail,
                        moved)
        self._reports.append(report)
        return report

    def _cleaned(self, kind: str, path: Path, raw: bytes, names: list[str]) -> Report | None:
        """Names in a sound file had to be cleaned: its bytes are copied aside (once) as ``<name>.damaged-<time>``
        before the app writes the cleaned data over it, and the player is told. If no copy can be made, the file
        is kept untouched: never written over."""
        digest = hashlib.sha256(raw).digest()
        if (path, digest) in self._copied:
            return None
        copy = copy_aside(path, raw)
        report = Report(kind, "cleaned", "names", f"names cleaned: {', '.join(names[:5])}", path, copy)
        self._copied.add((path, digest))
        if copy is None:
            self._kept[path] = report  # read on, never written over
            log.error("%s file %s: names cleaned, no copy possible: left untouched", kind, path)
        else:
            log.warning("%s file %s: names cleaned (%s); the original is kept at %s", kind, path, report.detail, copy)
        self._reports.append(report)
        return report

    def _write_failed(self, kind: str, path: Path, error: OSError) -> None:
        log.error("cannot write %s file %s: %s", kind, path, error)
        if (kind, path) in self._failing or isinstance(error, KeptFileError):
            return  # told once already (a kept file was reported when it was found)
        self._failing.add((kind, path))
        self._reports.append(Report(kind, "write_failed", write_problem(error),
                                    f"{type(error).__name__}: {error}", path))

    # logs -------------------------------------------------------------------------------------------------------
    def setup_logging(self, level: int = logging.INFO) -> Path | None:
        """Send the ``lama_desktop`` loggers to ``<log dir>/lama-desktop.log`` (rotated). Returns the path."""
        try:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            path = self.log_dir / "lama-desktop.log"
            handler = logging.handlers.RotatingFileHandler(path, maxBytes=512_000, backupCount=2, encoding="utf-8")
        except OSError:
            return None
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        root = logging.getLogger("lama_desktop")
        for old in list(root.handlers):
            if isinstance(old, logging.handlers.RotatingFileHandler):
                root.removeHandler(old)
                old.close()
        root.addHandler(handler)
        root.setLevel(level)
        return path

    def remove_stale_temp_files(self, older_than: float = 60.0) -> int:
        """Delete temp files left by a write that was killed half-way (``<name>.<random>.tmp``); returns how many.

        Only regular files older than ``older_than`` seconds go, so a second copy of the game writing right now
        is safe; a folder that cannot be read is skipped."""
        removed = 0
        now = time.time()
        for folder in {self.save_dir, self.config_dir, self.data_dir}:
            try:
                candidates = list(folder.glob("*.tmp")) if folder.is_dir() else []
            except OSError:
                continue
            for path in candidates:
                try:
                    info = path.lstat()
                    if path.is_file() and not path.is_symlink() and now - info.st_mtime >= older_than:
                        path.unlink()
                        removed += 1
                except OSError:
                    pass
        return removed

    # settings ---------------------------------------------------------------------------------------------------
    def load_settings(self) -> tuple[Settings, Report | None]:
        """The saved settings, or defaults; the second value is the damage ``Report`` (else None)."""
        settings, report = self.read_file("settings", self.settings_path, settings_from_file)
        return (settings if settings is not None else Settings()), report

    def save_settings(self, settings: Settings) -> None:
        self.write_file("settings", self.settings_path, settings.validated().to_dict())
