"""Dice's "pts" badges (games/dice/table_view.py): the badge of your row never covers a card of it (it sat on the
first card's number when the row was long), an opponent's never covers theirs; at 1280×720 and 1920×1080, at
every UI scale the table offers."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.staging import make_app
from lama_desktop.app.table.pieces import card_height
from lama_desktop.app.table.shots import push_table, seats, settle


def dice_table(app, rows):
    from lama_desktop.core.session import GameSession
    from lama_desktop.engine.record import GameRecord
    from lama_desktop.games.dice.engine import DiceState
    from lama_desktop.games.dice.table import DiceTableScene

    state = DiceState.crafted(rows, scores=[0, 0, 0, 0][:len(rows)], round_no=1)
    session = GameSession(GameRecord("lama-dice", len(rows), (), 0, {}, []), seats(len(rows)), state=state)
    scene = push_table(app, DiceTableScene, session)
    settle(app, scene, 4, scene.skip_animations)
    return scene


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [0.85, 1.0, 1.15, 1.3])
@pytest.mark.parametrize("row", ["1 3 3 5 5 6 L", "1 2 3 4 5 6 L 1 2", "4"])
def test_no_points_badge_covers_a_card(tmp_path, size, scale, row):
    app = make_app(size, str(tmp_path))
    app.update_settings(ui_scale=scale)
    app.running = True
    scene = dice_table(app, [row, "2 2 L", "5 6 6"])
    for seat in range(scene.n):
        cards = scene.shown.rows[seat]
        w = scene._card_w(seat)
        h = card_height(w)
        _badge, where = scene._points_badge(seat)
        for x, y in scene._row_positions(seat, len(cards)):
            card = pygame.Rect(x - w // 2, y - h // 2, w, h)
            assert not where.colliderect(card), f"seat {seat}: the badge {where} covers a card {card}"
        assert pygame.Rect((0, 0), size).contains(where)
    app.shutdown()
