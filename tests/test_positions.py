"""One position format for every game: crafted positions (tests/positions/*.json) are saved states with most
fields left out; they load, round-trip through to_dict/from_dict, and can be played from. Older saves
(tests/saves/*-v1.json, written by version 1 of each game's format) still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lama_desktop.engine import Move, StateFormatError, get_game, load_position, new_game, position, state_from_dict
from lama_desktop.games.llama_land.engine.state import AFTER
from lama_desktop.engine.rng import Rng
from registry_games import assert_covers, one_per_engine

HERE = Path(__file__).parent
POSITIONS = sorted((HERE / "positions").glob("*.json"))
#: one game per engine (L.A.M.A. Party saves and positions are L.A.M.A.'s format)
GAMES = one_per_engine()


def _json(state) -> dict:
    return json.loads(json.dumps(state.to_dict()))


def test_every_game_has_at_least_two_positions():
    games = [json.loads(p.read_text())["game"] for p in POSITIONS]
    for game in GAMES:
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


# -- what each position shows ----------------------------------------------------------------------------------
def _load(name: str):
    return load_position(HERE / "positions" / f"{name}.json")


def test_llama_follows_six_position():
    state = _load("lama-llama-follows-six")
    assert [str(m) for m in state.legal_moves()] == ["play L", "draw", "quit"]
    assert state.scores == [12, 5, 39] and state.active == [True, False, True]
    state.apply("play L")
    assert state.current_player == 2  # Ben has quit: Cleo is next


def test_drama_starts_at_the_fifth_token_position():
    state = _load("lama-drama-five-tokens")
    events = state.apply("play L")
    assert "drama_start" in [e.kind for e in events]
    assert state.scores[0] == 10 and state.current_player == 1
    assert [str(m) for m in state.legal_moves()] == ["take"]


def test_one_card_per_die_position():
    state = _load("lama-dice-two-dice-show-three")
    assert sorted(str(m) for m in state.legal_moves()) == ["discard 3", "discard 3 3"]
    assert state.refusal(Move.parse("discard 3 3 3")) is not None


def test_take_from_the_llama_row_position():
    state = _load("lama-dice-take-from-the-llama-row")
    assert sorted(str(m) for m in state.legal_moves()) == ["take 2", "take L"]
    state.apply("take 2")
    assert state.to_dict()["rows"][0] == [1, 2, 4, 4]
    assert state.current_player == 1  # seat 2 has quit


def test_magic_token_pass_position():
    state = _load("lama-cadabra-magic-token-pass")
    assert "pass" in [str(m) for m in state.legal_moves()]
    assert state.whites == [7, 2] and state.blacks == [0, 1]  # tokens from the scores, largest first
    state.apply("pass")
    assert state.magic == -1 and state.current_player == 1


def test_lamagic_show_position():
    state = _load("lama-cadabra-lamagic-show")
    events = state.apply("play L")
    assert "show_start" in [e.kind for e in events]
    assert state.whites[0] == 3 and len(state.board) == 5 and state.current_player == 1


def test_two_levels_position():
    state = _load("llama-land-two-levels")
    domain = state.public_dict(0)["domains"][0]
    heights = {(c["x"], c["y"]): c["height"] for c in domain["cells"]}
    assert heights[(3, 3)] == 2 and max(heights.values()) == 2 and len(heights) == 16 + 5
    assert domain["llamas"] == [[1, 2, 2]]  # on the icon-free cell of the level-2 build (a llama needs one)
    laid = {e[1] for e in domain["placements"] if e[0] != "foundation"}
    assert not laid & {t for stack in state.stacks for t in stack}  # laid tiles left their stacks
    assert not {0, 12} & set(state.deck + state.row) and len(state.row) == 5
    fresh = new_game("llama-land", 2, seed=0, boards=["1a", "3b"])
    assert state.players[0].foundations == 2 and state.players[0].markers == fresh.players[0].markers
    assert state.supply_llamas == fresh.supply_llamas - 1 and state.supply_coins == fresh.supply_coins - 2
    corn = fresh.columns[0][:]
    corn.remove(12)
    assert state.columns[0] == corn and state.columns[1:] == fresh.columns[1:]


def test_feeding_forced_position():
    state = _load("llama-land-feeding-forced")
    assert state.must_feed()
    state.apply(state.legal_moves()[0])
    while state.phase != AFTER:  # take any characters the tile's huts give
        state.apply(state.legal_moves()[0])
    assert state.refusal(Move("end")) is not None


# -- the format --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_version_1_saves_still_load(game):
    """Each fixture was written by version 1 of its game's format after the moves in v1-moves.json: loading it
    gives the state those moves reach today."""
    old = json.loads((HERE / "saves" / f"{game}-v1.json").read_text())
    moves = json.loads((HERE / "saves" / "v1-moves.json").read_text())
    assert_covers(set(moves) - {"about"}, GAMES)
    played = moves[game]
    assert old["version"] == 1
    state = new_game(game, played["players"], played["variants"], seed=played["seed"])
    for move in played["moves"]:
        state.apply(move)
    assert state_from_dict(old).to_dict() == state.to_dict()


@pytest.mark.parametrize("game", GAMES)
def test_the_same_things_have_the_same_names_in_every_game(game):
    data = new_game(game, 3, seed=3).to_dict()
    assert "current" in data
    if game == "llama-land":
        assert {"domains", "collections", "first_player"} <= set(data)
    else:
        assert {"scores", "active", "aside", "round"} <= set(data)
        assert "first_player" in data or "first_dealer" in data
    if game in ("lama", "lama-cadabra"):
        assert isinstance(data["board"], list)


@pytest.mark.parametrize("data, reason", [
    ({"game": "lama", "hands": [["3"], ["4"]], "top": "3", "aside": []}, "do not add up"),
    ({"game": "lama", "hands": [["3"] * 9, ["4"]], "top": "3"}, "more 3 cards"),
    ({"game": "lama-cadabra", "hands": [["3"], ["4"]]}, "damaged lama-cadabra position"),
    ({"game": "lama-dice", "rows": [["1"] * 7, ["2"]]}, "more cards"),
    ({"game": "llama-land", "players": 2, "domains": [{"board": "1a", "placements": ["build 0 r0 - 3 0"]},
                                                      {"board": "1b"}]}, "one height"),
    ({"game": "llama-land", "players": 2, "domains": [{"board": "1a", "placements": ["extend 0 r0 - 6 0"]},
                                                      {"board": "1b"}]}, "beside the domain"),
    ({"game": "llama-land", "players": 2, "collections": [{"crops": {"corn": 13}}, {}]}, "more corn"),
    ({"game": "chess"}, "unknown game"),
])
def test_a_wrong_position_is_refused_with_its_reason(data, reason):
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


def test_a_stacked_deal_is_the_next_round_and_round_trips():
    state = load_position(HERE / "positions" / "lama-stacked-deal.json")
    again = state_from_dict(_json(state))
    assert again.to_dict() == state.to_dict() and state.to_dict()["deals"][0]["discard"] == ["4", "5"]
    state.apply(Move.parse("play 4"))  # seat 0 empties its hand: the round ends, the stacked deal comes
    saved = state.to_dict()
    assert saved["round"] == 2 and "deals" not in saved  # used up: the rounds after are shuffled as ever
    assert saved["hands"] == [["6", "L"], ["1", "2", "3"], ["5", "5"]]
    assert saved["discard"] == ["4", "5"] and saved["pile"] == ["3", "3"]
    deck = get_game("lama").new_state(3).to_dict()
    assert sorted(sum(saved["hands"], []) + saved["discard"] + saved["pile"] + saved["aside"]) == \
        sorted(sum(deck["hands"], []) + deck["discard"] + deck["pile"] + deck["aside"])
    assert state_from_dict(json.loads(json.dumps(saved))).to_dict() == saved
    # the draw pile of a stacked deal is what it says: a draw takes one of its cards
    while state.current_player != 1:
        state.apply(state.legal_moves()[0])
    state.apply(Move.parse("draw"))
    assert state.to_dict()["pile"] == ["3"]


@pytest.mark.parametrize("deals, reason", [
    ([{"hands": [["1"], ["2"]], "discard": ["3"], "pile": []}], "one hand per seat"),
    ([{"hands": [["L"] * 8, [], []], "discard": ["3"], "pile": []}], "more L cards than the deck has"),
    ([{"hands": [[], [], []], "discard": [], "pile": []}], "face-up card"),
    ([{"hands": [["9"], [], []], "discard": ["3"], "pile": []}], "deal 1"),
    ({"hands": []}, "a list"),
])
def test_a_wrong_stacked_deal_is_refused_with_its_reason(deals, reason):
    data = json.loads((HERE / "positions" / "lama-stacked-deal.json").read_text())
    data["deals"] = deals
    with pytest.raises(StateFormatError, match=reason):
        position(data)
