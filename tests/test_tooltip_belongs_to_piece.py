"""A tooltip belongs to its piece (``app/table/tooltip.py``): it is held under the piece's key and disappears the
moment the piece under the pointer changes or goes. A tip that names its piece (``Tip.piece``: a hand card's place,
value and side, a button and what it says) keeps showing while the rest of the table changes; one that does not is
keyed on the table's state (moves played, events shown) and is dropped at any change. Over every registered table
(``registry_games.one_per_table``): hover a piece, change the state, and the tip is gone until the piece under the
pointer has waited its own delay; a tip that shows is always the table's answer for that point now."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core import i18n
from lama_desktop.app.table.tooltip import Tip, Tooltip, tip_key
from registry_games import one_per_table, samples
from test_tooltips import hover, make_table

#: one game per table, and the seed of its sample table
SEEDS = {game: samples(game).table_seed for game in one_per_table()}


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


class FakeTable:
    def __init__(self):
        self.at: dict = {}
        self.state = 0

    def _tooltip_at(self, pos):
        return self.at.get(pos)

    def _tooltip_focus(self):
        return None

    def _tip_state(self):
        return self.state


def _wait(tip: Tooltip, table) -> None:
    """The frame the tip is first seen, then its delay."""
    tip.update(0.0, table)
    tip.update(tip.delay, table)


def _motion(tip: Tooltip, pos) -> None:
    tip.event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_a_tip_not_naming_its_piece_is_dropped_at_any_change_of_the_table():
    table, tip = FakeTable(), Tooltip()
    table.at[(5, 5)] = Tip("Draw pile: 30 cards left.", (0, 0, 10, 10))
    _motion(tip, (5, 5))
    _wait(tip, table)
    assert tip.showing
    table.state += 1  # a move was played: the same words may now be about another piece
    tip.update(0.01, table)
    assert not tip.showing and tip.age == 0.0
    _wait(tip, table)
    assert tip.showing  # the piece under the pointer waited its own delay


def test_a_tip_naming_its_piece_lives_as_long_as_that_piece_and_no_longer():
    table, tip = FakeTable(), Tooltip()
    card = Tip("6: play it on a 5 or on another 6.", (0, 0, 10, 10), piece=("hand", 2, "6", 4))
    table.at[(5, 5)] = card
    _motion(tip, (5, 5))
    _wait(tip, table)
    assert tip.showing
    table.state += 1  # another player's move: the card under the pointer is the same piece
    tip.update(0.01, table)
    assert tip.showing and tip.tip == card
    table.at[(5, 5)] = Tip("6: ...", (0, 0, 10, 10), piece=("hand", 2, "6", 3))  # the hand changed under it
    tip.update(0.01, table)
    assert not tip.showing
    _wait(tip, table)
    del table.at[(5, 5)]  # the piece went
    tip.update(0.01, table)
    assert not tip.showing and tip.tip is None and tip.key is None


def test_the_words_of_the_same_piece_follow_without_waiting_again():
    table, tip = FakeTable(), Tooltip()
    table.at[(5, 5)] = Tip("Draw", (0, 0, 10, 10), piece=("button", "draw"))
    _motion(tip, (5, 5))
    _wait(tip, table)
    assert tip.showing
    table.at[(5, 5)] = Tip("Ziehen", (0, 0, 10, 10), piece=("button", "draw"))  # the language changed
    tip.update(0.01, table)
    assert tip.showing and tip.tip.text == "Ziehen"
    assert tip_key(None) is None


def _hovered_piece(app, table):
    """A point over one of the table's single pieces (or a plate, the round line) that has a tip, one that does
    not name its piece first (the table's change must drop it even when its words stay the same)."""
    layout = getattr(table, "layout", None) or {}
    rects = list(table._tip_pieces())
    rects += [layout.get(f"seat{k}.plate") for k in range(table.n)] + [layout.get("round_info")]
    points = [pygame.Rect(rect).center for rect in rects if rect is not None]
    points = [pos for pos in points if table._tooltip_at(pos) is not None]
    points.sort(key=lambda pos: table._tooltip_at(pos).piece is not None)
    for pos in points:
        if hover(app, table, pos) is not None:
            return pos
    return None


@pytest.mark.parametrize("game", list(SEEDS))
def test_over_every_table_a_tip_is_gone_once_the_state_changed_under_it(tmp_path, game):
    app, table = make_table(tmp_path, game, (1280, 720), seed=SEEDS[game])
    pos = _hovered_piece(app, table)
    assert pos is not None, f"{game}: no piece with a tip"
    held = table.tooltip.tip
    move = str(table.session.view(0).legal_moves()[0])  # seat 0 is yours (``make_table``)
    before = table._tip_state()
    table.try_move(move, confirmed=True)
    changed = False
    for _ in range(240):
        app.step(1 / 30)
        tooltip = table.tooltip
        if table._tip_state() != before:
            before, changed = table._tip_state(), True
            # the frame the table changed: a tip that does not name its piece is gone; one that does shows only
            # while the table still answers that very piece there
            assert not tooltip.showing or (tooltip.tip.piece is not None and tooltip.tip == held), (game, move)
        if tooltip.showing:  # a tip that shows is the table's answer for that point now
            assert tooltip.tip == table._tooltip_at(pos), (game, tooltip.tip)
        if app.stack.top is not table:
            break
    assert changed, f"{game}: {move} changed nothing the tips are keyed on"
    app.shutdown()
