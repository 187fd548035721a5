"""The app's side of a network game (issue 25): Play with others → Host a table → the lobby → Start → moves, through
a real ``TableHost`` on loopback with a second player joined by a real ``TableClient``; the join screen (typed
address, refusals in the player's language), the settings' loopback switch, discovery's checks, the network
table's waiting line, reactions and undo."""

from __future__ import annotations

import socket
import time

import pygame
import pytest

from frames import post_click, post_key
from registry_games import sample_game

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


def host_table(app, seats=("you", "remote", "bot:easy"), game=None, name="Anna"):
    """Title → Play with others → Host a table of ``game`` (default: the sample game), with ``seats``, on a free
    port: the lobby."""
    from lama_desktop.app.scenes.net_host import HostSetupScene, LobbyScene
    from lama_desktop.app.scenes.net_menu import NetMenuScene

    app.update_settings(bot_pace="instant", player_name=name)
    click(app, app.stack.top, "others")
    assert isinstance(app.stack.top, NetMenuScene)
    click(app, app.stack.top, "host")
    setup = app.stack.top
    assert isinstance(setup, HostSetupScene)
    setup.select_game(game or sample_game())
    setup.set_player_count(len(seats))
    for i, kind in enumerate(seats):
        setup.set_kind(i, kind)
    setup.port_text = str(free_port())
    click(app, setup, "start")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene), setup.error
    return lobby


def start_with_friend(app, lobby, name="Bruno"):
    """A friend's app joins ``lobby``'s table over loopback, their seat fills, the host presses Start: (the
    hosting app's table, the friend's client)."""
    from lama_desktop.net.client import TableClient

    hosted = lobby.hosted
    friend = TableClient("127.0.0.1", hosted.port, code=hosted.code, name=name)
    friend.connect(timeout=10)
    assert until(app, lambda: lobby.empty == [])
    click(app, lobby, "start")
    return app.stack.top, friend


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
    assert widget(lobby, "start").enabled and not any(w.name == "start_bots" for w in lobby.group.widgets)
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
            other.play(str(other.view(other.seat).legal_moves()[0]))
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


def join_screen(app):
    from lama_desktop.app.scenes.net_join import JoinScene

    click(app, app.stack.top, "others")
    click(app, app.stack.top, "join")
    scene = app.stack.top
    assert isinstance(scene, JoinScene)
    return scene


def type_into(app, scene, name, text):
    field = widget(scene, name)
    post_click(field.rect.center)
    steps(app, 2)
    for _ in range(len(field.text)):
        post_key(pygame.K_BACKSPACE)
    steps(app, 2)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    steps(app, 2)
    assert field.text == text


def test_join_screen_says_why_in_the_players_language(app, monkeypatch):
    """A typed address, a wrong code, nobody there, an address off loopback: each refusal is worded, in German
    too, and the window never waits on the network. (Loopback without multicast, as on most Linux machines: the
    list says why it stays empty.)"""
    from lama_desktop.net import discovery

    monkeypatch.setattr(discovery, "loopback_multicast", lambda: False)
    app.update_settings(player_name="Bruno")
    scene = join_screen(app)
    assert scene.browser.mode == "off" and "multicast" in scene.list_note()
    assert widget(scene, "player").text == "Bruno"
    port = free_port()
    type_into(app, scene, "address", "127.0.0.1:port")
    post_key(pygame.K_RETURN)
    steps(app, 2)
    assert scene.error == "Type the table’s address as host:port, e.g. 192.168.1.20:47474."
    type_into(app, scene, "address", f"127.0.0.1:{port}")
    type_into(app, scene, "code", "abc12")
    post_key(pygame.K_RETURN)
    assert until(app, lambda: scene.attempt is None and scene.error)
    assert scene.error == f"No table answers at 127.0.0.1:{port}. Check the address, and that the host’s table is open."
    type_into(app, scene, "address", "192.0.2.7:47474")
    post_key(pygame.K_RETURN)
    assert until(app, lambda: scene.attempt is None and scene.error)
    assert "127.0.0.1 alone" in scene.error
    app.update_settings(language="de")
    scene.join()
    assert until(app, lambda: scene.attempt is None and scene.error)
    assert scene.error.startswith("Das Netzwerk steht auf „nur dieser Computer“")


def test_a_wrong_code_and_a_full_table_are_refused_in_words(app, tmp_path):
    from lama_desktop.app import netplay
    from lama_desktop.app.scenes.net_join import JoinScene

    lobby = host_table(app, ("you", "remote"))
    hosted = lobby.hosted
    app.stack.push(JoinScene())
    steps(app, 2)
    scene = app.stack.top
    scene.address, scene.code, scene.player = f"127.0.0.1:{hosted.port}", "WRONG", "Carla"
    scene.join()
    assert until(app, lambda: scene.attempt is None and scene.error)
    assert scene.error == "The host did not let you in: check the code and the address."
    attempt = netplay.JoinAttempt("127.0.0.1", hosted.port, code=hosted.code, name="Dario").start()
    assert until(app, lambda: attempt.done) and attempt.client is not None
    scene.code = hosted.code
    scene.join()
    assert until(app, lambda: scene.attempt is None and scene.error)
    assert scene.error == "This table is full: every seat is taken."
    attempt.client.close()


def test_waiting_line_then_a_bot_plays_for_the_one_who_left(app):
    """A joined player's app goes: the table says "Waiting for Bruno (m:ss)", then, after the host's takeover
    delay, "A bot plays for Bruno" and his plate says the bot's level; the game goes on."""
    from lama_desktop.app.scenes.net_host import LobbyScene

    lobby = host_table(app, ("you", "remote", "bot:easy"))
    assert isinstance(lobby, LobbyScene)
    hosted = lobby.hosted
    hosted.host.takeover_after = 1.5
    table, friend = start_with_friend(app, lobby)
    friend.close()
    assert until(app, lambda: any(line.startswith("Waiting for Bruno (0:0") for line in table.away_lines()))
    assert until(app, lambda: table.away_lines() == ["A bot plays for Bruno"])
    assert table.session.taken_over(1) == "medium"
    from lama_desktop.app.table.seats import plate_detail

    assert plate_detail(table.session.seats[0]) == "From afar"  # a person on another computer


def test_reactions_go_round_and_show_by_the_plate(app):
    lobby = host_table(app, ("you", "remote"))
    table, friend = start_with_friend(app, lobby)
    friend.send_reaction("well_played")
    assert until(app, lambda: [(s, k) for s, k, _t in table.bubbles] == [(1, "well_played")])
    post_key(pygame.K_F3)
    steps(app, 2)
    assert table.react_open and len(table.react_buttons) == 6
    post_key(pygame.K_2)  # Oops
    assert until(app, lambda: (0, "oops") in [(s, k) for s, k, _t in table.bubbles])
    assert not table.react_open
    got = []
    assert until(app, lambda: got.extend(m for m in friend.messages() if type(m).__name__ == "ReactionShown")
                 or any(m.seat == 0 and m.key == "oops" for m in got))
    friend.close()


def test_continue_hosts_the_saved_table_again(app):
    """The hosting app leaves its table (the host stops, the game saved); Continue on the title hosts it again
    from the save, with the same code, and this app is back at its own seat."""

    lobby = host_table(app, ("you", "remote", "bot:easy"))
    hosted = lobby.hosted
    code = hosted.code
    table, friend = start_with_friend(app, lobby)
    assert until(app, lambda: table.idle and table.session.status is not None)
    app.to_title()
    steps(app, 3)
    assert hosted.host is None and app.storage.has_save()
    assert until(app, lambda: not friend.connected)
    assert app.continue_game()
    steps(app, 3)
    again = app.stack.top
    assert type(again).__name__ == "NetLamaTableScene" and again.hosted is not None
    assert again.hosted.code == code and again.session.seat == 0 and again.session.names[0] == "Anna"
    friend.rejoin(timeout=10)
    assert friend.seat == 1
    friend.close()


def test_the_loopback_switch_is_a_setting(app, monkeypatch):
    """Settings → "Network: this computer only" is stored as ``net_loopback_only`` and read with the environment."""
    from lama_desktop.app import netplay
    from lama_desktop.app.scenes.settings import SettingsScene

    monkeypatch.delenv("LAMA_NET_LOOPBACK")
    assert not netplay.loopback_only(app.settings)
    app.stack.push(SettingsScene())
    steps(app, 2)
    click(app, app.stack.top, "net_loopback")
    assert app.settings.net_loopback_only and netplay.loopback_only(app.settings)
    assert app.storage.load_settings()[0].net_loopback_only
    assert netplay.bind_address("all", True) == "127.0.0.1" and netplay.bind_address("all", False) is None


def test_start_with_bots_gives_the_empty_seats_to_bots_through_the_host(app):
    """The lobby's "Start with bots": the open seat nobody joined becomes a bot of the takeover level with a bot's
    name (``TableHost.fill_with_bots``), every app's table shows it as a bot from the host's Status, nobody is
    waited for, and the game has started (``Status.started``) before any move."""
    from lama_desktop.net.client import TableClient
    from lama_desktop.net.remote_session import RemoteSession

    lobby = host_table(app, ("you", "remote", "remote", "bot:easy"))
    hosted = lobby.hosted
    friend = TableClient("127.0.0.1", hosted.port, code=hosted.code, name="Bruno")
    friend.connect(timeout=10)
    assert until(app, lambda: lobby.empty == [2])
    assert widget(lobby, "start_bots").text == "Start with a bot in the empty seat"
    click(app, lobby, "start_bots")
    table = app.stack.top
    assert type(table).__name__ == "NetLamaTableScene"
    seats = hosted.host.call(lambda: list(hosted.host.session.seats))
    assert [s.kind for s in seats] == ["remote", "remote", "bot", "bot"] and seats[2].level == "medium"
    assert seats[2].name not in ("Anna", "Bruno", seats[3].name) and not seats[2].name.startswith("Player")
    assert hosted.host.filled == {2} and hosted.host.tokens[2] is None
    assert until(app, lambda: table.session.seats[2].is_bot and table.session.started)
    assert table.session.seats[2].name == seats[2].name and table.away_lines() == []
    other = RemoteSession(friend)  # Bruno's app: from his Welcome (the lobby), then the host's Status
    assert until(app, lambda: other.poll() is not None and other.started and other.seats[2].is_bot)
    assert other.seats[2].name == seats[2].name
    friend.close()


def test_a_made_up_name_never_crosses_the_network(app):
    """With no name remembered the host's seat is "You" on its own screen; the others must not read "You" (Elena's
    table once said "You's turn" for the host): the host is named "Host" in its language, which crosses as a key
    (each app words it), and a person joining as "You", "Du", "Player 2" or "Gospodarz" is refused at the join
    screen and by the host itself, with a reason."""
    from lama_desktop.net import codes
    from lama_desktop.net.protocol import MadeUpName
    from lama_desktop.net.client import JoinRefused, TableClient

    lobby = host_table(app, ("you", "remote", "remote"), name="")
    hosted = lobby.hosted
    assert hosted.own_name == "Host"
    for made_up in ("You", "Du", "Player 2", "Gracz 3", "Host", "Gospodarz"):
        intruder = TableClient("127.0.0.1", hosted.port, code=hosted.code, name=made_up)
        with pytest.raises(JoinRefused) as refused:
            intruder.connect(timeout=10)
        assert refused.value.code == codes.NAME
        intruder.close()
    friend = TableClient("127.0.0.1", hosted.port, code=hosted.code, name="Elena")
    welcome = friend.connect(timeout=10)
    assert welcome.names[0] == MadeUpName(key="host") and "Elena" in welcome.names
    friend.close()
    app.to_title()
    steps(app, 3)
    scene = join_screen(app)
    type_into(app, scene, "address", f"127.0.0.1:{free_port()}")
    type_into(app, scene, "code", "abc12")
    type_into(app, scene, "player", "You")
    post_key(pygame.K_RETURN)
    steps(app, 2)
    assert scene.attempt is None
    assert scene.error == "Type your own name: “You” would not say who you are on the others’ screens."


def test_the_results_name_who_joined_not_the_open_seat(app):
    """The host's table is opened from its lobby's config, made before anybody joined ("Player 2" at the open
    seat); its results, statistics and past game must name the person who sat there (the hosting app's results
    once said "Player 2" where the joined app said "Elena")."""
    from lama_desktop.core.gameconfig import as_seated

    lobby = host_table(app, ("you", "remote", "bot:easy"))
    table, friend = start_with_friend(app, lobby, "Elena")
    assert table.config.seats[1].name != "Elena"  # the lobby's placeholder
    assert until(app, lambda: table.session.names[1] == "Elena")
    seated = table._results_config()
    assert [seat.name for seat in seated.seats] == table.session.names
    assert [seat.kind for seat in seated.seats] == [seat.kind for seat in table.config.seats]
    assert as_seated(table.config, ["A", "B", "C"]).seats[2].level == table.config.seats[2].level
    friend.close()
