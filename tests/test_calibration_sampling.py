"""How ``lama_desktop.calibration`` chooses the positions it asks the advisor about (issue 30): a uniform draw
over each game's real choices (reservoir sampling, so the game's length need not be known), the advisor asked only
about the kept positions and about exactly the view the seat had then (a view of the live state would show the
game's end), and the same pairs for every number of worker processes (a game's seeds come from the seed and its
number alone). Cheap games: every game of the registry with random bots and a made-up advisor."""

from __future__ import annotations

import random

import pytest

from lama_desktop import calibration
from lama_desktop.bots import make_bot
from lama_desktop.bots.base import Estimate
from lama_desktop.engine.registry import get_game
from registry_games import GAMES, game_ids, sample_game


def scripted(view) -> list[Estimate]:
    """A made-up advisor: every legal move, its chance a function of the view's seat and the number of moves
    (module level: it must pickle for the worker processes)."""
    moves = view.legal_moves()
    return [Estimate(move, round((view.seat + 1) / (len(moves) + 7), 5), None, "x") for move in moves]


def random_levels(game_id: str) -> list[str]:
    return ["random"] * GAMES[game_id].sample_players


def test_every_item_is_kept_alike_however_many_come():
    for items, size in ((10, 4), (3, 4), (25, 1)):
        kept_count = [0] * items
        rng = random.Random(items)
        for _ in range(4000):
            kept: list[int] = []
            for seen in range(1, items + 1):
                slot = calibration.reservoir_slot(seen, size, rng)
                if slot is not None:
                    kept[slot:slot + 1] = [seen - 1]
            assert len(kept) == min(size, items) and len(set(kept)) == len(kept)
            for item in kept:
                kept_count[item] += 1
        share = min(1.0, size / items)
        assert all(abs(count / 4000 - share) < 0.04 for count in kept_count), kept_count


def live_views(game_id: str, game_no: int, seed: int) -> list[tuple[int, str]]:
    """(seat, its legal moves) at every real choice of the game ``play_and_estimate`` plays, seen as it is played."""
    players = GAMES[game_id].sample_players
    state = get_game(game_id).new(players, (), seed * 7919 + game_no)
    bots = [make_bot(game_id, "random", seed * 1000 + game_no * 10 + s) for s in range(players)]
    seen = []
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        move = bots[seat].choose(view)
        if len(view.legal_moves()) > 1:
            seen.append((seat, repr(view.legal_moves())))
        state.apply(move)
    return seen


@pytest.mark.parametrize("game_id", game_ids())
def test_the_advisor_is_asked_about_the_view_the_seat_had(game_id):
    asked = []

    def recording(view):
        asked.append((view.seat, repr(view.legal_moves())))
        return scripted(view)

    calibration.play_and_estimate(game_id, 1, 5, GAMES[game_id].sample_players, per_game=10_000,
                                  levels=random_levels(game_id), estimate=recording)
    assert asked and asked == live_views(game_id, 1, 5)


def test_only_the_kept_positions_are_asked_and_they_spread_over_the_game():
    game_id = sample_game()
    players = GAMES[game_id].sample_players
    every = live_views(game_id, 2, 9)
    asked = []

    def recording(view):
        asked.append((view.seat, repr(view.legal_moves())))
        return scripted(view)

    firsts = []
    for game_no in range(1, 31):
        asked.clear()
        views = live_views(game_id, game_no, 9)
        pairs = calibration.play_and_estimate(game_id, game_no, 9, players, per_game=2,
                                              levels=random_levels(game_id), estimate=recording)
        assert len(asked) == len(pairs) == min(2, len(views))
        firsts.append(views.index(asked[0]) / len(views))
    assert len(every) > 2
    assert max(firsts) > 0.5  # not bunched at the start, as a chance at each choice with a cap was


def test_the_pairs_do_not_depend_on_the_number_of_processes():
    game_id = sample_game()
    options = {"levels": random_levels(game_id), "estimate": scripted}
    alone = list(calibration.collect(game_id, 13, 21, jobs=1, **options))
    assert len(alone) == 13
    assert list(calibration.collect(game_id, 13, 21, jobs=2, **options)) == alone
    assert list(calibration.collect(game_id, 5, 21, jobs=3, **options)) == alone[:5]
