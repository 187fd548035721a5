"""Settings → UI scale reaches the game tables: text, buttons, badges, the hand's cards, every seat's name plate
and the opponents' cards / rows grow or shrink with it, always inside the Tiled layout's anchors (no overlap,
nothing outside the window, nothing an opponent draws lands on another piece), Llama Land included over the whole
range, and a change made under the pause menu applies when the player returns to the table. The tables are the
registry's, at the seat counts their samples name (``samples.layout_seats``, ``extreme_seats``); a table with a
layout of its own (Llama Land) is checked in its own folder."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame
import pytest

from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.main import App
from lama_desktop.app.table.layout import TABLE_UI_SCALE, table_ui_scale
from lama_desktop.app.table.pieces import card_height, fan_positions
from lama_desktop.games import plugin
from lama_desktop.settings import UI_SCALES, Settings
from lama_desktop.storage import Storage
from registry_games import games_where, one_per_table, samples

SMALLEST, LARGEST = min(UI_SCALES), max(UI_SCALES)
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def seats(n: int):
    return [SeatConfig(NAMES[0], "human")] + [SeatConfig(NAMES[i], "bot", "random") for i in range(1, n)]


#: the Tiled tables checked at the extreme scales and window sizes, at ``samples.extreme_seats``
EXTREME = games_where(lambda p: p.samples.extreme_seats, one_per_table())
#: the first of them with a hand of cards (its width follows the setting too)
HAND_TABLE = next(game for game in EXTREME if plugin(game).card_hands)


def table_at(tmp_path, scale, size=(1600, 900), players=4, game=HAND_TABLE):
    app = App(Storage(tmp_path), size)
    app.settings.ui_scale = scale
    app.settings.bot_pace = "instant"
    table = plugin(game).opener()(app, GameConfig(game, seats(players), (), 0, seed=5))
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


@pytest.mark.parametrize("game", EXTREME)
def test_table_text_buttons_and_badges_follow_the_setting(tmp_path, game):
    sizes = {}
    for scale in (SMALLEST, 1.0, LARGEST):
        app, table = table_at(tmp_path / f"{game}{scale}", scale, game=game)
        try:
            assert table.ui.scale == pytest.approx(scale)
            height = table.ui.text("Draw", 24).get_height()
            sizes[scale] = (height, table.ui.s(26))
            if plugin(game).card_hands:
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
        app.stack.push(PauseScene(game_id=HAND_TABLE))
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
    for game in EXTREME:
        for players in samples(game).extreme_seats:
            app, table = table_at(tmp_path / f"{game}{players}", scale, size, players, game)
            try:
                L = table.layout
                assert L.overlaps() == [], (game, players, size, scale)
                window = pygame.Rect((0, 0), size)
                for name, b in table.buttons.items():  # every button inside its anchor, the window
                    assert window.contains(b.rect), (game, name)
                if plugin(game).card_hands:
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


SCALES = (0.85, 1.0, 1.15, 1.3)


def opponents_card_width(table) -> int:
    return table.small_w if hasattr(table, "small_w") else table.back_w


def strays(table, position: int) -> int:
    """Opaque pixels that the opponent at ``position`` draws outside its own anchors (its plate's shadow margin
    allowed): what would land on another piece of the table."""
    L = table.layout
    surface = pygame.Surface(L.size, pygame.SRCALPHA)
    table._draw_opponent(surface, (position + table.focus) % table.n)
    drawn = pygame.mask.from_surface(surface, 160)
    allowed = pygame.Surface(L.size, pygame.SRCALPHA)
    for name, rect in L.rects.items():
        if name.startswith(f"seat{position}."):
            pad = max(6, rect.h // 6) if name.endswith(".plate") else 0
            allowed.fill((255, 255, 255, 255), rect.inflate(2 * pad, 2 * pad))
    drawn.erase(pygame.mask.from_surface(allowed, 1), (0, 0))
    return drawn.count()


#: the tables (one per table) and the seat counts checked at each (``samples.layout_seats``, by default every seat
#: count the table offers); a table declaring none (Llama Land) has a layout of its own, checked in its folder
def _layout_seats(game: str) -> tuple[int, ...]:
    declared = samples(game).layout_seats
    return tuple(plugin(game).players) if declared is None else declared


SEAT_COUNTS = {game: _layout_seats(game) for game in one_per_table() if _layout_seats(game)}


def test_every_table_is_checked_at_every_scale():
    """A table left out of the check below has its own in its folder (``games/<game>/tests/test_*_ui_scale.py``)."""
    for game in one_per_table():
        if game not in SEAT_COUNTS:
            folder = Path(importlib.util.find_spec(plugin(game).package).origin).parent
            assert list(folder.glob("tests/test_*ui_scale.py")), game


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", list(SEAT_COUNTS))
def test_name_plates_and_opponents_pieces_follow_the_setting_without_overlap(tmp_path, game, size):
    for players in SEAT_COUNTS[game]:
        plates, cards = {}, {}
        for scale in SCALES:
            app, table = table_at(tmp_path / f"{game}{players}{scale}", scale, size, players, game)
            try:
                L = table.layout
                where = (game, players, size, scale)
                assert L.overlaps() == [], where
                plates[scale] = [L[f"seat{k}.plate"].h for k in range(players)]
                cards[scale] = opponents_card_width(table)
                for k in range(1, players):
                    assert strays(table, k) == 0, (where, k)
                table.draw(app.screen)
            finally:
                app.shutdown()
        for k in range(players):  # every plate, the player's own included, follows the setting
            heights = [plates[s][k] for s in SCALES]
            assert heights == sorted(heights) and heights[0] < heights[1] < heights[-1], (game, players, k, heights)
        widths = [cards[s] for s in SCALES]
        assert widths == sorted(widths) and widths[0] < widths[1] < widths[-1], (game, players, widths)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_larger_setting_never_makes_a_seats_piece_a_pixel_smaller(size):
    """``Layout.grow_seats``: a seat may grow about another pivot at a larger setting (boxed in on one side), and
    a rect's size rounded from its scaled corners then came out a pixel smaller (the six-seat Dice table at
    1920x1080: a plate 81 px tall at 115%, 80 px at 130%). Sizes now follow the factor alone: for every table
    layout, each seat anchor's width and height never shrink from one offered setting to the next."""
    from lama_desktop.app.table.layout import Layout, load_layout

    from lama_desktop.catalog_places import game_folders

    # the frame's shared tables (levels/) and the games' own (levels/ in their folders)
    names = sorted([p.stem for p in Path("levels").glob("table_*.tmx")]
                   + [p for folder in game_folders() for p in (folder / "levels").glob("table_*.tmx")], key=str)
    assert len(names) >= 10
    kept = ("seat0.hand", "seat0.row", "seat0.hint")  # what the card and dice tables keep as laid out
    for name in names:
        spec = load_layout(name)
        before = None
        for scale in UI_SCALES:
            layout = Layout(spec, size)
            layout.grow_seats(scale, keep=kept)
            sizes = {n: r.size for n, r in layout.rects.items() if n.startswith("seat")}
            if before is not None:
                shrunk = [n for n, (w, h) in sizes.items() if w < before[n][0] or h < before[n][1]]
                assert not shrunk, (name, size, scale, shrunk)
            before = sizes
