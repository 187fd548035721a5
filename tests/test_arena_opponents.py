"""The arena's side of the arena-only opponents (issue 30), for any game that has them: they are seated by the
arena and never offered by the menus, an ``omniscient`` bot is handed the whole state (a clone) while the others
keep their views, and every distinct level gets its per-seat win rate with a 95% interval. (The opponents
themselves are tested in their game's folder: lama_desktop/games/lama/tests/test_arena_opponents.py.)"""

from __future__ import annotations

import json

import pytest

from lama_desktop import arena
from lama_desktop.bots import Bot, arena_levels, levels_for, make_arena_bot
from lama_desktop.engine.registry import get_game
from lama_desktop.games import GAMES

#: (game, level) of every arena-only level there is
ARENA_ONLY = [(game_id, level) for game_id in GAMES for level in arena_levels(game_id)
              if level not in levels_for(game_id)]


def test_some_game_has_arena_only_levels_and_the_menus_offer_none_of_them():
    assert ARENA_ONLY
    for game_id in GAMES:
        offered = levels_for(game_id)
        assert arena_levels(game_id)[:len(offered)] == offered


def test_level_rates_divide_the_shared_interval_among_a_levels_seats():
    # two games of three seats: "a" wins the first, the two "b" seats share the second
    results = [[(1.0, 3), (0.0, 9), (0.0, 12)], [(0.0, 20), (0.5, 4), (0.5, 4)]]
    a, b = arena.level_rates(["a", "b", "b"], results)
    assert (a["level"], a["seats"], a["wins"], a["win_rate"]) == ("a", 1, 1.0, 0.5)
    assert (b["level"], b["seats"], b["wins"], b["win_rate"]) == ("b", 2, 1.0, 0.25)
    lo, hi = arena.wilson_interval(1.0, 2)
    assert a["ci95"] == [round(lo, 4), round(hi, 4)] and b["ci95"] == [round(lo / 2, 4), round(hi / 2, 4)]
    assert a["mean_points"] == pytest.approx(11.5) and b["mean_points"] == pytest.approx(29 / 4)


class Seer(Bot):
    """An omniscient stand-in: it plays the first legal move of the state it is handed, and keeps what it saw."""

    level = "seer"
    omniscient = True

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.seen = []

    def choose(self, view):
        raise ValueError("a view")

    def choose_state(self, state):
        self.seen.append(state)
        return state.legal_moves()[0]


def test_an_omniscient_bot_is_handed_a_copy_of_the_whole_state(monkeypatch):
    game_id = next(iter(GAMES))
    seer = Seer(1)
    real = arena.make_arena_bot
    monkeypatch.setattr(arena, "make_arena_bot",
                        lambda g, level, seed: seer if level == "seer" else real(g, level, seed))
    players = GAMES[game_id].sample_players
    state = get_game(game_id).new(players, (), 3)
    bots = arena.seat_bots(game_id, ["seer", *["random"] * (players - 1)], state, range(players))
    assert isinstance(bots[0], arena.Sighted) and not any(isinstance(b, arena.Sighted) for b in bots[1:])
    seat = state.current_player
    bots[0].choose(state.view(seat))
    assert seer.seen[-1] is not state and seer.seen[-1].to_dict() == state.to_dict()
    with pytest.raises(ValueError, match="not to move"):
        bots[0].choose(state.view((seat + 1) % players))
    report = arena.run_arena(game_id, (), ["seer", *["random"] * (players - 1)], 2, 5, jobs=1, progress=False)
    assert report["games"] == 2 and len(seer.seen) > 1


def test_the_arena_seats_an_arena_only_level_and_reports_each_level(capsys):
    game_id, level = next((g, lv) for g, lv in ARENA_ONLY if not make_arena_bot(g, lv).omniscient)
    players = GAMES[game_id].sample_players
    seats = [level, *["random"] * (players - 1)]
    assert arena.main([game_id, "--players", ",".join(seats), "--games", "8", "--seed", "4", "--jobs", "1",
                       "--json"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    mine, rest = report["levels"]
    assert (mine["level"], mine["seats"], rest["level"], rest["seats"]) == (level, 1, "random", players - 1)
    assert mine["wins"] + rest["wins"] == pytest.approx(8)  # every game has its winners
    for row in (mine, rest):
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]


def test_the_arena_refuses_a_level_the_game_has_nowhere(capsys):
    game_id = next(iter(GAMES))
    assert arena.main([game_id, "--players", "psychic,random", "--games", "1", "--seed", "1"]) == 2
    assert "psychic" in capsys.readouterr().err
