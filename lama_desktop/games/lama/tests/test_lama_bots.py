"""The L.A.M.A. bots: legal moves only, determinism, no peeking at hidden cards, clear-cut tactics, the budget.

Strength and speed are measured with ``python -m lama_desktop.arena`` / ``bench`` (docs/bots-lama.md), never here.
"""

from __future__ import annotations

import pytest

from lama_desktop.bots import levels_for, make_bot
from lama_desktop.games.lama.bots import HardBot, hand_points_fast, simulate_round
from lama_desktop.bots.search import determinized_root_search, race_win_probability, race_win_probability_rates
from lama_desktop.games.lama.engine import LamaState, Move, hand_points
from lama_desktop.engine.registry import get_game

GAMES = [
    ("lama", ()),
    ("lama", ("drama",)),
    ("lama", ("lama20",)),
    ("lama", ("llama-each-10",)),
    ("lama-party", ()),
    ("lama-party", ("drama", "llama-each-10")),
]


def _bot(game_id: str, level: str, seed: int):
    if level == "hard-small":  # the search itself, on a small budget so that many games stay fast
        return HardBot(seed, iterations=6)
    return make_bot(game_id, level, seed)


def _play(game_id, variants, levels, seed, check=True):
    state = get_game(game_id).new(len(levels), variants, seed)
    bots = [_bot(game_id, level, seed * 10 + s) for s, level in enumerate(levels)]
    moves = []
    while not state.is_over:
        seat = state.current_player
        view = state.view(seat)
        move = bots[seat].choose(view)
        if check:
            assert move in state.legal_moves(), (levels[seat], str(move), [str(m) for m in state.legal_moves()])
        state.apply(move)
        moves.append(str(move))
        assert len(moves) < 5000
    return state, moves


def test_every_level_is_registered_for_both_games():
    for game_id in ("lama", "lama-party"):
        assert levels_for(game_id) == ["random", "easy", "medium", "hard"]


@pytest.mark.parametrize("game_id,variants", GAMES)
def test_bots_only_play_legal_moves(game_id, variants):
    for seed in range(6):
        _play(game_id, variants, ["easy", "medium", "hard-small", "random"], seed)
        _play(game_id, variants, ["medium", "medium", "medium"], 100 + seed)


def test_full_budget_hard_bot_plays_a_whole_game_legally():
    _play("lama", ("drama",), ["hard", "medium", "easy", "random"], 7)
    _play("lama-party", (), ["hard", "medium", "medium"], 8)


@pytest.mark.parametrize("level", ["easy", "medium", "hard-small"])
def test_bots_are_deterministic_for_a_seed(level):
    first = _play("lama-party", ("drama",), [level, level, "medium", level], 3)[1]
    again = _play("lama-party", ("drama",), [level, level, "medium", level], 3)[1]
    assert first == again


def _twins():
    """Two states identical from seat 0's view whose hidden cards (other hands, pile order) differ."""
    common = dict(top="3", discard=["6", "2", "3"], current=0, points=[12, 20, 7, 31])
    a = LamaState.crafted("lama", hands=[["3", "4", "6", "L"], ["1", "1", "5"], ["2", "5", "6"], ["4", "L"]],
                          pile=["1", "2", "3", "4", "5", "6", "L"], **common)
    b = LamaState.crafted("lama", hands=[["3", "4", "6", "L"], ["L", "6", "2"], ["5", "1", "4"], ["5", "1"]],
                          pile=["L", "6", "5", "4", "3", "2", "1"], **common)
    assert a.view(0).unseen_cards() == b.view(0).unseen_cards()
    return a, b


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_do_not_depend_on_hidden_cards(level):
    a, b = _twins()
    for seed in range(5):
        bot_a, bot_b = make_bot("lama", level, seed), make_bot("lama", level, seed)
        assert bot_a.choose(a.view(0)) == bot_b.choose(b.view(0))


def test_hard_bot_search_does_not_depend_on_hidden_cards_when_it_searches():
    # stuck (nothing to play on a 6): draw or quit is a real search decision
    common = dict(top="6", discard=["6"], current=0, points=[5, 9, 30, 14])
    a = LamaState.crafted("lama", hands=[["2", "3", "3"], ["1", "1", "5"], ["2", "5", "6"], ["4", "L"]],
                          pile=["1", "2", "3", "4", "5", "6", "L"], **common)
    b = LamaState.crafted("lama", hands=[["2", "3", "3"], ["L", "6", "2"], ["5", "1", "4"], ["5", "1"]],
                          pile=["L", "6", "5", "4", "3", "2", "1"], **common)
    for seed in range(4):
        bot_a, bot_b = HardBot(seed, iterations=40), HardBot(seed, iterations=40)
        assert bot_a.choose(a.view(0)) == bot_b.choose(b.view(0))
        assert bot_a.rollouts == bot_b.rollouts == 80


ALL_LEVELS = ["easy", "medium", "hard"]


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_plays_the_last_card_to_empty_the_hand(level):
    state = LamaState.crafted("lama", hands=[["5"], ["1", "2", "3"], ["4", "4"]], pile=["1", "2", "6"], top="4")
    assert make_bot("lama", level, 1).choose(state.view(0)) == Move.parse("play 5")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_quits_a_single_low_card_when_stuck_and_rivals_are_about_to_go_out(level):
    state = LamaState.crafted("lama", hands=[["1"], ["5"], ["6"], ["5"]], pile=["2", "3", "4", "L", "L", "6"],
                              top="5", points=[10, 10, 10, 10])
    assert make_bot("lama", level, 2).choose(state.view(0)) == Move.parse("quit")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_plays_the_whole_run_in_order_when_alone(level):
    # alone in the round with 3, 4, 5 on a 3: play the 3 first, then 4 and 5, and the hand is empty
    state = LamaState.crafted("lama", hands=[["5", "4", "3"], ["6", "6"], ["1"]], pile=["2", "L"], top="3",
                              active=[True, False, False])
    bot = make_bot("lama", level, 3)
    for expected in ("play 3", "play 4", "play 5"):
        move = bot.choose(state.view(0))
        assert move == Move.parse(expected)
        state.apply(move)
    assert state.round_no == 2 and state.history[0] == [0, 6, 1]  # emptied: 0 points; two 6s score 6


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_returns_the_largest_token_after_emptying_the_hand(level):
    state = LamaState.crafted("lama", hands=[["3"], ["1", "2"], ["6", "L"]], pile=["4", "5"], top="3",
                              points=[25, 3, 8])
    state.apply("play 3")
    assert state.legal_moves() == [Move.parse("return 10"), Move.parse("return 1")]
    assert make_bot("lama", level, 4).choose(state.view(0)) == Move.parse("return 10")


@pytest.mark.parametrize("level", ALL_LEVELS)
def test_drama_plays_a_llama_rather_than_take_a_heavy_board(level):
    state = LamaState.crafted("lama", hands=[["L", "3", "4"], ["1", "2"], ["6", "5"]], pile=["4", "5"], top="L",
                              variants=("drama",), board=(0, 5, 0), drama=True, points=[15, 3, 8])
    assert make_bot("lama", level, 5).choose(state.view(0)) == Move.parse("play L")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_party_plus_card_keeps_the_turn_to_empty_the_hand(level):
    # 4+ on the 4 gives an extra turn, then the 5 empties the hand (the 5 first would strand the 4+)
    state = LamaState.crafted("lama-party", hands=[["4+", "5"], ["6", "6"], ["1", "2"]], pile=["3"],
                              top="4", active=[True, True, False])
    bot = make_bot("lama-party", level, 6)
    assert bot.choose(state.view(0)) == Move.parse("play 4+")
    state.apply("play 4+")
    assert bot.choose(state.view(0)) == Move.parse("play 5")


def test_hard_bot_respects_its_iteration_budget():
    a, _ = _twins()  # seat 0 can play a 3 or a 4 on the 3: two candidates
    for iterations in (1, 7, 30):
        bot = HardBot(0, iterations=iterations)
        bot.choose(a.view(0))
        assert bot.rollouts == 2 * iterations


def test_fast_scoring_matches_the_engine():
    import random

    rng = random.Random(0)
    for _ in range(2000):
        hand = [0] * 15
        for _ in range(rng.randrange(0, 9)):
            hand[rng.randrange(1, 15)] += 1
        for each in (False, True):
            assert hand_points_fast(hand, each) == hand_points(hand, True, each)[0]


def test_rollout_simulator_conserves_cards_and_ends_the_round():
    from lama_desktop.games.lama.bots import MEDIUM, Rules

    state = get_game("lama-party").new(4, ("drama",), 9)
    view = state.view(0)
    rules = Rules(view)
    for seed in range(50):
        sim = view.sample_state(__import__("random").Random(seed))
        hands = [h[:] for h in sim.hands]
        pile = sim.pile[:]
        before = sum(map(sum, hands)) + len(pile)
        final = simulate_round(rules, MEDIUM, hands, sim.hand_sizes[:], pile, sim.top, sim.active[:], 4, 0,
                               sim.points[:], 0, 0, False, None, [0.0] * 4)
        assert sum(map(sum, hands)) + len(pile) <= before
        assert len(final) == 4 and all(p >= 0 for p in final)


def test_race_win_probability_is_exact_at_the_end_and_monotone_before():
    assert race_win_probability([41, 10, 10, 30], 1, 40, 6, 7) == 0.5
    assert race_win_probability([41, 10, 12, 30], 0, 40, 6, 7) == 0.0
    low = race_win_probability([5, 20, 20, 20], 0, 40, 6, 7)
    high = race_win_probability([15, 20, 20, 20], 0, 40, 6, 7)
    assert 0 < high < low < 1


def test_root_search_keeps_the_default_unless_another_move_is_clearly_better():
    import random

    rng = random.Random(1)
    noisy = lambda state, move, seed: random.Random(seed).random() + (0.3 if move == "b" and state else 0.0)
    assert determinized_root_search(["a", "b"], lambda: 0, noisy, 50, lambda: rng.randrange(1 << 30), 1.0)[0] == "a"
    assert determinized_root_search(["a", "b"], lambda: 1, noisy, 50, lambda: rng.randrange(1 << 30), 1.0)[0] == "b"



def test_race_with_per_seat_rates_matches_the_equal_rate_race_and_favours_the_slow_scorer():
    scores = [10, 12, 20, 5]
    equal = race_win_probability_rates(scores, 0, 40, [8.0] * 4, [7.0] * 4)
    assert equal == pytest.approx(race_win_probability(scores, 0, 40, 8.0, 7.0))
    # 5 points behind three careless players (18 points a round each) is still a likely win ...
    behind = race_win_probability_rates([20, 15, 15, 15], 0, 40, [6.0, 18.0, 18.0, 18.0], [7.0, 5.7, 5.7, 5.7])
    assert behind > 0.5
    # ... whereas among equals it is a likely loss; and a finished game is exact whatever the rates
    assert race_win_probability_rates([20, 15, 15, 15], 0, 40, [6.0] * 4, [7.0] * 4) < 0.25
    assert race_win_probability_rates([41, 10, 10, 30], 1, 40, [6.0, 18.0, 6.0, 6.0], [7.0] * 4) == 0.5


def test_hard_bot_belief_in_careless_opponents_starts_low_and_follows_their_quits():
    state = LamaState.crafted("lama", hands=[["2", "3"], ["1", "1", "4", "5", "6", "L"], ["1"], ["4", "6"]],
                              pile=["2", "3", "5", "6", "L", "L"], top="3", current=1)
    bot = HardBot(0)
    assert 0.02 < bot.erratic_probability(1) < 0.1  # before any evidence: probably a careful player
    state.apply(Move.parse("quit"))     # seat 1 quits holding six cards: careless
    state.apply(Move.parse("quit"))     # seat 2 quits a single card: sensible
    state.apply(Move.parse("play 4"))   # seat 3 plays: weak evidence of care
    bot._observe(state.view(0))
    prior = HardBot(0).erratic_probability(2)
    assert bot.erratic_probability(1) > 0.6     # one quit of six cards is enough to believe it careless
    assert bot.erratic_probability(2) < prior / 2
    assert bot.erratic_probability(3) < prior


def test_hard_bot_tries_its_own_later_plans_only_against_believed_careless_opponents():
    state = LamaState.crafted("lama", hands=[["2", "3", "4"], ["1", "1", "5"], ["2", "5", "6"], ["4", "L"]],
                              pile=["1", "2", "3", "4", "5", "6", "L"], top="6", discard=["6"])
    planner = HardBot(3, iterations=10)
    planner.own_plans = (1000.0, -1000.0)
    planner.PRIOR_LOG_ODDS = 2.0        # opponents believed careless (88%): the plans are tried too
    move = planner.choose(state.view(0))
    assert move in state.legal_moves()
    assert planner.rollouts == 10 * 4  # quit, draw, and draw under each of the two plans
    careful = HardBot(3, iterations=10)
    careful.own_plans = (1000.0, -1000.0)
    careful.PRIOR_LOG_ODDS = -3.0       # opponents believed careful: the medium plan only
    careful.choose(state.view(0))
    assert careful.rollouts == 10 * 2


def test_rollout_simulator_asks_the_chooser_for_the_owners_moves_only():
    from lama_desktop.games.lama.bots import A_QUIT, MEDIUM, Rules

    state = get_game("lama").new(4, (), 3)
    rules = Rules(state.view(0))
    asked = []

    def quit_at_once(hand, top, sizes, active, n_active, pile_size, drama):
        asked.append((sum(hand), top, n_active))
        return A_QUIT

    def defer(*_args):
        return None  # the heuristic decides

    hands = [h[:] for h in state.hands]
    final = simulate_round(rules, MEDIUM, [h[:] for h in hands], state.hand_sizes[:], state.pile[:], state.top,
                           state.active[:], 4, state.cur, [0] * 4, 0, 0, False, None, [0.0] * 4,
                           chooser=quit_at_once, owner=state.cur)
    assert asked == [(6, state.top, 4)]  # asked once: it quit on its first turn
    assert final[state.cur] == hand_points_fast(hands[state.cur], False)
    plain = simulate_round(rules, MEDIUM, [h[:] for h in hands], state.hand_sizes[:], state.pile[:], state.top,
                           state.active[:], 4, state.cur, [0] * 4, 0, 0, False, None, [0.0] * 4)
    deferred = simulate_round(rules, MEDIUM, [h[:] for h in hands], state.hand_sizes[:], state.pile[:],
                              state.top, state.active[:], 4, state.cur, [0] * 4, 0, 0, False, None, [0.0] * 4,
                              chooser=defer, owner=state.cur)
    assert deferred == plain


def test_hard_bot_prepares_trivial_decisions_without_search():
    from lama_desktop.games.lama.bots import Decision

    alone_last = LamaState.crafted("lama", hands=[["3"], ["1", "5"]], top="3", pile=["2", "4"], discard=["3"])
    bot = HardBot(1, iterations=10)
    assert bot.prepare(alone_last.view(0)) == alone_last.legal_moves()[0]  # the last card: play it
    assert bot.rollouts == 0
    stuck = LamaState.crafted("lama", hands=[["1", "5", "L"], ["2", "2"]], top="3", pile=["2", "4", "6"],
                              discard=["3"])
    decision = bot.prepare(stuck.view(0))
    assert isinstance(decision, Decision)
    assert sorted(decision.codes) == [-1, 0]  # quit or draw, nothing to play
    assert bot.search(decision) in decision.codes
    assert bot.rollouts == 10 * 2
