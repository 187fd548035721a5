"""One position format for every game: crafted positions (``tests/positions/*.json`` in each game's folder) are
saved states with most fields left out; they load, round-trip through to_dict/from_dict, and can be played from. Older
saves (``tests/saves/v1.json`` in each game's folder, written by version 1 of its format) still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lama_desktop.engine import StateFormatError, get_game, load_position, new_game, position, state_from_dict
from lama_desktop.engine.rng import Rng
from lama_desktop.games import plugin
from registry_games import crafted_positions, games_where, one_per_engine, samples, version_1_save

HERE = Path(__file__).parent
POSITIONS = crafted_positions()
#: one game per engine (L.A.M.A. Party saves and positions are L.A.M.A.'s format)
GAMES = one_per_engine()
#: those with crafted positions, and those with a version-1 save (``samples.positions``, ``samples.v1_save``)
WITH_POSITIONS = games_where(lambda plugin: plugin.samples.positions, GAMES)
WITH_V1_SAVE = games_where(lambda plugin: plugin.samples.v1_save, GAMES)


def _json(state) -> dict:
    return json.loads(json.dumps(state.to_dict()))


def test_every_game_has_at_least_two_positions():
    games = [json.loads(p.read_text())["game"] for p in POSITIONS]
    assert set(games) <= set(WITH_POSITIONS), "a position of a game that does not declare positions"
    for game in WITH_POSITIONS:
        assert games.count(game) >= 2, game


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_a_position_round_trips_through_its_saved_state(path):
    state = load_position(path)
    data = _json(state)
    assert data["version"] == get_game(data["game"]).state_from_dict(data).to_dict()["version"]
    assert state_from_dict(data).to_dict() == data
    assert position(data).to_dict() == data  # a complete saved state is a position too
    assert state_from_dict(data).legal_moves() == state.legal_moves()


@pytest.mark.parametrize("path", POSITIONS, ids=lambda p: p.stem)
def test_a_game_plays_on_from_a_position(path):
    state = load_position(path)
    rng = Rng(len(path.stem))
    for _ in range(400):
        if state.is_over:
            break
        moves = state.legal_moves()
        assert moves, f"no legal move in {path.stem}"
        state.apply(moves[rng.randrange(len(moves))])
        data = _json(state)
        assert state_from_dict(data).to_dict() == data
        assert state.clone().to_dict() == data
    assert state.to_dict() != load_position(path).to_dict()


# -- what each position shows: each game's own tests (lama_desktop/games/<game>/tests/), with this helper ----------
def _load(name: str):
    return load_position(next(path for path in POSITIONS if path.stem == name))


# -- the format --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", WITH_V1_SAVE)
def test_version_1_saves_still_load(game):
    """Each fixture was written by version 1 of its game's format after the moves in v1-moves.json beside it: loading it
    gives the state those moves reach today."""
    old, played = version_1_save(game)
    assert old["version"] == 1
    state = new_game(game, played["players"], played["variants"], seed=played["seed"])
    for move in played["moves"]:
        state.apply(move)
    assert state_from_dict(old).to_dict() == state.to_dict()


@pytest.mark.parametrize("game", GAMES)
def test_the_same_things_have_the_same_names_in_every_game(game):
    """The shared names: ``current`` in every game; in a game of rounds one can quit (``quitting``) the scores, who
    is still in the round, the cards out of it and the round; then the game's own fields (``samples.saved_fields``,
    ``saved_lists``)."""
    data = new_game(game, 3, seed=3).to_dict()
    assert "current" in data
    if plugin(game).quitting:
        assert {"scores", "active", "aside", "round"} <= set(data)
        assert "first_player" in data or "first_dealer" in data
    assert set(samples(game).saved_fields) | set(samples(game).saved_lists) <= set(data)
    for name in samples(game).saved_lists:
        assert isinstance(data[name], list), name


@pytest.mark.parametrize("data, reason", [
    ({"game": "chess"}, "unknown game"),
])
def test_a_wrong_position_is_refused_with_its_reason(data, reason):
    """(Each game's own wrong positions are its tests', ``lama_desktop/games/<game>/tests/``.)"""
    with pytest.raises(StateFormatError, match=reason):
        position(data)


def test_crafted_states_round_trip():
    from lama_desktop.games.cadabra.engine import CadabraState
    from lama_desktop.games.dice.engine import DiceState
    from lama_desktop.games.lama.engine import LamaState

    for state in (LamaState.crafted(hands=[["1", "L"], ["6"]], top="6", points=[3, 4]),
                  CadabraState.crafted(hands=[["2/3"], ["L", "1"]], top="1", magic=1),
                  DiceState.crafted(rows=["1 3 L", "6"], scores=[2, 11])):
        data = _json(state)
        assert state_from_dict(data).to_dict() == data
        assert data["aside"]  # the cards out of the round are declared
