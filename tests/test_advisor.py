"""The advisor (lama_desktop.advise): every legal move with a chance to win, best first, from the seat's view only;
the CLI's answers and its refusals (exit status 2).

Its speed is measured with ``python -m lama_desktop.bench advise``, its calibration with
``docs/experiments/advisor_calibration.py``, never here.
"""

from __future__ import annotations

import json
import random
from operator import attrgetter

import pytest

from lama_desktop.advise import advise, advise_state, load_position, main
from lama_desktop.bench import advise_positions
from registry_games import crafted_positions
from lama_desktop.bots import make_bot
from lama_desktop.engine.registry import get_game
from lama_desktop.games import GAMES as REGISTRY

#: per game: the seats of its sample positions (``samples.advisor_seats``)
GAMES = [(game_id, plugin.samples.advisor_seats) for game_id, plugin in REGISTRY.items()]


def test_every_game_of_hidden_information_says_what_a_seat_cannot_see():
    """``samples.advisor_hidden``: attributes of the state that two positions alike from the seat may differ in
    (``rng.state``: only the chance still to come, as the dice's); a game with hidden hands must name them."""
    for game_id, plugin in REGISTRY.items():
        assert plugin.samples.advisor_hidden or not plugin.hidden_hands, game_id


def _position(game_id: str, players: int, seed: int, moves: int):
    """A seeded medium-bot game stopped after about ``moves`` moves (of a game of 60 decisions or more: fewer in a
    shorter one, ``samples.calibration_moves``), at a seat with a real choice."""
    moves = moves * min(60, REGISTRY[game_id].samples.calibration_moves) // 60
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
    sample = REGISTRY[view.game_id].samples
    sampled = set(sample.advisor_sampled)  # the move kinds the advisor lists only the best of
    if any(m.kind in sampled for m in legal):
        placements = [m for m in moves if m.kind in sampled]
        assert 0 < len(placements) <= sample.advisor_sampled_max
        assert {m for m in legal if m.kind not in sampled} <= set(moves)
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
    return any(attrgetter(name)(a) != attrgetter(name)(b) for name in REGISTRY[game_id].samples.advisor_hidden)


@pytest.mark.parametrize("game_id,players", GAMES)
def test_positions_alike_from_the_seat_get_the_same_answer(game_id, players):
    if not REGISTRY[game_id].samples.advisor_hidden:
        pytest.skip("the game declares nothing that a seat cannot see")
    state = _position(game_id, players, 4, 14)
    seat = state.current_player
    view = state.view(seat)
    twins = [view.sample_state(random.Random(k)) for k in (11, 12)]
    if REGISTRY[game_id].samples.advisor_hidden == ("rng.state",):  # only the chance to come: make it differ
        twins[1].rng.state ^= 0x5DEECE66D
    assert _hidden_differs(game_id, *twins), "the twins must differ in what the seat cannot see"
    assert twins[0].view(seat).to_dict() == twins[1].view(seat).to_dict()
    answers = [advise_state(twin, seat) for twin in twins]
    assert answers[0] == answers[1]


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


def test_the_advisor_never_imports_pygame():
    import subprocess
    import sys

    code = "import sys, lama_desktop.advise, lama_desktop.bench; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


@pytest.mark.parametrize("path", crafted_positions(), ids=lambda p: p.stem)
def test_cli_answers_for_the_crafted_positions(path, capsys):
    state = load_position(path)
    if state.is_over or not state.legal_moves():
        pytest.skip("nobody is to move in this position")
    assert main([str(path), "--seat", str(state.current_player), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["moves"]
    assert rows and {r["move"] for r in rows} <= {str(m) for m in state.legal_moves()}
