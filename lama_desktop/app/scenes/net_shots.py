"""The screenshot moments of play across computers (``net-host-setup``, ``net-host-lobby``, ``net-join-list``,
``net-join-empty``, ``net-waiting-for-player`` and ``net-waiting-for-player-<table>`` for every other table,
``net-reaction``), registered in ``app/shots.py``'s ``SHOTS`` when
imported (``app/staging.py`` does). They run a real ``TableHost`` on 127.0.0.1 with real ``TableClient``s for the other
players (nothing but loopback, whatever the switch says); the guests are closed when the process ends.
"""

from __future__ import annotations

import atexit
import time

from lama_desktop.app.shots import add_shot, first_of_each_table, table_word
from lama_desktop.app.netplay import HostedTable
from lama_desktop.app.scenes.net_host import HostSetupScene, LobbyScene
from lama_desktop.app.scenes.net_join import JoinScene
from lama_desktop.app.scenes.title import TitleScene
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import t
from lama_desktop.net.client import TableClient
from lama_desktop.net.discovery import Browser, FoundTable
from lama_desktop.net.protocol import PROTOCOL_VERSION

_guests: list = []


def _tables() -> list[str]:
    """The games the network shots show: the first offered (hosted, joined), then the first of each other table
    (heard on the network beside it)."""
    return [plugin.id for plugin in _networked()]


def _networked() -> list:
    """The first game of each table group that can be played across computers."""
    return [plugin for plugin in first_of_each_table() if plugin.networked]


def _close_guests() -> None:
    while _guests:
        try:
            _guests.pop().close()
        except Exception:  # noqa: BLE001 - the process is ending anyway
            pass


atexit.register(_close_guests)


def _wait(app, done, seconds: float = 10.0) -> None:
    """Frames until ``done()`` (the network answers in real time, not in frames)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done():
        app.step(dt=1 / 60)
        time.sleep(0.005)


def _hosted(app, kinds=("human", "remote", "remote", "bot"), game: str | None = None):
    """A table of ``game`` (default: the first offered, L.A.M.A.) hosted on 127.0.0.1 (a free port): Anna is this
    app's player."""
    names = {"human": "Anna", "bot": "Carla"}
    seats = [SeatConfig(names.get(kind, f"Seat {i + 1}"), kind, "medium") for i, kind in enumerate(kinds)]
    config = GameConfig(game or _tables()[0], seats, (), 0, 4242)
    hosted = HostedTable(config, bind="127.0.0.1", port=0, takeover_after=90.0, takeover_level="medium",
                         pace="instant", loopback=True, storage=app.storage, settings=app.settings)
    hosted.start()
    return hosted


def _guest(hosted, name: str):
    client = TableClient("127.0.0.1", hosted.port, code=hosted.code, name=name)
    client.connect(timeout=10)
    _guests.append(client)
    return client


def _title(app) -> None:
    app.stack.push(TitleScene())


def host_lobby(app) -> None:
    """The lobby: Anna (you), Bruno joined, an open seat still waiting, Carla a bot."""
    hosted = _hosted(app)
    _guest(hosted, "Bruno")
    _title(app)
    lobby = LobbyScene(hosted)
    app.stack.push(lobby)
    app.stack.apply_pending()
    _wait(app, lambda: lobby.seats and lobby.seats[1]["connected"])


def host_setup(app) -> None:
    """Host a table: you, an open seat, two bots, the network strip."""
    app.update_settings(player_name="Anna")
    _title(app)
    scene = HostSetupScene(_tables()[0])
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.set_kind(2, "bot:hard")


def join_list(app) -> None:
    """The join screen with two tables heard on the network, the first one chosen, a code typed."""
    browser = Browser(loopback=False)  # never started: the tables are added as if heard
    first, other = _tables()[:2]
    browser.add(FoundTable("Bruno", "192.168.1.20", 47474, first, 4, 2, PROTOCOL_VERSION, "bruno"))
    browser.add(FoundTable("Elena", "192.168.1.31", 47474, other, 3, 0, PROTOCOL_VERSION, "elena"))
    app.update_settings(player_name="Dario")
    _title(app)
    scene = JoinScene(browser)
    scene.code = "K7QXM"
    app.stack.push(scene)
    app.stack.apply_pending()
    scene.choose(browser.tables()[-1])


def join_empty(app) -> None:
    """The join screen on loopback only where loopback carries no multicast: the list says why it is empty, and
    the host was not found at the address typed."""
    browser = Browser(loopback=True)
    browser.mode = "off"
    app.update_settings(player_name="Dario")
    _title(app)
    scene = JoinScene(browser)
    scene.address, scene.code = "127.0.0.1:47999", "K7QXM"
    scene.error = t("common.net.error_not_found", address="127.0.0.1:47999")
    app.stack.push(scene)


def _table(app, guests=("Bruno",), game: str | None = None):
    """The hosted table started, with ``guests`` joined: (the table scene, hosted, guests' clients)."""
    hosted = _hosted(app, ("human",) + ("remote",) * len(guests) + ("bot",), game)
    clients = [_guest(hosted, name) for name in guests]
    hosted.start_game(False)
    app.open_network_table(hosted.client, hosted)
    app.stack.apply_pending()
    table = app.stack.top
    _wait(app, lambda: table.session.status is not None and table.session.started)
    _settle(app, table)
    return table, hosted, clients


def _settle(app, table, frames: int = 30, seconds: float = 10.0) -> None:
    """Frames (animations hurried) until the table has stayed idle for ``frames`` frames in a row: the deal has
    landed (a table is idle for a moment before the first deal arrives from the host)."""
    still = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end and still < frames:
        (getattr(table, "skip_animations", None) or table.tween.skip)()
        app.step(dt=1 / 60)
        still = still + 1 if table.idle else 0
        time.sleep(0.002)


def waiting_for_player(app, game: str | None = None) -> None:
    """Bruno's app has gone: "Waiting for Bruno (1:2x)" until a bot takes his seat over (the banner clear of
    this player's own hand, plate and points: ``NetTableMixin.cover_problems``)."""
    table, hosted, clients = _table(app, ("Bruno", "Dario"), game)
    clients[0].close()
    _wait(app, lambda: any(s.away_for is not None for s in table.session.status.seats))
    _wait(app, lambda: False, 0.3)


def _waiting_in(game: str):
    return lambda app: waiting_for_player(app, game)


def reaction(app) -> None:
    """Bruno says "Well played!": a bubble by his plate; this player's reactions are open beside their plate."""
    table, hosted, clients = _table(app)
    clients[0].send_reaction("well_played")
    _wait(app, lambda: bool(getattr(table, "bubbles", None)))
    table.react_open = True


for _name, _builder, _frames in [
    ("net-host-setup", host_setup, 3),
    ("net-host-lobby", host_lobby, 3),
    ("net-join-list", join_list, 3),
    ("net-join-empty", join_empty, 3),
    ("net-waiting-for-player", waiting_for_player, 3),
    ("net-reaction", reaction, 3),
] + [(f"net-waiting-for-player-{table_word(p)}", _waiting_in(p.id), 3) for p in _networked()[1:]]:
    add_shot(_name, _builder, _frames)
