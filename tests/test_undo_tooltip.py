"""A disabled Undo shows one tooltip, saying why it is disabled (the table's tooltip); the history no longer draws
a card of its own beside it (two tips stood over each other and over the advisor's button)."""

from __future__ import annotations

import pygame
import pytest

from frames import post_motion
from lama_desktop.app.table.tooltip import Tooltip
from test_history_undo import make_table, step_game
from registry_games import sample_game


def _frames(app, seconds):
    for _ in range(round(seconds * 30) + 2):
        app.step(1 / 30)


def test_a_disabled_undo_shows_one_tip_saying_why(tmp_path):
    for seed in range(1, 30):
        app, table = make_table(tmp_path / str(seed), sample_game(), seed, size=(1280, 720))
        assert step_game(app, lambda table=table: table.can_act(), 400)
        if "draw" not in [str(m) for m in table.session.state.legal_moves()]:
            table.close()
            continue
        table.session.play("draw")
        assert step_game(app, lambda table=table: table.can_act(), 600)
        if table.session.undo_status()[1] != "revealed":
            table.close()
            continue
        history = table.history
        button = history.undo_button
        app.step(1 / 30)
        assert not button.enabled
        post_motion(button.rect.center)
        _frames(app, Tooltip.delay)
        assert table.tooltip.showing
        assert table.tooltip.tip.text == history.reason() and "card was drawn" in table.tooltip.tip.text
        # nothing else speaks for the button: the frame without the tooltip is the frame with the pointer away
        table.tooltip.hide()
        hovered = pygame.Surface(app.size)
        table.draw(hovered)
        post_motion((5, app.size[1] // 2))
        app.step(1 / 30)
        table.tooltip.hide()
        away = pygame.Surface(app.size)
        table.draw(away)
        above = pygame.Rect(0, 0, table.ui.s(380), table.ui.s(140))
        above.bottomright = (button.rect.right, button.rect.top)
        above = above.clip(pygame.Rect((0, 0), app.size))
        assert pygame.image.tobytes(hovered.subsurface(above), "RGB") == pygame.image.tobytes(
            away.subsurface(above), "RGB"), "a second tip was drawn over the table"
        return
    pytest.fail("no seed let the human draw")


def test_an_enabled_undo_says_what_it_does(tmp_path):
    from lama_desktop.core.i18n import t

    app, table = make_table(tmp_path, sample_game(), 3, size=(1280, 720))
    assert step_game(app, lambda: table.can_act(), 400)
    table.history.can_undo = lambda: True
    assert table.history.tip() == t("tooltips.button.undo")
