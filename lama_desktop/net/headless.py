"""Network games without a window: a ``TableHost`` and its ``TableClient``s on loopback, each client seen through a
``RemoteSession`` and played by a bot, with every message a client receives checked against the host's own state.

Used by the network bench (``python -m lama_desktop.bench net``), the transcript's ``--net`` and the network tests.

- ``LoopbackTable(game, seats, ...)``: ``seats`` per seat either ``"remote:LEVEL"`` (a person's seat on the host,
  played from a headless client by a bot of ``LEVEL`` choosing from the client's own view) or a bot level (the
  host's own bot). ``start()`` starts the host and joins every remote seat in order; ``step()`` polls every client
  and lets each play when it is its turn; ``run(timeout)`` steps until the game is over and every client has seen
  the end; ``close()``.
- ``Watch``: the privacy check. The host's session notes a copy of its state after every move (``on_applied``, on
  the host's thread); every message a watched client receives is compared with what its seat may know at that
  move: the view in an ``Update`` or ``Welcome`` must be the host's ``state.view(seat).to_dict()``, its events the
  host's ``events_for(events, seat)``; no message carries a seed, a random state or a saved state. Each difference
  is a leak (``Watch.leaks``, with what differed in ``Watch.notes``).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import deque
from dataclasses import dataclass, field

import msgspec

from lama_desktop.app.gameconfig import SeatConfig
from lama_desktop.app.session import GameSession
from lama_desktop.net.client import TableClient
from lama_desktop.net.host import TableHost
from lama_desktop.net.remote_session import RemoteSession

log = logging.getLogger("lama_desktop.net.headless")

LOOPBACK = "127.0.0.1"
#: keys no message to a client may hold anywhere (a seed, a random state, a record or a saved state)
SECRET_KEYS = frozenset({"seed", "rng", "record", "format"})
NAMES = ("Ada", "Bruno", "Carla", "Dario", "Elif", "Farid")


def _plain(value):
    """``value`` as it reads after a trip through JSON (int dict keys become text)."""
    return msgspec.json.decode(msgspec.json.encode(value))


def _secret_keys(data: bytes) -> list[str]:
    """The forbidden keys (``SECRET_KEYS``) a message's JSON bytes hold anywhere."""
    return [key for key in SECRET_KEYS if b'"%s":' % key.encode() in data]


class Watch:
    """What each seat may know after each move, noted on the host's thread, and the check of received messages."""

    def __init__(self, session: GameSession):
        self.session = session
        self._lock = threading.Lock()
        #: move number -> (state after it, its events)
        self._moves: dict[int, tuple] = {}
        self._initial = session.state.clone()
        self._checked: dict[int, int] = {}  # seat -> the last move number it was checked at
        self.leaks = 0
        self.messages = 0
        self.notes: list[str] = []
        session.on_applied = self._applied

    def _applied(self, played) -> None:
        with self._lock:
            self._moves[played.index] = (self.session.state.clone(), played.events)

    def _at(self, n: int):
        with self._lock:
            return self._moves.get(n)

    def _leak(self, text: str) -> None:
        self.leaks += 1
        if len(self.notes) < 20:
            self.notes.append(text)

    def check(self, seat: int, message) -> None:
        """Count a leak for everything in ``message`` (received by ``seat``) its seat may not know."""
        self.messages += 1
        kind = type(message).__name__
        found = _secret_keys(msgspec.json.encode(message))
        if found:
            self._leak(f"seat {seat}: {kind} holds {sorted(found)}")
        if kind == "Update":
            known = self._at(message.n)
            if known is None:
                self._leak(f"seat {seat}: an update of move {message.n} the host never played")
                return
            state, events = known
            self._compare(seat, message.n, state, events, message.view, message.events)
            self._forget(seat, message.n)
        elif kind == "Welcome":
            for item in message.history:
                known = self._at(item.n)
                if known is None:
                    self._leak(f"seat {seat}: history names move {item.n} the host never played")
                    continue
                self._compare(seat, item.n, None, known[1], None, item.events)
            last = message.history[-1].n if message.history else None
            state = self._initial if last is None else self._at(last)[0]
            if _plain(state.view(seat).to_dict()) != message.view:
                self._leak(f"seat {seat}: the welcome's view is not the seat's own")

    def _compare(self, seat, n, state, events, view, sent_events) -> None:
        if state is not None and _plain(state.view(seat).to_dict()) != view:
            self._leak(f"seat {seat}, move {n}: the view sent is not the seat's own view")
        allowed = _plain([e.to_dict() for e in self.session.state.events_for(events, seat)])
        if allowed != sent_events:
            self._leak(f"seat {seat}, move {n}: events sent differ from what the seat may see")

    def _forget(self, seat: int, n: int) -> None:
        """Drop the copies every seat was checked past (memory stays flat over long runs)."""
        self._checked[seat] = n
        players = self.session.record.players
        if len(self._checked) < players:
            return
        oldest = min(self._checked.values())
        with self._lock:
            for k in [k for k in self._moves if k < oldest]:
                del self._moves[k]


class WatchedClient:
    """A ``TableClient`` whose every received message goes through ``Watch.check`` (and is timed: ``rtts``)."""

    def __init__(self, client: TableClient, watch: Watch | None, clock=time.perf_counter):
        self.client = client
        self.watch = watch
        self._clock = clock
        self._sent: deque[tuple[str, float]] = deque()
        self.rtts: list[float] = []

    def __getattr__(self, name):
        return getattr(self.client, name)

    def send_move(self, text: str) -> int:
        self._sent.append((text, self._clock()))
        return self.client.send_move(text)

    def messages(self) -> list:
        out = self.client.messages()
        now = self._clock()
        for message in out:
            kind = type(message).__name__
            if kind == "Update" and message.mover == self.client.seat and self._sent:
                self.rtts.append(now - self._sent.popleft()[1])
            elif kind == "Refused" and self._sent:
                self._sent.popleft()
        if self.watch is not None and self.client.seat is not None:
            for message in out:
                self.watch.check(self.client.seat, message)
        return out


@dataclass
class ClientSeat:
    session: RemoteSession
    client: WatchedClient
    bot: object | None
    errors: list = field(default_factory=list)


class LoopbackTable:
    """One network game on loopback (see the module's docstring)."""

    def __init__(self, game: str, seats: list[str], *, variants=(), seed: int | None = None, pace="instant",
                 watch: bool = True, code: str | None = None, bot_seed: int = 0, options: dict | None = None):
        self.game = game
        self.seed = random.SystemRandom().randrange(1 << 62) if seed is None else int(seed)
        host_seats = []
        self.levels: dict[int, str] = {}
        for i, spec in enumerate(seats):
            if spec.startswith("remote"):
                host_seats.append(SeatConfig(NAMES[i % len(NAMES)], "remote"))
                self.levels[i] = spec.partition(":")[2] or "random"
            else:
                host_seats.append(SeatConfig(NAMES[i % len(NAMES)], "bot", spec))
        self.session = GameSession.new(game, host_seats, variants, self.seed, options, pace=pace)
        self.watch = Watch(self.session) if watch else None
        self.host = TableHost(self.session, bind=LOOPBACK, port=0, code=code, auto_start=True)
        self.clients: dict[int, ClientSeat] = {}
        self.bot_seed = bot_seed
        self.errors: list[str] = []

    def start(self, timeout: float = 10.0) -> "LoopbackTable":
        from lama_desktop.bots import make_bot

        self.host.start(timeout)
        for seat in sorted(self.levels):
            raw = TableClient(LOOPBACK, self.host.port, code=self.host.code, name=NAMES[seat % len(NAMES)])
            client = WatchedClient(raw, self.watch)
            raw.connect(timeout)
            level = self.levels[seat]
            bot = make_bot(self.game, level, self.bot_seed + seat) if level != "none" else None
            remote = RemoteSession(client, rng=random.Random(self.seed * 31 + seat))
            self.clients[raw.seat] = ClientSeat(remote, client, bot)
        end = time.monotonic() + timeout
        while not self.host.started:  # the host begins once every remote seat joined (its next tick)
            if time.monotonic() > end:
                raise TimeoutError("the host did not begin the game")
            time.sleep(0.001)
        return self

    def step(self) -> int:
        """Poll every client; a client whose turn it is plays its bot's move. Returns the moves sent."""
        sent = 0
        for seat, cs in self.clients.items():
            session = cs.session
            session.poll(busy=False)
            session.take_played()
            for refusal in session.take_refusals():
                self.errors.append(f"seat {seat}: refused {refusal.code} {refusal.reason}")
            if cs.bot is None or session.is_over or not session.is_human(session.current_player):
                continue
            move = cs.bot.choose(session.view(seat))
            outcome = session.play(move)
            if not outcome.ok:
                self.errors.append(f"seat {seat}: {move} refused at once: {outcome.code}")
            sent += 1
        return sent

    @property
    def over(self) -> bool:
        """The host's game is over and every client has seen its end (its last move and the ``GameOver``)."""
        return self.session.is_over and all(cs.session.is_over and cs.session.final is not None
                                            for cs in self.clients.values())

    def run(self, timeout: float = 60.0, idle_sleep: float = 0.0005) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.over:
                return True
            if not self.step():
                time.sleep(idle_sleep)
        return self.over

    def rtts(self) -> list[float]:
        return [rtt for cs in self.clients.values() for rtt in cs.client.rtts]

    def close(self) -> None:
        for cs in self.clients.values():
            try:
                cs.client.client.close()
            except (OSError, RuntimeError) as error:
                log.warning("closing a client: %s", error)
        self.host.stop()
        self.session.close()
