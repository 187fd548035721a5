"""The advisor (lama_desktop.advise): every legal move with a chance to win, best first, from the seat's view only;
the CLI's answers and its refusals (exit status 2).

Its speed is measured with ``python -m lama_desktop.bench advise``, its calibration with
``docs/experiments/advisor_calibration.py``, never here.
"""

from __future__ import annotations

import json
import random
from operator import attrgetter
from pathlib import Path

import pytest

from lama_desktop import advise as advise_module
from lama_desktop.advise import AdviceError, advise, advise_state, load_position, main, summary_line
from lama_desktop.bench import advise_positions
from lama_desktop.bots import make_bot
from lama_desktop.games.llama_land.bots import ADVISOR_PLACEMENTS, PLACEMENT_KINDS
from lama_desktop.games.lama.engine import LamaState
from lama_desktop.engine.registry import get_game
from lama_desktop.games import GAMES as REGISTRY

#: per game: the seats of its sample positions, and what a seat cannot see (attributes of the state that two
#: positions alike from the seat may differ in: dice has only the dice still to come)
SEATS = {"lama": 3, "lama-party": 4, "lama-dice": 3, "lama-cadabra": 4, "llama-land": 2}
HIDDEN = {"lama": ("hands", "pile"), "lama-party": ("hands", "pile"), "lama-cadabra": ("hands", "pile"),
          "llama-land": ("stacks", "deck"), "lama-dice": ("rng.state",)}
GAMES = [(game_id, SEATS[game_id]) for game_id in REGISTRY if game_id in SEATS]


def test_every_registered_game_is_advised():
    assert set(SEATS) == set(REGISTRY) == set(HIDDEN)


def _position(game_id: str, players: int, seed: int, moves: int):
    """A seeded medium-bot game stopped after about ``moves`` moves, at a seat with a real choice."""
    state = get_game(game_id).new(players, (), seed)
    level = "medium"
    bots = [make_bot(game_id, level, seed * 10 + s) for s in range(players)]
    step = 0
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        if step >= moves and len(view.legal_moves()) > 1:
            return state
        state.apply(bots[seat].choose(view))
        step += 1
    raise AssertionError("the game ended before the position was reached")


def _check_answer(view, estimates):
    legal = view.legal_moves()
    moves = [e.move for e in estimates]
    assert len(set(moves)) == len(moves)
    assert set(moves) <= set(legal)
    if view.game_id == "llama-land" and view.phase == "place":
        placements = [m for m in moves if m.kind in PLACEMENT_KINDS]
        assert 0 < len(placements) <= ADVISOR_PLACEMENTS
        assert {m for m in legal if m.kind not in PLACEMENT_KINDS} <= set(moves)
    else:
        assert set(moves) == set(legal)
    wins = [e.win for e in estimates]
    assert all(0.0 <= w <= 1.0 for w in wins)
    assert wins == sorted(wins, reverse=True)
    for e in estimates:
        assert isinstance(e.reason, str) and e.reason
        json.dumps(e.params)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_every_legal_move_gets_a_chance_to_win_best_first(game_id, players):
    for seed, moves in ((1, 9), (2, 25)):
        state = _position(game_id, players, seed, moves)
        view = state.view(state.current_player)
        _check_answer(view, advise(view))


def test_the_bench_positions_of_every_game_are_answered():
    views = advise_positions(10, seed=3)
    assert {v.game_id for v in views} == set(REGISTRY)
    for view in views:
        _check_answer(view, advise(view))


def _hidden_differs(game_id, a, b) -> bool:
    return any(attrgetter(name)(a) != attrgetter(name)(b) for name in HIDDEN[game_id])


@pytest.mark.parametrize("game_id,players", GAMES)
def test_positions_alike_from_the_seat_get_the_same_answer(game_id, players):
    state = _position(game_id, players, 4, 14)
    seat = state.current_player
    view = state.view(seat)
    twins = [view.sample_state(random.Random(k)) for k in (11, 12)]
    if game_id == "lama-dice":
        twins[1].rng.state ^= 0x5DEECE66D
    assert _hidden_differs(game_id, *twins), "the twins must differ in what the seat cannot see"
    assert twins[0].view(seat).to_dict() == twins[1].view(seat).to_dict()
    answers = [advise_state(twin, seat) for twin in twins]
    assert answers[0] == answers[1]


def test_the_lama_advisor_prefers_the_last_card_and_words_it():
    state = LamaState.crafted(hands=[["3"], ["1", "2", "4", "5", "6"], ["L", "L", "6"]], top="3",
                              pile=["1", "2", "4", "5", "6", "L"] * 3, points=[12, 20, 25])
    estimates = advise(state.view(0))
    assert [str(e.move) for e in estimates][0] == "play 3"
    assert {str(e.move) for e in estimates} == {"play 3", "draw", "quit"}
    line = summary_line(estimates, "lama")
    assert line.startswith("Playing 3: ") and "% to win the game — your hand drops to 0 points; " in line
    quit_row = next(e for e in estimates if str(e.move) == "quit")
    assert quit_row.points == pytest.approx(3.0)  # quitting scores the hand's 3 points, nothing else


def test_the_runner_up_keeps_its_capitals_in_german():
    # German capitalises nouns ("Tableau", "Chips") and names: the second move is not lower-cased
    from lama_desktop.core import i18n

    state = LamaState.crafted(hands=[["3"], ["1", "2", "4", "5", "6"], ["L", "L", "6"]], top="3",
                              pile=["1", "2", "4", "5", "6", "L"] * 3, points=[12, 20, 25])
    estimates = advise(state.view(0))
    i18n.set_language("de")
    try:
        line = summary_line(estimates, "lama")
    finally:
        i18n.set_language("en")
    assert line.startswith("3 legen: ") and "% Siegchance – deine Hand sinkt auf 0 Punkte; " in line
    assert line.split("; ")[1].startswith(("Nachziehen: ", "Aussteigen: ")), line


# -- the command line -------------------------------------------------------------------------------------------

def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("game_id,players", GAMES)
def test_cli_json_answers_for_every_game(game_id, players, tmp_path, capsys):
    state = _position(game_id, players, 5, 11)
    seat = state.current_player
    path = _write(tmp_path, "position.json", state.to_dict())
    assert main([str(path), "--seat", str(seat), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seat"] == seat
    rows = out["moves"]
    assert rows and all(set(r) >= {"move", "win", "reason"} for r in rows)
    assert [r["win"] for r in rows] == sorted((r["win"] for r in rows), reverse=True)
    assert all(0.0 <= r["win"] <= 1.0 and r["reason"] for r in rows)
    legal = {str(m) for m in state.legal_moves()}
    assert {r["move"] for r in rows} <= legal


def test_cli_text_lists_moves_and_reads_an_autosave(tmp_path, capsys):
    state = _position("lama", 3, 6, 8)
    seat = state.current_player
    save = {"kind": advise_module.AUTOSAVE_KIND, "save_version": 1, "game": "lama", "record": {},
            "state": state.to_dict(), "meta": {}}
    path = _write(tmp_path, "autosave.json", save)
    assert main([str(path), "--seat", str(seat), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "% de gagner la partie" in out
    for move in state.legal_moves():
        assert str(move) in out
    advise_module.set_language("en")


@pytest.mark.parametrize("content,expected", [
    ("{not json", "not a JSON game position"),
    ("", "not a JSON game position"),
    ({"hello": "world"}, "not a position this version can read"),
    ({"format": 1, "game": "chess", "version": 1}, "not a position this version can read"),
])
def test_cli_refuses_damaged_or_foreign_files_with_status_2(content, expected, tmp_path, capsys):
    path = _write(tmp_path, "bad.json", content)
    assert main([str(path), "--seat", "0"]) == 2
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err


def test_cli_refuses_a_damaged_state_and_a_missing_file(tmp_path, capsys):
    data = _position("lama-cadabra", 4, 7, 10).to_dict()
    data["hands"] = "oops"
    assert main([str(_write(tmp_path, "damaged.json", data)), "--seat", "0"]) == 2
    assert main([str(tmp_path / "missing.json"), "--seat", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("advise:") == 2


def test_cli_refuses_a_seat_that_is_not_to_move(tmp_path, capsys):
    state = _position("lama-dice", 3, 8, 6)
    other = (state.current_player + 1) % 3
    path = _write(tmp_path, "position.json", state.to_dict())
    assert main([str(path), "--seat", str(other)]) == 2
    assert f"seat {other} is not to move" in capsys.readouterr().err
    assert main([str(path), "--seat", "7"]) == 2
    assert "there is no seat 7" in capsys.readouterr().err
    with pytest.raises(AdviceError):
        load_position(tmp_path / "nowhere.json")


def test_the_advisor_never_imports_pygame():
    import subprocess
    import sys

    code = "import sys, lama_desktop.advise, lama_desktop.bench; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize("path", sorted((Path(__file__).parent / "positions").glob("*.json")), ids=lambda p: p.stem)
def test_cli_answers_for_the_crafted_positions(path, capsys):
    state = load_position(path)
    if state.is_over or not state.legal_moves():
        pytest.skip("nobody is to move in this position")
    assert main([str(path), "--seat", str(state.current_player), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["moves"]
    assert rows and {r["move"] for r in rows} <= {str(m) for m in state.legal_moves()}
