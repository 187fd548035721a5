"""Saves, settings, statistics and logs, under folders that are injected (never resolved at import time).

``Storage(base_dir)`` keeps everything under ``base_dir`` (tests pass ``tmp_path``: ``data/``, ``config/``,
``logs/``); ``Storage(profile=DIR)`` is the portable profile (``DIR/settings.json``, ``DIR/stats.json``,
``DIR/saves/autosave.json``, ``DIR/log/``: ``lama-desktop --profile DIR``); ``Storage()`` asks platformdirs for the
user's folders (``PlatformDirs("LamaDesktop", appauthor=False)``) when it is constructed.

- Every file is read through one door (``read_file``: ``filedoor.read_guarded`` + a schema per file kind). A file
  that is anything but what this app writes — unreadable, an odd file kind, not JSON, too deep, numbers beyond
  reason, wrong types, unknown values, impossible states — is *damaged*: it is moved aside as
  ``<name>.damaged-<time>`` (or, when it cannot be moved, left untouched and from then on never written over or
  deleted), a ``Report`` is queued for the player (``take_reports``; the app shows each in the player's
  language) and the app goes on with defaults. Past-game records (and any later file kind) use the same door.
  Player names are cleaned at the door (printable, at most 24 characters); when that changed a name, the file's
  original bytes are first copied aside as ``<name>.damaged-<time>`` (reported once), so nothing is lost when the
  app later writes the cleaned data.
- Every write is atomic: a temp file in the same folder, flushed and fsynced, then ``os.replace``. A write that
  fails (disk full, no permission) leaves the previous file intact and queues a ``Report`` once per file kind
  until a write of that kind works again; the error is raised (``OSError``) for the caller to go on without it.
- The save (``saves/autosave.json``) is versioned JSON holding the game record (seed + moves, enough to replay
  the game) and the state snapshot (``state.to_dict()``) plus what the app needs to seat the players again.
  The session calls ``storage.autosave(...)`` after every move, so a killed game resumes at its last move.
  No save is ever destroyed: ``load_save`` moves a damaged one aside and raises ``SaveDamaged``; ``delete_save``
  removes only a sound save (of a finished or replaced game) and moves anything else aside. Sound means the whole
  load would succeed: the header, the record, the state read and checked by its game's engine
  (``GameSpec.load``: an impossible position is ``Damage("impossible")`` with the engine's reason, worded for the
  player) and the record's moves replayed to that very state.
- One rule for deleting and replacing: a file is removed (``delete_save``, the oldest past games) or written over
  (``write_file``) only when it is known sound (read whole through its kind's check, or written by this storage,
  and unchanged since); anything else is read through its kind's check first, so a damaged file is moved aside and
  reported exactly as a load would.
- Settings live in ``settings.json``; statistics (``stats.json``): per game and player name, games played, wins
  and total points. What each file may hold, and how it is checked, is its own module's: ``settings``,
  ``savefile``, ``statsfile`` (past games: ``pastgames``); this one keeps the folders, the door and the writes.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import logging.handlers
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from platformdirs import PlatformDirs

from lama_desktop.filedoor import MAX_BYTES, Damage, clean_name, copy_aside, read_bytes, read_guarded_noting, set_aside
from lama_desktop.savefile import SAVE_KIND, SAVE_VERSION, SavedGame, save_summary_from_file, saved_game_from_file
from lama_desktop.settings import Settings, settings_from_file
from lama_desktop.statsfile import STAT_LIMIT, STATS_VERSION, stats_from_file
from lama_desktop.pastgames import PAST_GAME_MAX_BYTES, PAST_GAMES_LIMIT, export_name, past_game_from_file
from lama_desktop.seatfile import FileSeatBook

#: the file kinds the app words messages for (``common.damage.<kind>_moved`` …); any other kind is a "file"
KINDS = ("settings", "save", "stats")

log = logging.getLogger("lama_desktop.storage")


@dataclass
class Report:
    """Something the player must hear about a file. ``action``: ``"damaged"`` (the file could not be used: moved
    aside to ``moved_to``, or left untouched when that is ``None``) or ``"write_failed"`` (a write did not happen;
    the previous file is intact). ``kind``: ``settings`` / ``save`` / ``stats`` / another kind (past-game
    records...). ``problem``: a ``filedoor.PROBLEMS`` code, or for writes ``disk_full`` / ``no_permission`` /
    ``kept_in_way`` / ``write_error``. ``detail`` is English, for the log. ``action`` ``"cleaned"``: the file was
    used, but names in it had to be cleaned (characters no font draws, far too long); ``moved_to`` is a copy of
    the original (None: no copy could be made, so the file is kept untouched and never written over)."""

    kind: str
    action: str
    problem: str
    detail: str
    path: Path
    moved_to: Path | None = None
    #: a game position the rules could never reach (``problem`` ``impossible``): the engine's ``Refusal`` (code,
    #: params, English text), worded for the player in their language; else None
    reason: Any = None

    @property
    def kept(self) -> bool:
        """A file that could not be moved (or copied): it stays as it is, never written over."""
        return self.action in ("damaged", "cleaned") and self.moved_to is None


class SaveDamaged(Exception):
    """A save that cannot be used. ``reason`` is the detail (English); ``moved_to`` is where the file now lives
    (``None``: left untouched where it was); ``report`` is the queued ``Report``."""

    def __init__(self, reason: str, moved_to: Path | None = None, report: Report | None = None):
        super().__init__(reason)
        self.reason = reason
        self.moved_to = moved_to
        self.report = report


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


class Storage:
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
        self.save_dir = self.data_dir / "saves"
        self.save_path = self.save_dir / "autosave.json"
        self.settings_path = self.config_dir / "settings.json"
        self.stats_path = self.data_dir / "stats.json"
        self.games_dir = self.data_dir / "games"  # past-game records (pastgames.py), the last PAST_GAMES_LIMIT
        self._reports: list[Report] = []
        self._kept: dict[Path, Report] = {}  # damaged files that could not be moved: never written, never deleted
        self._failing: set[tuple[str, Path]] = set()  # writes that failed (reported once until one works again)
        self._copied: set[tuple[Path, bytes]] = set()  # originals already copied aside (path, sha256 of the bytes)
        #: the files known sound (path -> sha256 of their bytes): read whole through their kind's own check, or
        #: written by this storage. Anything else in the way of a write is read through that check first
        self._sound: dict[Path, bytes] = {}
        #: the seats this player holds at other people's tables (``core.seats.SeatBook``; rejoin after a restart)
        self.seat_book = FileSeatBook(self)

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

    # saves ------------------------------------------------------------------------------------------------------
    def has_save(self) -> bool:
        return self.save_path.is_file() and not self.save_path.is_symlink() and not self.is_kept(self.save_path)

    def autosave(self, record, state, meta: dict | None = None) -> None:
        """Write the game as it stands (record + snapshot + the app's notes). Called after every move."""
        payload = {
            "kind": SAVE_KIND,
            "save_version": SAVE_VERSION,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "game": record.game_id,
            "record": record.to_dict(),
            "state": state.to_dict(),
            "meta": meta or {},
        }
        self.write_file("save", self.save_path, payload)

    def delete_save(self) -> None:
        """Remove the save of a finished or replaced game. Never raises, never destroys anything else: only a save
        that would load (``load_save``'s whole check: header, record, the state checked by its engine, the moves
        replayed to it, the seats) is removed; anything else is moved aside (reported) like a load does; one that
        cannot be moved is left alone; a sound one that cannot be removed is reported."""
        if self.is_kept(self.save_path):
            return
        saved, _report = self.read_file("save", self.save_path, saved_game_from_file)
        if saved is None:  # none, or damaged (moved aside or kept, and reported)
            return
        if saved.meta.get("config") is None:  # what Continue refuses too (``App.continue_game``)
            self.set_aside_save("the save does not say who sits at the table")
            return
        try:
            self.save_path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            self._write_failed("save", self.save_path, error)

    def save_summary(self) -> dict | None:
        """A cheap look for the title menu (game id, date) without building the state; None if there is no save
        or it is damaged (then it is moved aside and reported)."""
        summary, _report = self.read_file("save", self.save_path, save_summary_from_file)
        return summary

    def load_save(self) -> SavedGame:
        """The autosave. ``FileNotFoundError`` if there is none; ``SaveDamaged`` (the file moved aside, or kept
        untouched if it cannot be moved, and reported) if it cannot be used."""
        if not os.path.lexists(self.save_path) and not self.is_kept(self.save_path):
            raise FileNotFoundError("there is no saved game")
        saved, report = self.read_file("save", self.save_path, saved_game_from_file)
        if saved is None and report is not None:
            raise SaveDamaged(report.detail, report.moved_to, report)
        if saved is None:
            raise FileNotFoundError("there is no saved game")
        return saved  # (a report here says names were cleaned: the original is copied aside)

    def keep_save_aside(self) -> Path | None:
        """Rename the save, whatever it holds, to ``autosave.json.kept-<time>`` (the smoke test does this before
        its own game in a player's ``--profile``). The new name, or None if there was none or it cannot move."""
        if self.is_kept(self.save_path) or not os.path.lexists(self.save_path):
            return None
        return set_aside(self.save_path, "kept")

    def restore_save(self, kept: Path) -> bool:
        """Put a save ``keep_save_aside`` renamed back in place, if the slot is free. True if it was."""
        if os.path.lexists(self.save_path) or not os.path.lexists(kept):
            return False
        try:
            os.rename(kept, self.save_path)
        except OSError as error:
            log.error("cannot put the kept save %s back: %s", kept, error)
            return False
        return True

    def set_aside_save(self, detail: str, problem: str = "bad_values") -> Report | None:
        """The app found the loaded save unusable (its moves do not lead to its position, a table refused it):
        moved aside like any damaged file and reported. None if there is no save file any more."""
        if not os.path.lexists(self.save_path):
            return None
        if self.is_kept(self.save_path):
            return self._kept[self.save_path]
        return self._damaged("save", self.save_path, Damage(problem, detail))

    # statistics -------------------------------------------------------------------------------------------------
    def load_stats(self) -> dict:
        """``{game_id: {player_name: {"games", "wins", "points"}}}``; a damaged file is moved aside (empty stats)."""
        stats, _report = self.read_file("stats", self.stats_path, stats_from_file)
        return stats if stats is not None else {}

    def record_result(self, game_id: str, names: list[str], scores: list[int], winners: list[int],
                      advised=(), practice: bool = False) -> None:
        """Add one finished game: every named seat gets a game, its points, and a win if it is among winners. A
        seat in ``advised`` (it asked the advisor) only counts one more advised game: never in the win rates. A
        ``practice`` game (a move was taken back) counts one more practice game for every seat, and nothing else."""
        stats = self.load_stats()
        table = stats.setdefault(game_id, {})
        for seat, name in enumerate(names):
            row = table.setdefault(clean_name(name), {"games": 0, "wins": 0, "points": 0, "advised": 0,
                                                      "practice": 0})
            if practice:  # a move was taken back: counted apart, never in the win rates
                row["practice"] = min(STAT_LIMIT, row.get("practice", 0) + 1)
                continue
            if seat in advised:  # asked the advisor: counted apart, never in the win rates
                row["advised"] = min(STAT_LIMIT, row.get("advised", 0) + 1)
                continue
            row["games"] = min(STAT_LIMIT, row["games"] + 1)
            row["points"] = max(-STAT_LIMIT, min(STAT_LIMIT, row["points"] + int(scores[seat])))
            row["wins"] = min(row["games"], row["wins"] + (1 if seat in winners else 0))
        self.write_file("stats", self.stats_path, {"stats_version": STATS_VERSION, "games": stats})

    def statistics(self) -> list[dict]:
        """Rows for the statistics screen: game, name, games, wins, win rate, average points (sorted)."""
        rows = []
        for game_id, players in self.load_stats().items():
            for name, row in players.items():
                games = max(1, row["games"])
                rows.append({"game": game_id, "name": name, "games": row["games"], "wins": row["wins"],
                             "win_rate": row["wins"] / games, "average": row["points"] / games,
                             "advised": row.get("advised", 0), "practice": row.get("practice", 0)})
        rows.sort(key=lambda r: (r["game"], -r["wins"], r["average"], r["name"]))
        return rows

    # past games -------------------------------------------------------------------------------------------------
    def keep_game(self, past) -> Path | None:
        """Keep a finished game's record (``pastgames.PastGame``) as ``games/<date>-<n>.json``; the oldest are
        dropped beyond ``PAST_GAMES_LIMIT``. The new file's path (None when it could not be written: reported)."""
        stem = export_name(past)[: -len(".json")]
        path = self.games_dir / f"{stem}.json"
        counter = 2
        while os.path.lexists(path):
            path = self.games_dir / f"{stem}-{counter}.json"
            counter += 1
        try:
            self.write_file("game record", path, past.to_dict())
        except OSError:
            return None
        self._drop_old_games(PAST_GAMES_LIMIT)
        return path

    def _game_files(self) -> list[Path]:
        """The kept records, newest first (by modification time, then name)."""
        try:
            files = [p for p in self.games_dir.glob("*.json") if not p.name.startswith(".")]
        except OSError:
            return []
        def key(path: Path):
            try:
                return (os.lstat(path).st_mtime, path.name)
            except OSError:
                return (0.0, path.name)
        return sorted(files, key=key, reverse=True)

    def _drop_old_games(self, limit: int) -> None:
        """Remove the oldest records beyond ``limit``: only records that read whole; a damaged one is moved aside
        (reported) instead, as reading it does."""
        for path in self._game_files()[limit:]:
            if self.is_kept(path):
                continue
            past, _report = self.read_file("game record", path, past_game_from_file, PAST_GAME_MAX_BYTES)
            if past is None:
                continue
            try:
                path.unlink()
            except OSError as error:
                log.warning("cannot drop the old game record %s: %s", path, error)

    def past_games(self) -> list:
        """The kept games (``pastgames.PastGame``, ``path`` set), newest first. A damaged record is moved aside as
        ``<name>.damaged-<time>`` (or kept untouched) and reported (``take_reports``); the others load."""
        games = []
        for path in self._game_files():
            past, _report = self.read_file("game record", path, past_game_from_file, PAST_GAME_MAX_BYTES)
            if past is not None:
                past.path = path
                games.append(past)
        games.sort(key=lambda past: past.finished_at, reverse=True)  # by the date shown (stable: kept order)
        return games

    def reset_statistics(self) -> None:
        self.write_file("stats", self.stats_path, {"stats_version": STATS_VERSION, "games": {}})
