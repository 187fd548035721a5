"""What LAMA Dice's engine says turns up (``GameSpec.reveals``: what no undo may take back): a roll, for every seat; so
undo is refused after the player's roll. Every game's undo and history: tests/test_history_undo.py."""

from __future__ import annotations

from lama_desktop.engine.core import Event
from lama_desktop.engine.registry import get_game
from test_history_undo import _bots_until_human, _session


def test_a_roll_turns_up_for_every_seat():
    assert get_game("lama-dice").reveals(Event("roll", 0, {"dice": ["1", "2", "L"]}), 1)


def test_undo_is_refused_after_a_roll_in_lama_dice():
    session = _session("lama-dice", seed=3)
    _bots_until_human(session)
    session.play("roll")
    assert session.undo_status()[:2] == (None, "revealed")
