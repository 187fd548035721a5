"""Llama Land: the rules of the end of the game by name: markers on the objective cards, the end trigger, scoring,
the tie-break and every objective's condition (split from ``test_llama_land_rules.py``, which holds setup, tiles,
characters and feeding)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lama_desktop.engine.core import Move
from lama_desktop.games.llama_land.engine import SPEC
from lama_desktop.games.llama_land.engine import objectives as rules
from lama_desktop.games.llama_land.engine.data import enc
from lama_desktop.games.llama_land.engine.state import LLAMA_PHASE, Player

from .test_llama_land_rules import D, after_extend, blank, new, refused


# -- markers -----------------------------------------------------------------------------------------------------
def marker_state(players, variants=()):
    s = new(players, variants)
    s.objectives = ["mountains", "herd", "road", "farms", "wealth", "characters", "diversity"]
    s.markers = [[-1, -1, -1] for _ in s.objectives]
    return s


def test_marker_example_top_taken():
    """Rulebook: the opponent took the top space; with 3-4 players you may take the 9, with 2 only the 6."""
    for players, allowed in ((3, [1, 2]), (4, [1, 2]), (2, [2])):
        s = marker_state(players)
        s.markers[0][0] = 1
        after_extend(s)
        spaces = sorted(m.args[1] for m in s.legal_moves() if m.kind == "marker" and m.args[0] == 0)
        assert spaces == allowed
        assert D.objective("mountains").spaces[1] == 9 and D.objective("mountains").spaces[2] == 6
        if players == 2:
            refused(s, "marker 0 1", "middle space stays empty", code="llama_land.middle_closed")


def test_marker_only_after_extending_and_one_per_card():
    s = marker_state(2)
    blank(s.players[0])
    s.apply("build T r0 - 0 0")  # blank build: nothing to do, the turn ends by itself
    assert s.current_player == 1
    s2 = marker_state(3)
    s2.markers[0][2] = 0
    after_extend(s2)
    refused(s2, "marker 0 0", "already have a marker", code="llama_land.marker_twice")
    s2.apply("marker 1 0")
    assert s2.players[0].markers == 3 and s2.markers[1][0] == 0
    if s2.current_player == 0:
        refused(s2, "marker 2 0", "at most one marker", code="llama_land.marker_once")


def test_marker_may_be_moved_from_another_card():
    s = marker_state(3)
    p = s.players[0]
    p.markers = 0
    s.markers[0][2] = 0
    after_extend(s)
    refused(s, "marker 1 0", "move one", code="llama_land.no_marker_left")
    s.apply("marker 1 0 0")
    assert s.markers[0] == [-1, -1, -1] and s.markers[1][0] == 0 and p.markers == 0


def test_a_marker_may_move_to_a_free_space_of_its_own_card():
    """RULINGS §4: a marker may move to a free space of any objective card, its own card included."""
    s = marker_state(3)
    p = s.players[0]
    s.markers[0] = [-1, 1, 0]  # seat 0 holds the bottom space of "mountains"; the top is free again
    after_extend(s)
    legal = {str(m) for m in s.legal_moves() if m.kind == "marker"}
    assert "marker 0 0 0" in legal  # up its own card
    assert "marker 0 0" not in legal  # not a second marker from the reserve on that card
    reserve = p.markers
    events = s.apply("marker 0 0 0")
    assert s.markers[0] == [0, 1, -1] and p.markers == reserve
    marker = next(e for e in events if e.kind == "marker")
    assert marker.data["from"] == 0 and marker.data["points"] == D.objective("mountains").spaces[0]


def test_a_marker_may_move_to_a_free_space_of_any_objective_card():
    """RULINGS §4: every free space of every card is open to a marker moved from a card (its own included)."""
    s = marker_state(4)
    s.players[0].markers = 0
    s.markers[2] = [0, -1, 3]  # seat 0 on "road" (top); the middle of "road" is free
    s.markers[5] = [1, 2, -1]
    after_extend(s)
    moves = {(m.args[0], m.args[1]) for m in s.legal_moves() if m.kind == "marker"}
    assert all(len(m.args) == 3 and m.args[2] == 2 for m in s.legal_moves() if m.kind == "marker")
    expected = {(i, sp) for i, spaces in enumerate(s.markers) for sp in range(3) if spaces[sp] < 0}
    assert moves == expected and (2, 1) in moves and (5, 2) in moves


def test_a_marker_moved_from_another_card_cannot_join_your_marker_on_a_card():
    s = marker_state(3)
    s.markers[0][2] = 0
    s.markers[1][1] = 0
    after_extend(s)
    refused(s, "marker 0 0 1", "already have a marker", code="llama_land.marker_twice")
    refused(s, "marker 0 0", "already have a marker", code="llama_land.marker_twice")
    s.apply("marker 0 0 0")
    assert s.markers[0] == [0, -1, -1] and s.markers[1][1] == 0


def test_gold_marker_goes_on_the_highest_free_space():
    s = new(3, ("expert",))
    gold = next(i for i, o in enumerate(s.objectives) if D.objective(o).colour == "gold")
    s.markers[gold][0] = 1
    after_extend(s)
    refused(s, f"marker {gold} 2", "highest free space", code="llama_land.gold_space")
    s.apply(f"marker {gold} 1")


def test_beginner_has_no_marker_step():
    s = new(2, ("beginner",))
    after_extend(s)
    assert s.current_player == 1  # nothing else to do: the turn ended by itself


# -- end and scoring ---------------------------------------------------------------------------------------------
def finish_turn(s):
    """Play the current player's turn with a blank build or an extend, then end."""
    seat = s.current_player
    while s.current_player == seat and not s.over:
        moves = s.legal_moves()
        pick = next((m for m in moves if m.kind == "extend"), None) or next(
            (m for m in moves if m.kind in ("end", "hut", "llama")), moves[0])
        s.apply(pick)


def test_end_trigger_four_tiles_left_then_equal_turns():
    s = new(3, ("beginner",))
    for pile in s.stacks:
        del pile[:-1]  # one tile per stack: five left
    finish_turn(s)  # seat 0: four left -> triggered
    assert s.triggered == "tiles" and not s.over
    finish_turn(s)
    assert not s.over
    finish_turn(s)  # seat 2 (right of the first player) ends it
    assert s.over and s.turns == [1, 1, 1] and s.current_player == -1
    assert s.legal_moves() == []


def test_chosen_first_player_starts_takes_no_coin_and_the_seat_before_them_ends_the_game():
    # the start coins go 0, 1, 2, 3 clockwise from the first player; the game ends after equal turns, i.e. with
    # the player to the right of the first player
    s = SPEC.new(3, ("beginner",), 0, boards=["1a", "2a", "3a"], first_player=2)
    assert s.current_player == 2
    assert [p.coins for p in s.players] == [1, 2, 0]
    for pile in s.stacks:
        del pile[:-1]
    finish_turn(s)  # seat 2 triggers the end
    assert s.triggered == "tiles" and not s.over and s.current_player == 0
    finish_turn(s)
    assert not s.over and s.current_player == 1
    finish_turn(s)  # seat 1, right of the first player, plays the last turn
    assert s.over and s.turns == [1, 1, 1]


def test_first_player_survives_save_and_clone_and_is_checked():
    s = SPEC.new(4, (), 3, first_player=1)
    assert SPEC.state_from_dict(s.to_dict()).to_dict() == s.to_dict()
    assert s.clone().first == 1 and s.view(0).to_dict()["first_player"] == 1
    with pytest.raises(ValueError):
        SPEC.new(2, (), 0, first_player=2)
    old = json.loads((Path(__file__).parent / "saves" / "v1.json").read_text())
    del old["first"]  # a version-1 save made before the option existed: seat 0 started
    assert SPEC.state_from_dict(old).first == 0


def test_end_trigger_by_the_last_seat_ends_at_once():
    s = new(2, ("beginner",))
    finish_turn(s)
    for pile in s.stacks:
        del pile[:-1]
    finish_turn(s)
    assert s.over and s.turns == [1, 1]


def test_end_trigger_one_llama_kind_left():
    s = new(2, ("beginner",))
    s.columns[0] = []
    s.columns[1] = [12]
    p = s.players[0]
    p.crops = [0, 4, 0]
    s.supply_crops[1] -= 4
    after_extend(s)
    s.apply("feed cacao 0")
    while s.current_player == 0:
        s.apply(s.legal_moves()[0] if s.phase == LLAMA_PHASE else Move("end"))
    assert s.triggered == "llama_cards"
    finish_turn(s)
    assert s.over


def test_scoring_sources_and_breakdown():
    s = new(2, ("beginner",))
    p = s.players[0]
    p.cards = [(0, 12), (1, 7)]
    p.crops = [2, 1, 0]
    p.coins = 5
    b = s.score_breakdown()[0]
    assert (b["llama_cards"], b["crops"], b["coins"], b["objectives"], b["total"]) == (19, 3, 2, 0, 24)
    assert s.scores[0] == 24


def test_objective_points_only_when_the_condition_holds():
    s = marker_state(3)
    p = s.players[0]
    s.markers[4][0] = 0  # wealth, top space (8 points): needs 5 coins
    p.coins = 4
    assert s.score_breakdown()[0]["objectives_by_card"]["wealth"] == 0
    p.coins = 5
    assert s.score_breakdown()[0]["objectives_by_card"]["wealth"] == D.objective("wealth").spaces[0]


def test_tie_break_llama_card_points_then_shared():
    s = new(2, ("beginner",))
    s.over = True
    a, b = s.players
    a.cards, a.crops = [(0, 10)], [0, 0, 0]
    b.cards, b.crops = [(0, 8)], [2, 0, 0]
    a.coins = b.coins = 0
    assert s.scores == [10, 10] and s.winners() == [0]
    s._final = None
    b.cards, b.crops = [(0, 10)], [0, 0, 0]
    s._final = None
    assert s.winners() == [0, 1] and s.outcome() == [0.5, 0.5]


def test_gold_ranking_by_measure_then_marker_height():
    s = new(3, ("expert",))
    s.objectives = ["wealth_master"]
    s.markers = [[2, 0, 1]]
    s.players[0].coins, s.players[1].coins, s.players[2].coins = 5, 5, 9
    pts = s.objective_results()[0]
    assert pts == [8, 4, 12]  # seat 2 most; seats 0 and 1 tie: seat 0's marker is higher
    s.players[2].coins = 0
    pts = s.objective_results()[0]
    assert pts[2] == 0  # nothing of the thing measured: no points


# -- objective conditions on crafted domains ---------------------------------------------------------------------
def domain(cells, llamas, levels=None):
    """A Player whose domain is exactly ``cells`` (list of (x, y)) with llamas at ``llamas``."""
    p = Player("1a")
    p.heights = {enc(x, y): 1 for x, y in cells}
    for x, y in llamas:
        p.llamas[enc(x, y)] = (levels or {}).get((x, y), 1)
    return p


def rect(w, h, x0=0, y0=0):
    return [(x0 + x, y0 + y) for x in range(w) for y in range(h)]


def test_objective_levels_lowlands_to_summit_and_omnipresence():
    cells = rect(6, 6)
    p = domain(cells, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])
    assert rules.llamas_on_level(p, level=1, count=5)
    assert not rules.llamas_on_level(p, level=2, count=1)
    levels = {(0, 0): 1, (1, 0): 2, (2, 0): 3, (3, 0): 4, (4, 0): 5}
    p = domain(cells, list(levels), levels)
    assert rules.llama_levels(p, count=4)
    p = domain(cells, [(0, 0), (1, 0)], {(0, 0): 5, (1, 0): 5})
    assert rules.llamas_on_level(p, level=5, count=2) and not rules.llamas_on_level(p, level=4, count=2)


def test_objective_herd_is_an_orthogonal_group_whatever_the_levels():
    cells = rect(6, 6)
    herd = [(1, 1), (2, 1), (2, 2), (2, 3)]
    p = domain(cells, herd, {(2, 2): 4})
    assert rules.herd(p, count=4)
    p = domain(cells, [(1, 1), (2, 2), (3, 3), (4, 4)])  # diagonal only
    assert not rules.herd(p, count=4)
    assert rules.largest_herd(domain(cells, [(0, 0), (1, 0), (3, 0), (4, 0), (5, 0)])) == 3


def test_objective_road_four_in_a_row_or_column_with_gaps():
    cells = rect(8, 8)
    assert rules.road(domain(cells, [(0, 3), (2, 3), (5, 3), (7, 3)]), count=4)
    assert rules.road(domain(cells, [(6, 0), (6, 1), (6, 5), (6, 7)]), count=4)
    assert not rules.road(domain(cells, [(0, 3), (2, 3), (5, 3), (7, 4)]), count=4)


def test_objective_outposts_distance_eleven_through_the_domain():
    line = [(x, 0) for x in range(12)]
    assert rules.outposts(domain(line, [(0, 0), (11, 0)]), distance=11)
    assert not rules.outposts(domain(line, [(0, 0), (10, 0)]), distance=11)
    # a U-shaped domain: close in the plane but far along the domain
    u = [(0, y) for y in range(5)] + [(1, 4), (2, 4)] + [(2, y) for y in range(5)]
    p = domain(u, [(0, 0), (2, 0)])
    assert rules.farthest_llamas(p) == 10 and not rules.outposts(p, distance=11)
    u2 = u + [(1, 5), (0, 5)]
    assert rules.farthest_llamas(domain(u2, [(0, 0), (2, 0)])) == 10


def test_objective_farms_not_next_to_an_edge_or_a_hole():
    cells = rect(7, 4)
    inner = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (1, 2)]
    p = domain(cells, inner)
    assert rules.farms(p, count=6)
    holed = [c for c in cells if c != (3, 2)]  # a hole beside (3, 1)
    assert not rules.farms(domain(holed, inner), count=6)
    edge = inner[:-1] + [(0, 2)]  # (0, 2) touches the edge
    assert not rules.farms(domain(cells, edge), count=6)


def test_objective_collection_cards():
    p = Player("1a")
    p.cards = [(0, 5), (0, 6), (0, 7), (0, 9), (1, 5), (1, 6), (2, 5)]
    assert rules.llama_cards_of(p, crop="corn", count=4)
    assert not rules.llama_cards_of(p, crop="cacao", count=4)
    assert not rules.llama_cards_each(p, count=2)
    p.cards.append((2, 8))
    assert rules.llama_cards_each(p, count=2)
    p.coins = 5
    assert rules.coins(p, count=5) and not rules.characters(p, count=5)
    p.chars = [1, 2, 3, 4, 5]
    assert rules.characters(p, count=5)
    assert rules.llama_cards(p) == 8 and rules.llama_cards_of(p, crop="corn") == 4


def test_marker_shorthand_takes_the_highest_free_space():
    s = marker_state(3)
    s.markers[0][0] = 1
    after_extend(s)
    s.apply("marker 0")
    assert s.markers[0] == [1, 0, -1]
