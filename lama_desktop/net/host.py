"""``TableHost``: the authority of a network game. It owns a ``GameSession`` (core/session.py) and serves it with a
``websockets`` server on an asyncio loop in ONE background thread, which also pumps the session (``poll`` every
``tick`` seconds: bots think on the session's worker as usual). Remote moves arrive on that thread and are applied
there; nothing here touches pygame or blocks the caller's thread. That thread is the host's own, or a ``HostLoop``
shared by many tables of one process (``TableHost(session, loop=shared)``: the bench's host process), each table
then a task on it.

What each client gets (privacy by construction): its own seat's ``session.view(seat).to_dict()`` with its
``Facts`` (who is to move, over, scores, winners: public; its own legal moves), the events of each move as its
seat may see them (``session.events_for``), and public table info (``Status``, reactions, ``GameOver``). Never a
state dict, the record or its seed, another seat's view or the deck.

Use::

    host = TableHost(session, port=0, code=None)    # session: seats of kind "remote" for the people, bots
    host.start()                                    # binds; host.port, host.code, host.tokens
    host.fill_with_bots("hard")                      # optional: bots in the people's seats nobody took
    host.begin()                                    # the lobby's Start (or auto_start=True: once all joined)
    ...
    host.stop()                                     # Bye to everybody, the game autosaved (session.storage)

A resumed game (the host app's Continue, ``serve`` on a saved game): ``TableHost.resume(session)`` takes the code
and seat tokens back from the save's meta (``session.extra_meta["net"]``), so everybody rejoins with their token.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
import threading
import time
import weakref
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

import websockets
from websockets.asyncio.server import ServerConnection, serve

from lama_desktop.bots import levels_for
from lama_desktop.core.seat_names import made_up, refused_person_name
from lama_desktop.filedoor import NAME_MAX, clean_name
from lama_desktop.net import codes
from lama_desktop.net import protocol as p
from lama_desktop.net.limits import FailureBook, Limits, TokenBucket
from lama_desktop.net.loopback import bind_hosts
from lama_desktop.net.loopthread import LoopThread

log = logging.getLogger("lama_desktop.net.host")

#: the join code's letters: no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B (read aloud or off a screen without doubt)
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY3479"
CODE_LENGTH = 5
TAKEOVER_AFTER = 90.0
TICK = 0.02
#: seconds between two Status messages while a seat is away (clients count the seconds between them)
STATUS_EVERY = 5.0


class HostLoop(LoopThread):
    """The loop thread many ``TableHost``s of one process share (``TableHost(..., loop=shared)``); ``close`` it
    after stopping them."""

    def __init__(self, name: str = "table-hosts"):
        super().__init__(name)


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normal_code(text: str) -> str:
    """A typed code as compared: upper case, without spaces and dashes."""
    return "".join(ch for ch in str(text).upper() if ch not in " -\t")


def new_token() -> str:
    return secrets.token_urlsafe(24)


def facts_for(session, view) -> p.Facts:
    """The ``Facts`` sent with ``view`` (a seat's view of ``session``): the public facts of the game and that seat's
    own legal moves, so its client answers its table from what it was sent."""
    return p.Facts(current=session.current_player, over=session.is_over, scores=list(session.scores),
                   winners=list(session.winners()), legal=[str(m) for m in view.legal_moves()])


def wire_name(seat) -> str | p.MadeUpName:
    """A seat's name as it crosses the wire: a person's own name as typed, a made-up one ("Host", "Player 2", a
    bot's "Bruno") as its key, which every app words in its own language (``seat_names.made_up``)."""
    key = made_up(seat.name, seat.kind)
    return seat.name if key is None else p.MadeUpName(key=key.key, n=key.n)


@dataclass(eq=False)
class _Conn:
    ws: ServerConnection
    address: str
    queue: asyncio.Queue
    bucket: TokenBucket
    seat: int | None = None
    reactions: deque = field(default_factory=deque)
    closing: bool = False
    sender: asyncio.Task | None = None


class TableHost:
    def __init__(self, session, *, code: str | None = None, bind: str | None = None, port: int = 0,
                 takeover_after: float = TAKEOVER_AFTER, takeover_level: str = "medium",
                 tokens: list | None = None, limits: Limits | None = None, settings=None,
                 auto_start: bool = False, tick: float = TICK, clock: Callable[[], float] = time.monotonic,
                 loop: HostLoop | None = None):
        if any(seat.kind == "human" for seat in session.seats):
            raise ValueError("a network table's people sit at remote seats (the host's own player joins too)")
        self.session = session
        #: ``name -> True`` for a name a joining person may not take: the app's one rule (``seat_names``: "You",
        #: "Player 2", "Host" in every language would read as a seat's "you" or a placeholder on every screen)
        self.name_refused: Callable[[str], bool] | None = refused_person_name
        self.code = normal_code(code) if code else new_code()
        if not self.code:
            raise ValueError("a join code needs a letter or digit")
        self.hosts = bind_hosts(bind, settings)  # LoopbackOnly for anything but loopback while the switch is on
        self.requested_port = int(port)
        self.port = 0
        self.takeover_after = float(takeover_after)
        self.takeover_level = takeover_level
        self.limits = limits or Limits()
        self.auto_start = auto_start
        self.tick = float(tick)
        self._clock = clock
        remote = [i for i, seat in enumerate(session.seats) if seat.is_remote]
        self.tokens: list[str | None] = [None] * len(session.seats)
        for i in remote:
            given = tokens[i] if tokens and i < len(tokens) else None
            self.tokens[i] = given if isinstance(given, str) and 16 <= len(given) <= 64 else new_token()
        #: seats a person has joined at least once (a seat nobody claimed is offered to a Hello without token)
        self.claimed: set[int] = set()
        #: people's seats a bot was given before the start (``fill_with_bots``): bots for the whole game
        self.filled: set[int] = set()
        self.started = False
        self.last_error = ""
        self._owner: dict[int, _Conn] = {}
        self._away_since: dict[int, float] = {}
        self._conns: set[_Conn] = set()
        self._failures = FailureBook(self.limits, clock)
        self._history: list[tuple[int, int, str, list]] = self._replay_history()
        self._over_sent = False
        self._last_status = 0.0
        #: the loop thread this table runs on: shared (``loop``: left running by ``stop``) or its own
        self._shared = loop is not None
        self._runner: LoopThread | None = loop
        self._loop: asyncio.AbstractEventLoop | None = None
        self._serving: asyncio.Future | None = None
        self._ready = threading.Event()
        self._done = threading.Event()
        self._stop: asyncio.Event | None = None
        self._start_error: BaseException | None = None
        self._servers: list = []
        self.session.stand_ins.clear()
        self._save_meta()

    # -- making one from a save ------------------------------------------------------------------------------
    @classmethod
    def resume(cls, session, **kw) -> "TableHost":
        """The host of a saved network game: its code, tokens, takeover rules and the seats that were claimed
        come back from ``session.extra_meta["net"]`` (the caller's keywords win)."""
        net = session.extra_meta.get("net") if isinstance(session.extra_meta.get("net"), dict) else {}
        kw.setdefault("code", net.get("code") if isinstance(net.get("code"), str) else None)
        kw.setdefault("tokens", net.get("tokens") if isinstance(net.get("tokens"), list) else None)
        for key in ("takeover_after", "takeover_level"):
            if key in net and key not in kw:
                kw[key] = net[key]
        host = cls(session, **kw)
        claimed = net.get("claimed", [])
        host.claimed = {s for s in claimed if isinstance(s, int) and 0 <= s < len(session.seats)
                        and session.seats[s].is_remote} if isinstance(claimed, list) else set()
        filled = net.get("filled", [])
        host.filled = {s for s in filled if isinstance(s, int) and 0 <= s < len(session.seats)
                       and session.seats[s].is_bot} if isinstance(filled, list) else set()
        host.started = bool(net.get("started", False)) or session.moves_played > 0
        host._save_meta()
        return host

    def net_meta(self) -> dict:
        """What the save keeps to resume this table (the tokens are the seats' keys: the save is the host's own)."""
        return {"code": self.code, "tokens": list(self.tokens), "claimed": sorted(self.claimed),
                "takeover_after": self.takeover_after, "takeover_level": self.takeover_level,
                "started": self.started, "filled": sorted(self.filled)}

    def _save_meta(self) -> None:
        self.session.extra_meta["net"] = self.net_meta()
        self.session.autosave()

    def _replay_history(self) -> list[tuple[int, int, str, list]]:
        state = self.session.record.new_state()
        out = []
        for n, text in enumerate(self.session.record.moves):
            mover = state.current_player
            out.append((n, mover, str(text), state.apply(text)))
        return out

    # -- the caller's side (any thread) ----------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> "TableHost":
        """Bind and serve (on the background thread). ``self.port`` is the port bound; OSError if it cannot be."""
        if self._serving is not None:
            raise RuntimeError("this host was started already")
        if self._runner is None:
            self._runner = HostLoop("table-host")
        self._loop = self._runner.loop
        self._serving = asyncio.run_coroutine_threadsafe(self._serve(), self._loop)
        if not self._ready.wait(timeout):
            raise TimeoutError("the host did not start in time")
        if self._start_error is not None:
            if not self._shared:
                self._runner.close()
            raise self._start_error
        return self

    def begin(self) -> None:
        """Start the game (the lobby's Start): bots move, remote seats play, the takeover clocks run."""
        self.call(self._begin)

    def fill_with_bots(self, level: str | None = None, names: Iterable[str] = ()) -> list[int]:
        """Before the game starts (the lobby's "Start with bots", ``serve --start-after``): every person's seat
        nobody holds now (never joined, or left the lobby) is played by a bot of ``level`` (default: the takeover
        level) for the whole game. Its seat token is revoked (nobody can take it any more), everybody gets a
        ``Status`` saying so, and the save remembers it. ``names``: the bots' names, taken in order (a seat keeps
        its own name when they run out). Returns the seats filled; ``RuntimeError`` once the game has started."""
        return self.call(lambda: self._fill_with_bots(level or self.takeover_level, list(names)))

    def _fill_with_bots(self, level: str, names: list[str]) -> list[int]:
        if self.started:
            raise RuntimeError("bots fill the open seats before the game starts, not after")
        if level not in levels_for(self.session.game_id):
            raise ValueError(f"{self.session.game_id} has no bot level {level!r}")
        used = {seat.name for seat in self.session.seats}
        free = [name for name in names if name not in used]
        filled = []
        for seat, config in enumerate(self.session.seats):
            if not config.is_remote or seat in self._owner:
                continue
            name = free.pop(0) if free else config.name
            self.session.seats[seat] = type(config)(name, "bot", level)
            self.tokens[seat] = None
            self.claimed.discard(seat)
            self._away_since.pop(seat, None)
            self.session.stand_ins.pop(seat, None)
            filled.append(seat)
        if filled:
            self.filled.update(filled)
            self._save_meta()
            self._broadcast_status()
        return filled

    def stop(self, reason: str = codes.BYE_STOPPED, timeout: float = 10.0) -> None:
        """Say Bye to everybody, close, save the game as it stands and end the thread (a shared loop's thread goes
        on for its other tables). Idempotent."""
        loop = self._loop
        if loop is not None and self._serving is not None and not self._done.is_set():
            if self._runner is not None and self._runner.on_thread():
                raise RuntimeError("a table host is stopped from another thread than its loop's")
            loop.call_soon_threadsafe(self._request_stop, reason)
            if not self._done.wait(timeout):
                log.warning("the table host did not stop within %.1f s", timeout)
        if self._runner is not None and not self._shared:
            self._runner.close(timeout)

    @property
    def running(self) -> bool:
        return self._serving is not None and not self._done.is_set() and self._ready.is_set() \
            and self._start_error is None

    def call(self, fn: Callable[[], Any], timeout: float = 10.0) -> Any:
        """Run ``fn()`` on the host's thread and return its result (the session is only touched there)."""
        loop = self._loop
        if loop is None or not self.running or (self._runner is not None and self._runner.on_thread()):
            return fn()

        async def run():
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)

    def status(self) -> p.Status:
        return self.call(self._status)

    def connected_seats(self) -> list[int]:
        return self.call(lambda: sorted(self._owner))

    # -- the host's thread -----------------------------------------------------------------------------------
    async def _serve(self) -> None:
        """The table's life on its loop: bind, serve until stopped, shut down."""
        try:
            await self._main()
        except Exception as error:  # noqa: BLE001 - the table must say why it ended
            log.exception("the table host stopped on an error")
            self.last_error = f"{type(error).__name__}: {error}"
            if not self._ready.is_set():
                self._start_error = error
        finally:
            self._ready.set()
            self._done.set()

    async def _bind(self) -> None:
        port = self.requested_port
        for i, host in enumerate(self.hosts):
            try:
                server = await serve(self._weak_handler(), host, port, max_size=self.limits.max_message_bytes,
                                     max_queue=4, compression=None, open_timeout=self.limits.open_timeout,
                                     ping_interval=self.limits.ping_interval, ping_timeout=self.limits.ping_timeout,
                                     close_timeout=2.0, server_header=None, write_limit=64 * 1024)
            except OSError:
                if i == 0:
                    raise
                log.info("could not also listen on %s:%s", host, port)  # e.g. no IPv6 on this machine
                continue
            self._servers.append(server)
            if i == 0:
                port = self.port = server.sockets[0].getsockname()[1]

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        self._stop_reason = codes.BYE_STOPPED
        await self._bind()
        if self.started:  # a resumed table: the people not back yet are away from now (a bot takes over in time)
            self._count_away()
        self._ready.set()
        try:
            while not self._stop.is_set():
                self._pump()
                await asyncio.sleep(self.tick)  # a timer, not a task a tick (a stop is seen within a tick)
        finally:
            await self._shutdown(self._stop_reason)

    def _request_stop(self, reason: str) -> None:
        self._stop_reason = reason
        if self._stop is not None:
            self._stop.set()

    async def _shutdown(self, reason: str) -> None:
        for server in self._servers:
            server.close(close_connections=False)
        for conn in list(self._conns):
            self._drop(conn, codes.CLOSE_GOING_AWAY, reason)
        senders = [c.sender for c in self._conns if c.sender is not None]
        if senders:
            await asyncio.wait(senders, timeout=3.0)
        for server in self._servers:
            server.close()
        for server in self._servers:
            try:
                await asyncio.wait_for(server.wait_closed(), 3.0)
            except asyncio.TimeoutError:
                log.warning("some connections did not close in time")
        self._save_meta()
        self.session.close()
        self._let_go()

    def _weak_handler(self) -> Callable:
        """The servers' connection handler, holding this host weakly: after the stop, the servers and connections
        linger in the library's reference cycles until a garbage collection, and must not keep the game with them."""
        ref = weakref.WeakMethod(self._handle)

        async def handle(ws: ServerConnection) -> None:
            method = ref()
            if method is None:
                await ws.close(codes.CLOSE_GOING_AWAY, codes.BYE_STOPPED)
                return
            await method(ws)

        return handle

    def _let_go(self) -> None:
        """After the shutdown: drop what only served the connections (the servers hold this host's handler, the
        connections their tasks, the history every move's events), so that a stopped table is freed as soon as
        its owner lets go of it, not at the next full garbage collection: a process hosting table after table
        (the bench, ``serve``) would otherwise carry every finished game's history until then, and a heap that
        high once stays high."""
        self._servers.clear()
        self._conns.clear()
        self._owner.clear()
        self._history = []

    def _begin(self) -> None:
        if self.started:
            return
        self.started = True
        self._count_away()
        self._save_meta()
        self._broadcast_status()

    def _count_away(self) -> None:
        """Every person's seat nobody holds now is away from now on (its takeover clock runs)."""
        now = self._clock()
        for seat, s in enumerate(self.session.seats):
            if s.is_remote and seat not in self._owner:
                self._away_since.setdefault(seat, now)

    def _pump(self) -> None:
        """One tick: auto start, takeovers, the session's bots, then every move applied sent out."""
        if not self.started and self.auto_start and all(
                s in self._owner for s, seat in enumerate(self.session.seats) if seat.is_remote):
            self._begin()
        if not self.started:
            return
        self._check_takeovers()
        try:
            self.session.poll(busy=False)
        except Exception as error:  # noqa: BLE001 - one bad move must not stop the table; logged
            log.exception("the session failed to move")
            self.last_error = f"{type(error).__name__}: {error}"
        self._flush_played()
        now = self._clock()
        if self._away_since and now - self._last_status >= STATUS_EVERY:
            self._broadcast_status()

    def _check_takeovers(self) -> None:
        now = self._clock()
        changed = False
        for seat, since in self._away_since.items():
            if seat not in self.session.stand_ins and now - since >= self.takeover_after:
                self.session.stand_ins[seat] = self.takeover_level
                changed = True
        if changed:
            self._broadcast_status()

    def _flush_played(self) -> None:
        for played in self.session.take_played():
            n = played.index if played.index >= 0 else len(self._history)
            self._history.append((n, played.seat, str(played.move), played.events))
            for conn in list(self._owner.values()):
                seat = conn.seat
                events = [e.to_dict() for e in self.session.events_for(played.events, seat)]
                view = self.session.view(seat)
                self._send(conn, p.Update(n=n, mover=played.seat, move=str(played.move), events=events,
                                          view=view.to_dict(), facts=facts_for(self.session, view)))
        if self.session.is_over and not self._over_sent:
            self._over_sent = True
            self._broadcast(self._game_over())

    def _game_over(self) -> p.GameOver:
        return p.GameOver(scores=list(self.session.scores), winners=list(self.session.winners()))

    # -- what goes out ---------------------------------------------------------------------------------------
    def _status(self) -> p.Status:
        now = self._clock()
        seats = []
        for i, seat in enumerate(self.session.seats):
            away = now - self._away_since[i] if i in self._away_since else None
            stand_in = self.session.stand_ins.get(i)
            takeover_in = None
            if away is not None and stand_in is None:
                takeover_in = max(0.0, self.takeover_after - away)
            seats.append(p.SeatStatus(
                name=wire_name(seat), kind=seat.kind, connected=(not seat.is_remote) or i in self._owner,
                joined=(not seat.is_remote) or i in self.claimed, away_for=away,
                bot_level=seat.level if seat.is_bot else stand_in, takeover_in=takeover_in))
        return p.Status(seats=seats, started=self.started)

    def _broadcast_status(self) -> None:
        self._last_status = self._clock()
        self._broadcast(self._status())

    def _broadcast(self, msg: p.Message) -> None:
        data = p.encode(msg)
        for conn in list(self._owner.values()):
            self._send_bytes(conn, data)

    def _send(self, conn: _Conn, msg: p.Message) -> None:
        self._send_bytes(conn, p.encode(msg))

    def _send_bytes(self, conn: _Conn, data: bytes) -> None:
        if conn.closing:
            return
        try:
            conn.queue.put_nowait(data)
        except asyncio.QueueFull:  # a slow reader: dropped, never waited for
            log.info("dropping a client that does not read (%s, seat %s)", conn.address, conn.seat)
            self._abort(conn, codes.CLOSE_SLOW)

    def _drop(self, conn: _Conn, code: int, reason: str) -> None:
        """Say Bye (when there is room) and close this connection once what is queued is sent."""
        if conn.closing:
            return
        try:
            conn.queue.put_nowait(p.encode(p.Bye(reason=reason)))
            conn.queue.put_nowait((code, reason))
        except asyncio.QueueFull:
            self._abort(conn, code)
            return
        conn.closing = True
        self._release(conn)

    def _abort(self, conn: _Conn, code: int) -> None:
        conn.closing = True
        self._release(conn)
        transport = conn.ws.transport
        if transport is not None:
            transport.abort()

    async def _sender(self, conn: _Conn) -> None:
        try:
            while True:
                item = await conn.queue.get()
                if isinstance(item, tuple):
                    await conn.ws.close(*item)
                    return
                await conn.ws.send(item, text=True)
        except websockets.ConnectionClosed:
            pass

    # -- one connection --------------------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        peer = ws.remote_address
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        limits = self.limits
        if len(self._conns) >= limits.max_connections or \
                sum(1 for c in self._conns if c.address == address) >= limits.max_per_address:
            await ws.close(codes.CLOSE_CAPACITY, "too many connections")
            return
        conn = _Conn(ws, address, asyncio.Queue(limits.send_queue), TokenBucket(limits.rate, limits.burst))
        self._conns.add(conn)
        conn.sender = asyncio.create_task(self._sender(conn))
        try:
            if await self._hello(conn):
                async for raw in ws:
                    if conn.closing or not self._take(conn, raw):
                        break
        except websockets.ConnectionClosed:
            pass
        finally:
            self._release(conn)
            self._conns.discard(conn)
            if not conn.closing:
                conn.sender.cancel()
            elif conn.sender is not None:
                try:
                    await asyncio.wait_for(asyncio.shield(conn.sender), 3.0)
                except (asyncio.TimeoutError, websockets.ConnectionClosed):
                    conn.sender.cancel()
            # a cancelled sender keeps its CancelledError, whose traceback holds the sender's frame, which holds
            # this connection: with the connection holding the task, that cycle would keep the table's host
            # (and its game) until a garbage collection
            conn.sender = None

    def _release(self, conn: _Conn) -> None:
        """The connection no longer holds its seat: the seat is kept, its owner counted away from now."""
        seat = conn.seat
        if seat is None or self._owner.get(seat) is not conn:
            return
        del self._owner[seat]
        if self.started or self.session.moves_played:
            self._away_since[seat] = self._clock()
        self._broadcast_status()

    def _message(self, conn: _Conn, raw) -> p.Hello | p.Move | p.Reaction | p.Ping | None:
        """The message of a frame, or None when the connection is being closed for it."""
        if not conn.bucket.take():
            self._drop(conn, codes.CLOSE_FLOOD, codes.BYE_FLOOD)
            return None
        if not isinstance(raw, str):
            self._drop(conn, codes.CLOSE_UNSUPPORTED, codes.BYE_PROTOCOL)
            return None
        try:
            return p.decode_client(raw, self.limits.max_message_bytes)
        except p.ProtocolError as error:
            if error.code == p.VERSION:
                self._send(conn, p.Refused(code=codes.VERSION, text=str(error),
                                           params={"host": p.PROTOCOL_VERSION, "client": p.version_of(raw)}))
            code = codes.CLOSE_TOO_BIG if error.code == p.TOO_LARGE else codes.CLOSE_POLICY
            self._drop(conn, code, codes.BYE_PROTOCOL)
            return None

    async def _hello(self, conn: _Conn) -> bool:
        try:
            raw = await asyncio.wait_for(conn.ws.recv(), self.limits.hello_timeout)
        except asyncio.TimeoutError:
            self._drop(conn, codes.CLOSE_TIMEOUT, codes.BYE_TIMEOUT)
            return False
        msg = self._message(conn, raw)
        if msg is None:
            return False
        if not isinstance(msg, p.Hello):
            self._refuse_join(conn, codes.HELLO_FIRST, "the first message is a Hello")
            return False
        delay = self._failures.delay(conn.address)
        if delay:
            await asyncio.sleep(delay)
        seat = self._seat_for(msg)
        if seat is None:
            self._failures.failed(conn.address)
            self._refuse_join(conn, codes.JOIN, "the table did not let you in: check the address and the code")
            return False
        if seat < 0:
            self._refuse_join(conn, codes.FULL, "every seat at this table is taken")
            return False
        name = clean_name(msg.name, fallback="", max_len=NAME_MAX)
        if msg.token is None and not name.strip():
            self._refuse_join(conn, codes.NAME, "a name needs a letter")
            return False
        if msg.token is None and self.name_refused is not None and self.name_refused(name):
            self._refuse_join(conn, codes.NAME, "type your own name: this one is a word the tables use for a seat")
            return False
        self._seat(conn, seat, name if msg.token is None else None)
        return True

    def _refuse_join(self, conn: _Conn, code: str, text: str) -> None:
        self._send(conn, p.Refused(code=code, text=text))
        self._drop(conn, codes.CLOSE_REFUSED, "refused")

    def _seat_for(self, hello: p.Hello) -> int | None:
        """The seat a Hello may take: None for a wrong code or token (one answer for both), -1 when full."""
        code_ok = hmac.compare_digest(normal_code(hello.code).encode(), self.code.encode())
        if hello.token is not None:
            found = None
            for seat, token in enumerate(self.tokens):
                if token is not None and hmac.compare_digest(hello.token.encode(), token.encode()):
                    found = seat
            return found if code_ok else None
        if not code_ok:
            return None
        for seat, token in enumerate(self.tokens):
            if token is not None and seat not in self.claimed:
                return seat
        return -1

    def _seat(self, conn: _Conn, seat: int, name: str | None) -> None:
        old = self._owner.get(seat)
        if old is not None and old is not conn:  # the same seat from a new connection: the newer one keeps it
            old.seat = None
            self._drop(old, codes.CLOSE_REPLACED, codes.BYE_REPLACED)
        conn.seat = seat
        self._owner[seat] = conn
        self._away_since.pop(seat, None)
        self.session.stand_ins.pop(seat, None)
        changed = seat not in self.claimed or (name is not None and self.session.seats[seat].name != name)
        if name is not None:
            self.session.seats[seat].name = name
        self.claimed.add(seat)
        if changed:  # a rejoin writes nothing: reconnecting in a loop costs the host no disk writes
            self._save_meta()
        self._send(conn, self._welcome(seat))
        if self.session.is_over:
            self._send(conn, self._game_over())
        self._broadcast_status()

    def _welcome(self, seat: int) -> p.Welcome:
        session = self.session
        history = [p.HistoryItem(n=n, mover=mover, move=move,
                                 events=[e.to_dict() for e in session.events_for(events, seat)])
                   for n, mover, move, events in self._history]
        view = session.view(seat)
        return p.Welcome(seat=seat, token=self.tokens[seat], game_id=session.game_id,
                         variants=list(session.record.variants), players=session.record.players,
                         names=[wire_name(s) for s in session.seats], kinds=[s.kind for s in session.seats],
                         view=view.to_dict(), facts=facts_for(session, view), history=history,
                         status=self._status(),
                         reactions=list(p.REACTION_KEYS), takeover_after=self.takeover_after)

    def _take(self, conn: _Conn, raw) -> bool:
        """Handle one message of a seated client; False when its connection is being closed."""
        msg = self._message(conn, raw)
        if msg is None:
            return False
        if isinstance(msg, p.Move):
            self._move(conn, msg)
        elif isinstance(msg, p.Reaction):
            self._reaction(conn, msg)
        elif isinstance(msg, p.Ping):
            self._send(conn, p.Pong(seq=msg.seq))
        else:
            self._send(conn, p.Refused(code=codes.ALREADY_JOINED, text="this connection has a seat already"))
        return not conn.closing

    def _move(self, conn: _Conn, msg: p.Move) -> None:
        session, seat = self.session, conn.seat
        if session.is_over:
            self._send(conn, p.Refused(code=codes.OVER, text="the game is over", seq=msg.seq))
            return
        if not self.started or session.current_player != seat:
            self._send(conn, p.Refused(code=codes.NOT_YOUR_TURN, text="it is not your turn", seq=msg.seq,
                                       params={"name": session.names[session.current_player],
                                               "seat": session.current_player}
                                       if session.current_player >= 0 else {}))
            return
        outcome = session.play(msg.move)
        if not outcome.ok:
            self._send(conn, p.Refused(code=outcome.code or "core.not_allowed", text=outcome.reason,
                                       params=_plain(outcome.params), seq=msg.seq))
            return
        self._flush_played()

    def _reaction(self, conn: _Conn, msg: p.Reaction) -> None:
        now, window = self._clock(), self.limits.reaction_window
        while conn.reactions and now - conn.reactions[0] > window:
            conn.reactions.popleft()
        if len(conn.reactions) >= self.limits.reactions:
            self._send(conn, p.Refused(code=codes.REACTION_RATE, text="reactions come too fast"))
            return
        conn.reactions.append(now)
        self._broadcast(p.ReactionShown(seat=conn.seat, key=msg.key))


def _plain(params: dict) -> dict:
    """A refusal's params as JSON-safe values (text for anything else)."""
    return {str(k): v if isinstance(v, (int, float, str, bool)) or v is None else str(v) for k, v in params.items()}
