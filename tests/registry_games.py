"""The registered games as the cross-game tests ask for them (``lama_desktop.games.GAMES``), so that a new game is
tested without editing them: every game id, one game per table or per engine, and a check that game-specific test data
(a crafted position, a field to damage) covers every registered game."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Callable, Iterable

from lama_desktop.games import GAMES
from lama_desktop.plugin import GamePlugin
from lama_desktop.samples import Samples


def game_ids() -> list[str]:
    """Every registered game id, in the order games are offered."""
    return list(GAMES)


def one_per_table() -> list[str]:
    """The first game of each table group (L.A.M.A. Party plays at L.A.M.A.'s table): one game per table scene."""
    seen: set[str] = set()
    out = []
    for game_id, plugin in GAMES.items():
        if plugin.table_group not in seen:
            seen.add(plugin.table_group)
            out.append(game_id)
    return out


def one_per_engine() -> list[str]:
    """The first game of each engine (each state class: L.A.M.A. Party is L.A.M.A.'s engine with other rules)."""
    seen: set[type] = set()
    out = []
    for game_id, plugin in GAMES.items():
        kind = type(plugin.spec.new(plugin.spec.min_players))
        if kind not in seen:
            seen.add(kind)
            out.append(game_id)
    return out


def quitting_tables() -> list[str]:
    """``one_per_table`` games in which a player may quit the round (``quit`` is a legal move of a new game)."""
    out = []
    for game_id in one_per_table():
        spec = GAMES[game_id].spec
        if "quit" in {str(move) for move in spec.new(GAMES[game_id].sample_players).legal_moves()}:
            out.append(game_id)
    return out


def hidden_hand_games() -> list[str]:
    """The games of hidden information (hands of cards the other seats do not see)."""
    return [game_id for game_id, plugin in GAMES.items() if plugin.spec.hidden_information]


def assert_covers(keys: Iterable[str], games: Iterable[str] | None = None) -> None:
    """Game-specific test data keyed by game id must name every game of ``games`` (default: every registered game)
    and no other: a new game cannot be skipped silently."""
    wanted = set(GAMES if games is None else games)
    assert set(keys) == wanted, f"test data for {sorted(set(keys))}, registered {sorted(wanted)}"


# -- by declaration: the descriptor's capabilities and samples (lama_desktop/samples.py) -----------------------------
def games_where(test: Callable[[GamePlugin], object], games: Iterable[str] | None = None) -> list[str]:
    """The game ids of ``games`` (default: every registered game, in order) whose descriptor passes ``test``, e.g.
    ``games_where(lambda p: p.card_hands)``: a cross-game test skips what a game does not declare."""
    return [game_id for game_id in (GAMES if games is None else games) if test(GAMES[game_id])]


def samples(game_id: str) -> Samples:
    """The game's samples for the cross-game tests."""
    return GAMES[game_id].samples


def sample_game() -> str:
    """The game a test plays when any game will do (the frame's, the network's, the storage's): the first offered."""
    return game_ids()[0]


def first_variant(game_id: str) -> tuple[str, ...]:
    """The game's first declared variant, as a variants tuple (empty for a game without variants): a variant to
    play where a test wants one on."""
    return GAMES[game_id].spec.variant_ids[:1]


def table_mate(game_id: str) -> str:
    """Another game played at ``game_id``'s table (L.A.M.A. Party at L.A.M.A.'s): the same table, other rules."""
    group = GAMES[game_id].table_group
    return next(other for other, plugin in GAMES.items() if plugin.table_group == group and other != game_id)


# -- a game's own test data, in its folder (``lama_desktop/games/<game>/tests/``) ------------------------------------
def game_folder(game_id: str) -> Path:
    """The folder of the game's package (its descriptor's ``package``): where its own tests and data live."""
    return Path(importlib.import_module(GAMES[game_id].package).__file__).parent


def crafted_positions(games: Iterable[str] | None = None) -> list[Path]:
    """Every crafted position of ``games`` (default: every registered game): ``tests/positions/*.json`` in each
    game's folder, each folder once (L.A.M.A. Party's are L.A.M.A.'s), sorted by name."""
    folders = {game_folder(game_id) for game_id in (GAMES if games is None else games)}
    return sorted((path for folder in folders for path in (folder / "tests" / "positions").glob("*.json")),
                  key=lambda path: path.name)


def version_1_save(game_id: str) -> tuple[dict, dict]:
    """The game's real version-1 save (``tests/saves/v1.json`` in its folder) and the moves from a new game that
    reached it (``v1-moves.json`` beside it: players, variants, seed, moves)."""
    saves = game_folder(game_id) / "tests" / "saves"
    return (json.loads((saves / "v1.json").read_text(encoding="utf-8")),
            json.loads((saves / "v1-moves.json").read_text(encoding="utf-8")))
