"""Settings → UI scale at Llama Land's table, a layout of its own (not the Tiled seats): it uses the whole range and
re-lays out without overlap; moved here from the cross-game ``tests/test_table_ui_scale.py``, whose helpers it uses."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.layoutprobe import Checker, moments
from lama_desktop.app.main import App
from lama_desktop.core.i18n import LANGUAGES
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.games.llama_land.table import open_table as open_llama_land
from lama_desktop.storage import Storage
from test_table_ui_scale import LARGEST, SMALLEST, seats

PANES = ("stacks", "columns", "chars", "supply", "domain", "panels", "objectives", "log", "buttons")
INSIDE = {"stack": "stacks", "column": "columns", "char": "chars", "obj": "objectives", "panel": "panels",
          "status": "domain", "menu": "domain"}


def llama_land_at(tmp_path, scale, size, players=4):
    app = App(Storage(tmp_path), size)
    app.settings.ui_scale = scale
    app.settings.bot_pace = "instant"
    table = open_llama_land(app, GameConfig("llama-land", seats(players), (), 0, seed=3))
    app.stack.push(table)
    app.running = True
    for _ in range(3):
        app.step(1 / 30)
    return app, table


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_llama_land_uses_the_whole_range_and_re_lays_out_without_overlap(tmp_path, size):
    widths = {}
    for players in (2, 4):
        for scale in (SMALLEST, 1.0, LARGEST):
            app, table = llama_land_at(tmp_path / f"{players}{scale}", scale, size, players)
            try:
                where = (players, scale, size)
                assert table.ui_scale == pytest.approx(scale), where  # no longer capped at 100%
                r = table.rects
                window = pygame.Rect((0, 0), size)
                for i, a in enumerate(PANES):
                    assert window.contains(r[a]), (where, a)
                    for b in PANES[i + 1:]:
                        assert not r[a].colliderect(r[b]), (where, a, b)
                for name, rect in r.items():
                    parent = next((p for prefix, p in INSIDE.items() if name.startswith(prefix) and name != p), None)
                    if parent is not None:
                        assert r[parent].inflate(2, 2).contains(rect), (where, name, parent)
                for name, b in table.buttons.items():
                    area = r["menu"] if name == "menu" else r["buttons"]
                    assert area.inflate(2, 2).contains(b.rect), (where, name)
                for seat in range(players):  # a panel's rows: nothing lands on another, all inside the panel
                    geo = table._panel_geometry(seat)
                    panel = r[f"panel{seat}"]
                    chips = pygame.Rect(geo["x0"], geo["y_chips"], panel.right - geo["x0"], geo["chip_h"])
                    assert panel.contains(chips) and panel.contains(geo["body"]), (where, seat)
                    for _cid, chip in geo["chars"]:
                        assert panel.contains(chip) and chip.w >= table.ui.s(14), (where, seat, chip)
                        assert not chip.colliderect(chips) and not chip.colliderect(geo["body"]), (where, seat)
                widths[(players, scale)] = (r["objectives"].w, r["panel0"].w, r["stack0"].h)
                table.draw(app.screen)
            finally:
                app.shutdown()
    for players in (2, 4):  # the panes whose text grows make room for it
        small, normal, large = (widths[(players, s)] for s in (SMALLEST, 1.0, LARGEST))
        assert all(n < lg for n, lg in zip(normal, large, strict=False)), (small, normal, large)



@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_network_banner_in_the_title_row_never_covers_whose_domain_it_is(lang):
    """Issue 32: French at 130 % the centred "En attente de Bruno (1:28)" lay on "Votre domaine"; the title is one
    of the seat's own rects and the banner has a second place against the pause button."""
    checker = Checker()
    try:
        moment = next(m for m in moments() if m.name == "net-waiting-for-player-llama-land")
        for size in ((1280, 720), (1920, 1080)):
            for scale in (SMALLEST, 1.15, LARGEST):
                checker.frame_texts(moment, size, scale, lang)
                table = checker.app(size).stack.top
                title = table._domain_title_rect()
                assert title in table.seat_rects(table.shown_seat)
                assert table.banner_rects, (size, scale)
                assert all(not pill.colliderect(title) for pill in table.banner_rects), (size, scale, title)
    finally:
        checker.close()
