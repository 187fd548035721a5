"""One visual language for the four tables (L.A.M.A., LAMA Dice, LAMA Cadabra, Llama Land): every seat wears the
same llama portrait in the same colour on every table, and the log panel has the same title everywhere."""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.app.table import pieces, seats
from frames import fast_app
from registry_games import one_per_table

#: one game per table (L.A.M.A. Party plays at L.A.M.A.'s)
GAMES = one_per_table()


def _open(tmp_path, game_id, players=4):
    from lama_desktop.app import tables

    app = fast_app(tmp_path, (1600, 900))
    names = ["Ann", "Bob", "Cleo", "Dan"][:players]
    config = GameConfig(game_id, [SeatConfig(names[0], "human")]
                        + [SeatConfig(n, "bot", "medium") for n in names[1:]], (), 0, seed=4)
    table = tables.open_table(app, config)
    app.stack.push(table)
    app.stack.apply_pending()
    table.session.set_pace(1e9)  # the bots wait: the picture stays at the game's start
    return app, table


def _frame(app, table):
    import pygame

    surface = pygame.Surface(app.size)
    table.draw(surface)
    return surface


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_shows_each_seats_own_llama_portrait(tmp_path, game_id, monkeypatch):
    portraits = []
    real = pieces.llama_avatar

    def recording(diameter, color, fur):
        portraits.append((tuple(color), fur))
        return real(diameter, color, fur)

    monkeypatch.setattr(pieces, "llama_avatar", recording)
    monkeypatch.setattr(seats, "llama_avatar", recording)
    pieces._plates.clear()
    seats._portraits.clear()
    app, table = _open(tmp_path, game_id)
    try:
        app.step(1 / 30)
        _frame(app, table)
        expected = {(seats.seat_rgb(s), seats.seat_fur(s)) for s in range(4)}
        assert set(portraits) == expected, game_id
    finally:
        table.close()


@pytest.mark.parametrize("lang", ["en", "fr", "pl"])
def test_every_table_titles_its_log_alike(tmp_path, lang, monkeypatch):
    titles = {}
    real = pieces.LogPanel.draw

    def recording(self, surface, rect, ui, title):
        titles[game] = title
        return real(self, surface, rect, ui, title)

    monkeypatch.setattr(pieces.LogPanel, "draw", recording)
    i18n.set_language(lang)
    try:
        for game in GAMES:
            app, table = _open(tmp_path / game, game)
            try:
                app.step(1 / 30)
                _frame(app, table)
            finally:
                table.close()
        assert set(titles) == set(GAMES)
        assert set(titles.values()) == {i18n.t("common.table.log")}
    finally:
        i18n.set_language("en")


def test_seat_colours_and_furs_differ_for_six_seats():
    assert len({seats.seat_rgb(s) for s in range(6)}) == 6
    assert len({seats.seat_fur(s) for s in range(6)}) == 6
