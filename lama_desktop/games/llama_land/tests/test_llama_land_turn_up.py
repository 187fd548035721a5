"""Llama Land: what a turn turns up waits for the turn's end (docs/rulings-llama-land.md, "Taking a move back").

The tile under a placed one stays face down, and the row position the turn's last hut emptied is refilled, only
when the turn ends (``turn_up`` and ``refill`` events); a first hut of two refills at once. So no move of a turn
reveals anything but a character taken from the deck, which is what lets the app take the turn's moves back."""

from __future__ import annotations

import copy
import random

from lama_desktop.engine.core import Event
from lama_desktop.engine.registry import get_game
from lama_desktop.games.llama_land.engine import SPEC
from lama_desktop.games.llama_land.engine.data import HUT, NONE, SHAPES, enc
from lama_desktop.games.llama_land.engine.state import AFTER, PLACE
from lama_desktop.games.llama_land.remote_view import view_from_dict

T = SHAPES.index("T")


def new(players=2, variants=("beginner",), seed=0):
    return SPEC.new(players, variants, seed, boards=["1a", "2a", "3a", "4a"][:players])


def hut_board(state, huts: int) -> None:
    """The player to move's board without icons but ``huts`` huts along its top row, and four corn in hand (a
    feeding left to do keeps the turn open after the huts)."""
    p = state.players[state.seat]
    p.crops[0] += 4
    state.supply_crops[0] -= 4
    for cell in p.top:
        p.top[cell] = NONE
    for x in range(huts):
        p.top[enc(x, 0)] = HUT


def test_reveals_the_turn_up_and_the_refill_not_the_placement():
    land = get_game("llama-land")
    assert land.reveals(Event("turn_up", 0, {}), 1)
    assert land.reveals(Event("refill", None, {}), 0)
    assert land.reveals(Event("character", 0, {"action": "take", "from": "deck"}), 1)
    for kind in ("place", "foundation", "feed", "llama", "marker", "payout", "turn_end"):
        assert not land.reveals(Event(kind, 0, {}), 1), kind
    assert not land.reveals(Event("character", 0, {"action": "take", "from": "row"}), 1)


def test_rule_the_tile_under_a_placed_one_stays_face_down_until_the_turn_ends():
    s = new(2, variants=())  # with objectives: an extend leaves the marker step, so the turn waits
    under = s.stacks[T][-2]
    events = s.apply(next(m for m in s.legal_moves() if m.kind == "extend" and m.args[0] == "T"))
    assert s.phase == AFTER and s.current_player == 0
    assert not any(SPEC.reveals(e, 0) for e in events)
    view = s.view(1)
    assert view.stack_tops[T] is None and view.stack_sizes[T] == 11
    shown = view.to_dict()["stacks"][T]
    assert shown["top"] is None and shown["covered"] and shown["count"] == 11
    assert view.to_dict()["turn"]["covered"] == "T"
    events = s.apply("end")
    turned = [e for e in events if e.kind == "turn_up"]
    assert [e.data["tile"] for e in turned] == [under] and turned[0].seat == 0
    assert [e.kind for e in events].index("turn_up") < [e.kind for e in events].index("turn_end")
    assert s.view(1).stack_tops[T] == under and not s.view(1).to_dict()["stacks"][T]["covered"]


def test_rule_what_lies_face_down_is_no_seat_s_knowledge():
    """Two games that differ only in the face-down tile look the same to every seat, and a bot's sample deals the
    face-down tile again with the rest of its pile."""
    s = new(2, variants=())
    s.apply(next(m for m in s.legal_moves() if m.kind == "extend" and m.args[0] == "T"))
    other = s.clone()
    other.stacks[T][-1], other.stacks[T][0] = other.stacks[T][0], other.stacks[T][-1]
    for seat in (0, 1):
        assert s.view(seat).to_dict() == other.view(seat).to_dict()
    tops = {s.view(0).sample_state(random.Random(k)).stacks[T][-1] for k in range(30)}
    assert len(tops) > 1


def test_rule_the_last_hut_s_refill_waits_for_the_turn_end():
    s = new(2)
    hut_board(s, 1)
    s.apply("build T r0 - 0 0")
    taken, deck_top = s.row[2], s.deck[-1]
    events = s.apply("hut 2")
    assert [e.kind for e in events] == ["character"]
    assert len(s.row) == 4 and taken not in s.row and s.t_gap == 2 and s.deck[-1] == deck_top
    picture = s.view(1).to_dict()
    assert picture["turn"]["row_gap"] == 2 and len(picture["character_row"]) == 4
    events = s.apply("end")
    refill = [e for e in events if e.kind == "refill"]
    assert [(e.data["position"], e.data["card"]) for e in refill] == [(2, deck_top)]
    assert len(s.row) == 5 and s.row[2] == deck_top and s.t_gap == -1


def test_rule_the_first_of_two_huts_refills_at_once_for_the_second_choice():
    s = new(2)
    hut_board(s, 2)
    s.apply("build T r0 - 0 0")
    deck_top = s.deck[-1]
    events = s.apply("hut 1")
    assert [e.kind for e in events] == ["character", "refill"] and s.row[1] == deck_top and s.t_gap == -1
    s.apply("hut 0")
    assert len(s.row) == 4 and s.t_gap == 0


def test_rule_a_game_ends_with_nothing_face_down():
    s = new(2)
    rng = random.Random(5)
    while not s.is_over:
        s.apply(rng.choice(s.legal_moves()))
        if s.phase == PLACE or s.is_over:
            assert s.t_covered == -1 and s.t_gap == -1
    assert all(not st["covered"] for st in s.view(0).to_dict()["stacks"])


def test_no_move_but_a_turn_s_end_or_a_character_from_the_deck_reveals_anything():
    for seed in range(4):
        s = new(3, variants=(), seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            mover = s.current_player
            move = rng.choice(s.legal_moves())
            events = s.apply(move)
            ended = any(e.kind == "turn_end" for e in events)
            from_deck = str(move) == "hut deck"
            if not ended and not from_deck:
                assert not any(SPEC.reveals(e, mover) for e in events), (str(move), events)


def test_a_turn_with_something_face_down_survives_save_clone_and_network_view():
    s = new(2)
    hut_board(s, 1)
    s.apply("build T r0 - 0 0")
    s.apply("hut 3")
    assert s.current_player == 0 and s.t_covered == T and s.t_gap == 3
    again = SPEC.state_from_dict(s.to_dict())
    assert again.to_dict() == s.to_dict() and (again.t_covered, again.t_gap) == (T, 3)
    assert (s.clone().t_covered, s.clone().t_gap) == (T, 3)
    played = new(2, variants=())  # a game's own position (the crafted board above is no placement's)
    played.apply(next(m for m in played.legal_moves() if m.kind == "extend" and m.args[0] == "T"))
    view = played.view(1)
    assert view_from_dict(view.to_dict()).to_dict() == view.to_dict()
    assert SPEC.check_state(played) is None


def test_a_version_2_save_after_a_placement_covers_its_stack_again():
    """A save of version 2 (the tile under turned up at once) made after this turn's placement reads as this
    version plays it: that stack covered, no row position waiting; one made at a turn's start covers nothing."""
    s = new(2, variants=())
    start = s.to_dict()
    s.apply(next(m for m in s.legal_moves() if m.kind == "extend" and m.args[0] == "T"))
    mid = s.to_dict()
    for d, covered in ((start, ""), (mid, "T")):
        old = copy.deepcopy(d)
        old["version"] = 2
        del old["turn"]["covered"], old["turn"]["row_gap"]
        loaded = SPEC.state_from_dict(old)
        assert loaded.to_dict() == d and loaded.to_dict()["turn"]["covered"] == covered


def test_random_games_with_explicit_end_stay_sound_and_reveal_only_at_end():
    """Random play of games made with ``explicit_end`` (what a game against bots records): every state sound
    (``check_state``), a turn ends only by ``end``, and only ``end``, a character drawn from the deck or the first
    of two huts (its refill) reveals."""
    for seed in range(3):
        s = SPEC.new(2 + seed % 3, (), seed, explicit_end=True)
        rng = random.Random(seed)
        while not s.is_over:
            mover, pending = s.current_player, s.pending_huts
            move = rng.choice(s.legal_moves())
            events = s.apply(move)
            assert SPEC.check_state(s) is None
            if str(move) != "end":
                assert not any(e.kind == "turn_end" for e in events)
                if str(move) != "hut deck" and not (move.kind == "hut" and pending > 1):
                    assert not any(SPEC.reveals(e, mover) for e in events), str(move)
        assert SPEC.state_from_dict(s.to_dict()).to_dict() == s.to_dict()
