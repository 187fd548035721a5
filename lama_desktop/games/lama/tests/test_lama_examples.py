"""The worked examples of the Polish L.A.M.A. rulebook (`rules/lama-box.pl.txt`), as scenario tests.

The rulebook's pictures are missing; where an example names only points, the hands are the simplest ones the
text describes.
"""

from lama_desktop.games.lama.engine import LamaState, hand_points, names_to_hand

TOMEK, AGNIESZKA = 0, 1


def test_example_tomek_plays_a_six_then_agnieszka_plays_a_llama_on_it():
    """"Jako pierwszy Tomek zagrywa kartę o wartości 6. Następnie jest tura Agnieszki, która zagrywa kartę Lamy"."""
    state = LamaState.crafted(hands=[["6", "5", "5", "5"], ["L", "3", "1"]], top="5", pile=["2", "4", "1"])
    state.apply("play 6")
    assert state.current_player == AGNIESZKA
    assert "play L" in [str(m) for m in state.legal_moves()]
    state.apply("play L")
    assert state.top == 7 and state.current_player == TOMEK


def test_example_tomek_cannot_play_and_lays_his_three_fives_face_down():
    """"Nieco później Tomek nie może zagrać żadnej karty. ... kładzie swoje 3 karty o wartości 5 zakryte"."""
    state = LamaState.crafted(hands=[["5", "5", "5"], ["1", "3"]], top="L", pile=["2", "4", "1"])
    assert [m for m in map(str, state.legal_moves()) if m.startswith("play")] == []
    events = state.apply("quit")
    assert events[0].kind == "quit" and events[0].data["hand_size"] == 3
    assert state.active == [False, True]
    # his three fives score 5 points, not 15, at the end of the round
    state.apply("play 1")
    events = state.apply("quit")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["points"][TOMEK] == 5


def test_example_three_fours_score_four():
    assert hand_points(names_to_hand(["4", "4", "4"]), party=False, each_llama=False)[0] == 4


def test_example_scoring_variant_three_llamas_score_thirty():
    assert hand_points(names_to_hand(["L", "L", "L"]), party=False, each_llama=True)[0] == 30


def test_example_scoring_a_b_c_of_the_base_game():
    """A 1 + 10 = 11, B 2 + 5 = 7, C 4 + 6 + 10 = 20, then each takes their tokens."""
    state = LamaState.crafted(hands=[["1", "1", "L"], ["2", "5", "5"], ["4", "6", "L", "L"], ["3"]],
                              top="3", current=3, pile=["2", "2"])
    events = state.apply("play 3")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["points"] == [11, 7, 20, 0]
    assert end.data["breakdown"][2] == {"values": [4, 6], "llama_cards": 2, "llama_points": 10, "total": 20}
    assert state.scores == [11, 7, 20, 0]


def test_example_party_two_fours_and_a_four_plus_score_four():
    assert hand_points(names_to_hand(["4", "4", "4+"]), party=True, each_llama=False)[0] == 4


def test_example_party_three_llamas_score_ten_two_llamas_and_the_pink_score_twenty():
    assert hand_points(names_to_hand(["L", "L", "L"]), party=True, each_llama=False)[0] == 10
    assert hand_points(names_to_hand(["L", "L", "P"]), party=True, each_llama=False)[0] == 20


def test_example_scoring_a_b_c_of_party():
    """A 1 + 10 = 11, B 2 + 5 = 7, C 4 + 6 + 20 = 30 (the pink llama among C's llamas)."""
    state = LamaState.crafted(game_id="lama-party",
                              hands=[["1", "1+", "L"], ["2", "5", "5+"], ["4", "6", "L", "P"], ["3"]],
                              top="3", current=3, pile=["2", "2"])
    events = state.apply("play 3")
    end = next(e for e in events if e.kind == "round_end")
    assert end.data["points"] == [11, 7, 30, 0]
    # C's 30 points are held as one pink and one black (20s exchanged at once in Party)
    assert state.view(0).to_dict()["tokens"][2] == {20: 1, 10: 1, 1: 0}


def test_example_drama_next_player_takes_all_unless_they_play_a_llama():
    """"Następny gracz ... musi zabrać ... wszystkie żetony – chyba, że zagra kartę Lamy"."""
    state = LamaState.crafted(hands=[["L", "2"], ["L", "4"], ["3", "5"]], top="6", points=[3, 4, 2],
                              board=[4, 0, 0], variants=["drama"])
    state.apply("play L")  # the fifth token: Lama Drama
    assert state.drama and state.current_player == 1
    state.apply("play L")  # passes it on, adding a sixth token
    assert state.drama and state.current_player == 2 and sum(state.board) == 6
    state.apply("take")
    assert state.scores == [2, 3, 8] and state.board == [0, 0, 0]
