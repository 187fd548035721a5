"""Issue 31: a guest who joined before the host pressed Start sees a waiting table, not a game: no hand, no "your
turn", no move to make (a click or key reaches none), nothing to press but Leave and Say; once the host starts, the
game's own table. Every game played across computers, through a real ``TableHost`` on loopback."""

from __future__ import annotations

import time

import pygame
import pytest

from frames import post_click, post_key
from lama_desktop.app.table import table_drawing
from lama_desktop.core.session import GameSession, Seat
from lama_desktop.net.client import TableClient
from lama_desktop.net.host import TableHost
from registry_games import games_where

from .conftest import FAST

pytestmark = pytest.mark.real_time_bots

NETWORKED = games_where(lambda plugin: plugin.networked)


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")


def _steps(app, n=1):
    for _ in range(n):
        app.step(dt=1 / 60)


def _until(app, what, seconds=20.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        _steps(app)
        if what():
            return True
        time.sleep(0.005)
    return False


def _guest_to_move_first(game: str) -> TableHost:
    """A table whose guest (the first open seat, which a Hello without a token takes) is the first to play once
    the host starts: the worst case (the Welcome's facts give it legal moves at once)."""
    first = GameSession.new(game, [Seat("A", "remote"), Seat("B", "remote"), Seat("C", "remote")], seed=4)
    start = first.current_player
    first.close()
    bots = iter(("Anna", "Bruno", "Carla"))
    seats = [Seat(next(bots), "bot", "easy") if i < start else Seat(f"P{i}", "remote") for i in range(3)]
    session = GameSession.new(game, seats, seed=4, pace="instant")
    assert session.current_player == start and session.seats[start].is_remote
    return TableHost(session, port=0, limits=FAST).start()


@pytest.mark.parametrize("game", NETWORKED)
def test_a_guest_sees_a_waiting_table_until_the_host_starts(app, game, monkeypatch):
    host = _guest_to_move_first(game)
    try:
        client = TableClient("127.0.0.1", host.port, code=host.code, name="Zoe")
        client.connect(timeout=10)
        assert client.welcome.facts.legal  # the host's Welcome holds the seat's moves: the table must not offer them
        app.open_network_table(client)
        _steps(app)
        table = app.stack.top
        assert type(table).__name__.startswith("Net")
        drawn = []
        game_table = type(table).__bases__[1]  # networked(): (NetTableMixin, the game's table)
        real_draw = game_table.draw_table
        monkeypatch.setattr(game_table, "draw_table", lambda self, surface: (drawn.append(1), real_draw(self, surface)))
        _steps(app, 5)
        session = table.session
        assert table.waiting() and not session.started
        assert session.current_player == -1 and not session.is_human(session.seat) and not table.can_act()
        assert drawn == []  # the game's table (its hand, its status line, its move buttons) is not drawn
        toasts = []
        monkeypatch.setattr(table_drawing, "draw_toasts", lambda surface, shown, *rest: toasts.extend(shown))
        _steps(app, 2)
        assert toasts == []  # no toast ("Round 1") lands on the waiting table
        assert not session.play(client.welcome.facts.legal[0]).ok
        for button in list(table.buttons.values()):  # where the game's buttons would be: nothing happens
            post_click(button.rect.center)
        for key in (pygame.K_r, pygame.K_q, pygame.K_d, pygame.K_1, pygame.K_h, pygame.K_SPACE):
            post_key(key)
        _steps(app, 5)
        assert session._pending is None and session.moves_played == 0 and drawn == []
        assert table.away_lines() == []  # the waiting table's title says it, no red banner over it
        plates, leave, _lines = table.waiting_rects(app.size)
        assert not leave.collidelist(list(plates.values())) >= 0
        host.begin()
        assert _until(app, lambda: session.started and table.can_act())
        assert not table.waiting() and drawn
        client.close()
    finally:
        host.stop()


def test_leave_is_the_waiting_tables_way_out(app):
    host = _guest_to_move_first(NETWORKED[0])
    try:
        client = TableClient("127.0.0.1", host.port, code=host.code, name="Zoe")
        client.connect(timeout=10)
        app.open_network_table(client)
        _steps(app)
        table = app.stack.top
        assert type(table).__name__.startswith("Net")
        _steps(app, 3)
        _plates, leave, _lines = table.waiting_rects(app.size)
        post_click(leave.center)
        _steps(app, 3)
        assert app.stack.top is not table and app.stack.top.name == "title"
    finally:
        host.stop()
