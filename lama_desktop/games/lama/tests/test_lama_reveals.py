"""What L.A.M.A.'s engine says turns up (``GameSpec.reveals``: what no undo may take back): a draw reveals its card to
the drawer only. Every game's undo and history: tests/test_history_undo.py."""

from __future__ import annotations

from lama_desktop.engine.core import Event
from lama_desktop.engine.registry import get_game


def test_a_draw_reveals_its_card_to_the_drawer_only():
    spec = get_game("lama")
    draw = Event("draw", 1, {"card": "3", "pile": 10, "hand_size": 5}, ("card",))
    assert spec.reveals(draw, 1)
    assert not spec.reveals(draw, 0)  # another seat's face-down draw tells seat 0 nothing
    assert not spec.reveals(draw.for_seat(0), 0)
    assert spec.reveals(Event("deal", None, {"round": 2}), 0)
    assert not spec.reveals(Event("play", 1, {"card": "3", "top": "2"}), 0)
