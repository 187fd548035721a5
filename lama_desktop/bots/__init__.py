"""Bots for every game, by game id and level (random, easy, medium, hard). Never imports pygame.

``levels_for`` lists what tables and menus offer. A game's folder may also hold ``arena_bots.py`` with
``ARENA_BOTS`` (level -> factory): opponents only the arena plays (published strategies, bounds, frozen levels),
listed by ``arena_levels`` and made by ``make_arena_bot``, never offered to a player."""

from __future__ import annotations

from typing import Callable

from lama_desktop.bots.base import LEVELS, Bot, RandomBot
from lama_desktop.engine.registry import plugins

BotFactory = Callable[[int], Bot]


def _factories(game_id: str) -> dict[str, BotFactory]:
    """The game's bot levels, from its descriptor (``lama_desktop.games``); none for an unknown game."""
    plugin = plugins().get(game_id)
    return dict(plugin.bots) if plugin is not None else {}


def levels_for(game_id: str) -> list[str]:
    factories = _factories(game_id)
    return ["random", *(level for level in LEVELS[1:] if level in factories)]


def _arena_factories(game_id: str) -> dict[str, BotFactory]:
    """The game's arena-only levels (its folder's optional ``arena_bots`` module, imported only when asked for:
    the app never loads it)."""
    plugin = plugins().get(game_id)
    if plugin is None or not plugin.has_module("arena_bots"):
        return {}
    return dict(plugin.module("arena_bots").ARENA_BOTS)


def arena_levels(game_id: str) -> list[str]:
    """Every level the arena can seat: the offered ones, then the arena-only ones."""
    offered = levels_for(game_id)
    return [*offered, *(level for level in _arena_factories(game_id) if level not in offered)]


def make_arena_bot(game_id: str, level: str, seed: int = 0) -> Bot:
    """A bot of any level ``arena_levels`` lists (an ``omniscient`` one must be handed the state: the arena)."""
    extra = _arena_factories(game_id)
    if level in extra and level not in levels_for(game_id):
        return extra[level](seed)
    return make_bot(game_id, level, seed)


def make_bot(game_id: str, level: str, seed: int = 0) -> Bot:
    if level == "random":
        return RandomBot(seed)
    factories = _factories(game_id)
    if level not in factories:
        raise ValueError(f"no {level!r} bot for {game_id!r} (available: {', '.join(levels_for(game_id))})")
    return factories[level](seed)


__all__ = ["Bot", "RandomBot", "LEVELS", "make_bot", "levels_for", "arena_levels", "make_arena_bot"]
