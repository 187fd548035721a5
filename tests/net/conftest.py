"""Shared pieces of the network tests: everything binds and connects on loopback only (``LAMA_NET_LOOPBACK=1`` is
set before any host is made), limits small enough that timeouts come in a second, and a ``Table``: a host with a
well-behaved client at seat 0 whose service every hostile test checks afterwards."""

from __future__ import annotations

import json
import os
import time
from contextlib import ExitStack

import pytest

os.environ["LAMA_NET_LOOPBACK"] = "1"  # before any host or client exists (xdist workers import this too)

from lama_desktop.core.session import GameSession, Seat  # noqa: E402
from lama_desktop.net import protocol as p  # noqa: E402
from lama_desktop.net.client import TableClient  # noqa: E402
from lama_desktop.net.host import TableHost  # noqa: E402
from lama_desktop.net.limits import Limits  # noqa: E402
from registry_games import sample_game  # noqa: E402

#: generous waits: a loaded 2-core machine may be slow, the tests never assert on time
WAIT = 20.0

FAST = Limits(open_timeout=1.0, hello_timeout=1.0, ping_interval=None, ping_timeout=None, rate=100.0, burst=60,
              reactions=3, reaction_window=60.0, send_queue=64, free_failures=2, failure_delay=0.02,
              failure_delay_cap=0.1, max_connections=64, max_per_address=32)


def wire(value):
    """``value`` as it arrives after crossing the wire (JSON: a dict's int keys become text, tuples lists)."""
    return json.loads(json.dumps(value))


def wait_for(predicate, timeout: float = WAIT, what: str = "the condition"):
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.003)


class Inbox:
    """A client's messages, kept: ``expect(type, where)`` waits for the first new one matching."""

    def __init__(self, client: TableClient):
        self.client = client
        self.seen: list = []
        self._read = 0

    def pump(self) -> list:
        self.seen.extend(self.client.messages())
        return self.seen

    def expect(self, kind, where=lambda m: True, timeout: float = WAIT):
        def find():
            self.pump()
            for i in range(self._read, len(self.seen)):
                if isinstance(self.seen[i], kind) and where(self.seen[i]):
                    self._read = i + 1
                    return self.seen[i]
            return None

        return wait_for(find, timeout, f"a {kind.__name__}")

    def of(self, kind) -> list:
        return [m for m in self.pump() if isinstance(m, kind)]


class Table:
    """A L.A.M.A. table: seat 0 and 1 remote, seat 2 an easy bot; seat 0 (the good client, joined first) moves
    first; nothing moves until seat 0 does (a remote seat is to play)."""

    def __init__(self, tmp_path=None, limits: Limits = FAST, seats=None, **host_kw):
        seats = seats or [Seat("A", "remote"), Seat("B", "remote"), Seat("C", "bot", "easy")]
        storage = None
        if tmp_path is not None:
            from lama_desktop.storage import Storage

            storage = Storage(tmp_path)
        self.session = GameSession.new(sample_game(), seats, seed=3, options={"first_dealer": 2}, pace="instant",
                                       storage=storage)
        self.host = TableHost(self.session, port=0, limits=limits, **host_kw).start()
        self.clients: list[TableClient] = []
        self.stack = ExitStack()  # raw connections of the hostile tests
        self.good = self.join("Good")
        self.inbox = Inbox(self.good)
        assert self.good.seat == 0
        self.host.begin()
        self.inbox.expect(p.Status)

    @property
    def port(self) -> int:
        return self.host.port

    def join(self, name: str, **kw) -> TableClient:
        client = TableClient("127.0.0.1", self.port, code=kw.pop("code", self.host.code), name=name, **kw)
        self.clients.append(client)
        client.connect(WAIT)
        return client

    def snapshot(self):
        s = self.session
        return self.host.call(lambda: (json.dumps(s.state.to_dict(), sort_keys=True), list(s.record.moves),
                                       s.current_player))

    def legal(self, seat: int) -> list[str]:
        return self.host.call(lambda: [str(m) for m in self.session.view(seat).legal_moves()])

    def check_serving(self, client: TableClient | None = None, inbox: Inbox | None = None) -> None:
        """The good client is still served: a Ping is answered, and when seat 0 is to play its move is taken and
        comes back as the next Update (the record grows by exactly that move)."""
        client, inbox = client or self.good, inbox or self.inbox
        assert client.connected
        seq = client.ping()
        inbox.expect(p.Pong, lambda m: m.seq == seq)
        _state, moves, current = self.snapshot()
        if current == client.seat:
            move = self.legal(client.seat)[0]
            client.send_move(move)
            update = inbox.expect(p.Update, lambda m: m.n == len(moves))
            assert update.mover == client.seat and update.move == move
            assert self.snapshot()[1][: len(moves) + 1] == moves + [move]
        assert not [m for m in inbox.pump() if isinstance(m, p.Bye)]

    def close(self) -> None:
        self.stack.close()
        for client in self.clients:
            client.close()
        self.host.stop()


@pytest.fixture
def table():
    t = Table()
    yield t
    t.close()
