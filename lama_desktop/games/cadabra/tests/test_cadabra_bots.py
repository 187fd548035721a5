"""LAMA Cadabra bots: legal moves from views only, deterministic for a seed, and the heuristic's key decisions.

Strength and speed are measured with the arena and bench tools, never here.
"""

import random

import pytest

from lama_desktop.bots import levels_for, make_bot
from lama_desktop.games.cadabra.bots import HardBot, MediumBot, heuristic_action, action_move, solo_action
from lama_desktop.engine import get_game
from lama_desktop.games.cadabra.components import KIND
from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.play import play_game

SPEC = get_game("lama-cadabra")


def test_all_levels_are_registered():
    assert levels_for("lama-cadabra") == ["random", "easy", "medium", "hard"]


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_cheap_bots_finish_games_with_legal_moves(level):
    for seed in range(40):
        state = SPEC.new(2 + seed % 5, seed=seed)
        bots = [make_bot("lama-cadabra", level if s % 2 == 0 else "random", seed * 10 + s)
                for s in range(state.num_players)]
        play_game(state, bots)  # apply() refuses any illegal move
        assert state.is_over


def test_hard_bot_finishes_a_game_against_medium_bots():
    state = SPEC.new(3, seed=3)
    bots = [HardBot(1, playouts=24, min_rounds=4), MediumBot(2), MediumBot(3)]
    play_game(state, bots)
    assert state.is_over


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_are_deterministic_for_a_seed(level):
    def game():
        state = SPEC.new(3, seed=21)
        bots = [make_bot("lama-cadabra", level, 5), make_bot("lama-cadabra", "medium", 6),
                make_bot("lama-cadabra", "medium", 7)]
        if level == "hard":
            bots[0] = HardBot(5, playouts=16, min_rounds=4)
        return play_game(state, bots).moves

    assert game() == game()


def test_bots_decide_from_the_view_alone():
    """Two states that differ only in what seat 0 cannot see get the same decision from seat 0's bots."""
    a = CadabraState.crafted(hands=[["3", "4", "L", "1"], ["5", "6"], ["2", "2"]], top="3",
                             pile=["L", "L", "1", "6"])
    b = CadabraState.crafted(hands=[["3", "4", "L", "1"], ["L", "L"], ["1", "6"]], top="3",
                             pile=["5", "6", "2", "2"])
    for level in ("easy", "medium"):
        assert make_bot("lama-cadabra", level, 9).choose(a.view(0)) == \
            make_bot("lama-cadabra", level, 9).choose(b.view(0))
    assert HardBot(9, playouts=40).choose(a.view(0)) == HardBot(9, playouts=40).choose(b.view(0))


def medium_move(state):
    return str(MediumBot(1).choose(state.view(state.current_player)))


def test_medium_exchanges_whites_for_a_black_first():
    state = CadabraState.crafted(hands=[["3", "4"], ["6"]], top="3", whites=[10, 0])
    assert medium_move(state) == "exchange"


def test_medium_plays_a_llama_in_the_show():
    state = CadabraState.crafted(hands=[["L", "4"], ["6"], ["6"]], top="L", board=[1] * 5, show=True)
    assert medium_move(state) == "play L"


def test_medium_passes_with_the_magic_token_in_the_show_without_a_llama():
    state = CadabraState.crafted(hands=[["3", "4"], ["6"], ["6"]], top="L", board=[1] * 5, show=True, magic=0)
    assert medium_move(state) == "pass"


def test_medium_takes_the_board_without_llama_or_magic_token():
    state = CadabraState.crafted(hands=[["3", "4"], ["6"], ["6"]], top="L", board=[1] * 5, show=True)
    assert medium_move(state) == "take"


def test_medium_gives_the_token_to_the_leader():
    state = CadabraState.crafted(hands=[["1", "5"], ["6"], ["6"], ["6"]], top="1", whites=[3, 20, 2, 9])
    state.apply("play 1")
    assert medium_move(state) == "give 2"


def test_medium_returns_a_black_token():
    state = CadabraState.crafted(hands=[["6"], ["6"]], top="6", whites=[2, 0], blacks=[1, 0])
    state.apply("play 6")
    assert medium_move(state) == "return 10"


def test_medium_plays_its_last_card():
    state = CadabraState.crafted(hands=[["3*"], ["6"]], top="3")
    assert medium_move(state) == "play 3*"


def test_medium_passes_with_the_magic_token_when_it_cannot_play():
    state = CadabraState.crafted(hands=[["6", "5"], ["6"], ["6"]], top="1", magic=0)
    assert medium_move(state) == "pass"


def test_lone_player_planner_finds_the_emptying_line():
    # alone with 2, 3, 2/3 on a 1: 2 -> 2/3 -> 3 empties the hand; playing the 3 is impossible first
    state = CadabraState.crafted(hands=[["2", "3", "2/3"], ["6"]], top="1", active=[True, False])
    line = []
    while state.round_no == 1:
        action = solo_action(state, 0)
        move = action_move(action)
        line.append(str(move))
        state.apply(move)
    assert line == ["play 2", "play 3", "play 2/3"]


def test_lone_player_planner_quits_rather_than_take_the_magic_token():
    # alone, the only playable card is the star 3: it would cost 10 (no pass alone) to shed a 3
    state = CadabraState.crafted(hands=[["3*", "6", "6"], ["6"]], top="3", active=[True, False])
    assert str(action_move(solo_action(state, 0))) == "quit"


def test_heuristic_never_proposes_an_illegal_move():
    rng = random.Random(3)
    for seed in range(60):
        state = SPEC.new(2 + seed % 5, seed=seed)
        while not state.is_over:
            move = action_move(heuristic_action(state.view(state.current_player).sample_state(rng)))
            assert move in state.legal_moves(), (move, state.legal_moves())
            state.apply(rng.choice(state.legal_moves()) if rng.random() < 0.5 else move)


def test_hard_bot_prefers_emptying_its_hand():
    state = CadabraState.crafted(hands=[["4", "6", "6"], ["2", "5"], ["3", "5"]], top="3", whites=[5, 5, 5],
                                 pile=["1", "2", "5", "6"])
    state.hands[0][KIND["6"]] -= 2
    state.hand_sizes[0] -= 2
    assert str(HardBot(1, playouts=40).choose(state.view(0))) == "play 4"
