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
  move: the view in an ``Update`` or ``Welcome`` must be the host's ``state.view(seat).to_dict()``, its facts the
  state's public facts and that seat's own legal moves, its events the host's ``events_for(events, seat)``; no
  message carries a seed, a random state or a saved state. Each difference is a leak (``Watch.leaks``, with what
  differed in ``Watch.notes``).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import deque
from dataclasses import dataclass, field

import msgspec

from lama_desktop.bots import make_bot
from lama_desktop.core.gameconfig import SeatConfig
from lama_desktop.core.session import GameSession
from lama_desktop.engine.registry import get_game
from lama_desktop.net.client import ClientLoop, TableClient
from lama_desktop.net.host import TableHost
from lama_desktop.net.remote_session import RemoteSession, event_from_dict

log = logging.getLogger("lama_desktop.net.headless")

LOOPBACK = "127.0.0.1"
#: keys no message to a client may hold anywhere (a seed, a random state, a record or a saved state)
SECRET_KEYS = frozenset({"seed", "rng", "record", "format"})
NAMES = ("Ada", "Bruno", "Carla", "Dario", "Elif", "Farid")


def _secret_keys(data: bytes) -> list[str]:
    """The forbidden keys (``SECRET_KEYS``) a message's JSON bytes hold anywhere."""
    return [key for key in SECRET_KEYS if b'"%s":' % key.encode() in data]


class Watch:
    """What each seat may know after each move, and the check of received messages against it.

    ``Watch(session)`` notes a copy of the host session's state after every move itself (``on_applied``, on the
    host's thread). ``Watch(players=P, initial=state)`` is fed from elsewhere (the bench's host process): ``note(n,
    state, events)`` for every move in order, where ``state`` may be a saved state's dict (read back when first
    needed); messages are then ``offer``ed and checked by ``settle`` once the host's note of their move is in."""

    def __init__(self, session: GameSession | None = None, *, players: int | None = None, initial=None):
        self.session = session
        self._lock = threading.Lock()
        #: move number -> (state after it or its dict, its events)
        self._moves: dict[int, tuple] = {}
        self._noted = -1  # the highest move number noted
        self._initial = session.state.clone() if session is not None else initial
        self._players = session.record.players if session is not None else int(players)
        self._checked: dict[int, int] = {}  # seat -> the last move number it was checked at
        self._offered: deque[tuple[int, object]] = deque()
        self.leaks = 0
        self.messages = 0
        self.notes: list[str] = []
        if session is not None:
            session.on_applied = self._applied

    def note(self, n: int, state, events) -> None:
        """The host's state after move ``n`` (a state or its dict) and that move's events (``Event``s or dicts)."""
        with self._lock:
            self._moves[n] = (state, events)
            self._noted = max(self._noted, n)

    def _applied(self, played) -> None:
        self.note(played.index, self.session.state.clone(), played.events)

    def _at(self, n: int):
        with self._lock:
            known = self._moves.get(n)
            if known is None or not isinstance(known[0], dict):
                return known
            state = host_state(known[0])
            events = [event_from_dict(e) if isinstance(e, dict) else e for e in known[1]]
            self._moves[n] = known = (state, events)
            return known

    def _leak(self, text: str) -> None:
        self.leaks += 1
        if len(self.notes) < 20:
            self.notes.append(text)

    def offer(self, seat: int, message) -> None:
        """Check ``message`` once the host's note of its move is in (``settle``)."""
        self._offered.append((seat, message))

    def settle(self, final: bool = False) -> int:
        """Check the offered messages whose moves were noted (``final``: all of them; the host noted everything).
        Returns how many were checked."""
        done = 0
        while self._offered:
            seat, message = self._offered[0]
            if not final and _last_move(message) > self._noted:
                break
            self._offered.popleft()
            self.check(seat, message)
            done += 1
        return done

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
            self._compare_facts(seat, message.n, state, message.facts)
            self._forget(seat, message.n)
        elif kind == "Welcome":
            for item in message.history:
                known = self._at(item.n)
                if known is None:
                    self._leak(f"seat {seat}: history names move {item.n} the host never played")
                    continue
                self._compare(seat, item.n, known[0], known[1], None, item.events)
            last = message.history[-1].n if message.history else None
            known = None if last is None else self._at(last)
            state = self._initial if last is None else known[0] if known else None
            if state is None or _json(state.view(seat).to_dict()) != _json(message.view):
                self._leak(f"seat {seat}: the welcome's view is not the seat's own")
            else:
                self._compare_facts(seat, last, state, message.facts)

    def _compare(self, seat, n, state, events, view, sent_events) -> None:
        """The view sent must be the seat's view of the host's state, the events its ``events_for`` (compared as
        JSON: what a client reads after the trip)."""
        if view is not None and _json(state.view(seat).to_dict()) != _json(view):
            self._leak(f"seat {seat}, move {n}: the view sent is not the seat's own view")
        allowed = [e.to_dict() for e in state.events_for(events, seat)]
        if _json(allowed) != _json(sent_events):
            self._leak(f"seat {seat}, move {n}: events sent differ from what the seat may see")

    def _compare_facts(self, seat, n, state, facts) -> None:
        """The facts sent must be the state's public facts and the seat's own legal moves, nobody else's."""
        legal = [str(m) for m in state.view(seat).legal_moves()]
        if (facts.current, facts.over, facts.scores, facts.winners, facts.legal) != \
                (state.current_player, state.is_over, list(state.scores), list(state.winners()), legal):
            self._leak(f"seat {seat}, move {n}: the facts sent are not the seat's own")

    def _forget(self, seat: int, n: int) -> None:
        """Drop the copies every seat was checked past (memory stays flat over long runs)."""
        self._checked[seat] = n
        if len(self._checked) < self._players:
            return
        oldest = min(self._checked.values())
        with self._lock:
            for k in [k for k in self._moves if k < oldest]:
                del self._moves[k]


def host_state(data: dict):
    """The host's state from its ``to_dict``: read with its game's own reader, without the round trip a save from
    outside is checked with (``GameSpec.load``: 3x the cost, paid for every move of every table by the bench)."""
    return get_game(data["game"]).state_from_dict(data)


def _json(value) -> bytes:
    """``value`` as JSON bytes (int dict keys as text, tuples as lists: what a client reads after the trip)."""
    return msgspec.json.encode(value)


def _last_move(message) -> int:
    """The highest move number a message speaks of (-1: none)."""
    kind = type(message).__name__
    if kind == "Update":
        return message.n
    if kind == "Welcome" and message.history:
        return message.history[-1].n
    return -1


class WatchedClient:
    """A ``TableClient`` whose every received message goes through the ``Watch`` and whose round trips are timed
    (``rtts``): a move sent → its update received by this client's connection (on the client's thread, as it
    arrives; not when the caller next drains it)."""

    def __init__(self, client: TableClient, watch: Watch | None, clock=time.perf_counter, defer: bool = False):
        self.client = client
        self.watch = watch
        self._clock = clock
        self._defer = defer
        self._sent: deque[float] = deque()
        self.rtts: list[float] = []
        client.on_received = self._received

    def __getattr__(self, name):
        return getattr(self.client, name)

    def send_move(self, text: str) -> int:
        self._sent.append(self._clock())  # before it leaves: its answer cannot come first
        return self.client.send_move(text)

    def _received(self, message) -> None:
        """On the client's thread, as each message arrives."""
        kind = type(message).__name__
        if kind == "Update" and message.mover == self.client.seat and self._sent:
            self.rtts.append(self._clock() - self._sent.popleft())
        elif kind == "Refused" and message.seq and self._sent:
            self._sent.popleft()

    def messages(self) -> list:
        out = self.client.messages()
        for message in out:
            self.watched(message)
        return out

    def watched(self, message) -> None:
        """Hand a received message to the watch (checked now, or once its move is noted: ``defer``)."""
        if self.watch is None or self.client.seat is None:
            return
        if self._defer:
            self.watch.offer(self.client.seat, message)
        else:
            self.watch.check(self.client.seat, message)


@dataclass
class ClientSeat:
    session: RemoteSession
    client: WatchedClient
    bot: object | None
    errors: list = field(default_factory=list)


class ClientTable:
    """The clients' side of a table: one ``RemoteSession`` per remote seat, each played by a bot (or nobody)."""

    def __init__(self, game: str, levels: dict[int, str], *, seed: int, bot_seed: int = 0,
                 loop: ClientLoop | None = None):
        self.game = game
        #: the loop thread every client of this table runs on (the caller's, shared with other tables, or its own)
        self.loop = loop if loop is not None else ClientLoop()
        self._own_loop = loop is None
        self.seed = seed
        self.levels = levels
        self.bot_seed = bot_seed
        self.clients: dict[int, ClientSeat] = {}
        self.errors: list[str] = []
        self.watch: Watch | None = None

    def join(self, port: int, code: str, timeout: float = 10.0, defer: bool = False) -> None:
        """Join every remote seat in order (each client's messages go through ``self.watch``)."""
        for seat in sorted(self.levels):
            raw = TableClient(LOOPBACK, port, code=code, name=NAMES[seat % len(NAMES)], loop=self.loop)
            client = WatchedClient(raw, self.watch, defer=defer)
            raw.connect(timeout)
            client.watched(raw.welcome)  # the Welcome the join returned: checked like every later message
            level = self.levels[seat]
            bot = make_bot(self.game, level, self.bot_seed + seat) if level != "none" else None
            remote = RemoteSession(client, rng=random.Random(self.seed * 31 + seat))
            self.clients[raw.seat] = ClientSeat(remote, client, bot)

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
    def clients_over(self) -> bool:
        """Every client has seen the end (the last move and the ``GameOver``)."""
        return all(cs.session.is_over and cs.session.final is not None for cs in self.clients.values())

    def client_errors(self) -> int:
        """Clients that lost their connection or could not read a move."""
        return sum(1 for cs in self.clients.values() if cs.session.lost or cs.session.last_error)

    def rtts(self) -> list[float]:
        return [rtt for cs in self.clients.values() for rtt in cs.client.rtts]

    def close_clients(self) -> None:
        for cs in self.clients.values():
            try:
                cs.client.client.close()
            except (OSError, RuntimeError) as error:
                log.warning("closing a client: %s", error)
        if self._own_loop:
            self.loop.close()


class LoopbackTable(ClientTable):
    """One network game on loopback, its host in this process (see the module's docstring)."""

    def __init__(self, game: str, seats: list[str], *, variants=(), seed: int | None = None, pace="instant",
                 watch: bool = True, code: str | None = None, bot_seed: int = 0, options: dict | None = None):
        seed = random.SystemRandom().randrange(1 << 62) if seed is None else int(seed)
        host_seats = []
        levels: dict[int, str] = {}
        for i, spec in enumerate(seats):
            if spec.startswith("remote"):
                host_seats.append(SeatConfig(NAMES[i % len(NAMES)], "remote"))
                levels[i] = spec.partition(":")[2] or "random"
            else:
                host_seats.append(SeatConfig(NAMES[i % len(NAMES)], "bot", spec))
        super().__init__(game, levels, seed=seed, bot_seed=bot_seed)
        self.session = GameSession.new(game, host_seats, variants, self.seed, options, pace=pace)
        self.watch = Watch(self.session) if watch else None
        self.host = TableHost(self.session, bind=LOOPBACK, port=0, code=code, auto_start=True)

    def start(self, timeout: float = 10.0) -> "LoopbackTable":
        self.host.start(timeout)
        self.join(self.host.port, self.host.code, timeout)
        end = time.monotonic() + timeout
        # the host begins once every remote seat joined (its next tick); each client's session has nobody to move
        # until it has read the host's Status saying so (its own moves only: the others' stay queued)
        while not (self.host.started and all(cs.session.started for cs in self.clients.values())):
            if time.monotonic() > end:
                raise TimeoutError("the host did not begin the game")
            for cs in self.clients.values():
                cs.session.poll(busy=True)
            time.sleep(0.001)
        return self

    @property
    def over(self) -> bool:
        """The host's game is over and every client has seen its end (its last move and the ``GameOver``)."""
        return self.session.is_over and self.clients_over

    def run(self, timeout: float = 60.0, idle_sleep: float = 0.0005) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.over:
                return True
            if not self.step():
                time.sleep(idle_sleep)
        return self.over

    def close(self) -> None:
        self.close_clients()
        self.host.stop()
        self.session.close()
