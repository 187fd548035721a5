"""Saves, settings, statistics and logs, under folders that are injected (never resolved at import time).

``Storage(base_dir)`` keeps everything under ``base_dir`` (tests pass ``tmp_path``); ``Storage()`` asks
platformdirs for the user's folders (``PlatformDirs("LamaDesktop", appauthor=False)``) when it is constructed.

- Every write is atomic: a temp file in the same folder, flushed and fsynced, then ``os.replace``.
- The save (``saves/autosave.json``) is versioned JSON holding the game record (seed + moves, enough to replay
  the game) and the state snapshot (``state.to_dict()``) plus what the app needs to seat the players again.
  The session calls ``storage.autosave(...)`` after every move, so a killed game resumes at its last move.
- A damaged, truncated or foreign save is never overwritten and never crashes: ``load_save`` moves it aside
  (``autosave.json.damaged-<timestamp>``) and raises ``SaveDamaged`` with a reason a player can read.
- Settings live in ``settings.json``; a damaged file is moved aside the same way and defaults are used, with a
  message for the player (``load_settings`` returns it).
- Statistics (``stats.json``): per game and player name, games played, wins and total points.
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

SAVE_KIND = "lama-desktop-save"
SAVE_VERSION = 1
SETTINGS_VERSION = 1
STATS_VERSION = 1

LANGUAGES = ("en", "fr", "pl", "de")  # the app's languages (app/i18n.py LANGUAGES; a test keeps them equal)
UI_SCALES = (0.85, 1.0, 1.15, 1.3)  # every table honours all (layout.TABLE_UI_SCALE)
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
BOT_PACES = ("slow", "normal", "fast", "instant")

log = logging.getLogger("lama_desktop.storage")


class SaveDamaged(Exception):
    """A save that cannot be read. ``reason`` is for the player; ``moved_to`` is where the file now lives."""

    def __init__(self, reason: str, moved_to: Path | None = None):
        super().__init__(reason)
        self.reason = reason
        self.moved_to = moved_to


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


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n")


def move_aside(path: Path) -> Path:
    """Rename a damaged file to ``<name>.damaged-<timestamp>`` (never overwriting an earlier one)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
    os.replace(path, target)
    return target


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

    def validated(self) -> "Settings":
        """A copy with every field forced into its allowed range (a hand-edited file cannot break the app)."""
        default = Settings()
        language = self.language if self.language in LANGUAGES else default.language
        ui_scale = min(UI_SCALES, key=lambda s: abs(s - _as_float(self.ui_scale, 1.0)))
        speed = min(ANIMATION_SPEEDS, key=lambda s: abs(s - _as_float(self.animation_speed, 1.0)))
        pace = self.bot_pace if self.bot_pace in BOT_PACES else default.bot_pace
        volume = max(0.0, min(1.0, _as_float(self.volume, default.volume)))
        try:
            w, h = (int(v) for v in self.window_size)
            size = (max(1280, min(3840, w)), max(720, min(2160, h)))
        except (TypeError, ValueError):
            size = default.window_size
        name = self.player_name if isinstance(self.player_name, str) else ""
        last = dict(self.last_setup) if isinstance(self.last_setup, dict) else {}
        return Settings(language, bool(self.fullscreen), ui_scale, speed, pace, volume, bool(self.muted),
                        bool(self.colorblind), size, name[:24], last)

    def to_dict(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return {"settings_version": SETTINGS_VERSION, **data}


def _as_float(value: Any, default: float) -> float:
    try:
        result = float(value)
    except (TypeError, ValueError):
        return default
    return result if result == result else default  # NaN


@dataclass
class SavedGame:
    """What ``load_save`` returns: the record, the live state, and the app's own notes (seats, round scores)."""

    record: Any  # engine.record.GameRecord
    state: Any  # engine.core.GameState
    meta: dict = field(default_factory=dict)
    saved_at: str = ""


class Storage:
    def __init__(self, base_dir: str | os.PathLike | None = None):
        if base_dir is None:
            from platformdirs import PlatformDirs

            dirs = PlatformDirs("LamaDesktop", appauthor=False)
            self.data_dir = Path(dirs.user_data_dir)
            self.config_dir = Path(dirs.user_config_dir)
            self.log_dir = Path(dirs.user_log_dir)
        else:
            base = Path(base_dir)
            self.data_dir = base / "data"
            self.config_dir = base / "config"
            self.log_dir = base / "logs"
        self.save_dir = self.data_dir / "saves"
        self.save_path = self.save_dir / "autosave.json"
        self.settings_path = self.config_dir / "settings.json"
        self.stats_path = self.data_dir / "stats.json"

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

        Only files older than ``older_than`` seconds go, so a second copy of the game writing right now is safe.
        """
        removed = 0
        now = time.time()
        for folder in {self.save_dir, self.config_dir, self.data_dir}:
            if not folder.is_dir():
                continue
            for path in folder.glob("*.tmp"):
                try:
                    if now - path.stat().st_mtime >= older_than:
                        path.unlink()
                        removed += 1
                except OSError:
                    pass
        return removed

    # settings ---------------------------------------------------------------------------------------------------
    def load_settings(self) -> tuple[Settings, str | None]:
        """The saved settings, or defaults. The second value is a reason when the file was damaged (else None)."""
        if not self.settings_path.exists():
            return Settings(), None
        try:
            data = json.loads(self.settings_path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("the file does not hold a settings object")
            if data.get("settings_version") != SETTINGS_VERSION:
                raise ValueError(f"unknown settings version {data.get('settings_version')!r}")
            known = {f.name for f in fields(Settings)}
            values = {k: v for k, v in data.items() if k in known}
            if "window_size" in values:
                values["window_size"] = tuple(values["window_size"])
            return Settings(**values).validated(), None
        except (OSError, ValueError, TypeError) as error:
            reason = str(error) if not isinstance(error, json.JSONDecodeError) else f"not valid JSON ({error.msg})"
            moved = self._move_aside_quietly(self.settings_path)
            log.warning("settings file damaged (%s), moved to %s; using defaults", reason, moved)
            return Settings(), reason

    def save_settings(self, settings: Settings) -> None:
        atomic_write_json(self.settings_path, settings.validated().to_dict())

    # saves ------------------------------------------------------------------------------------------------------
    def has_save(self) -> bool:
        return self.save_path.is_file()

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
        atomic_write_json(self.save_path, payload)

    def delete_save(self) -> None:
        try:
            self.save_path.unlink()
        except FileNotFoundError:
            pass

    def save_summary(self) -> dict | None:
        """A cheap peek for the title menu (game id, date) without loading the state; None if no readable save."""
        try:
            data = json.loads(self.save_path.read_text(encoding="utf-8"))
            return {"game": data["game"], "saved_at": data.get("saved_at", "")} if isinstance(data, dict) else None
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def load_save(self) -> SavedGame:
        """Load the autosave. On any damage: move it aside and raise ``SaveDamaged`` with the reason."""
        try:
            return self._read_save()
        except SaveDamaged as error:
            moved = self._move_aside_quietly(self.save_path)
            log.warning("save damaged (%s), moved to %s", error.reason, moved)
            raise SaveDamaged(error.reason, moved) from None

    def _read_save(self) -> SavedGame:
        from .engine.core import StateFormatError
        from .engine.record import GameRecord
        from .engine.registry import state_from_dict

        try:
            raw = self.save_path.read_bytes()
        except FileNotFoundError:
            raise FileNotFoundError("there is no saved game") from None
        except OSError as error:
            raise SaveDamaged(f"the save cannot be read ({error.strerror or error})") from None
        if not raw.strip():
            raise SaveDamaged("the save file is empty")
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise SaveDamaged("the save file is not text (foreign or corrupted file)") from None
        except json.JSONDecodeError as error:
            doc = error.doc.strip()
            if error.pos >= len(doc) or (doc.startswith("{") and not doc.endswith("}")):
                raise SaveDamaged("the save file is truncated (it ends in the middle)") from None
            raise SaveDamaged(f"the save file is not valid JSON ({error.msg}, at character {error.pos})") from None
        if not isinstance(data, dict) or data.get("kind") != SAVE_KIND:
            raise SaveDamaged("this file is not a lama-desktop save")
        if data.get("save_version") != SAVE_VERSION:
            raise SaveDamaged(f"the save was written by another version (format {data.get('save_version')!r}, "
                              f"this version reads {SAVE_VERSION})")
        try:
            record = GameRecord.from_dict(data.get("record"))
            state = state_from_dict(data.get("state"))
        except StateFormatError as error:
            raise SaveDamaged(f"the saved game is damaged: {error}") from None
        except Exception as error:  # a foreign dict can break a loader in any way; never crash the app
            raise SaveDamaged(f"the saved game is damaged: {type(error).__name__}: {error}") from None
        if record.game_id != getattr(state, "game_id", None) or data.get("game") != record.game_id:
            raise SaveDamaged("the save's record and state belong to different games")
        if len(record.moves) and state.num_players != record.players:
            raise SaveDamaged("the save's record and state disagree on the number of players")
        meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
        return SavedGame(record, state, meta, str(data.get("saved_at", "")))

    def _move_aside_quietly(self, path: Path) -> Path | None:
        try:
            return move_aside(path)
        except OSError as error:
            log.error("could not move %s aside: %s", path, error)
            return None

    # statistics -------------------------------------------------------------------------------------------------
    def load_stats(self) -> dict:
        """``{game_id: {player_name: {"games", "wins", "points"}}}``; a damaged file is moved aside (empty stats)."""
        if not self.stats_path.exists():
            return {}
        try:
            data = json.loads(self.stats_path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("stats_version") != STATS_VERSION:
                raise ValueError("not a statistics file of this version")
            games = data.get("games", {})
            clean: dict = {}
            for game_id, players in games.items():
                for name, row in players.items():
                    clean.setdefault(str(game_id), {})[str(name)] = {
                        "games": int(row["games"]), "wins": int(row["wins"]), "points": int(row["points"])}
            return clean
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as error:
            moved = self._move_aside_quietly(self.stats_path)
            log.warning("statistics damaged (%s), moved to %s", error, moved)
            return {}

    def record_result(self, game_id: str, names: list[str], scores: list[int], winners: list[int]) -> None:
        """Add one finished game: every named seat gets a game, its points, and a win if it is among winners."""
        stats = self.load_stats()
        table = stats.setdefault(game_id, {})
        for seat, name in enumerate(names):
            row = table.setdefault(name, {"games": 0, "wins": 0, "points": 0})
            row["games"] += 1
            row["points"] += int(scores[seat])
            row["wins"] += 1 if seat in winners else 0
        atomic_write_json(self.stats_path, {"stats_version": STATS_VERSION, "games": stats})

    def statistics(self) -> list[dict]:
        """Rows for the statistics screen: game, name, games, wins, win rate, average points (sorted)."""
        rows = []
        for game_id, players in self.load_stats().items():
            for name, row in players.items():
                games = max(1, row["games"])
                rows.append({"game": game_id, "name": name, "games": row["games"], "wins": row["wins"],
                             "win_rate": row["wins"] / games, "average": row["points"] / games})
        rows.sort(key=lambda r: (r["game"], -r["wins"], r["average"], r["name"]))
        return rows

    def reset_statistics(self) -> None:
        atomic_write_json(self.stats_path, {"stats_version": STATS_VERSION, "games": {}})
