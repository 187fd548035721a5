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
  and total points.
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
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from lama_desktop.filedoor import MAX_BYTES, Damage, as_bool, as_dict, as_float, as_int, as_list, as_str, clean_name, copy_aside, need, one_of, read_bytes, read_guarded_noting, set_aside

SAVE_KIND = "lama-desktop-save"
SAVE_VERSION = 1
SETTINGS_VERSION = 1
STATS_VERSION = 1


def _languages() -> tuple[str, ...]:
    """The languages the game has catalogs for (``catalogs.languages``); English when they cannot be listed."""
    try:
        from lama_desktop.catalogs import languages

        return tuple(languages()) or ("en",)
    except Exception:  # noqa: BLE001 - settings must load even from a damaged install
        log.warning("the languages cannot be listed; English only", exc_info=True)
        return ("en",)


LANGUAGES = _languages()  # the app's languages (core/i18n.py LANGUAGES; a test keeps them equal)
UI_SCALES = (0.85, 1.0, 1.15, 1.3)  # every table honours all (layout.TABLE_UI_SCALE)
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
BOT_PACES = ("slow", "normal", "fast", "instant")
#: statistics counters stay within this (a file claiming more is damaged; adding never overflows it)
STAT_LIMIT = 10 ** 12
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


@dataclass
class Settings:
    language: str = "en"
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation_speed: float = 1.0
    bot_pace: str = "normal"
    volume: float = 0.8
    muted: bool = False
    colorblind: bool = False
    window_size: tuple[int, int] = (1600, 900)
    player_name: str = ""
    #: the last new-game setup (``GameConfig.to_dict()`` without the seed), offered again by the setup screen
    last_setup: dict = field(default_factory=dict)
    #: the games whose "Learn to play" lesson was played to its recap (``tutorial/script.py``'s game ids)
    tutorials_done: list = field(default_factory=list)
    #: "Network: this computer only": hosting, joining and discovery stay on loopback (``net.loopback``)
    net_loopback_only: bool = False

    def validated(self) -> "Settings":
        """A copy with every field forced into its allowed range (what the app changes in memory goes through
        this; a file goes through ``settings_from_file``, which refuses what it does not know)."""
        default = Settings()
        language = self.language if self.language in LANGUAGES else default.language
        ui_scale = min(UI_SCALES, key=lambda s: abs(s - _as_float(self.ui_scale, 1.0)))
        speed = min(ANIMATION_SPEEDS, key=lambda s: abs(s - _as_float(self.animation_speed, 1.0)))
        pace = self.bot_pace if self.bot_pace in BOT_PACES else default.bot_pace
        volume = max(0.0, min(1.0, _as_float(self.volume, default.volume)))
        try:
            w, h = (int(v) for v in self.window_size)
            size = (max(1280, min(3840, w)), max(720, min(2160, h)))
        except (TypeError, ValueError, OverflowError):
            size = default.window_size
        name = clean_name(self.player_name, "") if isinstance(self.player_name, str) else ""
        last = dict(self.last_setup) if isinstance(self.last_setup, dict) else {}
        from lama_desktop.tutorial.script import game_keys

        raw = self.tutorials_done if isinstance(self.tutorials_done, (list, tuple, set)) else []
        done = sorted({x for x in raw if isinstance(x, str) and x in game_keys()})
        return Settings(language, bool(self.fullscreen), ui_scale, speed, pace, volume, bool(self.muted),
                        bool(self.colorblind), size, name, last, done, bool(self.net_loopback_only))

    def to_dict(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return {"settings_version": SETTINGS_VERSION, **data}


def _as_float(value: Any, default: float) -> float:
    try:
        result = float(value)
    except (TypeError, ValueError, OverflowError):
        return default
    return result if result == result and abs(result) != float("inf") else default  # NaN, inf


def _nearest(value: float, options) -> float:
    return min(options, key=lambda s: abs(s - value))


def _window_size(value) -> tuple[int, int]:
    w, h = as_list(value, "the window size", 2)
    need(len(value) == 2, "the window size must be two numbers")
    return (max(1280, min(3840, as_int(w, "the window width", 1, 100_000))),
            max(720, min(2160, as_int(h, "the window height", 1, 100_000))))


def _last_setup(value) -> dict:
    from lama_desktop.core.gameconfig import GameConfig

    if as_dict(value, "the last setup") == {}:
        return {}
    data = GameConfig.from_dict(value).to_dict()
    data.pop("seed", None)
    return data


def _tutorials_done(value) -> list[str]:
    """The lessons done: known game ids, each once, sorted (an id this version has no lesson for is dropped: a
    newer version's)."""
    from lama_desktop.tutorial.script import game_keys

    items = as_list(value, "the lessons done", 64)
    for item in items:
        need(isinstance(item, str), "a lesson done is a game id")
    return sorted({item for item in items if item in game_keys()})


#: the settings file's schema: key → check(value) -> the value to use (raises on anything else)
SETTINGS_SCHEMA: dict[str, Callable[[Any], Any]] = {
    "language": lambda v: one_of(v, "the language", LANGUAGES),
    "fullscreen": lambda v: as_bool(v, "fullscreen"),
    "ui_scale": lambda v: _nearest(as_float(v, "the interface size", 0.5, 2.0), UI_SCALES),
    "animation_speed": lambda v: _nearest(as_float(v, "the animation speed", 0.25, 8.0), ANIMATION_SPEEDS),
    "bot_pace": lambda v: one_of(v, "the bot pace", BOT_PACES),
    "volume": lambda v: as_float(v, "the volume", 0.0, 1.0),
    "muted": lambda v: as_bool(v, "mute"),
    "colorblind": lambda v: as_bool(v, "the colour-blind palette"),
    "window_size": _window_size,
    "player_name": lambda v: clean_name(_text(v, "your name"), ""),
    "last_setup": _last_setup,
    "tutorials_done": _tutorials_done,
    "net_loopback_only": lambda v: as_bool(v, "the network's loopback switch"),
}


def _text(value, what: str) -> str:
    need(isinstance(value, str), f"{what} must be text")
    return value


def settings_from_file(data: Any) -> Settings:
    """The settings a file holds: ``Damage``/``ValueError`` unless every known key has a value this app could have
    written (keys of a newer version are ignored; names are cleaned)."""
    data = as_dict(data, "the settings")
    version = data.get("settings_version")
    if version != SETTINGS_VERSION:
        raise Damage("other_version", f"settings version {str(version)[:40]!r}, this version reads "
                                      f"{SETTINGS_VERSION}")
    values = {key: check(data[key]) for key, check in SETTINGS_SCHEMA.items() if key in data}
    return Settings(**values)


def stats_from_file(data: Any) -> dict:
    """``{game_id: {name: {"games", "wins", "points", "advised", "practice"}}}`` from a statistics file (names cleaned; two
    names that clean to the same one are added up); ``Damage``/``ValueError`` for anything else."""
    data = as_dict(data, "the statistics")
    version = data.get("stats_version")
    if version != STATS_VERSION:
        raise Damage("other_version", f"statistics version {str(version)[:40]!r}, this version reads "
                                      f"{STATS_VERSION}")
    clean: dict = {}
    rows = 0
    for game_id, players in as_dict(data.get("games", {}), "the games").items():
        as_str(game_id, "a game id", 40)
        for name, row in as_dict(players, f"the players of {game_id}").items():
            rows += 1
            need(rows <= 100_000, "more than 100,000 rows")
            row = as_dict(row, "a row")
            games = as_int(row.get("games"), "games played", 0, STAT_LIMIT)
            wins = as_int(row.get("wins"), "wins", 0, games)
            points = as_int(row.get("points"), "points", -STAT_LIMIT, STAT_LIMIT)
            advised = as_int(row.get("advised", 0), "games played with advice", 0, STAT_LIMIT)
            practice = as_int(row.get("practice", 0), "practice games", 0, STAT_LIMIT)
            target = clean.setdefault(game_id, {}).setdefault(clean_name(name), {"games": 0, "wins": 0, "points": 0,
                                                                                   "advised": 0, "practice": 0})
            target["advised"] = min(STAT_LIMIT, target["advised"] + advised)
            target["practice"] = min(STAT_LIMIT, target.get("practice", 0) + practice)
            target["games"] = min(STAT_LIMIT, target["games"] + games)
            target["wins"] = min(target["games"], target["wins"] + wins)
            target["points"] = max(-STAT_LIMIT, min(STAT_LIMIT, target["points"] + points))
    return clean


def save_meta_from_file(meta: Any, record) -> dict:
    """The app's notes in a save, checked: ``config`` (a ``GameConfig`` of the record's game and player count),
    ``seats``, ``score_history``, ``stats_recorded`` (cleaned copies); other keys pass as they are."""
    from lama_desktop.core.gameconfig import GameConfig, SeatConfig

    meta = dict(as_dict(meta, "the save's notes"))
    if "config" in meta:
        config = GameConfig.from_dict(meta["config"])
        need(config.game_id == record.game_id, "the seats belong to another game")
        need(config.players == record.players, "the seats do not match the number of players")
        meta["config"] = config.to_dict()
    if "seats" in meta:
        seats = [SeatConfig.from_dict(s).to_dict() for s in as_list(meta["seats"], "the seats", 16)]
        need(len(seats) == record.players, "the seats do not match the number of players")
        meta["seats"] = seats
    if "score_history" in meta:
        history = []
        for row in as_list(meta["score_history"], "the score history", 100_000):
            need(len(as_list(row, "a round's scores", 16)) == record.players, "a round's scores do not match")
            history.append([as_int(v, "a score", -STAT_LIMIT, STAT_LIMIT) for v in row])
        meta["score_history"] = history
    if "stats_recorded" in meta:
        as_bool(meta["stats_recorded"], "stats_recorded")
    if "session_version" in meta:
        as_int(meta["session_version"], "the session version", 0, 1_000)
    return meta


@dataclass
class SavedGame:
    """What ``load_save`` returns: the record, the live state, and the app's own notes (seats, round scores)."""

    record: Any  # engine.record.GameRecord
    state: Any  # engine.core.GameState
    meta: dict = field(default_factory=dict)
    saved_at: str = ""
    #: the state is the record's own replay, made in this process (the replay viewer): not replayed again
    replayed: bool = False


def _save_header(data: Any) -> dict:
    data = as_dict(data, "the save")
    need(data.get("kind") == SAVE_KIND, "this file is not a lama-desktop save")
    if data.get("save_version") != SAVE_VERSION:
        raise Damage("other_version", f"the save was written by another version (format "
                                      f"{str(data.get('save_version'))[:40]!r}, this version reads {SAVE_VERSION})")
    from lama_desktop.engine.registry import get_game

    get_game(as_str(data.get("game"), "the game", 40))
    as_str(data.get("saved_at", ""), "the date", 40)
    return data


def _save_summary(data: Any) -> dict:
    data = _save_header(data)
    return {"game": data["game"], "saved_at": data.get("saved_at", "")}


def _impossible(error) -> Damage:
    """The ``Damage`` of a state the rules could never reach (``engine.core.ImpossibleState``): its reason kept."""
    return Damage("impossible", f"the saved game is impossible: {error.refusal.text}", error.refusal)


def replayed_state(record, state):
    """The record's own replay, which must lead to ``state`` (the snapshot a save or a lesson keeps beside it):
    ``Damage`` (``impossible``, reason ``core.state_record``) when its moves do not, or do not even apply."""
    from lama_desktop.engine.core import IllegalMove, ImpossibleState, StateFormatError, state_problem

    try:
        again = record.replay()
    except ImpossibleState as error:
        raise _impossible(error) from None
    except (IllegalMove, StateFormatError, TypeError, ValueError, KeyError, IndexError) as error:
        refusal = state_problem("core.state_record", f"its moves do not apply ({type(error).__name__}: {error})")
        raise Damage("impossible", refusal.text, refusal) from None
    if again.to_dict() != state.to_dict():
        refusal = state_problem("core.state_record", "its moves do not lead to its position")
        raise Damage("impossible", refusal.text, refusal)
    return again


def _saved_game(data: Any) -> SavedGame:
    """The whole save, checked as the app will use it: the header, the record, the state (``GameSpec.load``: read,
    then checked by the game's engine), and the record's moves replayed to that very state (the state returned is
    that replay: ``replayed``)."""
    from lama_desktop.engine.core import ImpossibleState, StateFormatError
    from lama_desktop.engine.registry import state_from_dict

    from lama_desktop.pastgames import record_from_file

    data = _save_header(data)
    record = record_from_file(data.get("record"))
    need(isinstance(data.get("record"), dict) and isinstance(data["record"].get("moves"), list),
         "the save's record has no moves")
    try:
        state = state_from_dict(as_dict(data.get("state"), "the state"))
    except ImpossibleState as error:
        raise _impossible(error) from None
    except StateFormatError as error:
        raise ValueError(f"the saved game is damaged: {error}") from None
    need(record.game_id == getattr(state, "game_id", None) == data.get("game"),
         "the save's record and state belong to different games")
    need(state.num_players == record.players, "the save's record and state disagree on the number of players")
    meta = save_meta_from_file(data.get("meta", {}), record)
    state = replayed_state(record, state)
    return SavedGame(record, state, meta, data.get("saved_at", ""), replayed=True)


def _check_of(kind: str) -> tuple[Callable[[Any], Any] | None, int]:
    """The check a file of ``kind`` is read through whole (and the most bytes read), or ``(None, MAX_BYTES)`` for
    a kind without one."""
    if kind in ("game record", "export"):
        from lama_desktop.pastgames import PAST_GAME_MAX_BYTES, past_game_from_file

        return past_game_from_file, PAST_GAME_MAX_BYTES
    return {"settings": settings_from_file, "save": _saved_game, "stats": stats_from_file}.get(kind), MAX_BYTES


class Storage:
    def __init__(self, base_dir: str | os.PathLike | None = None, *, profile: str | os.PathLike | None = None):
        if profile is not None:
            folder = Path(profile)
            self.data_dir = folder
            self.config_dir = folder
            self.log_dir = folder / "log"
            self.export_dir = folder / "exports"
        elif base_dir is None:
            from platformdirs import PlatformDirs

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
        saved, _report = self.read_file("save", self.save_path, _saved_game)
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
        summary, _report = self.read_file("save", self.save_path, _save_summary)
        return summary

    def load_save(self) -> SavedGame:
        """The autosave. ``FileNotFoundError`` if there is none; ``SaveDamaged`` (the file moved aside, or kept
        untouched if it cannot be moved, and reported) if it cannot be used."""
        if not os.path.lexists(self.save_path) and not self.is_kept(self.save_path):
            raise FileNotFoundError("there is no saved game")
        saved, report = self.read_file("save", self.save_path, _saved_game)
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
        from lama_desktop.pastgames import PAST_GAMES_LIMIT, export_name

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
        from lama_desktop.pastgames import PAST_GAME_MAX_BYTES, past_game_from_file

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
        from lama_desktop.pastgames import PAST_GAME_MAX_BYTES, past_game_from_file

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
