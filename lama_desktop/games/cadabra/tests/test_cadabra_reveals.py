"""What LAMA Cadabra's engine says turns up (``GameSpec.reveals``: what no undo may take back): a forced draw, to the
drawer. Every game's undo and history: tests/test_history_undo.py."""

from __future__ import annotations

from lama_desktop.engine.core import Event
from lama_desktop.engine.registry import get_game


def test_a_forced_draw_turns_up_for_the_drawer():
    assert get_game("lama-cadabra").reveals(Event("force_draw", 2, {"card": "4"}, ("card",)), 2)
