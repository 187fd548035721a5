"""Llama Land undo against bots (issue 32): a placement, a marker and a feeding are taken back within the turn,
because nothing a turn turns up is shown before the turn ends (test_llama_land_turn_up.py); once it ends, the tile
turned up stops the undo (the session's guarantee: nothing seen is taken back). Against bots the game records
``explicit_end`` (``GameSpec.undo_options``): the turn waits for its player's ``end``, so even its last step (a
marker with nothing else to do) can be taken back; elsewhere a turn still ends by itself."""

from __future__ import annotations

from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.session import GameSession
from lama_desktop.engine.record import GameRecord
from lama_desktop.games.llama_land.engine import SPEC

SEATS = [SeatConfig("You", "human"), SeatConfig("Bot", "bot", "easy")]


def session_with_corn(corn: int = 4, explicit_end: bool = False) -> GameSession:
    """A two-player game (objectives on) where the human, to move first, holds ``corn`` corn: after an extend
    both a marker and a feeding are open, so the turn waits for the human."""
    state = SPEC.new(2, (), 3, boards=["1a", "2a"], explicit_end=explicit_end)
    state.players[0].crops[0] += corn
    state.supply_crops[0] -= corn
    record = GameRecord("llama-land", 2, (), 3, {}, [], start=state.to_dict())
    return GameSession(record, SEATS, pace="instant")


def extend(session) -> str:
    move = next(m for m in session.state.legal_moves() if m.kind == "extend")
    assert session.play(move).ok
    return str(move)


def test_undo_takes_back_a_placement_within_the_turn():
    session = session_with_corn()
    before = session.state.to_dict()
    extend(session)
    assert session.undo_status() == (0, "", "")
    session.undo()
    assert session.state.to_dict() == before and session.practice


def test_undo_takes_back_a_marker_and_keeps_the_placement():
    session = session_with_corn()
    extend(session)
    after_tile = session.state.to_dict()
    marker = next(m for m in session.state.legal_moves() if m.kind == "marker")
    assert session.play(marker).ok and session.state.current_player == 0  # the feeding keeps the turn open
    assert session.undo_status()[0] == 1
    session.undo()
    assert session.state.to_dict() == after_tile


def test_undo_takes_back_a_feeding_and_its_llama():
    session = session_with_corn()
    extend(session)
    assert session.play(next(m for m in session.state.legal_moves() if m.kind == "marker")).ok
    before_feed = session.state.to_dict()
    assert session.play("feed corn 0").ok
    assert session.undo_status()[0] == 2
    session.undo()
    assert session.state.to_dict() == before_feed
    assert session.play("feed corn 0").ok
    llama = next(m for m in session.state.legal_moves() if m.kind == "llama")
    assert session.play(llama).ok
    if session.state.current_player == 0:  # the turn still open: the llama too may be taken back
        assert session.undo_status()[0] == 3


def test_the_turn_s_end_turns_the_tile_up_and_undo_stops_there():
    session = session_with_corn()
    extend(session)
    assert session.play("end").ok
    target, why, detail = session.undo_status()
    assert (target, why, detail) == (None, "revealed", "turn_up")


def test_a_game_against_bots_records_explicit_end_and_a_hot_seat_game_does_not():
    against_bots = GameSession.new("llama-land", SEATS, seed=3, pace="instant")
    assert against_bots.record.options.get("explicit_end") is True and against_bots.state.explicit_end
    hot_seat = GameSession.new("llama-land", [SeatConfig("Ann", "human"), SeatConfig("Bo", "human")], seed=3)
    assert "explicit_end" not in hot_seat.record.options and not hot_seat.state.explicit_end


def test_rule_with_explicit_end_the_last_step_waits_and_can_be_taken_back():
    session = session_with_corn(corn=0, explicit_end=True)  # no feeding: the marker is the turn's last step
    extend(session)
    after_tile = session.state.to_dict()
    marker = next(m for m in session.state.legal_moves() if m.kind == "marker")
    assert session.play(marker).ok
    assert session.state.current_player == 0 and [str(m) for m in session.state.legal_moves()] == ["end"]
    assert session.undo_status()[0] == 1
    session.undo()
    assert session.state.to_dict() == after_tile


def test_rule_without_explicit_end_the_last_step_ends_the_turn_by_itself():
    session = session_with_corn(corn=0)
    extend(session)
    assert session.play(next(m for m in session.state.legal_moves() if m.kind == "marker")).ok
    assert session.state.current_player == 1
