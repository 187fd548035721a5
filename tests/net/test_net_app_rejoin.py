"""The app's side of rejoining (issue 31): Join keeps the seat in the profile's ``SeatBook`` as soon as the host
welcomes; an app that crashed and started again finds the fields filled from the kept seat, is told the seat is
kept, and Join takes it back with the token (the whole history back); a kept seat's table gone for good says so, and
Give up the seat forgets it."""

from __future__ import annotations

import pytest

from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.core.session import GameSession
from lama_desktop.app.scenes.net_join import JoinScene
from lama_desktop.net import protocol as p
from lama_desktop.net.host import TableHost
from lama_desktop.net.seatkeep import kept_seat
from lama_desktop.storage import Storage

from .conftest import FAST, Table
from .test_net_app import click, join_screen, steps, until, widget

pytestmark = pytest.mark.real_time_bots


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")
    monkeypatch.setenv("LAMA_NET_NO_ADVERT", "1")


def joined_table(app):
    return until(app, lambda: getattr(app.stack.top, "network", False) and app.stack.top.session.seat is not None) \
        and app.stack.top


def test_an_app_started_again_takes_its_kept_seat_back_with_the_whole_history(app, tmp_path):
    table = Table(takeover_after=60.0)
    try:
        scene = join_screen(app)
        scene.address, scene.code, scene.player = f"127.0.0.1:{table.port}", table.host.code.lower(), "Zoe"
        scene.join()
        first = joined_table(app)
        assert first and first.session.seat == 1 and first.keeper is not None
        table.check_serving()  # seat 0 plays: the app's seat is to move
        assert until(app, lambda: first.session.moves_played >= 1 and first.idle)
        first.session.play(first.session.view(1).legal_moves()[0])
        assert until(app, lambda: first.session.moves_played >= 2)
        assert until(app, lambda: table.snapshot()[2] == 0)  # the bot moved: nothing moves now until seat 0 does
        kept = kept_seat(Storage(tmp_path).seat_book, "127.0.0.1", table.port, table.host.code)
        assert kept.seat == 1 and kept.players[1] == "Zoe" and kept.summary["moves"] >= 2
        assert until(app, lambda: kept_seat(Storage(tmp_path).seat_book, "127.0.0.1", table.port,
                                            table.host.code).history == first.log.to_dict())
        lines = first.log.to_dict()["lines"]  # the history panel as the player read it, kept with the seat
        assert len(lines) >= 2

        first.session.client.close()  # the app is killed: its connection drops, nothing else is done
        app.storage = Storage(tmp_path)  # ... and starts again: the book read from disk
        app.to_title()
        steps(app, 3)
        table.inbox.expect(p.Status, lambda m: not m.seats[1].connected)

        scene = join_screen(app)
        assert (widget(scene, "address").text, widget(scene, "code").text) == (f"127.0.0.1:{table.port}",
                                                                                table.host.code)
        assert widget(scene, "player").text == "Zoe" and scene.kept_here
        scene.join()
        again = joined_table(app)
        assert again and again.session.seat == 1 and again.session.names[1] == "Zoe"
        assert again.session.record.moves == table.snapshot()[1]
        steps(app, 3)
        assert again.log.to_dict()["lines"][:len(lines)] == lines  # the whole history again, not "resumed"
        table.inbox.expect(p.Status, lambda m: m.seats[1].connected)
    finally:
        table.close()


def test_a_kept_seat_at_a_table_gone_for_good_is_said_and_can_be_given_up(app, tmp_path):
    table = Table()
    scene = join_screen(app)
    scene.address, scene.code, scene.player = f"127.0.0.1:{table.port}", table.host.code, "Zoe"
    scene.join()
    assert joined_table(app)
    port, code = table.port, table.host.code
    table.close()
    assert until(app, lambda: isinstance(app.stack.top, MessageScene))  # the host is gone: the seat may be given up
    assert [w.text for w in app.stack.top.group.widgets] == ["Try again", "Give up the seat", "Main menu"]
    app.to_title()
    steps(app, 3)
    scene = join_screen(app)
    assert scene.kept_here
    scene.join()
    assert until(app, lambda: isinstance(app.stack.top, MessageScene), seconds=30)
    gone = app.stack.top
    assert gone.title == "Your seat at this table" and f"No table answers at 127.0.0.1:{port} any more" in gone.text
    assert widget(gone, "b1").text == "Give up the seat"
    click(app, gone, "b1")
    assert isinstance(app.stack.top, JoinScene) and not app.stack.top.kept_here
    assert kept_seat(Storage(tmp_path).seat_book, "127.0.0.1", port, code) is None


def test_try_again_takes_the_seat_back_at_a_host_started_again(app, tmp_path):
    """The host's app is killed and started again (its table resumed from its save on the same port): Try again on
    the joined app's notice brings it back to its seat; the old table hands its client on without closing it."""
    table = Table(tmp_path / "host", takeover_after=60.0)
    try:
        scene = join_screen(app)
        scene.address, scene.code, scene.player = f"127.0.0.1:{table.port}", table.host.code, "Zoe"
        scene.join()
        first = joined_table(app)
        table.check_serving()
        assert until(app, lambda: first.session.moves_played >= 1)
        port = table.port
        table.host.stop()
        assert until(app, lambda: isinstance(app.stack.top, MessageScene))
        session = GameSession.from_save(Storage(tmp_path / "host").load_save(), storage=Storage(tmp_path / "host"),
                                        pace="instant")
        table.host, table.session = TableHost.resume(session, port=port, limits=FAST).start(), session
        click(app, app.stack.top, "b0")  # Try again
        steps(app, 5)
        again = joined_table(app)
        assert again is not first and again.session.seat == 1 and again.session.connected
        assert again.keeper is first.keeper and not again.session.lost
        assert again.session.record.moves == table.snapshot()[1]
    finally:
        table.close()
