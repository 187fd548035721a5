"""LAMA Dice's refusals in words: an engine refusal reaches the table as its code, translated (moved here from the
cross-game ``tests/test_refusals.py``)."""

from __future__ import annotations

import pytest

from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.core import i18n
from lama_desktop.engine import IllegalMove, new_game


@pytest.fixture
def french():
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def test_an_engine_refusal_is_translated_from_its_code_not_its_words(french):
    state = new_game("lama-dice", 2, seed=1)
    with pytest.raises(IllegalMove) as caught:
        state.apply("discard 3")
    assert caught.value.code == "dice.roll_first"
    assert refusal_text(caught.value) == "Lancez d’abord les dés"
