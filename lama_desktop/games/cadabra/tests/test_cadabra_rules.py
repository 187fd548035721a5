"""LAMA Cadabra rules, one test per rule (RULINGS.md §3, rules/lama-cadabra.fr.txt) and the rulebook's examples."""

import pytest
from test_refusals import refusal_of

from lama_desktop.engine import IllegalMove, StateFormatError, get_game, state_from_dict
from lama_desktop.games.cadabra.components import (
    BOARD, CARD_IDS, DECK_COUNTS, DECK_SIZE, KIND, SUPPLY, SYMBOL, VALUES, hand_points
)
from lama_desktop.games.cadabra.engine import CadabraState

SPEC = get_game("lama-cadabra")


def crafted(**kw) -> CadabraState:
    kw.setdefault("pile", ["6", "6", "6", "6"])
    return CadabraState.crafted(**kw)


def moves(state):
    return [str(m) for m in state.legal_moves()]


def kinds(events):
    return [e.kind for e in events]


def refused(state, move, *words):
    before = state.to_dict()
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert state.to_dict() == before, "an illegal move changed the state"
    for word in words:
        assert word in info.value.reason, info.value.reason
    return info.value.reason


# -- components -------------------------------------------------------------------------------------------------
def test_deck_has_sixty_cards_with_doubles_and_twelve_llamas():
    per_value = {}
    for k, count in enumerate(DECK_COUNTS):
        for v in VALUES[k]:
            if len(VALUES[k]) == 1:
                per_value[v] = per_value.get(v, 0) + count
    assert DECK_SIZE == 60
    assert per_value == {1: 8, 2: 7, 3: 7, 4: 7, 5: 7, 6: 8, 7: 12}
    assert DECK_COUNTS[KIND["2/3"]] == 2 and DECK_COUNTS[KIND["4/5"]] == 2
    assert VALUES[KIND["2/3"]] == (2, 3) and VALUES[KIND["4/5"]] == (4, 5)


def test_symbols_per_card_come_from_the_data():
    symbols = {}
    for k, symbol in enumerate(SYMBOL):
        if symbol:
            symbols.setdefault(symbol, []).extend([VALUES[k][0]] * DECK_COUNTS[k])
    assert sorted(symbols["give"]) == [1] * 8
    assert sorted(symbols["draw"]) == [2, 2, 4, 6]
    assert sorted(symbols["magic"]) == [3, 3, 5]
    assert SYMBOL[KIND["2/3"]] is None and SYMBOL[KIND["4/5"]] is None and SYMBOL[KIND["L"]] is None


def test_setup_deals_six_cards_three_whites_flips_one_and_leaves_magic_in_supply():
    for players in range(2, 7):
        state = SPEC.new(players, seed=players)
        assert state.hand_sizes == [6] * players
        assert len(state.discard) == 1
        assert len(state.pile) == 60 - 6 * players - 1
        assert state.whites == [3] * players and state.blacks == [0] * players
        assert state.scores == [3] * players
        assert state.magic == SUPPLY and state.board == [] and not state.show


def test_flipped_first_card_has_no_effect():
    found = set()
    for seed in range(400):
        state = SPEC.new(3, seed=seed)
        top = CARD_IDS[state.top]
        if top in ("L", "3*", "5*", "2+", "4+", "6+", "1"):
            found.add(top)
            assert state.board == [] and state.magic == SUPPLY and not state.show
            assert state.hand_sizes == [6, 6, 6]
    assert {"L", "1"} <= found


def test_player_count_is_two_to_six():
    with pytest.raises(ValueError):
        SPEC.new(1)
    with pytest.raises(ValueError):
        SPEC.new(7)


def test_first_player_option():
    assert SPEC.new(4, seed=1, first_player=2).current_player == 2


# -- playing cards ------------------------------------------------------------------------------------------------
def test_play_same_value_or_one_higher():
    state = crafted(hands=[["3", "4", "5", "2"], ["6"]], top="3")
    assert set(moves(state)) >= {"play 3", "play 4"}
    assert "play 5" not in moves(state) and "play 2" not in moves(state)
    refused(state, "play 5", "cannot go on a 3")


def test_llama_follows_six():
    state = crafted(hands=[["L", "1"], ["6"]], top="6")
    assert "play L" in moves(state) and "play 1" not in moves(state)


def test_one_or_llama_follows_llama():
    state = crafted(hands=[["L", "1", "2", "6"], ["6"]], top="L")
    assert {"play L", "play 1"} <= set(moves(state))
    assert "play 2" not in moves(state) and "play 6" not in moves(state)


def test_double_card_goes_on_one_two_or_three():
    for top, ok in (("1", True), ("2", True), ("3", True), ("4", False), ("L", False), ("2/3", True),
                    ("4/5", False)):
        state = crafted(hands=[["2/3", "6"], ["6"]], top=top)
        assert ("play 2/3" in moves(state)) == ok, top


def test_double_card_takes_two_three_or_four():
    for card, ok in (("2", True), ("3", True), ("4", True), ("5", False), ("1", False), ("4/5", True),
                     ("2/3", True), ("L", False)):
        state = crafted(hands=[[card, "6"], ["6"]], top="2/3")
        assert (f"play {card}" in moves(state)) == ok, card


def test_four_five_double_goes_on_three_to_five_and_takes_four_to_six():
    assert [("play 4/5" in moves(crafted(hands=[["4/5", "1"], ["6"]], top=t))) for t in "234567"[:5]] == \
        [False, True, True, True, False]
    assert [("play " + c in moves(crafted(hands=[[c, "1"], ["6"]], top="4/5"))) for c in ("4", "5", "6", "L", "3")] \
        == [True, True, True, False, False]


def test_play_moves_card_to_discard_and_passes_turn():
    state = crafted(hands=[["3", "4"], ["6"], ["6"]], top="3")
    events = state.apply("play 4")
    assert kinds(events) == ["play"]
    assert CARD_IDS[state.top] == "4" and state.hands[0][KIND["4"]] == 0
    assert state.current_player == 1


def test_playing_a_card_you_do_not_hold_is_refused():
    state = crafted(hands=[["3"], ["6"]], top="3")
    refused(state, "play 4", "you have no 4")
    refused(state, "play 9", "no card")
    refused(state, "dance", "not a LAMA Cadabra move")


# -- drawing and quitting ---------------------------------------------------------------------------------------
def test_draw_takes_the_top_of_the_pile_and_ends_the_turn():
    state = crafted(hands=[["3"], ["6"]], top="5", pile=["1", "2/3"])
    events = state.apply("draw")
    assert events[0].kind == "draw" and events[0].data["card"] == "2/3"
    assert state.hands[0][KIND["2/3"]] == 1 and len(state.pile) == 1
    assert state.current_player == 1


def test_draw_refused_when_pile_is_empty_and_pile_never_reshuffled():
    state = crafted(hands=[["3"], ["6"]], discard=["1", "2", "4", "5"], pile=[])
    assert "draw" not in moves(state)
    refused(state, "draw", "pile is empty")
    state.apply("quit")
    assert state.pile == [] and len(state.discard) == 4


def test_you_may_draw_or_quit_even_when_you_could_play():
    state = crafted(hands=[["3"], ["6"]], top="3")
    assert {"play 3", "draw", "quit"} <= set(moves(state))


def test_quit_leaves_the_round_and_is_skipped():
    state = crafted(hands=[["3", "4"], ["6", "6"], ["5", "5"]], top="1")
    state.apply("quit")
    assert not state.active[0] and state.current_player == 1
    state.apply("draw")
    assert state.current_player == 2
    state.apply("draw")
    assert state.current_player == 1  # seat 0 has quit


# -- the circle: give a token ------------------------------------------------------------------------------------
def test_circle_gives_one_lowest_token_to_the_chosen_player():
    state = crafted(hands=[["1", "5"], ["6"], ["6"]], top="L", whites=[2, 0, 0], blacks=[1, 0, 0])
    state.apply("play 1")
    assert state.phase == 1 and state.current_player == 0  # giving
    assert set(moves(state)) == {"give 1", "give 2"}
    refused(state, "give 0", "another player")
    refused(state, "draw", "give SEAT")
    events = state.apply("give 2")
    assert events[0].kind == "give" and events[0].data == {"to": 2, "token": 1, "auto": False,
                                                           "scores": [11, 0, 1],
                                                           "holdings": [[1, 1], [0, 0], [1, 0]]}
    assert state.whites == [1, 0, 1] and state.current_player == 1


def test_circle_gives_a_black_when_no_white_is_left():
    state = crafted(hands=[["1", "5"], ["6"], ["6"]], top="1", whites=[0, 0, 0], blacks=[2, 0, 0])
    state.apply("play 1")
    state.apply("give 1")
    assert state.blacks == [1, 1, 0]


def test_circle_gives_the_magic_token_only_if_it_is_all_you_have():
    state = crafted(hands=[["1", "5"], ["6"], ["6"]], top="1", whites=[0, 0, 0], magic=0)
    state.apply("play 1")
    events = state.apply("give 2")
    assert events[0].data["token"] == "M" and state.magic == 2
    state = crafted(hands=[["1", "5"], ["6"], ["6"]], top="1", whites=[1, 0, 0], magic=0)
    state.apply("play 1")
    state.apply("give 2")
    assert state.magic == 0 and state.whites == [0, 0, 1]


def test_circle_without_tokens_has_no_effect():
    state = crafted(hands=[["1", "5"], ["6"], ["6"]], top="1", whites=[0, 4, 4])
    events = state.apply("play 1")
    assert kinds(events) == ["play"] and state.current_player == 1 and state.whites == [0, 4, 4]


def test_circle_alone_in_the_round_has_no_effect():
    state = crafted(hands=[["1", "5"], ["6"], ["6"]], top="1", active=[True, False, False])
    events = state.apply("play 1")
    assert kinds(events) == ["play"] and state.whites == [3, 3, 3] and state.current_player == 0


def test_circle_cannot_target_a_player_who_quit_and_one_recipient_is_automatic():
    state = crafted(hands=[["1", "5"], ["6"], ["6"]], top="1", active=[True, False, True])
    events = state.apply("play 1")
    assert kinds(events) == ["play", "give"]
    assert events[1].data["to"] == 2 and events[1].data["auto"] is True
    assert state.whites == [2, 3, 4] and state.current_player == 2


def test_circle_recipient_refused_if_they_quit():
    state = crafted(hands=[["1", "5"], ["6"], ["6"], ["6"]], top="1", active=[True, False, True, True])
    state.apply("play 1")
    assert set(moves(state)) == {"give 2", "give 3"}
    refused(state, "give 1", "left the round")
    refused(state, "give 7", "no seat 7")


# -- the square: next player draws -------------------------------------------------------------------------------
def test_square_makes_the_next_player_in_the_round_draw_then_they_play_normally():
    state = crafted(hands=[["2+", "5"], ["6"], ["6"]], top="1", pile=["3", "4"], active=[True, False, True])
    events = state.apply("play 2+")
    assert kinds(events) == ["play", "force_draw"]
    assert events[1].seat == 2 and events[1].data["card"] == "4"
    assert state.hand_sizes == [1, 1, 2] and state.current_player == 2
    assert {"draw", "quit"} <= set(moves(state))  # then it is simply seat 2's normal turn


def test_square_with_an_empty_pile_has_no_effect():
    state = crafted(hands=[["2+", "5"], ["6"]], top="1", pile=[])
    events = state.apply("play 2+")
    assert kinds(events) == ["play"] and state.hand_sizes == [1, 1]


def test_square_alone_makes_you_draw():
    state = crafted(hands=[["2+", "5"], ["6"]], top="1", pile=["3"], active=[True, False])
    events = state.apply("play 2+")
    assert events[1].kind == "force_draw" and events[1].seat == 0
    assert state.hands[0][KIND["3"]] == 1 and state.current_player == 0


# -- the star and the magic token --------------------------------------------------------------------------------
@pytest.mark.parametrize("where", ["supply", 1, 2])
def test_star_takes_the_magic_token_wherever_it_is(where):
    active = [True, True, where != 2]  # seat 2 has quit: the star still takes the token from them
    state = crafted(hands=[["3*", "5"], ["6"], ["6"]], top="3", magic=where, active=active)
    events = state.apply("play 3*")
    assert events[1].kind == "magic" and events[1].data == {"action": "take", "from": where}
    assert state.magic == 0


def test_star_takes_the_magic_token_from_the_show_board():
    state = crafted(hands=[["5*", "5"], ["6"]], top="4", magic="board", board=[1, "M", 10])
    state.apply("play 5*")
    assert state.magic == 0 and state.board == [1, 10]


def test_star_when_you_already_hold_the_magic_token():
    state = crafted(hands=[["5*", "5"], ["6"]], top="4", magic=0)
    events = state.apply("play 5*")
    assert events[1].data["from"] == 0 and state.magic == 0


def test_magic_token_passes_a_turn_and_goes_back_to_the_supply():
    state = crafted(hands=[["6"], ["6"], ["6"]], top="2", magic=0)
    assert "pass" in moves(state)
    events = state.apply("pass")
    assert kinds(events) == ["magic"] and events[0].data["action"] == "pass"
    assert state.magic == SUPPLY and state.current_player == 1 and state.hand_sizes == [1, 1, 1]


def test_magic_pass_needs_the_token():
    state = crafted(hands=[["6"], ["6"]], top="2", magic=1)
    refused(state, "pass", "do not hold the magic token")


def test_magic_token_held_at_round_end_scores_ten_and_goes_back_to_the_supply():
    state = crafted(hands=[["6"], ["5"]], top="5", magic=1, whites=[0, 0])
    state.apply("play 6")  # seat 0 empties their hand
    assert state.scores[1] == 5 + 10 and state.magic == SUPPLY
    assert state.blacks[1] == 1 and state.whites[1] == 5


# -- exchanging tokens -------------------------------------------------------------------------------------------
def test_exchange_ten_whites_for_a_black_is_voluntary_and_keeps_the_turn():
    state = crafted(hands=[["6", "5"], ["6"]], top="1", whites=[12, 9])
    assert "exchange" in moves(state)
    events = state.apply("exchange")
    assert events[0].kind == "exchange" and state.whites[0] == 2 and state.blacks[0] == 1
    assert state.scores[0] == 12 and state.current_player == 0
    refused(state, "exchange", "10 white")


def test_tokens_are_never_exchanged_automatically():
    state = crafted(hands=[["1"], ["6", "5", "4", "3"]], top="1", whites=[0, 8])
    state.apply("play 1")  # seat 0 empties (no token to give); seat 1 scores 18 = 1 black + 8 whites
    assert state.whites[1] == 16 and state.blacks[1] == 1


# -- the Lamagic Show --------------------------------------------------------------------------------------------
def test_llama_places_one_of_your_lowest_tokens_on_the_board():
    state = crafted(hands=[["L", "5"], ["6"]], top="6", whites=[1, 3], blacks=[1, 0])
    events = state.apply("play L")
    assert events[1].kind == "show_token" and events[1].data["token"] == 1
    assert state.board == [1] and state.whites[0] == 0 and state.blacks[0] == 1


def test_llama_places_a_black_or_the_magic_token_if_that_is_all_you_have():
    state = crafted(hands=[["L", "L", "5"], ["6"]], top="6", whites=[0, 3], blacks=[1, 0], magic=0)
    state.apply("play L")
    state.apply("draw")
    state.apply("play L")
    assert state.board == [10, 0] and state.magic == BOARD and state.blacks[0] == 0


def test_llama_without_tokens_places_nothing():
    state = crafted(hands=[["L", "5"], ["6"]], top="6", whites=[0, 3])
    events = state.apply("play L")
    assert kinds(events) == ["play"] and state.board == []


def test_fifth_token_starts_the_show_and_next_player_must_play_a_llama_or_take():
    state = crafted(hands=[["L", "5"], ["L", "4"], ["3"]], top="6", board=[1, 1, 1, 1])
    events = state.apply("play L")
    assert kinds(events) == ["play", "show_token", "show_start"] and state.show
    assert state.current_player == 1 and set(moves(state)) == {"play L", "take"}
    refused(state, "draw", "Lamagic Show is on")
    refused(state, "quit", "Lamagic Show is on")
    refused(state, "play 4", "Lamagic Show is on")


def test_llama_in_the_show_places_a_token_and_the_show_goes_on():
    state = crafted(hands=[["L", "5"], ["L", "4"], ["3"]], top="L", board=[1, 1, 1, 1, 1], show=True, current=1)
    state.apply("play L")
    assert state.show and len(state.board) == 6 and state.current_player == 2
    assert set(moves(state)) == {"take"}


def test_taking_the_board_ends_the_show_and_then_you_take_a_normal_turn():
    state = crafted(hands=[["5"], ["L", "4"], ["3", "1"]], top="L", board=[1, 10, 1, "M", 1, 1], show=True,
                    current=2, magic="board")
    events = state.apply("take")
    assert kinds(events) == ["show_take", "show_stop"]
    assert events[0].data["value"] == 14 and events[0].data["magic"] is True
    assert state.board == [] and not state.show and state.magic == 2
    assert state.current_player == 2 and state.whites[2] == 7 and state.blacks[2] == 1
    assert set(moves(state)) == {"play 1", "draw", "quit", "pass"}


def test_magic_token_passes_within_the_show_and_the_show_goes_on():
    state = crafted(hands=[["5"], ["L", "4"], ["3"]], top="L", board=[1] * 5, show=True, current=0, magic=0,
                    active=[True, False, True])
    assert set(moves(state)) == {"take", "pass"}
    state.apply("pass")
    assert state.show and state.current_player == 2 and state.magic == SUPPLY


def test_players_who_quit_are_not_in_the_show():
    state = crafted(hands=[["L", "5"], ["L"], ["3"]], top="6", board=[1] * 4, active=[True, False, True])
    state.apply("play L")
    assert state.current_player == 2 and set(moves(state)) == {"take"}


def test_last_llama_stops_the_show_and_nobody_takes_the_tokens():
    state = crafted(hands=[["5", "2"], ["L"], ["3"]], top="L", board=[1] * 5, show=True, current=1)
    events = state.apply("play L")
    assert kinds(events)[:4] == ["play", "show_token", "show_stop", "round_end"]
    assert events[2].data["reason"] == "last_llama"
    assert len(state.board) == 6 and not state.show
    assert state.round_no == 2  # next round dealt, board kept


def test_last_llama_reaching_five_does_not_start_a_show():
    state = crafted(hands=[["5"], ["L"]], top="6", board=[1] * 4, current=1)
    events = state.apply("play L")
    assert "show_start" not in kinds(events) and not state.show and len(state.board) == 5


def test_board_is_kept_across_rounds_and_a_new_round_starts_with_the_show_off():
    state = crafted(hands=[["5", "3"], ["6"]], top="5", board=[1] * 7, show=False, current=1)
    state.apply("play 6")  # seat 1 empties the hand: new round
    assert state.round_no == 2 and len(state.board) == 7 and not state.show


def test_show_resumes_with_the_first_llama_of_a_new_round_even_without_a_token():
    state = crafted(hands=[["L", "5"], ["3"]], top="6", board=[1] * 6, whites=[0, 3])
    events = state.apply("play L")
    assert kinds(events) == ["play", "show_start"] and state.show and len(state.board) == 6


def test_show_applies_to_a_lone_player():
    state = crafted(hands=[["L", "5", "6"], ["3"]], top="6", board=[1] * 4, active=[True, False], magic=0)
    state.apply("play L")
    assert state.show and state.current_player == 0
    assert set(moves(state)) == {"take"}  # no llama left, and no magic pass when alone


# -- alone in the round ------------------------------------------------------------------------------------------
def test_lone_player_may_only_play_or_quit():
    state = crafted(hands=[["3", "6"], ["3"]], top="3", active=[True, False], magic=0, whites=[10, 0])
    assert set(moves(state)) == {"play 3", "quit", "exchange"}
    refused(state, "draw", "last player")
    refused(state, "pass", "last player")


def test_when_all_others_quit_the_last_player_goes_on_alone():
    state = crafted(hands=[["3", "4", "5"], ["3"]], top="3")
    state.apply("play 3")
    state.apply("quit")
    assert state.current_player == 0
    state.apply("play 4")
    assert state.current_player == 0


# -- end of a round and scoring ----------------------------------------------------------------------------------
def test_round_ends_when_everybody_has_quit():
    state = crafted(hands=[["3"], ["4", "4"]], top="1", whites=[0, 0])
    state.apply("quit")
    events = state.apply("quit")
    end = [e for e in events if e.kind == "round_end"][0]
    assert end.data["reason"] == "all_quit" and end.data["points"] == [3, 4]
    assert state.round_no == 2


def test_round_ends_after_the_last_cards_square_effect():
    state = crafted(hands=[["2+"], ["5"], ["6"]], top="2", pile=["L", "4"], whites=[0, 0, 0])
    events = state.apply("play 2+")
    assert kinds(events)[:3] == ["play", "force_draw", "round_end"]
    assert events[2].data["points"] == [0, 9, 6]  # seat 1 drew the 4 and scores it


def test_round_ends_after_the_last_cards_gift():
    state = crafted(hands=[["1"], ["5"], ["6"]], top="1", whites=[2, 0, 0])
    state.apply("play 1")
    assert state.phase == 1  # choose whom to give
    events = state.apply("give 2")
    assert kinds(events)[:3] == ["give", "round_end", "token_return"]
    assert state.whites == [0, 5, 7]


def test_lone_square_as_last_card_draws_then_ends_the_round():
    state = crafted(hands=[["6+"], ["5"]], top="6", pile=["3"], active=[True, False], whites=[0, 0])
    events = state.apply("play 6+")
    assert kinds(events)[:3] == ["play", "force_draw", "round_end"]
    assert events[2].data["points"] == [3, 5]


def test_scoring_counts_each_value_once_doubles_twice_llamas_ten_once():
    hand = [0] * len(CARD_IDS)
    for name in ("2/3", "3", "3*", "5", "L", "L", "4", "4"):
        hand[KIND[name]] += 1
    points, detail = hand_points(hand)
    assert points == 2 + 3 + 4 + 5 + 10
    assert detail["values"][0] == {"value": 2, "cards": ["2/3"]}
    assert detail["values"][1] == {"value": 3, "cards": ["3", "3*", "2/3"]}
    assert detail["llama_points"] == 10 and detail["llama_cards"] == 2


def test_points_are_paid_in_blacks_and_whites():
    state = crafted(hands=[["6"], ["6", "5", "4", "L"]], top="6", whites=[0, 1])
    state.apply("play 6")
    assert state.blacks[1] == 2 and state.whites[1] == 6  # 25 points: 2 blacks, 5 whites


def test_emptying_player_returns_a_token_of_their_choice():
    state = crafted(hands=[["6"], ["6"]], top="6", whites=[2, 0], blacks=[1, 0])
    events = state.apply("play 6")
    assert state.phase == 2 and state.current_player == 0  # returning
    assert set(moves(state)) == {"return 10", "return 1"}
    refused(state, "play 6", "choose which token")
    events = state.apply("return 10")
    assert events[0].kind == "token_return" and state.scores[0] == 2 and state.round_no == 2


def test_return_with_one_kind_of_token_is_automatic_and_no_tokens_returns_nothing():
    state = crafted(hands=[["6"], ["6"]], top="6", whites=[2, 0])
    events = state.apply("play 6")
    ret = [e for e in events if e.kind == "token_return"]
    assert ret and ret[0].data["auto"] and state.whites[0] == 1
    state = crafted(hands=[["6"], ["6"]], top="6", whites=[0, 0])
    events = state.apply("play 6")
    assert "token_return" not in kinds(events) and state.scores[0] == 0


def test_emptying_player_may_exchange_before_returning():
    state = crafted(hands=[["6"], ["6"]], top="6", whites=[10, 0])
    state.apply("play 6")
    assert set(moves(state)) == {"return 1", "exchange"}
    state.apply("exchange")
    assert moves(state) == ["return 10"]
    state.apply("return 10")
    assert state.scores[0] == 0


def test_magic_token_of_the_emptying_player_can_be_returned_as_a_black():
    state = crafted(hands=[["6"], ["6"]], top="6", whites=[0, 0], magic=0)
    events = state.apply("play 6")
    assert [e.data["token"] for e in events if e.kind == "token_return"] == [10]
    assert state.scores[0] == 0 and state.magic == SUPPLY


def test_next_round_starts_with_the_last_player_to_have_played():
    state = crafted(hands=[["3"], ["4"], ["5"]], top="1", current=1)
    state.apply("quit")
    state.apply("quit")
    state.apply("quit")  # seat 0 quits last
    assert state.current_player == 0 and state.round_no == 2
    state = crafted(hands=[["3"], ["4"], ["5"]], top="4", current=1)
    state.apply("play 4")  # seat 1 empties the hand
    assert state.current_player == 1


def test_game_ends_at_forty_and_ties_share_the_win():
    state = crafted(hands=[["6"], ["5", "4"], ["5", "4"]], top="6", whites=[5, 31, 31])
    events = state.apply("play 6")
    assert state.is_over and state.current_player == -1 and kinds(events)[-1] == "game_end"
    assert state.scores == [4, 40, 40] and state.winners() == [0]
    state = crafted(hands=[["6"], ["4"], ["4"]], top="6", whites=[5, 36, 1])
    state.apply("play 6")
    assert state.is_over and state.scores == [4, 40, 5]
    state = crafted(hands=[["6"], ["1"], ["1"]], top="6", whites=[5, 38, 3])
    state.apply("play 6")
    assert state.scores == [4, 39, 4] and not state.is_over
    state = crafted(hands=[["6"], ["1"], ["1"]], top="6", whites=[5, 39, 3])
    state.apply("play 6")
    assert state.is_over and state.winners() == [0, 2] and state.outcome() == [0.5, 0, 0.5]
    refused(state, "quit", "game is over")


# -- the rulebook's worked examples ------------------------------------------------------------------------------
OLIVIER, RAWAN, ARIANE = 0, 1, 2


def test_example_olivier_passes_with_the_magic_token_and_rawan_has_quit():
    state = crafted(hands=[["2", "6"], ["4"], ["3", "5"]], top="4", magic=OLIVIER, active=[True, False, True])
    assert not [m for m in moves(state) if m.startswith("play")]
    assert {"draw", "quit", "pass"} <= set(moves(state))
    state.apply("pass")
    assert state.current_player == ARIANE and state.magic == SUPPLY


def test_example_show_olivier_starts_it_ariane_takes_exchanges_and_gives_a_black_to_olivier():
    state = crafted(hands=[["L", "3"], ["4"], ["1", "4", "5"]], top="6", board=[1, 1, 1, 1],
                    whites=[3, 3, 5], active=[True, False, True])
    events = state.apply("play L")
    assert "show_start" in kinds(events) and len(state.board) == 5
    assert state.current_player == ARIANE  # Rawan has quit: she is not in the show
    assert moves(state) == ["take"]  # no llama, no magic token
    state.apply("take")
    assert state.whites[ARIANE] == 10 and not state.show and state.board == []
    state.apply("exchange")
    assert state.whites[ARIANE] == 0 and state.blacks[ARIANE] == 1
    events = state.apply("play 1")
    give = [e for e in events if e.kind == "give"][0]
    assert give.data["to"] == OLIVIER and give.data["token"] == 10
    assert state.blacks == [1, 0, 0] and state.scores[ARIANE] == 0 and state.current_player == OLIVIER


def test_example_ariane_alone_draws_a_double_with_the_square_then_quits_and_scores_ten():
    state = crafted(hands=[["4"], ["6"], ["1", "2+", "3", "3*", "5"]], top="L", pile=["6", "2/3"],
                    active=[False, False, True], current=ARIANE, whites=[3, 3, 0])
    events = state.apply("play 1")  # should give herself a token: no effect
    assert kinds(events) == ["play"] and state.whites[ARIANE] == 0
    events = state.apply("play 2+")
    assert events[1].kind == "force_draw" and events[1].seat == ARIANE and events[1].data["card"] == "2/3"
    assert "play 2/3" in moves(state) and "draw" not in moves(state)
    events = state.apply("quit")
    end = [e for e in events if e.kind == "round_end"][0]
    assert end.data["reason"] == "all_quit" and end.data["points"][ARIANE] == 10
    values = end.data["breakdown"][ARIANE]["values"]
    assert [v["value"] for v in values] == [2, 3, 5]
    assert values[0]["cards"] == ["2/3"] and sorted(values[1]["cards"]) == ["2/3", "3", "3*"]
    assert state.blacks[ARIANE] == 1 and state.whites[ARIANE] == 0  # she takes a black token
    assert state.current_player == ARIANE  # she played last: she starts the next round


# -- saves -------------------------------------------------------------------------------------------------------
def test_save_round_trip_and_damaged_saves():
    state = SPEC.new(3, seed=4)
    copy = state_from_dict(state.to_dict())
    assert copy == state and copy.legal_moves() == state.legal_moves()
    data = state.to_dict()
    data["pile"] = data["pile"][1:]
    with pytest.raises(StateFormatError, match="do not add up"):
        state_from_dict(data)
    data = state.to_dict()
    data["magic"] = "board"
    with pytest.raises(StateFormatError, match="magic token"):
        state_from_dict(data)
    data = state.to_dict()
    data["hands"][0] = ["7"]
    with pytest.raises(StateFormatError):
        state_from_dict(data)
    data = state.to_dict()
    data["version"] = 99
    with pytest.raises(StateFormatError):
        state_from_dict(data)
    data = state.to_dict()
    del data["whites"]
    with pytest.raises(StateFormatError):
        state_from_dict(data)


# -- views -------------------------------------------------------------------------------------------------------
def test_view_hides_other_hands_and_sample_state_is_consistent():
    import random

    state = SPEC.new(4, seed=11)
    view = state.view(1)
    picture = view.to_dict()
    assert picture["hand"] == sorted(picture["hand"], key=lambda c: CARD_IDS.index(c))
    assert "hands" not in picture and picture["hand_sizes"] == [6, 6, 6, 6]
    assert view.legal_moves() == ([] if state.current_player != 1 else state.legal_moves())
    rng = random.Random(3)
    for _ in range(20):
        sample = view.sample_state(rng)
        assert sample.hands[1] == state.hands[1]
        assert sample.hand_sizes == state.hand_sizes and len(sample.pile) == len(state.pile)
        assert sample.discard == state.discard and sample.total_cards() == 60
        assert sample.whites == state.whites and sample.magic == state.magic
        assert sample.view(1).to_dict() == picture


# -- refusal codes (what the app translates) ---------------------------------------------------------------------
def test_refusal_codes_of_playing_name_the_cards_by_their_ids():
    state = crafted(hands=[["3", "5", "2/3"], ["6"]], top="2/3")
    assert refusal_of(state, "play 5") == ("cadabra.cannot_go_on", {"card": "5", "top": "2/3"})
    assert refusal_of(state, "play 4") == ("cadabra.not_in_hand", {"card": "4"})
    assert refusal_of(state, "play 9") == ("core.unknown_move", {"move": "play 9"})
    assert refusal_of(state, "take")[0] == "cadabra.no_show"
    assert refusal_of(state, "pass")[0] == "cadabra.no_magic"
    assert refusal_of(state, "exchange") == ("cadabra.exchange", {"n": 10})
    assert refusal_of(state, "give 1")[0] == "cadabra.give_not_now"
    assert refusal_of(state, "return 1")[0] == "cadabra.return_not_now"


def test_refusal_codes_of_the_circle_gift():
    state = crafted(hands=[["1", "5"], ["6"], ["6"], ["6"]], top="1", active=[True, False, True, True],
                    whites=[2, 0, 0, 0])
    state.apply("play 1")
    assert refusal_of(state, "draw")[0] == "cadabra.give_first"
    assert refusal_of(state, "give 0")[0] == "cadabra.give_self"
    assert refusal_of(state, "give 1")[0] == "cadabra.give_out"
    assert refusal_of(state, "give 7") == ("cadabra.no_seat", {"seat": 7})


def test_refusal_codes_of_the_lamagic_show_and_the_last_player():
    state = crafted(hands=[["L", "5"], ["L", "4"], ["3"]], top="6", board=[1, 1, 1, 1])
    state.apply("play L")
    assert refusal_of(state, "quit")[0] == "cadabra.show_only"
    assert refusal_of(state, "play 4")[0] == "cadabra.show_only"
    alone = crafted(hands=[["3", "6"], ["3"]], top="3", active=[True, False], magic=0)
    assert refusal_of(alone, "draw")[0] == "cadabra.last_player"
    assert refusal_of(alone, "pass")[0] == "cadabra.last_player"
    empty = crafted(hands=[["3"], ["6"]], discard=["1", "2", "4", "5"], pile=[])
    assert refusal_of(empty, "draw")[0] == "cadabra.pile_empty"


def test_refusal_codes_of_returning_a_token_and_of_the_end():
    state = crafted(hands=[["6"], ["6"]], top="6", whites=[2, 0], blacks=[1, 0])
    state.apply("play 6")
    assert refusal_of(state, "play 6")[0] == "cadabra.return_first"
    assert refusal_of(state, "give 1")[0] == "cadabra.return_first"
    over = crafted(hands=[["6"], ["1"], ["1"]], top="6", whites=[5, 39, 3])
    over.apply("play 6")
    assert refusal_of(over, "quit") == ("core.game_over", {})
