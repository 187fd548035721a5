"""The arena-only L.A.M.A. opponents (issue 30): the TU/e rule's f, never-quit's choices, the frozen hard level
kept out of the menus and fingerprinted, the perfect bound refusing a view and searching the true hands (the
arena's side: tests/test_arena_opponents.py)."""

from __future__ import annotations

import hashlib

import pytest

from lama_desktop.bots import arena_levels, levels_for, make_arena_bot, make_bot
from lama_desktop.games.lama.arena_bots import FrozenHardBot, NeverQuitBot, PerfectBot, TueBot, distinct_values, tue_f
from lama_desktop.games.lama.bots import Rules
from lama_desktop.games.lama.engine import CARD_TYPE, DRAW, PLAY, QUIT, LamaState, Move, names_to_hand


def _view(hands, top, pile=("1", "2", "3"), seat=0, **kwargs):
    return LamaState.crafted(hands=hands, top=top, pile=pile, current=seat, **kwargs).view(seat)


def _play(card: str):
    return PLAY[CARD_TYPE[card]]


def test_tue_f_on_worked_values():
    # f = g(x) + (y - 3.920) + 1.222 z, g = -17.576 for one value, else 12.242 x
    assert tue_f(1, 3, 2) == pytest.approx(-17.576 - 0.92 + 2.444)       # -16.052: quit
    assert tue_f(2, 10, 4) == pytest.approx(24.484 + 6.08 + 4.888)      # 35.452: go on
    assert tue_f(1, 10, 10) == pytest.approx(-17.576 + 6.08 + 12.22)    # 0.724: go on
    assert tue_f(1, 10, 9) == pytest.approx(-0.498)                     # one card fewer somewhere: quit
    assert tue_f(3, 0, 0) == pytest.approx(36.726 - 3.92)


def test_distinct_values_count_plus_and_pink_cards_as_their_values():
    assert distinct_values(names_to_hand(["3", "3", "3+", "L", "P"])) == 2
    assert distinct_values(names_to_hand(["1", "6"])) == 2
    assert distinct_values(names_to_hand(["5"])) == 1


def test_never_quit_plays_the_same_value_first_then_the_next():
    bot = NeverQuitBot(1)
    assert bot.choose(_view([["4", "3", "6"], ["1"]], "3")) == _play("3")
    assert bot.choose(_view([["6", "4"], ["1"]], "3")) == _play("4")
    assert bot.choose(_view([["1", "L"], ["2"]], "L")) == _play("L")


def test_never_quit_draws_when_stuck_and_quits_only_when_it_must():
    bot = NeverQuitBot(1)
    assert bot.choose(_view([["1"], ["2"]], "4")) == DRAW
    assert bot.choose(_view([["1"], ["2"]], "4", pile=())) == QUIT  # no card fits and nothing to draw


def test_tue_quits_a_cheap_one_value_hand_when_stuck_else_plays_like_never_quit():
    bot = TueBot(1)
    # one value (5), 5 points, fewest cards 1: f = -17.576 + 1.08 + 1.222 < 0
    assert bot.choose(_view([["5", "5"], ["2"]], "2")) == QUIT
    # two values: g = 24.484, never negative here: draw
    assert bot.choose(_view([["5", "6"], ["2"]], "2")) == DRAW
    # one value but a card fits: play it (the rule is only asked when stuck)
    assert bot.choose(_view([["5", "5"], ["2"]], "5")) == _play("5")


def test_arena_levels_are_not_offered_by_the_menus():
    for game_id in ("lama", "lama-party"):
        offered = levels_for(game_id)
        assert offered == ["random", "easy", "medium", "hard"]
        assert arena_levels(game_id) == [*offered, "never-quit", "tue", "hard-2026-11", "perfect"]
        with pytest.raises(ValueError):
            make_bot(game_id, "hard-2026-11")
        assert isinstance(make_arena_bot(game_id, "hard-2026-11", 3), FrozenHardBot)


def test_the_perfect_bot_refuses_a_view():
    state = LamaState.crafted(hands=[["1", "2"], ["3", "4"]], top="1", pile=["5", "6"])
    bot = make_arena_bot("lama", "perfect", 1)
    assert bot.omniscient and not make_arena_bot("lama", "hard", 1).omniscient
    with pytest.raises(ValueError, match="only the arena"):
        bot.choose(state.view(0))


def test_the_perfect_bot_rolls_out_on_the_true_hands():
    state = LamaState.new("lama", 4, frozenset(), 5)
    bot = PerfectBot(2)
    bot._truth = state
    view = state.view(state.current_player)
    hands, pile = bot._sampler(view, Rules(view), bot.rng)()
    assert hands == state.hands and sorted(pile) == sorted(state.pile)
    bot._truth = None
    move = bot.choose_state(state.clone())
    assert move in state.legal_moves() and bot._truth is None


def frozen_fingerprint(decisions: int = 12) -> str:
    """The frozen level's search values at the first ``decisions`` real decisions of seat 0 in a seeded game
    driven by never-quit bots (whose play the arena owns): every candidate's mean, to 6 places."""
    state = LamaState.new("lama", 4, frozenset(), 2026)
    frozen = FrozenHardBot(11)
    drivers = [NeverQuitBot(12 + seat) for seat in range(4)]
    seen = []
    while not state.is_over and len(seen) < decisions:
        seat = state.current_player
        view = state.view(seat)
        if seat == 0:
            decision = frozen.prepare(view)
            if not isinstance(decision, Move):
                best, means = frozen.estimate(decision, 16)
                seen.append(f"{best}:{','.join(f'{m:.6f}' for m in means)}")
        state.apply(drivers[seat].choose(view))
    return hashlib.sha256(" ".join(seen).encode()).hexdigest()[:16]


def test_the_frozen_hard_level_plays_as_it_did():
    """If this changes, the shared search code moved the frozen level: copy the old code into arena_bots.py rather
    than update the fingerprint."""
    assert frozen_fingerprint() == FROZEN_FINGERPRINT


FROZEN_FINGERPRINT = "b833815ada5b582b"
