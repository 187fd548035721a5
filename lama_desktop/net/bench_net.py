"""The network bench (``python -m lama_desktop.bench net``): ``tables`` tables of ``players`` headless clients each
against one host on loopback, every seat a remote seat played from its client by a bot choosing from its
``RemoteSession``'s own view; games are played back to back for ``seconds``.

Two processes, as across computers: the host (every table's ``TableHost`` and ``GameSession``, ``bench_host``) in
a child process, all the clients in this one. Each process runs its connections on one shared loop thread (the
clients on a ``ClientLoop``, the tables on a ``HostLoop``), beside its main thread (here: the bots and the checks;
there: the pipe), rather than a thread per connection or table. The host process notes its full state after every move
of every table and sends those notes here; every message every client receives is checked against them
(``headless.Watch``).

Measured:
- ``games``: games finished (every client saw the end) within the time; a game still running at the end is not
  counted (a short run may finish none);
- ``moves``: moves the host played;
- ``rtt_p50_ms`` / ``rtt_p95_ms``: a client's move sent → that move's update received by that client's
  connection;
- ``errors``: moves refused, clients that lost their connection or could not read a move, host errors, tables
  with no move for ``STALL`` seconds;
- ``leaks``: hidden values of other seats in any received message (each message against the host's state at
  its move: the view must be that state's view of the seat, the events its ``events_for``, no seed anywhere);
- ``rss_growth_mib``: resident memory gained by both processes (after a garbage collection) between the end of
  the warm-up (every table finished its first game, or half the time has passed, whichever comes first) and the
  end; the window is in ``rss_window_s``.
"""

from __future__ import annotations

import gc
import multiprocessing
import random
import time

from lama_desktop.engine.registry import plugins
from lama_desktop.net.bench_host import rss_mib, serve_tables
from lama_desktop.net.client import ClientLoop
from lama_desktop.net.headless import ClientTable, Watch, host_state
from lama_desktop.net.loopthread import steady_heap
from lama_desktop.stats import percentile

#: seconds without a move after which a table counts as stuck (an error) and is replaced
STALL = 30.0


class HostProcess:
    """The child process holding every table's host, and the pipe to it."""

    def __init__(self):
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=serve_tables, args=(child,), name="bench-host", daemon=True)
        self.process.start()
        child.close()
        self.watches: dict[int, Watch] = {}
        self.closed: dict[int, dict] = {}

    def _handle(self, message) -> tuple | None:
        """Take the notes of moves into their tables' watches; return any other answer."""
        if message[0] != "moves":
            return message
        for key, n, state, events in message[1]:
            watch = self.watches.get(key)
            if watch is not None:
                watch.note(n, state, events)
        return None

    def pump(self) -> None:
        while self.conn.poll():
            answer = self._handle(self.conn.recv())
            if answer is not None and answer[0] == "closed":
                self.closed[answer[1]] = answer[2]

    def ask(self, command: tuple, answer: str, timeout: float = 30.0) -> tuple:
        self.conn.send(command)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if not self.conn.poll(max(0.0, end - time.monotonic())):
                break
            got = self._handle(self.conn.recv())
            if got is None:
                continue
            if got[0] == "closed":
                self.closed[got[1]] = got[2]
            if got[0] == answer:
                return got
        raise TimeoutError(f"the host process did not answer {command[0]}")

    def stop(self) -> None:
        try:
            self.ask(("quit",), "quit")
        except (TimeoutError, OSError, EOFError):
            self.process.terminate()
        self.process.join(10.0)


class BenchTable(ClientTable):
    """A table whose host is in the host process; its clients here, their messages checked against its notes."""

    def __init__(self, hosts: HostProcess, key: int, game: str, players: int, level: str, seed: int, bot_seed: int,
                 loop: ClientLoop):
        super().__init__(game, {seat: level for seat in range(players)}, seed=seed, bot_seed=bot_seed, loop=loop)
        self.hosts, self.key = hosts, key
        _opened, _key, port, code, initial = hosts.ask(("open", key, game, players, seed), "opened")
        self.watch = hosts.watches[key] = Watch(players=players, initial=host_state(initial))
        self.join(port, code, defer=True)
        if not hosts.ask(("begun", key), "begun")[2]:
            self.errors.append("the host did not begin the game")
        self.last_move = time.monotonic()
        self.moves_seen = 0

    def progress(self, now: float) -> float:
        """Seconds since a client last received a move."""
        seen = sum(cs.session.moves_played for cs in self.clients.values())
        if seen != self.moves_seen:
            self.moves_seen, self.last_move = seen, now
        return now - self.last_move

    def close(self) -> dict:
        """Close the clients and the host; check what is left to check; the host's summary."""
        self.close_clients()
        self.hosts.ask(("close", self.key), "closed")
        self.watch.settle(final=True)
        self.hosts.watches.pop(self.key, None)
        return self.hosts.closed.pop(self.key)


def bench_net(tables: int = 8, players: int = 4, seconds: float = 60.0, game: str = "", level: str = "medium",
              seed: int = 1, rss=None) -> dict:
    """Play for ``seconds`` and measure (see the module's docstring). ``game``: a game id, "" for the first offered
    game that can be played across computers; ``rss``: this process's memory measure."""
    game = game or next(plugin.id for plugin in plugins().values() if plugin.networked)
    steady_heap()  # each process: a long run must not grow by its read buffers (net/loopthread.py)
    hosts = HostProcess()
    loop = ClientLoop()
    try:
        return _bench(hosts, loop, tables, players, seconds, game, level, seed, rss or rss_mib)
    finally:
        loop.close()
        hosts.stop()


def _bench(hosts: HostProcess, loop: ClientLoop, tables: int, players: int, seconds: float, game: str, level: str,
           seed: int, rss) -> dict:
    rng = random.Random(seed)
    totals = {"games": 0, "moves": 0, "errors": 0, "leaks": 0, "messages": 0}
    rtts: list[float] = []
    keys = iter(range(1 << 30))

    def new_table() -> BenchTable:
        return BenchTable(hosts, next(keys), game, players, level, rng.randrange(1 << 62), rng.randrange(1 << 30),
                          loop)

    def finish(table: BenchTable, ended: bool) -> None:
        summary = table.close()
        totals["games"] += int(ended)
        totals["moves"] += summary["moves"]
        totals["errors"] += len(table.errors) + table.client_errors() + int(bool(summary["error"]))
        totals["errors"] += int(ended and not summary["over"])
        totals["leaks"] += table.watch.leaks
        totals["messages"] += table.watch.messages
        rtts.extend(table.rtts())

    def memory() -> tuple[float, float]:
        """(this process's memory, the host process's), each after a garbage collection."""
        gc.collect()
        return rss(), hosts.ask(("rss",), "rss")[1]

    started = time.monotonic()
    live = [new_table() for _ in range(tables)]
    first_games: set[int] = set()
    warm = None  # (seconds since the start, memory) at the end of the warm-up
    while True:
        now = time.monotonic()
        if warm is None and (len(first_games) == tables or now - started >= seconds / 2):
            warm = (now - started, memory())
        if now - started >= seconds:
            break
        sent = 0
        for i, table in enumerate(live):
            sent += table.step()
            if table.clients_over:
                finish(table, True)
                first_games.add(i)
                live[i] = new_table()
            elif table.progress(now) > STALL:  # a game that cannot go on: an error
                totals["errors"] += 1
                finish(table, False)
                live[i] = new_table()
        hosts.pump()
        for table in live:
            table.watch.settle()
        if not sent:
            time.sleep(0.0005)
    end = (time.monotonic() - started, memory())
    for table in live:
        finish(table, False)
    ms = sorted(1000.0 * r for r in rtts)
    return {"tables": tables, "games": totals["games"], "moves": totals["moves"],
            "rtt_p50_ms": round(percentile(ms, 0.5), 2) if ms else None,
            "rtt_p95_ms": round(percentile(ms, 0.95), 2) if ms else None,
            "errors": totals["errors"], "leaks": totals["leaks"],
            "rss_growth_mib": round(sum(end[1]) - sum(warm[1]), 2) if warm else 0.0,
            "rss_growth_clients_mib": round(end[1][0] - warm[1][0], 2) if warm else 0.0,
            "rss_growth_host_mib": round(end[1][1] - warm[1][1], 2) if warm else 0.0,
            "rss_window_s": [round(warm[0], 1) if warm else None, round(end[0], 1)],
            "players": players, "game": game, "level": level, "messages_checked": totals["messages"],
            "round_trips": len(ms), "seconds": seconds}
