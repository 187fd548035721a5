"""Which scene plays which game: the one place that maps a game id to its table.

Each game's table module exposes ``open_table(app, config, saved=None) -> Scene``: a new game from a
``GameConfig`` (``saved is None``) or the game in ``saved`` (``storage.SavedGame``, whose ``meta["config"]`` gave
``config``). Imports are explicit (PyInstaller must see them); a game engineer adds one line to ``_load`` below.
"""

from __future__ import annotations

import threading
from typing import Callable


_TABLES: dict[str, Callable] = {}
_loaded = False
_lock = threading.RLock()


def register_table(game_ids, opener: Callable) -> None:
    for game_id in ([game_ids] if isinstance(game_ids, str) else game_ids):
        _TABLES[game_id] = opener


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
    from .scenes import lama_table  # noqa: F401  (lama, lama-party)
    from .scenes import dice_table  # noqa: F401  (lama-dice)
    from .scenes import cadabra_table  # noqa: F401  (lama-cadabra)
    from .scenes import llama_land_table  # noqa: F401  (llama-land)


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


def playable_games() -> list:
    """The registry's games that have a table, in registry order."""
    from ..engine.registry import games

    _load()
    return [spec for spec in games() if spec.id in _TABLES]
