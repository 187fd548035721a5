"""Bots for every game, by game id and level (random, easy, medium, hard). Never imports pygame."""

from __future__ import annotations

from typing import Callable

from lama_desktop.bots.base import LEVELS, Bot, RandomBot

BotFactory = Callable[[int], Bot]
_BOTS: dict[str, dict[str, BotFactory]] = {}


def register_bots(game_id: str, factories: dict[str, BotFactory]) -> None:
    _BOTS.setdefault(game_id, {}).update(factories)


def _load_builtin_bots() -> None:
    # One import per game; each module calls register_bots(). Keep this list explicit (PyInstaller).
    from lama_desktop.games.lama import bots  # noqa: F401
    from lama_desktop.games.dice import bots as _d  # noqa: F401  (lama-dice)
    from lama_desktop.games.cadabra import bots as _c  # noqa: F401
    from lama_desktop.games.llama_land import bots as _l  # noqa: F401  (llama-land)


def levels_for(game_id: str) -> list[str]:
    _load_builtin_bots()
    return ["random", *(level for level in LEVELS[1:] if level in _BOTS.get(game_id, {}))]


def make_bot(game_id: str, level: str, seed: int = 0) -> Bot:
    _load_builtin_bots()
    if level == "random":
        return RandomBot(seed)
    factories = _BOTS.get(game_id, {})
    if level not in factories:
        raise ValueError(f"no {level!r} bot for {game_id!r} (available: {', '.join(levels_for(game_id))})")
    return factories[level](seed)


__all__ = ["Bot", "RandomBot", "LEVELS", "register_bots", "make_bot", "levels_for"]
