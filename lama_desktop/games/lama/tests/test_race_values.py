"""The race values learned from self-play (issue 30): the table's features and smoothing, the shipped file read
through the file door, the hard bot valuing a round's end with them where they apply, and ``train race``
reproducing its bytes."""

from __future__ import annotations

import json
import logging

import pytest

from lama_desktop import train
from lama_desktop.engine.registry import get_game
from lama_desktop.games.lama import race_values
from lama_desktop.games.lama.bots import HardBot
from lama_desktop.games.lama.race_training import game_samples
from lama_desktop.games.lama.race_values import GAP, LEADS, RaceValues, ended_share, features, learn, parse_file


def test_features_are_the_gap_to_the_best_rival_the_leaders_step_and_the_crowd_near_it():
    assert features([10, 4, 6, 30], 0) == (6, 6, 1)     # 6 above the best rival; leader on 30; 6 is within 3 of 4
    assert features([10, 4, 6, 30], 1) == (-2, 6, 0)    # the best rival of seat 1 is seat 2 (6)
    assert features([80, 0, 0, 0], 0) == (GAP, LEADS - 1, 2)  # clipped
    assert features([0, 0, 0, 0], 2) == (0, 0, 2)


def test_an_ended_game_is_decided_exactly_a_tie_shared():
    table = learn([], 4)
    assert table.value([40, 12, 12, 30], 1) == ended_share([40, 12, 12, 30], 1) == 0.5
    assert table.value([40, 12, 11, 30], 1) == 0.0
    assert table.value([40, 12, 11, 30], 2) == 1.0


def test_a_cell_is_the_share_won_from_it_shrunk_towards_coarser_means():
    # 400 games from (5, 0, 0, 0): seat 0 (gap 5) won a tenth of them, seat 1 (gap -5... crowd 1) the rest
    samples = [((5, 0, 0, 0), 0, 1.0 if n < 40 else 0.0) for n in range(400)]
    table = learn(samples, 4)
    cell = table.value([5, 0, 0, 0], 0)
    assert 0.1 < cell < 0.1 + (0.25 - 0.1) * race_values.SHRINK / 400 + 1e-9
    assert table.value([0, 0, 0, 0], 0) == pytest.approx(0.25)  # an empty cell: the prior 1/n


def test_the_shipped_table_knows_a_lead_is_worth_more_the_nearer_the_end():
    table = race_values.for_game("lama", 4)
    assert table is not None and table.games >= 10_000
    assert table.value([0, 0, 0, 0], 0) == pytest.approx(0.25, abs=0.02)
    # 10 points fewer than the best rival (no other rival near it): the nearer the end, the better
    assert table.value([20, 30, 36, 36], 0) > table.value([10, 20, 26, 26], 0) > table.value([5, 15, 19, 19], 0)
    assert table.value([5, 15, 19, 19], 0) > 0.3
    # and 10 points more than the best rival: worse than 10 fewer, at the same stage
    assert table.value([30, 20, 36, 36], 0) < table.value([20, 30, 36, 36], 0)


def test_a_damaged_or_foreign_file_is_refused():
    good = {"kind": race_values.KIND, "version": 1, "tables": {"lama": {"4": learn([], 4).to_json()}}}
    assert parse_file(good)["lama"][4].players == 4
    for bad in ({**good, "kind": "other"}, {**good, "version": 99},
                {**good, "tables": {"lama": {"3": learn([], 4).to_json()}}},
                {**good, "tables": {"lama": {"4": {**learn([], 4).to_json(), "cells": [[[2.0]]]}}}}):
        with pytest.raises(ValueError):
            parse_file(bad)


def test_a_missing_file_leaves_the_bot_on_its_hand_written_race_model(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(race_values, "data_file", lambda: tmp_path / "none.json")
    race_values.forget()
    try:
        with caplog.at_level(logging.INFO):
            assert race_values.for_game("lama", 4) is None
        assert "hand-written race model" in caplog.text
        view = get_game("lama").new(4, (), 3).view(0)
        bot = HardBot(1)
        assert bot.decision(view, [-1, 0], True).race is None
    finally:
        race_values.forget()


def test_the_hard_bot_values_round_ends_with_the_learned_table_only_where_it_was_learned():
    bot = HardBot(1)
    plain = get_game("lama").new(4, (), 3)
    decision = bot.decision(plain.view(0), [-1, 0], True)
    assert decision.race is race_values.for_game("lama", 4)
    assert bot.evaluate_end(decision, [20, 30, 31, 36]) == decision.race.value([20, 30, 31, 36], 0)
    drama = get_game("lama").new(4, ("drama",), 3)
    assert bot.decision(drama.view(0), [-1, 0], True).race is None      # Drama scores rounds otherwise
    assert bot.decision(get_game("lama").new(5, (), 3).view(0), [-1, 0], True).race is None  # no 5-seat table
    careless = HardBot(1)
    careless.PRIOR_LOG_ODDS = 4.0                                        # opponents believed careless
    assert careless.decision(plain.view(0), [-1, 0], True).race is None


def test_samples_are_every_rounds_start_and_the_share_won():
    samples = game_samples("lama", 3, 5, 1)
    starts = {scores for scores, _seat, _share in samples}
    assert (0, 0, 0) in starts and len(samples) == 3 * len(starts)
    shares = {}
    for scores, _seat, share in samples:
        shares.setdefault(scores, 0.0)
        shares[scores] += share
    assert all(total == pytest.approx(1.0) for total in shares.values())  # someone wins every game


def test_train_race_gives_the_same_bytes_for_the_same_seed_whatever_the_workers(tmp_path):
    outs = []
    for jobs, folder in ((1, "a"), (2, "b")):
        assert train.main(["race", "lama", "--games", "12", "--seed", "7", "--jobs", str(jobs),
                           "--out", str(tmp_path / folder)]) == 0
        outs.append((tmp_path / folder / "lama" / "data" / race_values.FILE_NAME).read_bytes())
    assert outs[0] == outs[1]
    data = json.loads(outs[0])
    table = RaceValues.from_json(data["tables"]["lama"]["4"])
    assert table.games == 12 and table.seed == 7
    assert data["tables"]["lama"]["4"]["command"] == "python -m lama_desktop.train race lama --games 12 --seed 7"


def test_train_race_keeps_the_other_tables_and_sets_a_damaged_file_aside(tmp_path, capsys):
    target = tmp_path / "lama" / "data" / race_values.FILE_NAME
    target.parent.mkdir(parents=True)
    target.write_text("{not json")
    assert train.main(["race", "lama-party", "--games", "4", "--seed", "1", "--out", str(tmp_path)]) == 0
    assert "kept as" in capsys.readouterr().err
    assert [p.name for p in target.parent.iterdir() if "damaged" in p.name]
    assert train.main(["race", "lama", "--games", "4", "--seed", "1", "--out", str(tmp_path)]) == 0
    assert set(json.loads(target.read_text())["tables"]) == {"lama", "lama-party"}
