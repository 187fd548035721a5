"""The player's settings (``settings.json``): the ``Settings`` record, the values each may take (languages,
interface sizes, animation speeds, bot paces) and the lenient reading of a settings file, which refuses what this
app could not have written. ``storage.Storage`` reads and writes the file through its one door."""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from lama_desktop.filedoor import Damage, as_bool, as_dict, as_float, as_int, as_list, clean_name, need, one_of
from lama_desktop.catalog_places import languages, locale_dir
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.tutorial.script import game_keys

log = logging.getLogger("lama_desktop.settings")


SETTINGS_VERSION = 1



def _languages() -> tuple[str, ...]:
    """The languages the game has catalogs for (``catalog_places.languages``); English when they cannot be listed."""
    try:
        # the frame's catalog folder names them (each game's has the same: tests/test_i18n.py), as for core.i18n:
        # reading only it keeps this import-time list from loading every game (storage, and every tool with it)
        return tuple(languages(locale_dir())) or ("en",)
    except Exception:  # noqa: BLE001 - settings must load even from a damaged install
        log.warning("the languages cannot be listed; English only", exc_info=True)
        return ("en",)



LANGUAGES = _languages()  # the app's languages (core/i18n.py LANGUAGES; a test keeps them equal)

UI_SCALES = (0.85, 1.0, 1.15, 1.3)  # every table honours all (layout.TABLE_UI_SCALE)

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)

BOT_PACES = ("slow", "normal", "fast", "instant")



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
    if as_dict(value, "the last setup") == {}:
        return {}
    data = GameConfig.from_dict(value).to_dict()
    data.pop("seed", None)
    return data



def _tutorials_done(value) -> list[str]:
    """The lessons done: known game ids, each once, sorted (an id this version has no lesson for is dropped: a
    newer version's)."""
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
