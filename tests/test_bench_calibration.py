"""``lama_desktop.calibration``'s sums on made-up pairs: buckets, the Brier score, the worst gap over full
buckets (the games' own runs: each game's folder, e.g. lama_desktop/games/lama/tests/test_calibration_smoke.py)."""

from __future__ import annotations

import json

import pytest

from lama_desktop import bench, calibration, calibration_map
from lama_desktop.games import GAMES

#: the tool's game argument (the pairs themselves are made up here)
ANY_GAME = next(iter(GAMES))


def test_buckets_group_by_tens_and_average_each():
    pairs = [(0.05, 0.0), (0.09, 1.0), (0.31, 1.0), (0.35, 0.0), (0.39, 0.5), (1.0, 1.0), (0.95, 0.0)]
    rows = calibration.buckets(pairs)
    assert [(r["lo"], r["hi"], r["n"]) for r in rows] == [(0.0, 0.1, 2), (0.3, 0.4, 3), (0.9, 1.0, 2)]
    assert rows[0]["mean_estimate"] == pytest.approx(0.07) and rows[0]["observed"] == pytest.approx(0.5)
    assert rows[1]["mean_estimate"] == pytest.approx(0.35) and rows[1]["observed"] == pytest.approx(0.5)
    assert rows[2]["mean_estimate"] == pytest.approx(0.975) and rows[2]["observed"] == pytest.approx(0.5)


def test_brier_score():
    assert calibration.brier([(0.25, 0.0)] * 3 + [(0.25, 1.0)]) == pytest.approx(0.1875)
    assert calibration.brier([(1.0, 1.0), (0.0, 0.0)]) == 0.0
    assert calibration.brier([]) == 0.0


def test_max_gap_counts_only_buckets_of_forty_or_more():
    # 40 positions at 0.30 of which 16 won (0.40 observed: a 10-point gap); 39 at 0.85 that all lost (ignored)
    pairs = [(0.3, 1.0)] * 16 + [(0.3, 0.0)] * 24 + [(0.85, 0.0)] * 39
    report = calibration.report(pairs, "made-up", 5)
    assert report["max_gap_pts"] == pytest.approx(10.0)
    assert report["positions"] == 79 and report["brier"] == pytest.approx(calibration.brier(pairs), abs=1e-4)
    assert {"lo", "hi", "n", "mean_estimate", "observed"} <= set(report["buckets"][0])
    assert calibration.max_gap_pts(calibration.buckets(pairs[:39])) is None
    assert calibration.max_gap_pts(calibration.buckets(pairs), min_n=39) == pytest.approx(85.0)


def test_bench_writes_every_pair_as_a_json_line(monkeypatch, tmp_path, capsys):
    pairs = [(0.31, 1.0), (0.2, 1 / 3), (0.6, 0.0)]
    monkeypatch.setattr(calibration, "collect", lambda game_id, positions, seed, **_: iter(pairs[:positions]))
    raw = tmp_path / "raw.jsonl"
    assert bench.main(["calibration", ANY_GAME, "--positions", "3", "--seed", "2", "--json", "--raw", str(raw)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["positions"] == 3 and report["seed"] == 2 and report["max_gap_pts"] is None
    lines = [json.loads(line) for line in raw.read_text().splitlines()]
    assert lines == [{"estimate": 0.31, "outcome": 1.0}, {"estimate": 0.2, "outcome": 0.33333},
                     {"estimate": 0.6, "outcome": 0.0}]


def test_bench_refuses_a_raw_file_it_cannot_write(tmp_path, capsys):
    assert bench.main(["calibration", ANY_GAME, "--positions", "1", "--seed", "2", "--raw",
                       str(tmp_path / "no" / "x")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_bench_measures_the_calibrated_chances_and_refuses_the_fitting_seed(monkeypatch, tmp_path, capsys):
    known = calibration_map.CalibrationMap((0.0, 1.0), (0.1, 0.5), seed=9)
    monkeypatch.setattr(calibration_map, "for_game", lambda plugin, players: known)
    raw = tmp_path / "raw.jsonl"
    raw.write_text("kept\n")
    assert bench.main(["calibration", ANY_GAME, "--positions", "1", "--seed", "9", "--raw", str(raw)]) == 2
    assert "seed 9 was used to fit" in capsys.readouterr().err and raw.read_text() == "kept\n"
    monkeypatch.setattr(calibration, "collect", lambda game_id, positions, seed, **_: iter([(0.3, 1.0)]))
    assert bench.main(["calibration", ANY_GAME, "--positions", "1", "--seed", "10", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["calibrated"] is True and report["fit_seed"] == 9


def test_bench_asks_the_shown_or_the_raw_advisor_in_the_processes_asked_for(monkeypatch, capsys):
    asked = []

    def collecting(game_id, positions, seed, **options):
        asked.append(options)
        return iter([(0.3, 1.0)])

    monkeypatch.setattr(calibration, "collect", collecting)
    args = ["calibration", ANY_GAME, "--positions", "1", "--seed", "11", "--json"]
    assert bench.main(args + ["--jobs", "3"]) == 0 and bench.main(args + ["--raw-advisor", "--jobs", "1"]) == 0
    shown, raw = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert asked == [{"jobs": 3, "estimate": bench.advise}, {"jobs": 1, "estimate": bench.advise_raw}]
    assert raw["calibrated"] is False and raw["fit_seed"] is None
    assert bench.main(args + ["--jobs", "0"]) == 2
