"""The engine's view of the registry: game id -> ``GameSpec``.

The games are registered in one place, ``lama_desktop.games`` (each game's descriptor carries its engine spec); this
module reads that registry and never names a game. Only engine and bot modules are imported on the way, so it stays
pure (no pygame).
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from lama_desktop.engine.core import GameSpec, GameState, ImpossibleState, StateFormatError
from lama_desktop.filedoor import Damage, read_guarded


def _plugins() -> dict:
    # lazy: the registration star (every game's package imports the engine, which this module is part of); and the
    # app's title is on screen before the games load (they load on its warm-up thread)
    from lama_desktop.games import GAMES

    return GAMES


def plugins() -> dict:
    """Every registered game's descriptor (``GamePlugin``) by id, in the order games are offered: the frame's and the
    tools' one way to the registry, which loads the games when first asked, not when imported."""
    return _plugins()


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


def checked_position(data: dict) -> GameState:
    """``position``, then checked as a save is (``GameSpec.problem``): ``ImpossibleState`` with the game's reason
    for a position the rules could never reach. What a file brings in is checked so (``load_position``, the
    advisor); ``position`` itself stays the crafting helper, with which a test may aim a bot at a situation no
    game reaches (a seat's markers all gone with two objective cards out)."""
    state = position(data)
    refusal = get_game(state.game_id).problem(state)
    if refusal is not None:
        raise ImpossibleState(refusal)
    return state


def load_position(path) -> GameState:
    """``position`` of a JSON file (tests/positions/*.json, tutorials, bug reports), read through the file door
    (``filedoor.read_guarded``: a regular file of sane size and depth, JSON with numbers within reason), so a
    device, a FIFO or a file nested 100,000 deep is one ``StateFormatError``, never a hang or a ``RecursionError``.
    The position is checked (``checked_position``): one the rules could never reach is the engine's own
    ``ImpossibleState`` (its reason kept)."""


    refused: list[StateFormatError] = []

    def build(data):
        try:
            return checked_position(data)
        except StateFormatError as error:
            refused.append(error)
            raise

    try:
        return read_guarded(Path(path), build)
    except FileNotFoundError:
        raise StateFormatError(f"cannot read the position {path}: there is no such file") from None
    except Damage as damage:
        if refused:
            raise refused[0] from None
        raise StateFormatError(f"cannot read the position {path}: {damage.detail}") from None
