"""Which scene plays which game: the one place that maps a game id to its table.

Each game's table module exposes ``open_table(app, config, saved=None) -> Scene``: a new game from a
``GameConfig`` (``saved is None``) or the game in ``saved`` (``storage.SavedGame``, whose ``meta["config"]`` gave
``config``). Imports are explicit (PyInstaller must see them); a game engineer adds one line to ``_load`` below.
"""

from __future__ import annotations

import threading
from typing import Callable


_TABLES: dict[str, Callable] = {}
#: game id -> its table scene class (``Scene(session, config)``), for a table opened on a given session (a lesson)
_SCENES: dict[str, type] = {}
_loaded = False
_lock = threading.RLock()


def register_table(game_ids, opener: Callable, scene_type: type | None = None) -> None:
    for game_id in ([game_ids] if isinstance(game_ids, str) else game_ids):
        _TABLES[game_id] = opener
        if scene_type is not None:
            _SCENES[game_id] = scene_type


def _load() -> None:
    global _loaded
    if _loaded:
        return
    with _lock:  # the app may warm this up on a worker thread: nobody sees a half-filled table list
        if not _loaded:
            _import_tables()
            _loaded = True


def _import_tables() -> None:
    # One explicit import per table module (PyInstaller sees them); each calls register_table(...) on import.
    from lama_desktop.games.lama import table  # noqa: F401  (lama, lama-party)
    from lama_desktop.games.dice import table as _d  # noqa: F401  (lama-dice)
    from lama_desktop.games.cadabra import table as _c  # noqa: F401  (lama-cadabra)
    from lama_desktop.games.llama_land import table as _l  # noqa: F401  (llama-land)


def has_table(game_id: str) -> bool:
    _load()
    return game_id in _TABLES


def open_table(app, config, saved=None):
    _load()
    try:
        opener = _TABLES[config.game_id]
    except KeyError:
        raise ValueError(f"no table for {config.game_id!r} yet") from None
    return opener(app, config, saved)


def open_lesson(app, game_id: str):
    """The table of ``game_id``'s "Learn to play" lesson (``tutorial/lesson.py``): its session starts from the
    lesson's position with the scripted bots, nothing saved or counted."""
    from lama_desktop.tutorial.lesson import start_lesson
    from lama_desktop.tutorial.script import load_tutorial
    from lama_desktop.app.gameconfig import GameConfig, SeatConfig
    from lama_desktop.app.i18n import t

    _load()
    tutorial = load_tutorial(game_id)
    try:
        scene_type = _SCENES[game_id]
    except KeyError:
        raise ValueError(f"no table for {game_id!r} yet") from None
    name = (app.settings.player_name if app is not None else "") or t("common.setup.you")
    pace = app.settings.bot_pace if app is not None else "normal"
    session = start_lesson(tutorial, name, pace)
    config = GameConfig(game_id, [SeatConfig(s.name, s.kind, s.level) for s in session.seats],
                        tuple(session.record.variants), 0, 0)
    return scene_type(session, config)


def playable_games() -> list:
    """The registry's games that have a table, in registry order."""
    from lama_desktop.engine.registry import games

    _load()
    return [spec for spec in games() if spec.id in _TABLES]
