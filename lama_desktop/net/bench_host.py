"""The host side of the network bench, in a process of its own (``bench_net`` starts it with ``multiprocessing``'s
spawn): one process serving every table, as ``lama-desktop serve`` would serve one, each table a ``TableHost`` over a
``GameSession`` whose seats are all remote, all of them on one ``HostLoop`` thread (the process's main thread
answers the pipe).

It answers the bench's commands on a pipe and notes, for the privacy check done on the clients' side, the host's
full state after every move of every table (``state.to_dict()``, the save format, and the move's events unredacted):
the bench reads them back and compares every message a client received with that state's view of its seat.

Commands (tuples; answers in the same form):
- ``("open", key, game, players, seed)`` → ``("opened", key, port, code, initial state dict)``: a new table
  bound on loopback, beginning once every seat joined.
- ``("begun", key)`` → ``("begun", key, started)``: once the table began (its host begins on its next tick after
  the last seat joined; a move before that is refused).
- ``("close", key)`` → ``("closed", key, {"moves", "over", "error"})``: Bye to its clients; the table is dropped.
- ``("rss",)`` → ``("rss", MiB)``: this process's resident memory, after a garbage collection.
- ``("quit",)`` → every table closed, then ``("quit",)``.
Between answers, ``("moves", [(key, n, state dict, [event dicts]), ...])`` carries the notes, in move order.
"""

from __future__ import annotations

import gc
import logging
import os
import time
from collections import deque

from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.session import GameSession
from lama_desktop.net.headless import NAMES
from lama_desktop.net.host import HostLoop, TableHost
from lama_desktop.net.limits import Limits
from lama_desktop.net.loopthread import steady_heap

log = logging.getLogger("lama_desktop.net.bench_host")

LOOPBACK = "127.0.0.1"
#: seconds the process waits on its pipe between two flushes of the notes
FLUSH_EVERY = 0.005
#: the bench's seats are bots that move as soon as the host's update is in: a seat left alone in a round sends a
#: move every round trip (hundreds a second on an idle machine), far over the flood limit meant for people (20 a
#: second, bursts of 40), which would drop it as a flood. The bench's tables allow that pace; every other limit is
#: the default (the flood guard itself is tested in tests/net/test_hostile.py).
BENCH_LIMITS = Limits(rate=1000.0, burst=200)


def rss_mib() -> float:
    """This process's resident memory (Linux ``/proc/self/statm``; 0.0 where there is none)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


class _Table:
    """One hosted table and the notes of its moves not yet sent to the bench."""

    def __init__(self, key: int, game: str, players: int, seed: int, loop: HostLoop):
        seats = [SeatConfig(NAMES[i % len(NAMES)], "remote") for i in range(players)]
        self.key = key
        self.session = GameSession.new(game, seats, (), seed, pace="instant")
        self.initial = self.session.state.to_dict()
        self.notes: deque = deque()  # (n, state copy, events): appended on the host's thread
        self.session.on_applied = self._applied
        self.host = TableHost(self.session, bind=LOOPBACK, port=0, auto_start=True, loop=loop,
                              limits=BENCH_LIMITS).start()

    def _applied(self, played) -> None:
        """On the host's thread, after each move: a copy of the state (made into a dict on the main thread)."""
        self.notes.append((played.index, self.session.state.clone(), played.events))

    def take_notes(self) -> list:
        out = []
        while self.notes:
            n, state, events = self.notes.popleft()
            out.append((self.key, n, state.to_dict(), [e.to_dict() for e in events]))
        return out

    def close(self) -> dict:
        self.host.stop()
        self.session.close()
        self.session.on_applied = None  # the session would hold this table (and so itself) in a cycle
        return {"moves": self.session.moves_played, "over": self.session.is_over, "error": self.host.last_error}


def serve_tables(conn) -> None:
    """The host process's loop (``multiprocessing`` target): commands in, notes and answers out."""
    steady_heap()  # a long run must not grow by its read buffers (net/loopthread.py)
    tables: dict[int, _Table] = {}
    loop = HostLoop()

    def flush() -> None:
        notes = [note for table in tables.values() for note in table.take_notes()]
        if notes:
            conn.send(("moves", notes))

    try:
        while True:
            flush()
            if not conn.poll(FLUSH_EVERY):
                continue
            command = conn.recv()
            what = command[0]
            if what == "open":
                _key, game, players, seed = command[1:]
                table = tables[_key] = _Table(_key, game, players, seed, loop)
                conn.send(("opened", _key, table.host.port, table.host.code, table.initial))
            elif what == "begun":
                table = tables[command[1]]
                end = time.monotonic() + 10.0
                while not table.host.started and time.monotonic() < end:
                    time.sleep(0.001)
                conn.send(("begun", table.key, table.host.started))
            elif what == "close":
                table = tables.pop(command[1])
                summary = table.close()
                conn.send(("moves", table.take_notes()))
                conn.send(("closed", table.key, summary))
            elif what == "rss":
                gc.collect()
                conn.send(("rss", rss_mib()))
            elif what == "quit":
                for key in list(tables):
                    tables.pop(key).close()
                loop.close()
                conn.send(("quit",))
                return
    except (EOFError, BrokenPipeError, KeyboardInterrupt):  # the bench went away: end with it
        for table in tables.values():
            table.close()
        loop.close()
