"""docs/experiments/advisor_calibration.py (the calibration table in docs/bots-*.md) keeps working as the code
changes: a seeded game of every game pairs the advisor's estimates with outcomes, and the table adds up."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from lama_desktop.games import GAMES

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "experiments" / "advisor_calibration.py"
#: the command's run plays the game of the fewest decisions (its samples' ``calibration_moves``; the first on a tie)
QUICKEST = min(GAMES, key=lambda game_id: GAMES[game_id].samples.calibration_moves)


@pytest.fixture(scope="module")
def experiment():
    spec = importlib.util.spec_from_file_location("advisor_calibration", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_seeded_game_pairs_estimates_with_outcomes(experiment, game_id):
    pairs = experiment.play_and_estimate(game_id, 1, 3, 3)
    assert pairs, "no position was asked"
    for estimate, outcome in pairs:
        assert 0.0 <= estimate <= 1.0
        assert outcome in (0.0, 1.0) or 0.0 < outcome < 1.0


def test_the_table_buckets_add_up(experiment):
    pairs = [(0.05, 0.0), (0.07, 1.0), (0.31, 0.0), (0.35, 1.0), (0.38, 1.0), (1.0, 1.0)]
    rows = experiment.table(pairs)
    assert [r["bucket"] for r in rows] == ["0-10%", "30-40%", "90-100%"]
    assert [r["n"] for r in rows] == [2, 3, 1]
    assert rows[1]["observed"] == pytest.approx(2 / 3, abs=1e-3)
    assert rows[1]["diff_points"] == pytest.approx(100 * (2 / 3 - (0.31 + 0.35 + 0.38) / 3), abs=0.1)
    assert all(r["ci95"][0] <= r["observed"] <= r["ci95"][1] for r in rows)


def test_the_command_prints_json_and_markdown(experiment, capsys, tmp_path):
    pairs = tmp_path / "pairs.txt"
    game = QUICKEST
    assert experiment.main(["--only", game, "--games", "1", "--per-game", "2", "--json",
                            "--pairs", str(pairs)]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert result["game"] == game and result["positions"] == sum(r["n"] for r in result["rows"])
    assert len(pairs.read_text().splitlines()) == result["positions"]
    assert experiment.main(["--only", game, "--games", "1", "--per-game", "2", "--markdown"]) == 0
    assert "| estimate | positions |" in capsys.readouterr().out
