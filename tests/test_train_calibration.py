"""``python -m lama_desktop.train calibration`` (issue 30): the maps are data fitted by a reproducible command:
the same seed gives the same bytes (a tiny smoke run here, never the full budget: that is a measurement,
docs/bots-advisor.md), other games' maps in the file are kept, saved pairs refit to the same bytes, a damaged
file in the way is set aside, and bad arguments are one line with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from lama_desktop import calibration, calibration_map, train
from registry_games import GAMES, sample_game

#: a few positions: enough to run the whole command, far too few to mean anything
TINY = "3"


@pytest.fixture(autouse=True)
def fresh_maps():
    calibration_map.forget()
    yield
    calibration_map.forget()


def shipped_at(out, game_id: str):
    return train.target_file(GAMES[game_id], out)


def test_the_same_seed_gives_the_same_bytes_whatever_the_jobs_and_saved_pairs_refit_to_them(tmp_path, capsys):
    game_id = sample_game()
    args = ["calibration", game_id, "--positions", TINY, "--seed", "4"]
    saving = ["--save-pairs", str(tmp_path / "pairs"), "--jobs", "1"]
    assert train.main(args + ["--out", str(tmp_path / "a")] + saving) == 0
    assert train.main(args + ["--out", str(tmp_path / "b"), "--jobs", "2"]) == 0  # processes change nothing
    assert train.main(args + ["--out", str(tmp_path / "c"), "--from-pairs", str(tmp_path / "pairs")]) == 0
    first = shipped_at(tmp_path / "a", game_id).read_bytes()
    assert first == shipped_at(tmp_path / "b", game_id).read_bytes() == shipped_at(tmp_path / "c", game_id).read_bytes()
    data = json.loads(first)
    entry = data["maps"][game_id][str(GAMES[game_id].sample_players)]
    assert entry["positions"] == 3 and entry["seed"] == 4 and "--seed 4" in entry["command"]
    assert entry["min_block"] in calibration_map.BLOCKS
    assert set(entry["cv_brier"]) == {str(b) for b in calibration_map.BLOCKS}
    assert entry["per_game"] == calibration.PER_GAME and entry["folds"] == calibration_map.FOLDS
    assert list(data) == sorted(data) and len((tmp_path / "pairs" / f"{game_id}.jsonl").read_text().splitlines()) == 3
    calibration_map.parse_file(data)  # the advisor reads what the tool writes


def test_other_maps_in_the_file_are_kept(tmp_path):
    game_id = sample_game()
    path = shipped_at(tmp_path, game_id)
    path.parent.mkdir(parents=True)
    other = {"x": [0.5], "y": [0.5], "positions": 1, "seed": 0, "command": "earlier"}
    path.write_text(json.dumps({"kind": calibration_map.KIND, "version": 1, "maps": {"elsewhere": {"2": other}}}))
    pairs = tmp_path / "pairs"
    pairs.mkdir()
    (pairs / f"{game_id}.jsonl").write_text('{"estimate": 0.3, "outcome": 1}\n{"estimate": 0.2, "outcome": 0}\n')
    assert train.main(["calibration", game_id, "--positions", "2", "--seed", "1", "--out", str(tmp_path),
                       "--from-pairs", str(pairs)]) == 0
    maps = json.loads(path.read_text())["maps"]
    assert maps["elsewhere"]["2"] == other and game_id in maps


def test_a_damaged_file_in_the_way_is_set_aside_not_overwritten(tmp_path, capsys):
    game_id = sample_game()
    path = shipped_at(tmp_path, game_id)
    path.parent.mkdir(parents=True)
    path.write_text("{damaged")
    pairs = tmp_path / "pairs"
    pairs.mkdir()
    (pairs / f"{game_id}.jsonl").write_text('{"estimate": 0.3, "outcome": 1}\n')
    assert train.main(["calibration", game_id, "--positions", "1", "--seed", "1", "--out", str(tmp_path),
                       "--from-pairs", str(pairs)]) == 0
    kept = [p for p in path.parent.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_text() == "{damaged" and "kept as" in capsys.readouterr().err
    assert game_id in json.loads(path.read_text())["maps"]


@pytest.mark.parametrize("args", [
    ["calibration", "no-such-game", "--positions", "3", "--seed", "1"],
    ["calibration", "all", "--positions", "0", "--seed", "1"],
    ["calibration", "all", "--positions", "3"],
    ["calibration", "all", "--positions", "3", "--seed", "1", "--players", "99"],
    ["calibration", "all", "--positions", "5", "--seed", "1", "--from-pairs", "/nonexistent-folder"],
    ["calibration", "all", "--positions", "3", "--seed", "1", "--jobs", "0"],
])
def test_bad_arguments_are_one_line_and_status_2(args, capsys):
    assert train.main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err


def test_a_real_process_prints_one_line_and_exits_2():
    done = subprocess.run([sys.executable, "-m", "lama_desktop.train", "calibration", "no-such-game", "--positions",
                           "3", "--seed", "1"], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
