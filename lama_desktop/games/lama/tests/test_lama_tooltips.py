"""Tooltips on L.A.M.A.'s pieces: hovering a piece or putting the keyboard focus on it shows its tip with
the text of that piece; moved here from the cross-game ``tests/test_tooltips.py``, whose helpers they use."""

from __future__ import annotations

import pygame
import pytest

from frames import post_key, post_motion
from lama_desktop.core import i18n
from lama_desktop.core.i18n import plural, t
from test_tooltips import FRAMES, SIZES, center, hover, make_table


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_lama_pieces_have_their_tips(tmp_path, size):
    app, table = make_table(tmp_path, "lama", size, variants=("drama",))
    sh = table.shown
    assert sh.hand, "the hand is dealt"
    # every card of the hand: its own value's text
    for i in range(len(sh.hand)):
        x, y, _ = table._hand_positions()[i]
        probe = (round(x), round(y - table.lifts[i] + table.hand_w * 0.2))  # its lower part, never covered
        tip = hover(app, table, probe)
        assert tip is not None, f"no tip on card {i}"
        assert tip.text == table._card_tip(sh.hand[i])
        name = sh.hand[i]
        if name == "L":
            assert "10 points" in tip.text
        elif name != "1":
            assert f"costs {name} points" in tip.text
    tip = hover(app, table, center(table._slot_rect("draw_pile")))
    assert tip is not None and tip.text == plural("hand.tip.pile", table.shown.pile)
    tip = hover(app, table, center(table._slot_rect("discard")))
    assert tip is not None and tip.text.startswith(t("hand.tip.discard"))
    tip = hover(app, table, center(table.layout["drama_board"]))
    assert tip is not None and "Drama board" in tip.text and "of 5 tokens" in tip.text
    tip = hover(app, table, center(table.layout["seat1.plate"]))
    seat = (table.focus + 1) % table.n
    assert tip is not None and tip.text.splitlines()[0] == table._name(seat)
    tip = hover(app, table, center(table.layout["seat0.tokens"]))
    assert tip is not None and "White tokens are worth 1 point, black ones 10" in tip.text
    tip = hover(app, table, center(table.layout["seat2.hand"]))
    other = (table.focus + 2) % table.n
    assert tip is not None and tip.text == f"{table._name(other)}: {sh.sizes[other]} cards in hand"
    # over the empty felt: no tip
    post_motion((size[0] // 2, 2))
    for _ in range(FRAMES):
        app.step(1 / 30)
    assert not table.tooltip.showing


def test_the_keyboard_focus_shows_the_focused_cards_tip(tmp_path):
    app, table = make_table(tmp_path, "lama", (1280, 720))
    post_key(pygame.K_RIGHT)
    for _ in range(FRAMES):
        app.step(1 / 30)
        if table.tooltip.showing:
            break
    assert table.hand_focus >= 0
    assert table.tooltip.showing
    assert table.tooltip.tip.text == table._card_tip(table.shown.hand[table.hand_focus])


@pytest.mark.parametrize("size", SIZES)
def test_the_draw_piles_tip_leaves_its_label_and_the_status_line_readable(tmp_path, size):
    """The draw pile's tip once covered its own "DRAW PILE" label and the status line under it: a tip goes where
    it covers nothing of its piece, the piece's label and the status pill (here: beside the pile)."""
    app, table = make_table(tmp_path, "lama", size)
    for name in ("draw_pile", "discard"):
        tip = hover(app, table, center(table._slot_rect(name)))
        assert tip is not None and tip.keep == (tuple(table._pile_label_rect(name)),)
        screen = pygame.Surface(app.size)
        table.draw(screen)
        box = table.tooltip.box(table.ui, app.size, table._tooltip_avoid())[0]
        assert table._status_rect is not None
        for rect in (table._slot_rect(name), table._pile_label_rect(name), table._status_rect):
            assert not box.colliderect(rect), (name, box, rect)
    # the label itself explains its pile too
    tip = hover(app, table, center(table._pile_label_rect("draw_pile")))
    assert tip is not None and tip.text == plural("hand.tip.pile", table.shown.pile)


def test_a_showing_tip_survives_a_hand_being_dealt_under_it(tmp_path):
    """The tip's placement asks for every card of your hand as drawn; mid-deal (a damaged save's Continue in the
    fuzz test) the hand already holds cards not laid out yet: the frame must still draw."""
    app, table = make_table(tmp_path, "lama", (1280, 720), seed=3)
    assert hover(app, table, table.buttons["draw"].rect.center) is not None
    table.lifts = table.lifts[:1]  # as during the deal: fewer cards laid out than in the hand
    screen = pygame.Surface(app.size)
    table._draw_tooltip(screen)
    assert len(table._tip_pieces()) >= 1
    app.shutdown()


def test_a_card_tip_is_gone_once_you_quit_and_your_hand_lies_face_down(tmp_path):
    """A tip belongs to its piece: the card you hover is turned face down when you quit the round, and its tip
    (the card's value) goes with it and does not come back over the face-down card."""
    app, table = make_table(tmp_path, "lama", (1280, 720))
    x, y, _ = table._hand_positions()[0]
    probe = (round(x), round(y - table.lifts[0] + table.hand_w * 0.2))
    tip = hover(app, table, probe)
    assert tip is not None and tip.text == table._card_tip(table.shown.hand[0])
    assert "quit" in [str(m) for m in table.session.view(0).legal_moves()]
    table.try_move("quit", confirmed=True)
    for _ in range(FRAMES * 3):
        app.step(1 / 30)
        assert not table.tooltip.showing or table.tooltip.tip.text != tip.text, "the card's tip outlived its face"
    assert table.shown.hand_face == 0.0 and table._tooltip_at(probe) is None
