"""The hard LAMA Dice bot's fitted model (issue 30): a race to 40 on the measured round gains, opponents still in
the round and their rolls as self-play counted them, and a reproducible fitting command whose output is data."""

from __future__ import annotations

import json

import pytest

from lama_desktop import train
from lama_desktop.games.dice import bots as dbots
from lama_desktop.games.dice.arena_bots import FrozenHardDiceBot
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.games.dice.fit_model import fit, main, play_and_count
from lama_desktop.games.dice.model import MODEL_FILE, FittedModel


def test_hard_rests_on_the_fitted_model_and_the_frozen_level_on_the_guesses():
    assert isinstance(dbots.HardDiceBot.model, FittedModel)
    assert isinstance(FrozenHardDiceBot.model, dbots.GuessedModel)
    shipped = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    assert shipped["bot"] == FrozenHardDiceBot.level and shipped["games"] >= 1000


@pytest.mark.parametrize("totals", [[10, 10, 10, 10], [20, 12, 31, 7], [35, 30, 30, 30], [3, 0, 25]])
def test_the_fitted_race_shares_the_win(totals):
    model = dbots.FITTED
    chances = [model.race(totals, s) for s in range(len(totals))]
    # a tie counts half against each rival level with the seat (not 1/k among k): the sum is 1 within a hair
    assert sum(chances) == pytest.approx(1.0, abs=2e-3)
    if len(set(totals)) == 1:
        assert chances == pytest.approx([1 / len(totals)] * len(totals), abs=1e-3)


def test_the_fitted_race_prefers_fewer_points_and_sharpens_near_40():
    model = dbots.FITTED
    chances = [model.race([mine, 20, 20, 20], 0) for mine in range(10, 31)]
    assert all(a >= b for a, b in zip(chances, chances[1:], strict=False))
    # the same lead of 5 points weighs more when the leader is near 40 (fewer rounds left to swing it)
    assert model.race([30, 35, 35, 35], 0) > model.race([5, 10, 10, 10], 0)


def test_the_fitted_opponent_model_is_read_from_the_data():
    model = dbots.FITTED
    shipped = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    assert model.opponent(12) == tuple(shipped["opponent"]["12"])
    assert model.roll_probability(0) == shipped["roll"]["0"] < model.roll_probability(20)


def test_the_hazard_weighs_each_opponent_by_how_often_it_rolls():
    state = DiceState.crafted(["3 5 L", "1 2", "6 6"], scores=[12, 3, 0])
    view = state.view(0)

    class NeverRolls(dbots.GuessedModel):
        def roll_probability(self, points):
            return 0.0

    assert dbots.RoundSearch.from_view(view, 3, model=NeverRolls()).hazard == 0.0
    assert dbots.RoundSearch.from_view(view, 3, model=dbots.FITTED).hazard > 0.0


def test_the_game_cost_adds_an_opponents_fitted_gain_not_a_share_of_its_row():
    state = DiceState.crafted(["3 5 L", "1 2 4 5 6 L", "6 6"], scores=[30, 30, 30])
    view = state.view(0)
    guessed = dbots.game_cost(view, model=dbots.GUESSED)
    fitted = dbots.game_cost(view, model=dbots.FITTED)
    assert guessed != fitted


def test_the_fitting_command_is_reproducible(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["--games", "2", "--seed", "4", "--out", str(a)]) == 0
    assert main(["--games", "2", "--seed", "4", "--out", str(b)]) == 0
    assert a.read_bytes() == b.read_bytes()
    data = json.loads(a.read_text(encoding="utf-8"))
    assert set(data) >= {"gains", "rounds_left", "opponent", "roll"} and data["seed"] == 4
    assert sum(data["gains"].values()) == pytest.approx(1.0, abs=1e-4)


def test_thin_table_rows_borrow_their_neighbours():
    counts = play_and_count(1, 3)
    model = fit(counts, 1, 3)
    assert all(str(p) in model["opponent"] and str(p) in model["roll"] for p in range(dbots.MASK_POINTS[-1] + 1))


def test_the_train_command_fits_the_same_model_as_the_folders_tool(tmp_path):
    assert train.main(["model", "lama-dice", "--games", "2", "--seed", "3", "--out", str(tmp_path / "a.json")]) == 0
    assert main(["--games", "2", "--seed", "3", "--out", str(tmp_path / "b.json")]) == 0
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    assert train.main(["model", "lama", "--games", "2", "--seed", "3"]) == 2
