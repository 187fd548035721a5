"""Every L.A.M.A. / Party / Drama / Lama 20 rule, one test each (RULINGS.md §1, the Polish rulebook)."""

import pytest
from test_refusals import refusal_of

from lama_desktop.engine import IllegalMove, Move, new_game
from lama_desktop.games.lama.engine import (
    CARD_TYPE,
    LamaState,
    deck_counts,
    hand_points,
    holdings,
    lowest_token,
    names_to_hand,
)


def crafted(**kwargs):
    kwargs.setdefault("pile", ["2", "3", "4", "5", "6", "1"])
    return LamaState.crafted(**kwargs)


def legal(state):
    return sorted(str(m) for m in state.legal_moves())


def assert_refused(state, move, *fragments):
    before = state.to_dict()
    with pytest.raises(IllegalMove) as caught:
        state.apply(move)
    assert state.to_dict() == before, "a refused move must leave the state untouched"
    for fragment in fragments:
        assert fragment in caught.value.reason
    return caught.value.reason


# -- components ------------------------------------------------------------------------------------------------
def test_base_deck_has_55_cards_eight_of_each_number_and_seven_llamas():
    counts = deck_counts(party=False)
    assert sum(counts) == 55
    assert [counts[CARD_TYPE[str(v)]] for v in range(1, 7)] == [8] * 6
    assert counts[CARD_TYPE["L"]] == 7


def test_party_deck_has_56_cards_with_plus_cards_and_one_pink_llama():
    counts = deck_counts(party=True)
    assert sum(counts) == 56
    assert [counts[CARD_TYPE[str(v)]] for v in range(1, 7)] == [7] * 6
    assert [counts[CARD_TYPE[f"{v}+"]] for v in range(1, 7)] == [1] * 6
    assert counts[CARD_TYPE["L"]] == 7 and counts[CARD_TYPE["P"]] == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_six_cards_each_flip_one_rest_is_the_pile(players):
    state = new_game("lama", players, seed=players)
    assert state.hand_sizes == [6] * players
    assert len(state.discard) == 1
    assert len(state.pile) == 55 - 6 * players - 1


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_is_two_to_six(players):
    with pytest.raises(ValueError, match="2 to 6"):
        new_game("lama", players)


def test_player_left_of_the_dealer_starts_and_the_dealer_rotates_clockwise():
    state = new_game("lama", 4, seed=1, first_dealer=2)
    assert state.dealer == 2 and state.current_player == 3
    while state.round_no == 1:
        state.apply(Move("quit"))
    assert state.dealer == 3 and state.current_player == 0


# -- playing cards ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("top,allowed", [
    ("1", {"1", "2"}), ("2", {"2", "3"}), ("3", {"3", "4"}), ("4", {"4", "5"}), ("5", {"5", "6"}),
    ("6", {"6", "L"}), ("L", {"L", "1"}),
])
def test_play_same_value_or_one_higher_llama_follows_six_and_one_follows_llama(top, allowed):
    hand = ["1", "2", "3", "4", "5", "6", "L"]
    state = crafted(hands=[hand, ["1"]], top=top)
    plays = {m.split()[1] for m in legal(state) if m.startswith("play")}
    assert plays == allowed


def test_playing_a_card_that_does_not_follow_is_refused_with_a_reason():
    state = crafted(hands=[["5", "3"], ["1"]], top="3")
    reason = assert_refused(state, "play 5", "cannot go on a 3")
    assert "one higher" in reason


def test_playing_a_card_you_do_not_hold_is_refused():
    state = crafted(hands=[["3"], ["1"]], top="3")
    assert_refused(state, "play 4", "no 4 in your hand")


def test_turn_passes_clockwise_after_a_play():
    state = crafted(hands=[["3", "4"], ["1", "1"], ["2", "2"]], top="3")
    events = state.apply("play 4")
    assert [e.kind for e in events] == ["play"]
    assert state.current_player == 1 and state.top == 4


def test_you_may_draw_or_quit_even_when_you_could_play():
    state = crafted(hands=[["3"], ["1"]], top="3")
    assert {"draw", "quit", "play 3"} <= set(legal(state))


def test_drawing_takes_the_top_card_of_the_pile_into_your_hand():
    state = crafted(hands=[["3"], ["1"]], top="3", pile=["6"])
    events = state.apply("draw")
    assert events[0].kind == "draw" and events[0].data["card"] == "6"
    assert state.hands[0][CARD_TYPE["6"]] == 1 and state.pile == []


def test_no_draw_from_an_empty_pile_and_it_is_never_reshuffled():
    state = crafted(hands=[["3"], ["1"]], top="5", pile=[])
    assert "draw" not in legal(state)
    assert_refused(state, "draw", "pile is empty")


def test_quitting_is_always_allowed_and_puts_you_out_of_the_round():
    state = crafted(hands=[["3"], ["1"], ["2"]], top="5")
    state.apply("quit")
    assert state.active == [False, True, True]
    assert state.current_player == 1
    state.apply("quit")
    assert state.current_player == 2, "quitted players are skipped"


def test_last_player_alone_may_play_but_not_draw():
    state = crafted(hands=[["5", "6"], ["1"]], top="5", active=[True, False])
    assert legal(state) == ["play 5", "play 6", "quit"]
    assert_refused(state, "draw", "last player")
    state.apply("play 5")
    assert state.current_player == 0, "alone, the last player keeps playing"


def test_round_ends_at_once_when_a_player_plays_their_last_card():
    state = crafted(hands=[["3"], ["6", "6"], ["L"]], top="3", points=[5, 0, 0])
    events = state.apply("play 3")
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["play", "round_end"]
    end = events[1]
    assert end.data["reason"] == "emptied" and end.data["points"] == [0, 6, 10]


def test_round_ends_when_every_player_has_quit():
    state = crafted(hands=[["3"], ["6"]], top="1")
    state.apply("quit")
    events = state.apply("quit")
    assert events[0].kind == "quit" and events[1].kind == "round_end"
    assert events[1].data["reason"] == "all_quit"
    assert state.scores == [3, 6]
    assert state.round_no == 2


# -- scoring ---------------------------------------------------------------------------------------------------
def test_each_distinct_value_counts_once():
    assert hand_points(names_to_hand(["4", "4", "4"]), party=False, each_llama=False)[0] == 4


def test_all_llamas_together_score_ten_once():
    assert hand_points(names_to_hand(["L", "L", "L"]), party=False, each_llama=False)[0] == 10


def test_llama_scoring_variant_counts_ten_per_llama():
    assert hand_points(names_to_hand(["L", "L", "L"]), party=False, each_llama=True)[0] == 30


def test_quitters_score_the_cards_they_laid_face_down():
    state = crafted(hands=[["5", "5", "5"], ["2"]], top="1")
    state.apply("quit")
    state.apply("quit")
    assert state.scores == [5, 2]


def test_whites_are_exchanged_for_a_black_at_ten():
    assert holdings(13, pinks=False) == {20: 0, 10: 1, 1: 3}
    assert holdings(20, pinks=False) == {20: 0, 10: 2, 1: 0}


def test_emptying_your_hand_returns_one_token_automatically_when_there_is_one_kind():
    state = crafted(hands=[["3"], ["6"]], top="3", points=[10, 0])
    events = state.apply("play 3")
    returned = [e for e in events if e.kind == "token_return"]
    assert returned and returned[0].data["token"] == 10
    assert state.scores == [0, 6]


def test_emptying_your_hand_lets_you_choose_which_token_to_return():
    state = crafted(hands=[["3"], ["6"]], top="3", points=[12, 0])
    state.apply("play 3")
    assert state.current_player == 0 and legal(state) == ["return 1", "return 10"]
    assert_refused(state, "draw", "which token to return")
    state.apply("return 1")  # allowed, though less profitable
    assert state.scores == [11, 6]


def test_emptying_your_hand_with_no_tokens_returns_nothing():
    state = crafted(hands=[["3"], ["6"]], top="3", points=[0, 0])
    events = state.apply("play 3")
    assert not [e for e in events if e.kind == "token_return"]
    assert state.scores == [0, 6]


def test_game_ends_when_a_player_reaches_forty_and_fewest_points_win():
    state = crafted(hands=[["3"], ["6"], ["L"]], top="3", points=[30, 35, 12])
    events = state.apply("play 3")
    assert state.is_over and state.current_player == -1
    assert state.scores == [20, 41, 22]
    assert events[-1].kind == "game_end" and state.winners() == [0]
    assert state.legal_moves() == []
    assert_refused(state, "draw", "game is over")


def test_tied_winners_share_the_win():
    state = crafted(hands=[["2"], ["6", "L"], ["2", "2"]], top="1", points=[10, 30, 10])
    state.apply("quit")
    state.apply("quit")
    state.apply("quit")
    assert state.is_over and state.scores == [12, 46, 12]
    assert state.winners() == [0, 2] and state.outcome() == [0.5, 0.0, 0.5]


def test_game_goes_on_below_forty():
    state = crafted(hands=[["3"], ["6"]], top="3", points=[0, 33])
    state.apply("play 3")
    assert not state.is_over and state.round_no == 2 and state.hand_sizes == [6, 6]


# -- L.A.M.A. Party ------------------------------------------------------------------------------------------------
def test_plus_card_gives_an_immediate_extra_turn():
    state = crafted(game_id="lama-party", hands=[["4+", "5", "1"], ["1"]], top="3")
    events = state.apply("play 4+")
    assert [e.kind for e in events] == ["play", "extra_turn"]
    assert state.current_player == 0
    assert "play 5" in legal(state) and "draw" in legal(state) and "quit" in legal(state)


def test_plus_card_that_empties_the_hand_ends_the_round():
    state = crafted(game_id="lama-party", hands=[["4+"], ["1"]], top="3")
    events = state.apply("play 4+")
    assert [e.kind for e in events][:2] == ["play", "round_end"]


def test_plus_cards_follow_the_normal_rules():
    state = crafted(game_id="lama-party", hands=[["6+", "2+"], ["1"]], top="5")
    assert [m for m in legal(state) if m.startswith("play")] == ["play 6+"]
    state = crafted(game_id="lama-party", hands=[["L", "6"], ["1"]], top="6+")
    assert [m for m in legal(state) if m.startswith("play")] == ["play 6", "play L"]


def test_pink_llama_goes_on_any_card_and_only_a_llama_or_one_follows_it():
    state = crafted(game_id="lama-party", hands=[["P", "1", "2", "L"], ["1"]], top="3")
    assert "play P" in legal(state)
    state.apply("play P")
    state.apply("quit")  # seat 1 leaves; seat 0 is alone
    assert [m for m in legal(state) if m.startswith("play")] == ["play 1", "play L"]


def test_plus_and_pink_cards_do_not_exist_in_the_base_game():
    state = crafted(hands=[["3"], ["1"]], top="3")
    assert_refused(state, "play P", "no P card in this game")


def test_party_llamas_score_twenty_once_with_the_pink_llama():
    assert hand_points(names_to_hand(["L", "L", "L"]), party=True, each_llama=False)[0] == 10
    assert hand_points(names_to_hand(["L", "L", "P"]), party=True, each_llama=False)[0] == 20
    assert hand_points(names_to_hand(["L", "P"]), party=True, each_llama=True)[0] == 30


def test_party_plus_cards_count_as_their_value():
    assert hand_points(names_to_hand(["4", "4", "4+"]), party=True, each_llama=False)[0] == 4


def test_party_tokens_worth_twenty_become_a_pink():
    assert holdings(27, pinks=True) == {20: 1, 10: 0, 1: 7}
    state = crafted(game_id="lama-party", hands=[["3"], ["6"]], top="3", points=[20, 0])
    events = state.apply("play 3")
    assert [e.data["token"] for e in events if e.kind == "token_return"] == [20]


def test_lama20_lets_the_player_return_a_pink_twenty():
    state = crafted(hands=[["3"], ["6"]], top="3", points=[25, 0], variants=["lama20"])
    state.apply("play 3")
    assert legal(state) == ["return 1", "return 20"]
    state.apply("return 20")
    assert state.scores == [5, 6]


# -- Lama Drama ----------------------------------------------------------------------------------------------------
def test_drama_llama_puts_one_of_your_lowest_tokens_on_the_board():
    state = crafted(hands=[["L", "2"], ["1"]], top="6", points=[13, 0], variants=["drama"])
    events = state.apply("play L")
    assert [e.kind for e in events] == ["play", "drama_token"]
    assert events[1].data["token"] == 1 and state.board == [1, 0, 0] and state.scores == [12, 0]


def test_drama_llama_with_no_tokens_places_nothing():
    state = crafted(hands=[["L", "2"], ["1"]], top="6", points=[0, 0], variants=["drama"])
    events = state.apply("play L")
    assert [e.kind for e in events] == ["play"] and state.board == [0, 0, 0]


def test_drama_lowest_token_of_a_black_only_player_is_the_black():
    assert lowest_token(10, pinks=False) == 10
    assert lowest_token(20, pinks=True) == 20
    assert lowest_token(30, pinks=True) == 10
    assert lowest_token(0, pinks=True) == 0


def test_drama_starts_at_five_and_the_next_player_must_play_a_llama_or_take_all():
    state = crafted(hands=[["L", "2"], ["1", "L"], ["3"]], top="6", points=[5, 7, 0], board=[4, 0, 0],
                    variants=["drama"])
    events = state.apply("play L")
    assert [e.kind for e in events] == ["play", "drama_token", "drama_start"]
    assert state.drama and state.current_player == 1
    assert legal(state) == ["play L", "take"]
    assert_refused(state, "play 1", "Lama Drama")
    assert_refused(state, "quit", "Lama Drama")


def test_drama_playing_a_llama_passes_the_drama_on():
    state = crafted(hands=[["2", "2"], ["1", "L"], ["3"]], top="L", points=[5, 7, 0], board=[5, 0, 0],
                    variants=["drama"], drama=True, current=1)
    state.apply("play L")
    assert state.drama and state.current_player == 2 and state.board == [6, 0, 0]
    assert legal(state) == ["take"]


def test_drama_taking_the_tokens_ends_it_and_is_not_a_turn():
    state = crafted(hands=[["2"], ["1", "L"], ["3"]], top="L", points=[5, 7, 0], board=[5, 1, 0],
                    variants=["drama"], drama=True, current=1)
    events = state.apply("take")
    assert events[0].kind == "drama_take" and events[0].data["value"] == 15
    assert not state.drama and state.board == [0, 0, 0] and state.scores == [5, 22, 0]
    assert state.current_player == 1, "the taker now takes a normal turn"
    assert set(legal(state)) == {"play 1", "play L", "draw", "quit"}


def test_drama_last_llama_emptying_a_hand_ends_the_round_and_nobody_takes():
    state = crafted(hands=[["2"], ["L"], ["3"]], top="L", points=[5, 7, 0], board=[5, 0, 0],
                    variants=["drama"], drama=True, current=1)
    events = state.apply("play L")
    kinds = [e.kind for e in events]
    assert "drama_take" not in kinds and "round_end" in kinds
    assert sum(state.board) == 6, "the board keeps its tokens, the last llama placed one too"
    assert not state.drama


def test_drama_tokens_stay_for_the_next_round_which_starts_with_the_drama_off():
    state = crafted(hands=[["2"], ["L", "1"], ["3"]], top="L", points=[5, 7, 0], board=[6, 0, 0],
                    variants=["drama"], drama=False, current=0)
    state.apply("quit")
    state.apply("quit")
    state.apply("quit")
    assert state.round_no == 2 and state.board == [6, 0, 0] and not state.drama


def test_drama_restarts_with_the_first_llama_when_the_board_already_holds_five():
    state = crafted(hands=[["L", "2"], ["1"], ["3"]], top="6", points=[0, 7, 0], board=[6, 0, 0],
                    variants=["drama"])
    events = state.apply("play L")  # no token to place, yet the board holds 5 or more
    assert "drama_start" in [e.kind for e in events] and state.drama


def test_drama_without_the_variant_llamas_place_no_tokens():
    state = crafted(hands=[["L", "2"], ["1"]], top="6", points=[13, 0])
    state.apply("play L")
    assert state.board == [0, 0, 0] and state.scores == [13, 0]


def test_drama_pink_llama_counts_as_a_llama():
    state = crafted(game_id="lama-party", hands=[["2"], ["P", "1"], ["3"]], top="L", points=[5, 7, 0],
                    board=[5, 0, 0], variants=["drama"], drama=True, current=1)
    assert legal(state) == ["play P", "take"]
    state.apply("play P")
    assert state.board == [6, 0, 0] and state.current_player == 2


# -- move text -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["play 3", "play L", "play 4+", "play P", "draw", "quit", "take", "return 10"])
def test_move_text_round_trips(text):
    assert str(Move.parse(text)) == text


def test_unknown_move_is_refused_with_a_reason():
    state = crafted(hands=[["3"], ["1"]], top="3")
    assert_refused(state, "dance", "not a L.A.M.A. move")


# -- refusal codes (what the app translates) ---------------------------------------------------------------------
def test_refusal_code_a_card_must_follow_the_top_names_both_cards():
    state = crafted(hands=[["5", "L"], ["1"]], top="3")
    assert refusal_of(state, "play 5") == ("lama.cannot_go_on", {"card": "5", "top": "3"})
    assert refusal_of(state, "play L") == ("lama.cannot_go_on", {"card": "L", "top": "3"})
    assert refusal_of(crafted(hands=[["5"], ["1"]], top="L"), "play 5") == ("lama.cannot_go_on",
                                                                          {"card": "5", "top": "L"})


def test_refusal_codes_of_the_cards_you_hold_and_the_cards_of_the_game():
    state = crafted(hands=[["3"], ["1"]], top="3")
    assert refusal_of(state, "play 4") == ("lama.not_in_hand", {"card": "4"})
    assert refusal_of(state, "play P") == ("lama.not_in_game", {"card": "P"})
    assert refusal_of(state, "dance") == ("core.unknown_move", {"move": "dance"})


def test_refusal_codes_of_drawing_from_an_empty_pile_and_as_the_last_player():
    assert refusal_of(crafted(hands=[["3"], ["1"]], top="5", pile=[]), "draw")[0] == "lama.pile_empty"
    assert refusal_of(crafted(hands=[["5"], ["1"]], top="5", active=[True, False]), "draw")[0] == "lama.last_player"


def test_refusal_codes_of_returning_a_token():
    state = crafted(hands=[["3"], ["6"]], top="3", points=[12, 0])
    assert refusal_of(state, "return 10")[0] == "lama.return_not_now"
    state.apply("play 3")
    assert refusal_of(state, "draw")[0] == "lama.return_first"
    assert refusal_of(state, "return 20") == ("lama.no_token", {"value": 20})


def test_refusal_codes_of_the_lama_drama():
    state = crafted(hands=[["L", "2"], ["1", "L"], ["3"]], top="6", points=[5, 7, 0], board=[4, 0, 0],
                    variants=["drama"])
    assert refusal_of(state, "take")[0] == "lama.no_drama"
    state.apply("play L")
    assert refusal_of(state, "quit")[0] == "lama.drama_only"


def test_refusal_code_once_the_game_is_over():
    state = crafted(hands=[["3"], ["6"], ["L"]], top="3", points=[30, 35, 12])
    state.apply("play 3")
    assert refusal_of(state, "draw") == ("core.game_over", {})
