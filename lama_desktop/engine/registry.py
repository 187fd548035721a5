"""The registry of games, by stable id.

Every game module is imported here explicitly (no discovery by name: PyInstaller must see every import), and
registers its ``GameSpec`` by calling ``register`` at import time.
"""

from __future__ import annotations

from typing import Iterable

from lama_desktop.engine.core import GameSpec, GameState, StateFormatError, reading_state

_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise ValueError(f"game id {spec.id!r} registered twice")
    _GAMES[spec.id] = spec
    return spec


def _load_builtin_games() -> None:
    # One import per game; each module calls register(). Keep this list explicit.
    from lama_desktop.games.lama import engine  # noqa: F401  (lama, lama-party)
    from lama_desktop.games.dice import engine as _d  # noqa: F401  (lama-dice)
    from lama_desktop.games.cadabra import engine as _c  # noqa: F401  (lama-cadabra)
    from lama_desktop.games.llama_land import engine as _l  # noqa: F401  (llama-land)


#: the order games are offered in (menus, rules viewer); independent of which module happened to load first
GAME_ORDER = ("lama", "lama-party", "lama-dice", "lama-cadabra", "llama-land")


def games() -> list[GameSpec]:
    _load_builtin_games()
    rank = {game_id: index for index, game_id in enumerate(GAME_ORDER)}
    return sorted(_GAMES.values(), key=lambda spec: rank.get(spec.id, len(rank)))


def get_game(game_id: str) -> GameSpec:
    _load_builtin_games()
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise ValueError(f"unknown game {game_id!r} (known: {known})") from None


def new_game(game_id: str, players: int, variants: Iterable[str] = (), seed: int = 0, **options) -> GameState:
    return get_game(game_id).new(players, variants, seed, **options)


def state_from_dict(data: dict) -> GameState:
    """Load any game's saved state; ``StateFormatError`` with a reason if it is not one."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise StateFormatError("not a saved game state (no game id)")
    try:
        spec = get_game(data["game"])
    except ValueError as error:
        raise StateFormatError(str(error)) from None
    with reading_state(f"{spec.id} state"):
        return spec.state_from_dict(data)


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
