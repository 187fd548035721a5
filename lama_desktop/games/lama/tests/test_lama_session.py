"""A session refuses an illegal move of L.A.M.A.'s with the rules' reason and leaves the state as it was (a crafted
hand that cannot follow the 1); the session's other checks, on any game: tests/test_session.py."""

from __future__ import annotations

from lama_desktop.core.session import GameSession
from lama_desktop.games.lama.engine import LamaState
from test_session import random_factory, seats


def test_illegal_human_move_is_refused_with_a_reason_and_leaves_the_state_unchanged():
    state = LamaState.crafted("lama", hands=[["2", "5", "L"], ["1", "1"]], pile=["3", "4", "6"], top="1")
    session = GameSession(GameSessionRecord(state), seats(1, 1), state=state, bot_factory=random_factory)
    before = state.to_dict()
    outcome = session.play("play 5")
    assert not outcome.ok
    assert "cannot go on" in outcome.reason
    assert state.to_dict() == before and session.record.moves == []
    assert session.take_played() == []
    garbage = session.play("dance wildly")
    assert not garbage.ok and garbage.reason
    assert state.to_dict() == before
    good = session.play("play 2")
    assert good.ok and [e.kind for e in good.events][0] == "play"
    assert session.record.moves == ["play 2"]


def GameSessionRecord(state):
    """A record for a crafted state (crafted positions are not replayable from a seed: tests only)."""
    from lama_desktop.engine.record import GameRecord

    return GameRecord(state.game_id, state.num_players, tuple(sorted(state.variants)), 0, {}, [])
