"""The app's side of a network game (issue 25): Play with others → Host a table → the lobby → Start → moves, through
a real ``TableHost`` on loopback with a second player joined by a real ``TableClient``; the join screen (typed
address, refusals in the player's language), the settings' loopback switch, discovery's checks, the network
table's waiting line, reactions and undo."""

from __future__ import annotations

import socket
import time

import pytest

from frames import post_click

pytestmark = pytest.mark.real_time_bots


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def steps(app, n=1):
    for _ in range(n):
        app.step(dt=1 / 60)


def until(app, what, seconds=20.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        steps(app)
        if what():
            return True
        time.sleep(0.005)
    return False


def widget(scene, name):
    return next(w for w in scene.group.widgets if w.name == name)


def click(app, scene, name):
    post_click(widget(scene, name).rect.center)
    steps(app, 2)


def host_table(app, seats=("you", "remote", "bot:easy"), game="lama"):
    """Title → Play with others → Host a table, with ``seats``, on a free port: the lobby."""
    from lama_desktop.app.scenes.net_host import HostSetupScene, LobbyScene
    from lama_desktop.app.scenes.net_menu import NetMenuScene

    app.update_settings(bot_pace="instant", player_name="Anna")
    click(app, app.stack.top, "others")
    assert isinstance(app.stack.top, NetMenuScene)
    click(app, app.stack.top, "host")
    setup = app.stack.top
    assert isinstance(setup, HostSetupScene)
    setup.select_game(game)
    setup.set_player_count(len(seats))
    for i, kind in enumerate(seats):
        setup.set_kind(i, kind)
    setup.port_text = str(free_port())
    click(app, setup, "start")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene), setup.error
    return lobby


def test_host_lobby_start_and_a_move_through_real_loopback(app):
    from lama_desktop.net.client import TableClient
    from lama_desktop.net.remote_session import RemoteSession

    lobby = host_table(app)
    hosted = lobby.hosted
    assert hosted.host.hosts == ["127.0.0.1"]
    assert [s["kind"] for s in lobby.seats] == ["you", "remote", "bot"]
    assert lobby.empty == [1] and not widget(lobby, "start").enabled and widget(lobby, "start_bots").enabled
    friend = TableClient("127.0.0.1", hosted.port, code=hosted.code.lower(), name="Bruno")
    friend.connect(timeout=10)
    assert until(app, lambda: lobby.empty == [])
    assert lobby.seat_line(1)[:2] == ("Bruno", "Joined")
    assert widget(lobby, "start").enabled
    click(app, lobby, "start")
    table = app.stack.top
    assert type(table).__name__ == "NetLamaTableScene"
    assert table.session.seat == 0 and table.session.names == ["Anna", "Bruno", table.session.names[2]]
    other = RemoteSession(friend)
    # play until this app has made one move through its table and seen it come back from the host
    made = False
    end = time.monotonic() + 60
    while time.monotonic() < end and not made:
        steps(app)
        other.poll()
        if other.current_player == other.seat and other.is_human(other.seat):
            other.play(str(other.state.legal_moves()[0]))
        if table.can_act() and table.idle:
            before = table.session.moves_played
            move = str(table.legal()[0])
            table.try_move(move)
            assert until(app, lambda b=before: table.session.moves_played > b)
            assert table.session.record.moves[before] == move
            made = True
    assert made
    assert hosted.host.session.record.moves[:len(table.session.record.moves)] == table.session.record.moves
    # undo is off, and says why
    assert table.session.undo_status()[1] == "network"
    assert "across computers" in table.history.reason()
    friend.close()
    app.to_title()
    steps(app, 3)
    assert lobby.hosted.host is None or not hosted.host.running
