"""Settings → UI scale reaches the game tables: text, buttons, badges and the hand's cards grow or shrink with it,
always inside the Tiled layout's anchors (no overlap, nothing outside the window), and a change made under the
pause menu applies when the player returns to the table."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.main import App
from lama_desktop.app.scenes.dice_table import open_table as open_dice
from lama_desktop.app.scenes.lama_table import open_table as open_lama
from lama_desktop.app.scenes.llama_land_table import UI_SCALE_TOP
from lama_desktop.app.table.layout import TABLE_UI_SCALE, table_ui_scale
from lama_desktop.app.table.pieces import card_height, fan_positions
from lama_desktop.storage import UI_SCALES, Settings, Storage

SMALLEST, LARGEST = min(UI_SCALES), max(UI_SCALES)
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def seats(n: int):
    return [SeatConfig(NAMES[0], "human")] + [SeatConfig(NAMES[i], "bot", "random") for i in range(1, n)]


def table_at(tmp_path, scale, size=(1600, 900), players=4, game="lama"):
    app = App(Storage(tmp_path), size)
    app.settings.ui_scale = scale
    app.settings.bot_pace = "instant"
    opener = open_dice if game == "dice" else open_lama
    table = opener(app, GameConfig("lama-dice" if game == "dice" else game, seats(players), (), 0, seed=5))
    app.stack.push(table)
    app.running = True
    app.step(1 / 30)
    return app, table


def test_the_offered_scales_are_all_honoured_by_the_card_tables():
    lo, hi = TABLE_UI_SCALE
    assert all(lo <= s <= hi for s in UI_SCALES), UI_SCALES
    assert SMALLEST < 1.0 < LARGEST
    for s in UI_SCALES:
        assert table_ui_scale(Settings(ui_scale=s)) == s
    assert table_ui_scale(Settings(ui_scale=9)) == hi and table_ui_scale(Settings(ui_scale=0.1)) == lo
    assert table_ui_scale(Settings(ui_scale=LARGEST), UI_SCALE_TOP) == UI_SCALE_TOP


@pytest.mark.parametrize("game", ["lama", "dice"])
def test_table_text_buttons_and_badges_follow_the_setting(tmp_path, game):
    sizes = {}
    for scale in (SMALLEST, 1.0, LARGEST):
        app, table = table_at(tmp_path / f"{game}{scale}", scale, game=game)
        try:
            assert table.ui.scale == pytest.approx(scale)
            height = table.ui.text("Draw", 24).get_height()
            sizes[scale] = (height, table.ui.s(26))
            if game == "lama":
                sizes[scale] += (table.hand_w,)
        finally:
            table.close() if hasattr(table, "close") else None
            app.shutdown()
    for i in range(len(sizes[1.0])):
        assert sizes[SMALLEST][i] < sizes[1.0][i] < sizes[LARGEST][i], (i, sizes)


def test_a_change_under_the_pause_menu_applies_on_return(tmp_path):
    from lama_desktop.app.scenes.pause import PauseScene

    app, table = table_at(tmp_path, 1.0)
    try:
        before = (table.ui.scale, table.hand_w)
        app.stack.push(PauseScene(game_id="lama"))
        app.step(1 / 30)
        app.update_settings(ui_scale=LARGEST)
        app.stack.pop()
        for _ in range(3):
            app.step(1 / 30)
        assert table.ui.scale == pytest.approx(LARGEST) and table.ui.scale > before[0]
        assert table.hand_w > before[1]
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [SMALLEST, LARGEST])
def test_nothing_overlaps_or_leaves_the_window_at_the_extreme_scales(tmp_path, size, scale):
    for game in ("lama", "dice"):
        for players in range(2, 7):
            app, table = table_at(tmp_path / f"{game}{players}", scale, size, players, game)
            try:
                L = table.layout
                assert L.overlaps() == [], (game, players, size, scale)
                window = pygame.Rect((0, 0), size)
                for name, b in table.buttons.items():  # every button inside its anchor, the window
                    assert window.contains(b.rect), (game, name)
                if game == "lama":
                    # the biggest hand the rules allow (6 dealt + draws) fans inside the hand's anchor, lift included
                    hand = L["seat0.hand"]
                    w, h = table.hand_w, card_height(table.hand_w)
                    for x, y, _angle in fan_positions(14, hand, w):
                        card = pygame.Rect(0, 0, w, h)
                        card.center = (round(x), round(y))
                        assert hand.inflate(2, 2).contains(card), (players, size, scale, card, hand)
                        lifted = card.move(0, -L.s(46))  # a playable card under the pointer rises 30 + 16
                        assert hand.inflate(2, 2).contains(lifted), (players, size, scale, lifted, hand)
                # a full frame draws at this scale
                table.draw(app.screen)
            finally:
                app.shutdown()
