"""docs/experiments/lama_vs_random.py (the experiments behind docs/bots-lama.md) keeps working as the bots change."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[4] / "docs" / "experiments" / "lama_vs_random.py"


@pytest.fixture(scope="module")
def experiments():
    spec = importlib.util.spec_from_file_location("lama_vs_random", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("bot", ["x-draw-first", "x-look-stuck-2", "x-hard-look", "x-flat-draw", "x-ismcts-400",
                                 "x-ismcts-draw-400", "x-cheat-hands", "x-cheat-hands-pile"])
def test_every_experimental_bot_plays_whole_games_against_random_bots(experiments, bot, monkeypatch, capsys):
    monkeypatch.setattr(experiments, "run_arena",
                        lambda *args, **kwargs: __import__("lama_desktop.arena", fromlist=["run_arena"]).run_arena(
                            *args, jobs=1, progress=False, **kwargs))
    assert experiments.main([bot, "--games", "2", "--seed", "4"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["games"] == 2 and report["seats"][0]["bot"] == bot
    assert sum(seat["wins"] for seat in report["seats"]) == pytest.approx(2.0)


def test_the_analysis_reports_how_rounds_end(experiments, capsys):
    assert experiments.main(["medium", "--games", "8", "--seed", "1", "--analyse"]) == 0
    out = capsys.readouterr().out
    assert "rounds in which we were left alone" in out and "re-scored with 2 points fewer per round" in out


def test_alone_remainder_is_what_cannot_be_played_from_the_top(experiments):
    from lama_desktop.games.lama.engine import names_to_hand

    assert experiments.alone_remainder(names_to_hand(["3", "4", "5"]), 3, False, False) == 0
    assert experiments.alone_remainder(names_to_hand(["3", "5", "L"]), 3, False, False) == 15  # the 5 and the llama
    assert experiments.alone_remainder(names_to_hand(["6", "L", "1"]), 6, False, False) == 0  # a run wraps after L
