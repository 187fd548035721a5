"""Bots for every game, by game id and level (random, easy, medium, hard). Never imports pygame."""

from __future__ import annotations

from typing import Callable

from lama_desktop.bots.base import LEVELS, Bot, RandomBot

BotFactory = Callable[[int], Bot]


def _factories(game_id: str) -> dict[str, BotFactory]:
    """The game's bot levels, from its descriptor (``lama_desktop.games``); none for an unknown game."""
    # lazy: the registration star (every game's bots import lama_desktop.bots.base, and so this package)
    from lama_desktop.games import GAMES

    plugin = GAMES.get(game_id)
    return dict(plugin.bots) if plugin is not None else {}


def levels_for(game_id: str) -> list[str]:
    factories = _factories(game_id)
    return ["random", *(level for level in LEVELS[1:] if level in factories)]


def make_bot(game_id: str, level: str, seed: int = 0) -> Bot:
    if level == "random":
        return RandomBot(seed)
    factories = _factories(game_id)
    if level not in factories:
        raise ValueError(f"no {level!r} bot for {game_id!r} (available: {', '.join(levels_for(game_id))})")
    return factories[level](seed)


__all__ = ["Bot", "RandomBot", "LEVELS", "make_bot", "levels_for"]
