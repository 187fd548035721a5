"""The engine's view of the registry: game id -> ``GameSpec``.

The games are registered in one place, ``lama_desktop.games`` (each game's descriptor carries its engine spec); this
module reads that registry and never names a game. Only engine and bot modules are imported on the way, so it stays
pure (no pygame).
"""

from __future__ import annotations

from typing import Iterable

from lama_desktop.engine.core import GameSpec, GameState, StateFormatError


def _plugins() -> dict:
    from lama_desktop.games import GAMES

    return GAMES


def games() -> list[GameSpec]:
    """Every registered game's spec, in the order games are offered (menus, rules viewer)."""
    return [plugin.spec for plugin in _plugins().values()]


def get_game(game_id: str) -> GameSpec:
    plugins = _plugins()
    try:
        return plugins[game_id].spec
    except (KeyError, TypeError):
        known = ", ".join(sorted(plugins))
        raise ValueError(f"unknown game {game_id!r} (known: {known})") from None


def new_game(game_id: str, players: int, variants: Iterable[str] = (), seed: int = 0, **options) -> GameState:
    return get_game(game_id).new(players, variants, seed, **options)


def state_from_dict(data: dict) -> GameState:
    """Load any game's saved state, checked (``GameSpec.load``); ``StateFormatError`` with a reason if it is not
    one (``ImpossibleState``: it reads, but these rules could never reach it)."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise StateFormatError("not a saved game state (no game id)")
    try:
        spec = get_game(data["game"])
    except ValueError as error:
        raise StateFormatError(str(error)) from None
    return spec.load(data)


def position(data: dict) -> GameState:
    """A state of any game from a crafted position (that game's saved-state format, most fields optional: see
    ``GameSpec.position`` and docs/ARCHITECTURE.md, "Positions"); ``StateFormatError`` with a reason if it is not
    one. A complete saved state is a position too."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise StateFormatError("not a position (no game id)")
    try:
        spec = get_game(data["game"])
    except ValueError as error:
        raise StateFormatError(str(error)) from None
    return spec.position(data)


def load_position(path) -> GameState:
    """``position`` of a JSON file (tests/positions/*.json, tutorials, bug reports)."""
    import json
    from pathlib import Path

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise StateFormatError(f"cannot read the position {path}: {error}") from None
    return position(data)
