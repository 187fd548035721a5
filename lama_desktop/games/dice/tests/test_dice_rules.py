"""LAMA Dice: every rule by name, the dice distribution, and every worked example of the rulebooks.

Rules: RULINGS.md §2, rules/lama-dice.en.txt, rules/lama-dice.fr.txt, the dice part of rules/lama-box.pl.txt.
"""

from collections import Counter
from fractions import Fraction

import pytest
from test_refusals import refusal_of

from lama_desktop.games.dice import engine as dice
from lama_desktop.games.dice import rules
from lama_desktop.engine.core import IllegalMove, Move
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.engine.registry import get_game


def kinds(events):
    return [e.kind for e in events]


def event(events, kind):
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(events)}"
    return found[0]


def moves(state):
    return sorted(str(m) for m in state.legal_moves())


def refused(state, move):
    """Apply ``move``; it must be refused with a readable reason and leave the state unchanged."""
    before = state.to_dict()
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert state.to_dict() == before
    assert len(info.value.reason) > 5
    return info.value.reason


# -- components ------------------------------------------------------------------------------------------------
def test_deck_has_43_cards_six_of_each_number_and_seven_llamas():
    assert rules.TOTAL_CARDS == 43
    assert dice.CARD_COUNTS == (6, 6, 6, 6, 6, 6, 7)


def test_llama_row_is_one_card_of_each_number_and_one_llama():
    state = get_game("lama-dice").new(3, seed=1)
    assert state.llama_row_cards() == [1, 2, 3, 4, 5, 6, "L"]


def test_deal_gives_six_open_cards_to_each_row_and_leaves_the_rest_unused():
    for players in range(2, 7):
        state = get_game("lama-dice").new(players, seed=players)
        assert all(sum(r) == 6 for r in state.rows)
        assert sum(state.unused) == 36 - 6 * players
        assert sum(state.discarded) == 0
        assert state.card_totals() == list(dice.CARD_COUNTS)
        # everything is open: every seat's view shows every row
        for seat in range(players):
            assert state.view(seat).to_dict()["rows"] == [state.row_cards(s) for s in range(players)]


def test_players_two_to_six_only():
    spec = get_game("lama-dice")
    for bad in (1, 7):
        with pytest.raises(ValueError):
            spec.new(bad)
    assert spec.variant_ids == ("lama20",)
    assert spec.hidden_information is False


# -- the dice --------------------------------------------------------------------------------------------------
def test_three_dice_with_six_faces():
    assert len(dice.DICE_FACES) == 3
    assert all(len(f) == 6 for f in dice.DICE_FACES)


def test_each_die_has_two_llama_faces_and_four_numbers():
    for faces in dice.DICE_FACES:
        assert faces.count(dice.LLAMA) == 2
        assert len([f for f in faces if f != dice.LLAMA]) == 4


def test_each_number_is_on_exactly_two_dice():
    for number in range(6):
        assert sum(1 for faces in dice.DICE_FACES if number in faces) == 2
        assert sum(faces.count(number) for faces in dice.DICE_FACES) == 2


def test_roll_distribution_has_216_ordered_outcomes_summing_to_one():
    ordered = DiceState.roll_outcomes(merged=False)
    assert len(ordered) == 216
    assert sum(p for _f, p in ordered) == pytest.approx(1.0)
    merged = DiceState.roll_outcomes()
    assert sum(p for _f, p in merged) == pytest.approx(1.0)
    # merging keeps the distribution of the multiset of values shown
    exact = Counter()
    for faces, _p in ordered:
        exact[tuple(sorted(map(str, faces)))] += Fraction(1, 216)
    for faces, p in merged:
        assert float(exact[tuple(sorted(map(str, faces)))]) == pytest.approx(p)
    assert len(merged) == len(exact)


def test_three_llamas_have_probability_one_in_27():
    p = sum(p for faces, p in DiceState.roll_outcomes() if faces == ("L", "L", "L"))
    assert p == pytest.approx(1 / 27)


def test_a_number_shows_with_probability_11_in_36():
    for number in range(1, 7):
        p = sum(p for faces, p in DiceState.roll_outcomes() if number in faces)
        assert p == pytest.approx(11 / 36)


def test_dice_faces_come_from_the_data_file_marked_reconstructed():
    from lama_desktop.resources import game_path

    text = game_path("lama_desktop.games.dice", "data", "lama_dice.yaml").read_text(encoding="utf-8")
    assert "RECONSTRUCTED" in text.split("dice:")[0]


def test_dice_assignment_orders_faces_by_die_and_refuses_impossible_rolls():
    ordered = DiceState.dice_assignment([1, 3, "L"])
    for label, faces in zip(ordered, dice.DICE_FACES, strict=False):
        assert rules.value_index(label) in faces
    with pytest.raises(ValueError):
        DiceState.dice_assignment([1, 1, 1])  # a 1 is on two dice only
    with pytest.raises(ValueError):
        DiceState.dice_assignment([3, 3, 3])
    with pytest.raises(ValueError):
        DiceState.dice_assignment([1, 2])


def test_roll_is_drawn_from_the_seeded_rng():
    a = get_game("lama-dice").new(3, seed=42)
    b = get_game("lama-dice").new(3, seed=42)
    ea = a.apply("roll")
    eb = b.apply("roll")
    assert event(ea, "roll").data == event(eb, "roll").data
    seen = set()
    for seed in range(60):
        s = get_game("lama-dice").new(2, seed=seed)
        seen.add(tuple(event(s.apply("roll"), "roll").data["faces"]))
    assert len(seen) > 20


# -- a turn ----------------------------------------------------------------------------------------------------
def test_a_turn_is_roll_or_quit():
    state = get_game("lama-dice").new(3, seed=1)
    assert moves(state) == ["quit", "roll"]
    assert "first roll the dice or quit" in refused(state, "discard 3")
    assert "no arguments" in refused(state, "roll 3")


def test_three_llamas_may_return_a_token_of_your_choice():
    state = DiceState.crafted(["1 2 L", "3 4"], scores=[12, 0])
    events = state.apply_roll(["L", "L", "L"])
    assert event(events, "roll").data["outcome"] == "three_llamas"
    assert moves(state) == ["keep", "return 1", "return 10"]
    state.apply("return 10")
    assert state.scores == [2, 0]
    assert state.row_cards(0) == [1, 2, "L"]  # no card moves, even with a llama in the row
    assert state.current_player == 1


def test_three_llamas_returning_is_optional():
    state = DiceState.crafted(["1 2", "3 4"], scores=[5, 0])
    state.apply_roll(["L", "L", "L"])
    events = state.apply("keep")
    assert event(events, "token").data["action"] == "keep"
    assert state.scores == [5, 0]
    assert state.current_player == 1


def test_three_llamas_without_tokens_nothing_happens():
    state = DiceState.crafted(["1 2", "3 4"])
    events = state.apply_roll(["L", "L", "L"])
    assert event(events, "token").data["action"] == "none"
    assert state.current_player == 1 and state.phase_name == "turn"
    assert state.row_cards(0) == [1, 2]


def test_three_llamas_come_before_a_llama_match():
    state = DiceState.crafted(["L L 5", "3 4"], scores=[0, 0])
    state.apply_roll(["L", "L", "L"])
    assert state.row_cards(0) == [5, "L", "L"]
    assert state.phase_name == "turn" and state.current_player == 1


def test_a_match_discards_at_least_one_matching_card():
    state = DiceState.crafted(["3 3 5 6", "1 2"])
    state.apply_roll([3, 4, "L"])
    assert state.phase_name == "discard"
    assert moves(state) == ["discard 3"]
    assert "at least one" in refused(state, "discard")
    assert refused(state, "quit")
    assert refused(state, "roll")
    state.apply("discard 3")
    assert state.row_cards(0) == [3, 5, 6]


def test_at_most_one_card_per_die_showing_the_value():
    state = DiceState.crafted(["3 3 3 5", "1 2"])
    state.apply_roll([3, 1, "L"])
    reason = refused(state, "discard 3 3")
    assert "one die" in reason
    state2 = DiceState.crafted(["3 3 3 5", "1 2"])
    state2.apply_roll([3, 3, "L"])  # two dice show 3: two 3s may go
    assert moves(state2) == ["discard 3", "discard 3 3"]
    assert refused(state2, "discard 3 3 3")
    state2.apply("discard 3 3")
    assert state2.row_cards(0) == [3, 5]


def test_you_may_discard_fewer_than_allowed():
    state = DiceState.crafted(["3 5 L", "1 2"])
    state.apply_roll([3, 5, "L"])
    assert "discard 3 5 L" in moves(state)
    assert {"discard 3", "discard 5", "discard L", "discard 3 5", "discard 3 L", "discard 5 L"} <= set(moves(state))
    state.apply("discard L 3")  # any order, like a person would say it
    assert state.row_cards(0) == [5]


def test_discard_refuses_cards_you_do_not_hold_or_no_die_shows():
    state = DiceState.crafted(["3 5", "1 2"])
    state.apply_roll([3, 4, "L"])
    assert "no 4" in refused(state, "discard 4")
    assert "no die shows 5" in refused(state, "discard 5")
    assert "1 to 6" in refused(state, "discard 9")


def test_no_match_takes_a_llama_row_card_a_die_shows():
    state = DiceState.crafted(["1 1", "5 6"])
    events = state.apply_roll([2, 4, "L"])
    assert event(events, "roll").data["outcome"] == "take"
    assert moves(state) == ["take 2", "take 4", "take L"]
    assert "no die shows 3" in refused(state, "take 3")
    state.apply("take 4")
    assert state.row_cards(0) == [1, 1, 4]
    assert state.llama_row_cards() == [1, 2, 3, 5, 6, "L"]
    assert state.current_player == 1


def test_take_only_cards_still_in_the_llama_row():
    state = DiceState.crafted(["1 1", "5 6"], llama_row="3 4 6 L")
    state.apply_roll([2, 4, "L"])
    assert moves(state) == ["take 4", "take L"]
    assert "llama row has no 2" in refused(state, "take 2")


def test_blowing_it_takes_the_whole_llama_row_and_ends_the_round():
    state = DiceState.crafted(["1 1", "5 6", "4"], llama_row="3 5")
    events = state.apply_roll([2, 4, "L"])
    assert kinds(events)[:2] == ["roll", "blowup"]
    assert event(events, "blowup").data["cards"] == [3, 5]
    end = event(events, "round_end")
    assert end.data["ended_by"] == "blowup"
    assert end.data["rows"][0]["cards"] == [1, 1, 3, 5]
    assert state.scores == [1 + 3 + 5, 5 + 6, 4]
    assert event(events, "deal").data["starter"] == 0  # the last to act starts the next round


def test_alone_any_roll_without_a_match_blows_it():
    state = DiceState.crafted(["1 1", "5 6", "4"], quit=[1, 2])
    events = state.apply_roll([2, 4, "L"])  # the full llama row shows 2, 4 and L: alone you still blow it
    blow = event(events, "blowup")
    assert blow.data["solo"] is True
    assert blow.data["cards"] == [1, 2, 3, 4, 5, 6, "L"]
    assert event(events, "round_end").data["rows"][0]["points"] == 1 + 2 + 3 + 4 + 5 + 6 + 10


def test_alone_three_llamas_still_return_a_token():
    state = DiceState.crafted(["1", "5 6", "4"], quit=[1, 2], scores=[3, 0, 0])
    state.apply_roll(["L", "L", "L"])
    assert moves(state) == ["keep", "return 1"]
    state.apply("return 1")
    assert state.scores[0] == 2 and state.current_player == 0  # alone: the turn comes back


def test_emptying_your_row_ends_the_round_and_may_return_a_token():
    state = DiceState.crafted(["2", "5 6", "4"], scores=[15, 3, 0])
    state.apply_roll([2, 6, "L"])
    state.apply("discard 2")
    assert state.phase_name == "return" and state.current_player == 0
    assert moves(state) == ["keep", "return 1", "return 10"]
    events = state.apply("return 10")
    end = event(events, "round_end")
    assert end.data["ended_by"] == "empty_row" and end.data["by"] == 0
    assert state.scores == [5, 3 + 11, 4]


def test_emptying_your_row_without_tokens_ends_the_round_at_once():
    state = DiceState.crafted(["2", "5 6", "4"])
    events = state.apply_roll([2, 6, "L"])
    events += state.apply("discard 2")
    assert event(events, "round_end").data["ended_by"] == "empty_row"
    assert state.round_no == 2


def test_taking_the_last_llama_row_card_ends_the_round():
    state = DiceState.crafted(["1", "5 6", "4"], llama_row="3")
    state.apply_roll([3, 2, "L"])
    assert moves(state) == ["take 3"]
    events = state.apply("take 3")
    end = event(events, "round_end")
    assert end.data["ended_by"] == "last_card" and end.data["by"] == 0
    assert state.scores == [4, 11, 4]


def test_quitting_leaves_the_round_and_the_row_is_still_scored():
    state = DiceState.crafted(["1", "5 6", "4 4"])
    events = state.apply("quit")
    assert event(events, "quit").data["left"] == 2
    assert state.current_player == 1
    state.apply("quit")
    assert state.current_player == 2  # seats that quit are skipped
    events = state.apply("quit")
    end = event(events, "round_end")
    assert end.data["ended_by"] == "all_quit" and end.data["by"] == 2
    assert [r["points"] for r in end.data["rows"]] == [1, 11, 4]
    assert state.scores == [1, 11, 4]
    assert state.current_player == 2  # the last quitter took the last action


def test_quitters_are_skipped_and_the_round_goes_on():
    state = DiceState.crafted(["1", "5 6", "4 4"], quit=[1])
    state.apply_roll([2, 6, "L"])
    state.apply("take 2")
    assert state.current_player == 2


def test_scoring_counts_each_value_once_and_llamas_ten_once():
    assert rules.row_points(rules.counts_from("4 4 4")) == 4
    assert rules.row_points(rules.counts_from("L L L")) == 10
    assert rules.row_points(rules.counts_from("1 2 3 4 5 6 L L")) == 31
    assert rules.row_points(rules.counts_from("")) == 0


def test_tokens_are_white_and_black_exchanged_at_once():
    assert dice.holding(12, False) == {20: 0, 10: 1, 1: 2}
    assert dice.holding(39, False) == {20: 0, 10: 3, 1: 9}
    assert rules.returnable(10, False) == (10,)
    assert rules.returnable(0, False) == ()


def test_lama20_adds_pink_tokens_that_can_be_returned():
    assert dice.holding(35, True) == {20: 1, 10: 1, 1: 5}
    state = DiceState.crafted(["2", "5 6"], scores=[25, 0], variants=["lama20"])
    state.apply_roll(["L", "L", "L"])
    assert moves(state) == ["keep", "return 1", "return 20"]
    state.apply("return 20")
    assert state.scores[0] == 5
    plain = DiceState.crafted(["2", "5 6"], scores=[25, 0])
    plain.apply_roll(["L", "L", "L"])
    assert "Lama 20" in refused(plain, "return 20")


def test_game_ends_at_40_and_fewest_points_win():
    state = DiceState.crafted(["1", "5 6", "4"], scores=[10, 30, 20])
    state.apply("quit")
    state.apply("quit")
    events = state.apply("quit")
    assert state.is_over and state.current_player == -1
    assert state.scores == [11, 41, 24]
    assert state.winners() == [0] and state.outcome() == [1.0, 0.0, 0.0]
    assert event(events, "game_end").data["winners"] == [0]
    assert state.legal_moves() == []
    assert refused(state, "roll") == "the game is over"


def test_ties_for_fewest_points_share_the_win():
    state = DiceState.crafted(["1", "2", "6 L"], scores=[9, 8, 30])
    for _ in range(3):
        state.apply("quit")
    assert state.scores == [10, 10, 46]
    assert state.winners() == [0, 1]
    assert state.outcome() == [0.5, 0.5, 0.0]


def test_no_game_end_below_40():
    state = DiceState.crafted(["1", "2", "6"], scores=[9, 8, 33])
    for _ in range(3):
        state.apply("quit")
    assert not state.is_over and state.scores == [10, 10, 39]


def test_the_last_player_to_act_starts_the_next_round():
    state = DiceState.crafted(["1", "5 6", "4"], llama_row="3", current=1)
    state.apply_roll([3, 2, "L"])
    events = state.apply("take 3")
    assert event(events, "deal").data["starter"] == 1
    assert state.current_player == 1 and state.round_no == 2
    assert state.llama_row_cards() == [1, 2, 3, 4, 5, 6, "L"]
    assert all(sum(r) == 6 for r in state.rows)


def test_first_player_is_chosen_at_setup():
    spec = get_game("lama-dice")
    assert spec.new(4, seed=1).current_player == 0
    assert spec.new(4, seed=1, first_player=2).current_player == 2
    with pytest.raises(ValueError):
        spec.new(4, seed=1, first_player=4)
    with pytest.raises(ValueError):
        spec.new(4, seed=1, dealer=1)


def test_illegal_moves_name_the_reason():
    state = DiceState.crafted(["1 1", "5 6"])
    assert "not a LAMA Dice move" in refused(state, "play 3")
    state.apply_roll([2, 4, "L"])
    assert "take a card" in refused(state, "roll")
    assert "take" in refused(state, "discard 2")
    state.apply("take 2")
    state.apply_roll(["L", "L", "L"])  # seat 1 has no tokens: nothing to return
    assert state.current_player == 0
    assert "first roll" in refused(DiceState.crafted(["1", "2"], scores=[1, 0]), "return 1")
    returning = DiceState.crafted(["1", "2"], scores=[10, 0])
    returning.apply_roll(["L", "L", "L"])
    assert "no 1-point token" in refused(returning, "return 1")
    assert "return a 1, 10 or 20" in refused(returning, "return 5")
    assert "first" in refused(returning, "roll")


def test_apply_roll_refuses_an_impossible_roll_and_a_roll_out_of_turn():
    state = DiceState.crafted(["1 1", "5 6"])
    before = state.to_dict()
    with pytest.raises(ValueError):
        state.apply_roll([1, 1, 1])
    assert state.to_dict() == before
    state.apply_roll([2, 4, "L"])
    with pytest.raises(IllegalMove):
        state.apply_roll([2, 4, "L"])


def test_moves_have_a_stable_text_form():
    state = DiceState.crafted(["3 5 L", "1 2"])
    state.apply_roll([3, 5, "L"])
    for move in state.legal_moves():
        assert Move.parse(str(move)) == move


# -- the rulebooks' worked examples -----------------------------------------------------------------------------
def test_example_rosa_aurelia_rolls_1_3_llama_and_discards_a_3_and_a_llama():
    """EN: Rosa has rolled a 1, a 3, and a llama. She discards a 3 and a llama. She might have chosen to keep the
    llama also. FR: Aurélia a obtenu 1, 3 et un lama aux dés. Elle défausse un 3 et un lama."""
    state = DiceState.crafted(["3 3 5 6 L L", "2 2 4 4 6 6", "1 2 4 5 6 6", "2 4 5 5 L L"])
    events = state.apply_roll([1, 3, "L"])
    assert event(events, "roll").data["matches"] == [3, "L"]
    # she may discard a 3 and a llama, or keep either of them
    assert moves(state) == ["discard 3", "discard 3 L", "discard L"]
    events = state.apply("discard 3 L")
    assert event(events, "discard").data["cards"] == [3, "L"]
    assert state.row_cards(0) == [3, 5, 6, "L"]
    assert state.current_player == 1


def test_example_john_jerome_rolls_2_and_two_llamas_and_takes_the_llama():
    """EN: John has rolled a 2 and two llamas. Since he doesn't have any cards with those values in his row, he
    must take the 2 or the llama from the llama row. He picks the llama."""
    state = DiceState.crafted(["1 3 3 4 5 6", "1 1 3 4 6 6", "3 4 4 5 5 6", "1 3 4 5 5 6"], current=1)
    state.apply_roll([2, "L", "L"])
    assert state.current_player == 1
    assert moves(state) == ["take 2", "take L"]
    events = state.apply("take L")
    assert event(events, "take").data["card"] == "L"
    assert state.row_cards(1) == [1, 1, 3, 4, 6, 6, "L"]
    assert state.llama_row_cards() == [1, 2, 3, 4, 5, 6]


def test_example_martin_marc_quits_and_the_others_play_on():
    """EN: Martin doesn't want to roll the dice anymore. He quits the round and turns over all his cards."""
    state = DiceState.crafted(["1 2", "5 6 6", "3 4", "1 4"], current=1)
    events = state.apply("quit")
    assert kinds(events) == ["quit"]
    assert state.out[1] and state.current_player == 2
    view = state.view(0).to_dict()
    assert view["quit"] == [False, True, False, False]
    # the others go on; Martin's row is scored at the end of the round
    state.apply("quit")
    state.apply("quit")
    events = state.apply("quit")
    assert event(events, "round_end").data["rows"][1]["points"] == 11


def test_example_rosa_aurelia_alone_discards_her_2_then_blows_it():
    """EN: John, Martin, and George have quit the round. Rosa still has a 2 and a 5. She rolls a 1, a 2, and a 4,
    so she discards her 2. She decides to continue and rolls a 2, a 6, and a llama. As she has none of these
    values in her row, she has blown it and must take all the cards from the llama row."""
    state = DiceState.crafted(["2 5", "1 1", "3 6", "4 4"], quit=[1, 2, 3], llama_row="2 3 6 L")
    state.apply_roll([1, 2, 4])
    assert moves(state) == ["discard 2"]
    state.apply("discard 2")
    assert state.current_player == 0 and state.row_cards(0) == [5]
    events = state.apply_roll([2, 6, "L"])  # the llama row holds 2, 6 and L, but she is alone
    blow = event(events, "blowup")
    assert blow.data == {"cards": [2, 3, 6, "L"], "solo": True}
    end = event(events, "round_end")
    assert end.data["ended_by"] == "blowup"
    assert end.data["rows"][0]["cards"] == [2, 3, 5, 6, "L"]
    assert end.data["rows"][0]["points"] == 2 + 3 + 5 + 6 + 10


def test_example_rosa_aurelia_scores_12_for_1_two_5s_and_6():
    """EN: Rosa has a 1, two 5s, and a 6, so she gets 12 negative points. She takes two 1-point tokens and one
    10-point one."""
    state = DiceState.crafted(["1 5 5 6", "2", "3"])
    for _ in range(3):
        events = state.apply("quit")
    take = [e for e in events if e.kind == "token" and e.seat == 0][0]
    assert take.data["points"] == 12
    assert take.data["holding"] == {"20": 0, "10": 1, "1": 2}


def test_example_rosa_aurelia_empties_her_row_and_returns_the_10_token():
    """EN: Rosa has two 1-point tokens and one 10-point one. She discards her final card, ending the round and
    earning the right to return a token. Naturally, she chooses the 10-point token."""
    state = DiceState.crafted(["4", "2 2", "3"], scores=[12, 0, 0])
    state.apply_roll([4, 1, "L"])
    state.apply("discard 4")
    assert moves(state) == ["keep", "return 1", "return 10"]
    events = state.apply("return 10")
    assert event(events, "token").data == {"action": "return", "value": 10, "reason": "empty_row", "score": 2}
    assert state.scores == [2, 2, 3]
    assert event(events, "round_end").data["rows"][0]["points"] == 0


# -- crafted states ---------------------------------------------------------------------------------------------
def test_crafted_states_check_the_cards():
    with pytest.raises(ValueError):
        DiceState.crafted(["1 1 1 1 1 1 1", "2"])  # only six 1s (one of them in the llama row)
    with pytest.raises(ValueError):
        DiceState.crafted(["1", "2"], llama_row="")
    with pytest.raises(ValueError):
        DiceState.crafted(["9", "2"])
    state = DiceState.crafted(["1 2", "3"], discarded="4 4")
    assert state.card_totals() == list(dice.CARD_COUNTS)


# -- refusal codes (what the app translates) ---------------------------------------------------------------------
def test_refusal_codes_of_a_turn_before_the_roll():
    state = get_game("lama-dice").new(3, seed=1)
    assert refusal_of(state, "discard 3")[0] == "dice.roll_first"
    assert refusal_of(state, "roll 3") == ("core.malformed", {"move": "roll 3"})
    assert refusal_of(state, "play 3") == ("core.unknown_move", {"move": "play 3"})


def test_refusal_codes_of_a_match_name_the_card_and_the_dice():
    state = DiceState.crafted(["3 3 3 5", "1 2"])
    state.apply_roll([3, 1, "L"])
    assert refusal_of(state, "roll")[0] == "dice.discard_first"
    assert refusal_of(state, "take 3")[0] == "dice.discard_first"
    assert refusal_of(state, "discard")[0] == "dice.at_least_one"
    assert refusal_of(state, "discard 3 3") == ("dice.one_per_die", {"card": "3", "n": 1})
    assert refusal_of(state, "discard 2") == ("dice.not_in_row", {"card": "2"})
    assert refusal_of(state, "discard 5") == ("dice.no_die", {"card": "5"})
    assert refusal_of(state, "discard L") == ("dice.not_in_row", {"card": "L"})
    two = DiceState.crafted(["3 5", "1 2"])
    two.apply_roll([3, 3, "L"])
    assert refusal_of(two, "discard 3 3") == ("dice.only_in_row", {"card": "3", "n": 1})


def test_refusal_codes_of_no_match_name_the_card():
    state = DiceState.crafted(["1 1", "5 6"], llama_row="3 4 6 L")
    state.apply_roll([2, 4, "L"])
    assert refusal_of(state, "quit")[0] == "dice.take_first"
    assert refusal_of(state, "take 4 L")[0] == "dice.take_one"
    assert refusal_of(state, "take 3") == ("dice.no_die", {"card": "3"})
    assert refusal_of(state, "take 2") == ("dice.not_in_llama_row", {"card": "2"})


def test_refusal_codes_of_giving_back_a_token():
    state = DiceState.crafted(["2", "5 6"], scores=[10, 0])
    state.apply_roll(["L", "L", "L"])
    assert refusal_of(state, "roll")[0] == "dice.return_first"
    assert refusal_of(state, "return 1") == ("dice.no_token", {"value": 1})
    assert refusal_of(state, "return 20")[0] == "dice.no_pink_tokens"
    assert refusal_of(state, "return 5")[0] == "core.malformed"


def test_refusal_code_once_the_game_is_over():
    state = DiceState.crafted(["1", "5 6", "4"], scores=[10, 30, 20])
    for _ in range(3):
        state.apply("quit")
    assert refusal_of(state, "roll") == ("core.game_over", {})
