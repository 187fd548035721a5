"""``lama-desktop games --profile DIR --json``: every unfinished game of the profile (where, seat, players, last
move) and how many finished games it keeps, never a token; bad arguments are one line and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from lama_desktop.__main__ import main
from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.seats import JoinedSeat
from lama_desktop.engine.record import GameRecord
from lama_desktop.storage import Storage
from registry_games import sample_game

ROOT = Path(__file__).resolve().parents[1]


def profile(folder: Path) -> Storage:
    store = Storage(profile=folder)
    record = GameRecord(sample_game(), 3, (), 7, {})
    state = record.new_state()
    for _ in range(5):
        record.play(state, state.legal_moves()[0])
    seats = [SeatConfig("Anna", "human"), SeatConfig("Bruno", "bot", "easy"), SeatConfig("Carla", "bot", "easy")]
    config = {"game": sample_game(), "seats": [s.to_dict() for s in seats], "variants": [], "first_dealer": 0,
              "seed": 7}
    store.autosave(record, state, {"config": config, "seats": [s.to_dict() for s in seats]}, key="solo")
    store.seat_book.remember(JoinedSeat("127.0.0.1", 47999, "ABCD", "Anna", 1, "secret-token", sample_game(),
                                        ["Bruno", "Anna"], {"round": 2, "scores": [3, 8]}, "2026-01-01T00:00:00"))
    store.record_result(sample_game(), ["Anna", "Bruno"], [3, 9], [0])
    return store


def test_games_json_lists_the_unfinished_games_and_counts_the_finished(tmp_path, capsys):
    profile(tmp_path).close()
    assert main(["games", "--profile", str(tmp_path), "--json"]) == 0
    out = capsys.readouterr().out
    found = json.loads(out)
    assert found["finished"] == 1 and "secret-token" not in out
    solo, joined = sorted(found["unfinished"], key=lambda e: e["where"], reverse=True)
    assert (solo["where"], solo["game"], solo["seat"], solo["players"]) == ("local", sample_game(), 0,
                                                                            ["Anna", "Bruno", "Carla"])
    assert solo["moves"] == 5 and solo["last_move"]
    assert (joined["where"], joined["host"], joined["port"], joined["seat"]) == ("joined", "127.0.0.1", 47999, 1)


def test_games_reads_a_profile_another_copy_holds(tmp_path):
    store = profile(tmp_path)
    assert len(store.unfinished()) == 2  # this process holds the profile
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from lama_desktop.__main__ import main
        sys.exit(main(["games", "--profile", {str(tmp_path)!r}, "--json"]))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["unfinished"]) == 2 and "secret-token" not in done.stdout
    store.close()


@pytest.mark.parametrize("args, says", [
    (["--profile", ""], "needs a folder"),
    (["--profile", "/nonexistent/folder/x"], "not a folder"),
    (["--jsn"], "unrecognized"),
])
def test_bad_arguments_are_one_line_and_status_2(args, says, capsys):
    assert main(["games", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("lama-desktop games: error:") and says in err
