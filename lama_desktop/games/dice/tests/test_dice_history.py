"""LAMA Dice's history in words: two llamas discarded read as two llamas; moved here from the cross-game
``tests/test_history_same.py``."""

from __future__ import annotations

from lama_desktop import transcript


def test_a_dice_history_says_two_llamas_not_a_llama_and_a_llama():
    out = transcript.play("lama-dice", levels=("medium",) * 3, seed=2, lang="en")
    said = [line["text"] for line in out.lines if line["kind"] == "log"]
    assert "Bruno discards two llamas" in said and "Carla discards 4 and two llamas" in said
    assert not [text for text in said if "a llama and a llama" in text or "a llama, a llama" in text]
