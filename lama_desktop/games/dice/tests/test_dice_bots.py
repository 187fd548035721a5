"""LAMA Dice bots: legal, deterministic, view-only; the hard bot's expectations are exact (checked by brute force
over the 216 ordered outcomes with the engine itself). Strength is measured with the arena, never here."""


import pytest

from lama_desktop.bots import levels_for, make_bot
from lama_desktop.games.dice import bots as dbots
from lama_desktop.games.dice import engine as dice
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.engine.registry import get_game
from lama_desktop.play import play_game


def test_every_level_is_registered():
    assert levels_for("lama-dice") == ["random", "easy", "medium", "hard"]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_whole_games_with_legal_moves(level):
    for seed in range(4):
        state = get_game("lama-dice").new(4, ("lama20",) if seed % 2 else (), seed)
        bots = [make_bot("lama-dice", level if s == seed % 4 else "medium", seed * 10 + s) for s in range(4)]

        def check(st, seat, move):
            assert st.card_totals() == list(dice.CARD_COUNTS)

        played = play_game(state, bots, on_move=check)
        assert state.is_over and max(state.scores) >= 40
        assert len(played.moves) > 10


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_are_deterministic_for_a_seed(level):
    runs = []
    for _ in range(2):
        state = get_game("lama-dice").new(3, seed=77)
        bots = [make_bot("lama-dice", level, 5 + s) for s in range(3)]
        runs.append(play_game(state, bots).moves)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_do_not_change_the_view_or_the_state(level):
    state = DiceState.crafted(["3 5 L", "1 2 2", "6 6"], scores=[12, 3, 0])
    state.apply_roll([3, 5, "L"])
    before = state.to_dict()
    view = state.view(0)
    view_before = view.to_dict()
    move = make_bot("lama-dice", level, 1).choose(view)
    assert move in state.legal_moves()
    assert view.to_dict() == view_before and state.to_dict() == before


def _brute_force_one_roll(state: DiceState, seat: int, token: int) -> float:
    """Expected points of ``seat``'s row after one roll and the best immediate choice, by the engine itself."""
    total = 0.0
    for faces, p in DiceState.roll_outcomes(merged=False):
        s = state.clone()
        s.apply_roll(faces)
        phase = s.phase_name
        if phase in ("turn", "over"):
            if s.is_over or s.round_no != state.round_no:  # blown: the round ended, the row was scored
                total += p * (s.scores[seat] - state.scores[seat])
            else:  # three llamas and no token
                total += p * dice.row_points(s.rows[seat])
        elif phase == "return" and s.reason == "three_llamas":
            total += p * (dice.row_points(s.rows[seat]) - token)
        else:
            best = float("inf")
            for move in s.legal_moves():
                t = s.clone()
                t.apply(move)
                if t.phase_name == "return" or t.is_over or t.round_no != s.round_no:
                    if move.kind == "discard":  # emptied the row: no points, a token back
                        value = -token
                    else:  # took the last card: the round ended with this row scored
                        value = t.scores[seat] - s.scores[seat]
                else:
                    value = dice.row_points(t.rows[seat])
                best = min(best, value)
            total += p * best
    return total


@pytest.mark.parametrize("rows,llama_row,quit_,score", [
    (["3 5 L", "1 2 2", "6 6"], None, (), 12),
    (["1 1 4 6", "2 3", "5"], "2 5 L", (), 0),
    (["L L 2", "1", "5"], "6", (), 25),
    (["2 5", "1 1", "6"], None, (1, 2), 7),
    (["6", "1 1", "5 5"], "3 4", (), 40),
])
def test_hard_expectations_are_exact_over_the_216_outcomes(rows, llama_row, quit_, score):
    state = DiceState.crafted(rows, llama_row=llama_row, quit=quit_, scores=[score, 0, 0])
    token = dbots.token_value(score, False)
    search = dbots.RoundSearch(state.rows[0], dbots.row_mask(state.llama), hazard=0.0, solo=bool(quit_),
                               token_triple=token, token_empty=token, depth=1)
    exact = _brute_force_one_roll(state, 0, token)
    assert search.q_roll(tuple(state.rows[0]), dbots.row_mask(state.llama), 1) == pytest.approx(exact)


def test_deeper_lookahead_never_values_a_position_worse():
    state = DiceState.crafted(["1 3 3 5 L", "2 2", "6"], llama_row="2 4 6 L")
    row, llama = tuple(state.rows[0]), dbots.row_mask(state.llama)
    values = []
    for depth in (1, 2, 3):
        search = dbots.RoundSearch(row, llama, 0.3, False, 0, 0, depth)
        values.append(search.value(row, dbots.row_mask(row), llama, depth))
    assert values[0] >= values[1] - 1e-9 >= values[2] - 2e-9
    assert values[0] <= dice.row_points(row)


def test_round_end_chance_is_exact():
    # a single 5 ends the round when a die shows 5 (11/36); the full llama row means no blow-up
    assert dbots.round_end_chance((0, 0, 0, 0, 1, 0, 0), 0b1111111) == pytest.approx(11 / 36)
    # with only a 5 in the llama row, a miss must take the last card or blow it: every roll but three llamas
    # and a 5 shown... ends the round as well
    assert dbots.round_end_chance((0, 0, 0, 0, 1, 0, 0), 1 << 4) == pytest.approx(1 - 1 / 27)


def test_hard_quits_a_cheap_row_when_alone():
    state = DiceState.crafted(["5", "1 1", "6 6"], quit=[1, 2], scores=[10, 10, 10])
    assert str(make_bot("lama-dice", "hard", 1).choose(state.view(0))) == "quit"


def test_hard_rolls_an_expensive_row():
    state = DiceState.crafted(["1 2 3 4 6 L", "1 1", "6 6"], scores=[10, 10, 10])
    assert str(make_bot("lama-dice", "hard", 1).choose(state.view(0))) == "roll"


def test_hard_empties_its_row_when_it_can():
    state = DiceState.crafted(["3 L", "1 1", "6 6"], scores=[10, 10, 10])
    state.apply_roll([3, "L", 1])
    assert str(make_bot("lama-dice", "hard", 1).choose(state.view(0))) == "discard 3 L"


def test_hard_returns_its_largest_token():
    state = DiceState.crafted(["3 L", "1 1", "6 6"], scores=[25, 10, 10], variants=["lama20"])
    state.apply_roll(["L", "L", "L"])
    assert str(make_bot("lama-dice", "hard", 1).choose(state.view(0))) == "return 20"


def test_medium_quits_cheap_rows_and_rolls_expensive_ones():
    bot = make_bot("lama-dice", "medium", 1)
    cheap = DiceState.crafted(["1 2", "5 5", "6 6"])
    assert str(bot.choose(cheap.view(0))) == "quit"
    dear = DiceState.crafted(["3 4 6 L", "5 5", "6 6"])
    assert str(bot.choose(dear.view(0))) == "roll"


def test_game_cost_prefers_fewer_points_and_is_exact_when_the_game_ends():
    state = DiceState.crafted(["3 L", "1 1", "6 6"], quit=[1, 2], scores=[20, 39, 30])
    cost = dbots.game_cost(state.view(0))
    at = lambda x: cost[x + dbots.COST_OFFSET]  # noqa: E731
    assert all(at(x) < at(x + 1) for x in range(-5, 30))
    # seat 1 ends the game with 40 points this round; seat 2 will hold 36: below 36 seat 0 wins
    assert dbots.game_may_end(state.view(0))
    assert at(1) < -0.99 and at(14) < -0.99 and -0.6 < at(16) < -0.4 and at(18) > -0.01
