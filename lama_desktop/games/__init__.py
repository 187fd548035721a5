"""The one place games are registered: ``GAMES`` maps every game id to its ``GamePlugin`` (``lama_desktop/plugin.py``).

Each game is one folder (``lama_desktop/games/<game>/``) whose ``__init__`` lists its descriptors in ``PLUGINS``;
the imports below are explicit (PyInstaller must see them) and in the order games are offered in menus. The engine
registry, the bots, the tables, the lessons and every tool read this dict; none of them names a game.

``register(plugin)`` adds a game from elsewhere through the same door. A game folder kept outside the package (a
third party's, the toy game of ``tests/contract/toy/``) is registered in every process, tools and subprocesses
included, by naming it in the environment: ``LAMA_GAME_FOLDERS`` lists folders (``os.pathsep`` between them); each is
imported as a package under its own name (its parent folder goes on ``sys.path``) and its ``PLUGINS`` registered
after the games above.
"""

from __future__ import annotations

import importlib
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from lama_desktop.games import cadabra, dice, lama, llama_land
from lama_desktop.plugin import GamePlugin

#: game id -> its descriptor, in the order games are offered
GAMES: dict[str, GamePlugin] = {}


def register(plugin: GamePlugin) -> GamePlugin:
    """Add ``plugin`` under its game id (once: a second, different descriptor for an id is an error)."""
    known = GAMES.get(plugin.id)
    if known is not None and known is not plugin:
        raise ValueError(f"game id {plugin.id!r} registered twice")
    GAMES[plugin.id] = plugin
    return plugin


def unregister(game_id: str) -> None:
    """Take a game registered with ``register`` away again (tests that add a game of their own)."""
    GAMES.pop(game_id, None)


@contextmanager
def replaced(plugin: GamePlugin) -> Iterator[GamePlugin]:
    """For the time of a ``with``: ``plugin`` in place of the descriptor registered under its id, in the same place
    of the order (an experiment offering extra bot levels of a game); the registered one is back afterwards."""
    known = GAMES[plugin.id]
    GAMES[plugin.id] = plugin
    try:
        yield plugin
    finally:
        GAMES[plugin.id] = known


def plugin(game_id: str) -> GamePlugin:
    """The descriptor of ``game_id``; ``ValueError`` naming the known games when there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r} (known: {', '.join(sorted(GAMES))})") from None


#: the environment variable naming game folders from outside the package (above)
FOLDERS_VARIABLE = "LAMA_GAME_FOLDERS"


def register_folders(value: str | None = None) -> None:
    """Register the games of each folder ``value`` names (default: ``$LAMA_GAME_FOLDERS``); a folder's package is
    imported once, its descriptors registered once (a second call changes nothing)."""
    for entry in (os.environ.get(FOLDERS_VARIABLE, "") if value is None else value).split(os.pathsep):
        if not entry:
            continue
        folder = Path(entry).resolve()
        if str(folder.parent) not in sys.path:
            sys.path.insert(0, str(folder.parent))
        for extra in importlib.import_module(folder.name).PLUGINS:
            register(extra)


for _folder in (lama, dice, cadabra, llama_land):
    for _plugin in _folder.PLUGINS:
        register(_plugin)
del _folder, _plugin
register_folders()
