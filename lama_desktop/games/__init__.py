"""The one place games are registered: ``GAMES`` maps every game id to its ``GamePlugin`` (``lama_desktop/plugin.py``).

Each game is one folder (``lama_desktop/games/<game>/``) whose ``__init__`` lists its descriptors in ``PLUGINS``;
the imports below are explicit (PyInstaller must see them) and in the order games are offered in menus. The engine
registry, the bots, the tables, the lessons and every tool read this dict; none of them names a game.

``register(plugin)`` adds a game from elsewhere through the same door (the toy game of ``tests/contract``).
"""

from __future__ import annotations

from contextlib import contextmanager
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


for _folder in (lama, dice, cadabra, llama_land):
    for _plugin in _folder.PLUGINS:
        register(_plugin)
del _folder, _plugin
