"""Tooltips on LAMA Cadabra's pieces: hovering a piece or putting the keyboard focus on it shows its tip with
the text of that piece; moved here from the cross-game ``tests/test_tooltips.py``, whose helpers they use."""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from lama_desktop.games.cadabra.table import DISPLAY, CadabraTableScene
from test_tooltips import SIZES, center, hover, make_table


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_cadabra_cards_symbols_stage_and_magic_token(tmp_path, size):
    app, table = make_table(tmp_path, "lama-cadabra", size, seed=4)
    sh = table.shown
    for i in range(len(sh.hand)):
        x, y, _ = table._hand_positions()[i]
        tip = hover(app, table, (round(x), round(y - table.lifts[i] + table.hand_w * 0.2)))
        assert tip is not None and tip.text == table._card_tip(sh.hand[i])
        name = sh.hand[i]
        if "/" in name:
            assert tip.text.startswith(f"Double card {name}")
        if name.endswith("@"):
            assert "Circle:" in tip.text
        if name.endswith("#"):
            assert "Square:" in tip.text
        if name.endswith("*"):
            assert "Star:" in tip.text
    tip = hover(app, table, center(table._stage_geometry()))
    assert tip is not None and tip.text.startswith("Lamagic Show stage")
    assert sh.magic == "supply"  # a new game: the magic token waits beside the stage
    tip = hover(app, table, tuple(round(v) for v in table._supply_anchor()))
    assert tip is not None and tip.text.startswith("Magic token") and "10 points" in tip.text
    tip = hover(app, table, center(table.layout["seat0.tokens"]))
    assert tip is not None and "exchange 10 whites for a black" in tip.text


def test_every_cadabra_card_kind_says_its_symbol():
    table = CadabraTableScene.__new__(CadabraTableScene)
    words = {"@": "Circle:", "#": "Square:", "*": "Star:"}
    for name in DISPLAY.values():
        text = table._card_tip(name)
        assert text
        for suffix, word in words.items():
            assert (word in text) == name.endswith(suffix), name
