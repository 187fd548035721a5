"""What Llama Land's engine says turns up (``GameSpec.reveals``: what no undo may take back): a placed tile and a
character card from the deck, not one taken from the row nor a marker. Every game's undo and history:
tests/test_history_undo.py."""

from __future__ import annotations

from lama_desktop.engine.core import Event
from lama_desktop.engine.registry import get_game


def test_a_placement_and_a_character_from_the_deck_turn_up():
    land = get_game("llama-land")
    assert land.reveals(Event("place", 0, {}), 1)
    assert land.reveals(Event("character", 0, {"action": "take", "from": "deck"}), 1)
    assert not land.reveals(Event("character", 0, {"action": "take", "from": "row"}), 1)
    assert not land.reveals(Event("marker", 0, {}), 1)
