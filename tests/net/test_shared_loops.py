"""Shared loop threads (issue 25, the network bench): many ``TableClient``s on one ``ClientLoop`` and many
``TableHost``s on one ``HostLoop`` behave as they do on a thread each: every client gets only its own seat's
messages, closing one leaves the others served, stopping one table leaves the others serving, and a connection that
ends leaves no task pending on the loop ("Task was destroyed but it is pending" at exit)."""

from __future__ import annotations

import asyncio
import gc
import threading
import weakref

import pytest

from lama_desktop.core.session import GameSession, Seat
from lama_desktop.net import protocol as p
from lama_desktop.net.client import ClientLoop, TableClient
from lama_desktop.net.host import HostLoop, TableHost
from registry_games import sample_game

from .conftest import FAST, WAIT, Inbox, wire


def remote_table(players: int, seed: int, loop: HostLoop | None = None) -> tuple[GameSession, TableHost]:
    seats = [Seat(f"P{i}", "remote") for i in range(players)]
    session = GameSession.new(sample_game(), seats, seed=seed, pace="instant")
    return session, TableHost(session, port=0, limits=FAST, loop=loop).start()


def join_all(host: TableHost, players: int, loop: ClientLoop) -> list[tuple[TableClient, Inbox]]:
    out = []
    for i in range(players):
        client = TableClient("127.0.0.1", host.port, code=host.code, name=f"P{i}", loop=loop)
        client.connect(WAIT)
        out.append((client, Inbox(client)))
    return out


def tasks_on(loop: ClientLoop) -> int:
    """Tasks pending on the loop, not counting the one asking."""
    async def count():
        return len([t for t in asyncio.all_tasks() if t is not asyncio.current_task()])

    return asyncio.run_coroutine_threadsafe(count(), loop.loop).result(WAIT)


def play_one(session: GameSession, host: TableHost, clients) -> tuple[int, str, int]:
    """The seat to move sends its first legal move; returns (that seat, the move, its number)."""
    seat, n = host.call(lambda: (session.current_player, session.moves_played))
    move = host.call(lambda: str(session.view(seat).legal_moves()[0]))
    next(c for c, _ in clients if c.seat == seat).send_move(move)
    return seat, move, n


def test_clients_sharing_one_loop_each_get_only_their_own_seats_view_and_events():
    shared = ClientLoop()
    session, host = remote_table(3, seed=5)
    clients = join_all(host, 3, shared)
    try:
        assert sorted(c.seat for c, _ in clients) == [0, 1, 2]
        assert len({id(c._loop) for c, _ in clients}) == 1  # one loop, one thread for the three
        assert sum(1 for t in threading.enumerate() if t.name == "table-clients") == 1
        host.begin()
        for _ in range(6):
            seat, move, n = play_one(session, host, clients)
            for client, inbox in clients:
                update = inbox.expect(p.Update, lambda m, n=n: m.n == n)
                assert (update.mover, update.move) == (seat, move)
                mine = client.seat
                assert update.view == wire(host.call(lambda mine=mine: session.view(mine).to_dict()))
                assert update.view["seat"] == mine
    finally:
        for client, _ in clients:
            client.close()
        host.stop()
        shared.close()


def test_closing_one_client_on_a_shared_loop_leaves_the_others_served():
    shared = ClientLoop()
    session, host = remote_table(3, seed=6)
    clients = join_all(host, 3, shared)
    try:
        host.begin()
        gone, _ = clients[1]
        gone.close()
        assert shared.running and not gone.connected
        for client, inbox in (clients[0], clients[2]):
            seq = client.ping()
            inbox.expect(p.Pong, lambda m, seq=seq: m.seq == seq)
            assert client.connected
        status = clients[0][1].expect(p.Status, lambda m: not m.seats[1].connected)
        assert status.seats[0].connected and status.seats[2].connected
    finally:
        for client, _ in clients:
            client.close()
        host.stop()
        shared.close()


def test_tables_sharing_one_host_loop_each_serve_their_game_and_stop_alone():
    hosts_loop, shared = HostLoop(), ClientLoop()
    tables = [remote_table(2, seed=s, loop=hosts_loop) for s in (7, 8)]
    joined = [join_all(host, 2, shared) for _session, host in tables]
    try:
        assert sum(1 for t in threading.enumerate() if t.name == "table-hosts") == 1
        assert tables[0][1].port != tables[1][1].port
        for _session, host in tables:
            host.begin()
        for (session, host), clients in zip(tables, joined, strict=True):
            _seat, move, n = play_one(session, host, clients)
            for _client, inbox in clients:
                assert inbox.expect(p.Update, lambda m, n=n: m.n == n).move == move
        tables[0][1].stop()
        assert not tables[0][1].running and tables[1][1].running and hosts_loop.running
        for _client, inbox in joined[0]:
            inbox.expect(p.Bye)
        session, host = tables[1]
        _seat, move, n = play_one(session, host, joined[1])
        for _client, inbox in joined[1]:
            assert inbox.expect(p.Update, lambda m, n=n: m.n == n).move == move
    finally:
        for clients in joined:
            for client, _ in clients:
                client.close()
        for _session, host in tables:
            host.stop()
        hosts_loop.close()
        shared.close()
    assert not hosts_loop.running


def test_a_connection_that_ends_leaves_no_task_pending_on_its_loop():
    shared = ClientLoop()
    _session, host = remote_table(2, seed=9)
    clients = join_all(host, 2, shared)
    try:
        assert tasks_on(shared) >= 4  # a reader and a writer per connection (and the library's own)
        host.stop()  # Bye, then the host closes every connection: the readers end, so must the writers
        for _client, inbox in clients:
            inbox.expect(p.Bye)
        for _ in range(200):
            if tasks_on(shared) == 0:
                break
            threading.Event().wait(0.02)
        assert tasks_on(shared) == 0
    finally:
        for client, _ in clients:
            client.close()
        shared.close()


def test_a_closed_client_loop_refuses_new_connections():
    shared = ClientLoop()
    shared.close()
    _session, host = remote_table(2, seed=10)
    try:
        with pytest.raises(RuntimeError):
            TableClient("127.0.0.1", host.port, code=host.code, name="Late", loop=shared).connect(WAIT)
    finally:
        host.stop()


def test_a_stopped_table_is_freed_without_waiting_for_a_garbage_collection():
    """A process hosting table after table (the bench, ``serve``) must not carry finished games until the next
    full collection: once stopped and let go, a table's host and its game go at once (reference counting)."""
    hosts_loop, shared = HostLoop(), ClientLoop()
    gc.collect()
    gc.disable()
    try:
        session, host = remote_table(2, seed=11, loop=hosts_loop)
        clients = join_all(host, 2, shared)
        host.begin()
        _seat, move, n = play_one(session, host, clients)
        for _client, inbox in clients:
            assert inbox.expect(p.Update, lambda m: m.n == n).move == move
        for client, _ in clients:
            client.close()
        host.stop()
        gone_host, gone_session = weakref.ref(host), weakref.ref(session)
        del host, session, clients, inbox, _client, client
        assert gone_host() is None and gone_session() is None
    finally:
        gc.enable()
        hosts_loop.close()
        shared.close()
