"""Tooltips on LAMA Dice's pieces: hovering a piece or putting the keyboard focus on it shows its tip with
the text of that piece; moved here from the cross-game ``tests/test_tooltips.py``, whose helpers they use."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core import i18n
from lama_desktop.core.i18n import t
from lama_desktop.core.session import Played
from lama_desktop.engine.core import Move
from lama_desktop.games.dice.table_pieces import DIE_FACES
from test_tooltips import SIZES, center, focused_button, hover, make_table, press


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_dice_row_llama_row_dice_and_rows(tmp_path, size):
    app, table = make_table(tmp_path, "lama-dice", size, seed=5)
    sh = table.shown
    row = sh.rows[table.focus]
    for i in range(len(row)):
        tip = hover(app, table, center(table._row_card_rect(i)))
        assert tip is not None and tip.text == table._card_tip(row[i])
        assert ("costs 10 points" in tip.text) if row[i] == "L" else (f"costs {row[i]} point" in tip.text)
    slots = table._llama_positions()
    for name in sh.llama:
        x, y = slots[name]
        tip = hover(app, table, (x, y))
        assert tip is not None and tip.text.startswith("Llama row: " + ("llama" if name == "L" else name))
    for x, y in table._die_centers():
        tip = hover(app, table, (x, y))
        assert tip is not None and "This die’s faces:" in tip.text
    other = (table.focus + 1) % table.n
    tip = hover(app, table, center(table._row_rect(other)))
    assert tip is not None and tip.text.startswith(f"Row of {table._name(other)}")


def test_dice_tab_walks_the_buttons_and_the_arrows_the_cards_to_discard(tmp_path):
    """LAMA Dice: Tab focuses Roll, then Quit (their tips show); with a match rolled, the arrows walk over the row's
    cards and each shows its tip."""
    app, table = make_table(tmp_path, "lama-dice", (1280, 720), seed=5)
    tip = press(app, table, pygame.K_TAB)
    assert focused_button(table) == "roll" and tip is not None
    assert tip.text.startswith(t("dice.tip.button.roll")) and "Key: R" in tip.text
    tip = press(app, table, pygame.K_TAB)
    assert focused_button(table) == "quit" and tip.text.startswith(t("dice.tip.button.quit"))
    # a roll that matches the row: the discard choice
    row = table.shown.rows[table.focus]
    state = table.session.state
    faces = next(([a, b, c] for a in DIE_FACES[0] for b in DIE_FACES[1] for c in DIE_FACES[2]
                  if "L" not in (a, b, c) and a in row), None)
    assert faces is not None
    events = state.apply_roll(faces)
    table.session._played.append(Played(table.focus, Move.parse("roll"), events, False))
    for _ in range(300):
        app.step(1 / 30)
        table.skip_animations()
        if table.can_act() and table.shown.phase == "discard":
            break
    assert table.shown.phase == "discard"
    tip = press(app, table, pygame.K_RIGHT)
    assert tip is not None and tip.text == table._card_tip(table.shown.rows[table.focus][table.card_focus])
    tip = press(app, table, pygame.K_RIGHT)
    assert tip is not None and tip.rect == tuple(table._row_card_rect(table.card_focus))


@pytest.mark.parametrize("size", SIZES)
def test_a_tip_pushed_past_another_piece_points_at_its_own(tmp_path, size):
    """The middle die has the llama row above, the status line below and a die on each side: its tip goes past
    the third die, and a leader line runs from the tip to the middle die (else it reads as the third die's tip)."""
    app, table = make_table(tmp_path, "lama-dice", size, seed=5, players=4)
    dice = table._die_rects()
    tip = hover(app, table, dice[1].center)
    assert tip is not None and pygame.Rect(tip.rect) == dice[1]
    box = table.tooltip.draw(pygame.Surface(app.size), table.ui, table._tooltip_avoid())
    assert not any(box.colliderect(d) for d in dice)
    start, end = table.tooltip.leader(box, table.ui)
    assert dice[1].collidepoint(end) and box.collidepoint(start)
    row = table._row_card_rect(0)  # a card of your row: its tip sits right beside it, no leader
    hover(app, table, row.center)
    box = table.tooltip.draw(pygame.Surface(app.size), table.ui, table._tooltip_avoid())
    assert table.tooltip.leader(box, table.ui) is None
    app.shutdown()
