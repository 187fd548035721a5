"""Drops and rejoins (issue 25, Faults): a client that drops keeps its seat and comes back with its token to the
whole position and history; after ``takeover_after`` a bot of ``takeover_level`` plays the seat until its owner is
back; a host that stops is seen at once, and the saved game (with the code and tokens in its meta) resumes with a
new ``TableHost`` everybody rejoins. Whole games to the end on loopback."""

from __future__ import annotations

from lama_desktop.core.session import GameSession, Seat
from lama_desktop.net import codes
from lama_desktop.net import protocol as p
from lama_desktop.net.client import Lost, TableClient
from lama_desktop.net.host import TableHost
from lama_desktop.storage import Storage
from registry_games import sample_game

from .conftest import FAST, WAIT, Inbox, Table, wait_for, wire


def history_of(inbox: Inbox, welcome: p.Welcome) -> list[tuple]:
    """(n, mover, move, events) of every move the client knows: its Welcome's history, then its Updates."""
    items = [(h.n, h.mover, h.move, h.events) for h in welcome.history]
    items += [(u.n, u.mover, u.move, u.events) for u in inbox.of(p.Update) if u.n >= len(welcome.history)]
    return items


def play_to_the_end(table: Table, clients: list[tuple[TableClient, Inbox]], limit: int = 2000) -> None:
    """The clients play legal moves on their turns until the game is over (bots play theirs on the host)."""
    for _ in range(limit):
        if table.host.call(lambda: table.session.is_over):
            return
        current = table.snapshot()[2]
        mine = [c for c, _box in clients if c.seat == current and c.connected]
        if mine:
            moves = len(table.snapshot()[1])
            mine[0].send_move(table.legal(current)[0])
            wait_for(lambda moves=moves: len(table.snapshot()[1]) > moves
                     or table.host.call(lambda: table.session.is_over), what="the move applied")
        else:
            wait_for(lambda current=current: table.snapshot()[2] != current
                     or table.host.call(lambda: table.session.is_over),
                     what="a bot's move")
    raise AssertionError("the game did not end")


def test_a_whole_game_with_two_remote_clients_and_a_bot(table):
    eve = table.join("Eve")
    eve_box = Inbox(eve)
    play_to_the_end(table, [(table.good, table.inbox), (eve, eve_box)])
    for box in (table.inbox, eve_box):
        over = box.expect(p.GameOver)
        assert over.scores == table.session.scores and over.winners == table.session.winners()
    moves = table.session.record.moves
    assert [u.move for u in table.inbox.of(p.Update)] == [str(m) for m in moves]
    assert [u.mover for u in eve_box.of(p.Update)] == [u.mover for u in table.inbox.of(p.Update)]
    final = table.inbox.of(p.Update)[-1]
    assert final.view == wire(table.session.view(0).to_dict())


def test_a_dropped_client_rejoins_with_its_token_to_the_whole_position_and_history(table):
    eve = table.join("Eve")
    box = Inbox(eve)
    first = eve.welcome
    table.check_serving()  # seat 0 moves; seat 1 (Eve) to play
    wait_for(lambda: table.snapshot()[2] == 1, what="Eve's turn")
    eve.send_move(table.legal(1)[0])
    box.expect(p.Update, lambda m: m.mover == 1)
    wait_for(lambda: table.snapshot()[2] == 0, what="seat 0's turn")
    known = history_of(box, first)
    eve.close()
    status = table.inbox.expect(p.Status, lambda m: m.seats[1].joined and not m.seats[1].connected)
    assert status.seats[1].away_for is not None and status.seats[1].takeover_in is not None
    table.check_serving()  # the game goes on without her; she misses this move
    wait_for(lambda: table.snapshot()[2] == 1, what="Eve's turn again")

    back = TableClient("127.0.0.1", table.port, code=table.host.code, name="ignored", token=first.token)
    table.clients.append(back)
    welcome = back.connect(WAIT)
    assert welcome.seat == 1 and welcome.token == first.token
    assert welcome.view == wire(table.host.call(lambda: table.session.view(1).to_dict()))
    history = [(h.n, h.mover, h.move, h.events) for h in welcome.history]
    assert history[: len(known)] == known and len(history) == len(table.snapshot()[1])
    assert welcome.names[1] == "Eve"  # a rejoin keeps the seat's name
    status = table.inbox.expect(p.Status, lambda m: m.seats[1].connected)
    assert status.seats[1].away_for is None
    back.send_move(table.legal(1)[0])  # and plays on
    table.inbox.expect(p.Update, lambda m: m.mover == 1 and m.n == len(history))


def test_a_bot_plays_an_away_seat_after_takeover_after_until_its_owner_is_back():
    table = Table(takeover_after=0.05, takeover_level="easy")
    try:
        eve = table.join("Eve")
        token = eve.token
        eve.close()
        status = table.inbox.expect(p.Status, lambda m: m.seats[1].bot_level == "easy")
        assert not status.seats[1].connected and status.seats[1].takeover_in is None
        table.check_serving()  # seat 0 moves, then the stand-in bot plays seat 1
        update = table.inbox.expect(p.Update, lambda m: m.mover == 1)
        assert table.host.call(lambda: table.session.record.moves[update.n]) is not None
        assert table.session.stand_ins == {1: "easy"}

        back = TableClient("127.0.0.1", table.port, code=table.host.code, name="Eve", token=token)
        table.clients.append(back)
        welcome = back.connect(WAIT)
        assert welcome.seat == 1 and any(h.mover == 1 for h in welcome.history)
        status = table.inbox.expect(p.Status, lambda m: m.seats[1].connected)
        assert status.seats[1].bot_level is None
        assert table.host.call(lambda: dict(table.session.stand_ins)) == {}
        assert table.host.call(lambda: table.session.is_human(1))
    finally:
        table.close()


def test_a_seat_nobody_joined_is_played_by_a_bot_after_takeover_after():
    table = Table(takeover_after=0.05, takeover_level="medium")
    try:
        status = table.inbox.expect(p.Status, lambda m: m.seats[1].bot_level == "medium")
        assert not status.seats[1].joined
        table.check_serving()
        table.inbox.expect(p.Update, lambda m: m.mover == 1)
    finally:
        table.close()


def test_host_stop_is_seen_at_once_and_continue_resumes_the_table_for_everybody(tmp_path):
    table = Table(tmp_path)
    eve = table.join("Eve")
    box = Inbox(eve)
    table.check_serving()
    wait_for(lambda: table.snapshot()[2] == 1, what="Eve's turn")
    eve.send_move(table.legal(1)[0])
    box.expect(p.Update, lambda m: m.mover == 1)
    wait_for(lambda: table.snapshot()[2] == 0, what="seat 0's turn")
    before = table.snapshot()
    port, code = table.port, table.host.code
    tokens = [table.good.token, eve.token]
    table.host.stop()
    for client, inbox in ((table.good, table.inbox), (eve, box)):
        assert inbox.expect(p.Bye).reason == codes.BYE_STOPPED
        wait_for(lambda c=client: not c.connected, what="the client sees the host gone")

    saved = Storage(tmp_path).load_save()  # the host app's Continue
    assert saved.meta["net"]["code"] == code and saved.meta["net"]["tokens"][:2] == tokens
    session = GameSession.from_save(saved, storage=Storage(tmp_path), pace="instant")
    host = TableHost.resume(session, port=port, limits=FAST).start()
    try:
        assert host.code == code and host.tokens[:2] == tokens and host.started and host.port == port
        assert host.call(lambda: session.state.to_dict()) == table.session.state.to_dict()
        welcome = table.good.rejoin(WAIT)
        eve_welcome = eve.rejoin(WAIT)
        assert (welcome.seat, eve_welcome.seat) == (0, 1)
        assert [h.move for h in welcome.history] == before[1]
        assert eve_welcome.names[:2] == ["Good", "Eve"]
        assert welcome.view == wire(host.call(lambda: session.view(0).to_dict()))
        table.host, table.session = host, session
        table.inbox = Inbox(table.good)
        play_to_the_end(table, [(table.good, table.inbox), (eve, Inbox(eve))])
        assert table.inbox.expect(p.GameOver).scores == session.scores
    finally:
        table.close()


def test_a_host_that_vanishes_without_a_bye_shows_as_lost(table):
    eve = table.join("Eve")
    box = Inbox(eve)
    table.host.call(lambda: [conn.ws.transport.abort() for conn in list(table.host._conns)])
    for client, inbox in ((table.good, table.inbox), (eve, box)):
        lost = inbox.expect(Lost)
        assert lost.reason == codes.BYE_LOST and not client.connected
    welcome = eve.rejoin(WAIT)  # the host itself is still there: the same seat comes back
    assert welcome.seat == 1
    table.good.rejoin(WAIT)
    table.inbox = Inbox(table.good)
    table.check_serving()


def test_network_games_have_no_undo(table):
    table.check_serving()
    assert table.host.call(lambda: table.session.undo_status())[0] is None
    assert table.host.call(lambda: table.session.undo_status())[1] == "hotseat"


def test_a_human_seat_cannot_be_hosted():
    session = GameSession.new(sample_game(), [Seat("A", "human"), Seat("B", "remote")], seed=1, pace="instant")
    try:
        TableHost(session, port=0)
    except ValueError as error:
        assert "remote" in str(error)
    else:
        raise AssertionError("a human seat was accepted")
