"""docs/experiments/advisor_calibration.py (the reliability tables in docs/bots-advisor.md) keeps working: it
reads pairs files through the library's report, maps raw estimates through a game's shipped map on request, and
its Wilson intervals hold the observed rate."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from lama_desktop import calibration_map
from registry_games import GAMES, sample_game

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "experiments" / "advisor_calibration.py"


@pytest.fixture(scope="module")
def experiment():
    spec = importlib.util.spec_from_file_location("advisor_calibration", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_table_from_a_pairs_file(experiment, capsys, tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    rows = [(0.05, 0.0), (0.07, 1.0), (0.31, 0.0), (0.35, 1.0), (0.38, 1.0)]
    pairs.write_text("".join(json.dumps({"estimate": e, "outcome": o}) + "\n" for e, o in rows))
    assert experiment.main([sample_game(), str(pairs), "--markdown"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[0])["positions"] == 5
    assert "| 30-40% | 3 | 34.7% | 66.7% [" in "\n".join(out)


def test_through_map_shows_what_the_calibrated_advisor_would(experiment, capsys, tmp_path):
    game_id = sample_game()
    plugin = GAMES[game_id]
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"estimate": 0.3, "outcome": 1}\n')
    assert experiment.main([game_id, str(pairs), "--through-map", "--markdown"]) == 0
    shown = calibration_map.for_game(plugin, plugin.sample_players)(0.3)
    row = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| 20-30% | 1 |")]
    assert row and abs(float(row[0].split("|")[3].strip(" %")) - 100 * shown) < 0.06  # printed to one decimal


def test_wilson_interval_holds_the_rate(experiment):
    for rate, n in ((0.0, 5), (0.3, 40), (1.0, 7)):
        lo, hi = experiment.wilson(rate, n)
        assert 0.0 <= lo <= rate <= hi <= 1.0


def test_the_reliability_diagram_is_drawn(experiment, tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"estimate": 0.3, "outcome": 1}\n' * 20 + '{"estimate": 0.3, "outcome": 0}\n' * 30)
    png = tmp_path / "diagram.png"
    assert experiment.main([sample_game(), str(pairs), "--png", str(png), "--before", str(pairs)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
