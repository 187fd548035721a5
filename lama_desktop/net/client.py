"""``TableClient``: one seat's connection to a ``TableHost``. Its WebSocket runs on an asyncio loop in a background
thread, so the window never waits on the network: ``connect`` blocks only until the host answers the Hello (or the
timeout), and everything after arrives in ``messages()``, drained once per frame.

    client = TableClient("192.168.1.20", 8765, code="K7QXM", name="Anna")
    welcome = client.connect(timeout=10)    # JoinRefused(code, text) when the host says no
    client.send_move("play 3")              # -> its seq; a refusal comes back as a Refused with that seq
    for msg in client.messages(): ...       # Update, Refused, Status, ReactionShown, GameOver, Pong, Bye, Lost
    client.rejoin()                         # after a Lost/Bye: the same seat, with client.token
    client.close()

A connection that ends shows as a message: the host's ``Bye`` when it said one, else a local ``Lost``; then
``connected`` is False.

Each client runs on its own ``ClientLoop`` (one thread) unless it is given one to share: a process with many
connections (the network bench, a test table of six seats) runs them all on one loop thread instead of one thread
each, so they do not take turns for the interpreter lock with each other::

    shared = ClientLoop()
    clients = [TableClient(host, port, code=code, name=n, loop=shared) for n in names]
    ...
    for c in clients: c.close()             # each closes its own connection; the loop goes on
    shared.close()                          # then the thread ends (every connection left on it closed)
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import deque
from dataclasses import dataclass
from typing import Callable

import websockets
from websockets.asyncio.client import connect as ws_connect

from lama_desktop.net import codes
from lama_desktop.net import protocol as p
from lama_desktop.net.limits import MAX_HOST_MESSAGE_BYTES
from lama_desktop.net.loopthread import LoopThread
from lama_desktop.net.loopback import check_address

log = logging.getLogger("lama_desktop.net.client")


class ClientLoop(LoopThread):
    """The loop thread ``TableClient``s run on: pass one to many clients to share it (see the module's docstring)."""

    def __init__(self, name: str = "table-clients"):
        super().__init__(name)


@dataclass
class Lost:
    """A client's own marker (never on the wire): the connection ended without the host's Bye."""

    reason: str = codes.BYE_LOST


class JoinRefused(Exception):
    """The host did not seat this client: ``code`` (``codes.JOIN``, ``codes.FULL``, ``codes.VERSION``, ...)."""

    def __init__(self, code: str, text: str = "", params: dict | None = None):
        super().__init__(f"{code}: {text}" if text else code)
        self.code, self.text, self.params = code, text, dict(params or {})


def ws_uri(host: str, port: int, secure: bool = False) -> str:
    """``ws://host:port/`` (``wss://`` through a TLS-terminating proxy: docs/PROTOCOL.md); IPv6 in brackets."""
    host = host.strip().strip("[]")
    scheme = "wss" if secure else "ws"
    return f"{scheme}://[{host}]:{int(port)}/" if ":" in host else f"{scheme}://{host}:{int(port)}/"


class TableClient:
    def __init__(self, host: str, port: int, *, code: str, name: str, token: str | None = None, settings=None,
                 secure: bool = False, loop: ClientLoop | None = None):
        self.host = check_address(host, settings)  # LoopbackOnly while the switch is on and host is elsewhere
        self.port = int(port)
        self.secure = bool(secure)
        self.code, self.name, self.token = code, name, token
        self.seat: int | None = None
        self.welcome: p.Welcome | None = None
        self._inbox: deque = deque()
        self._seq = itertools.count(1)
        #: the loop this client runs on: shared (``loop``: left running by ``close``) or its own
        self._shared = loop is not None
        self._runner: ClientLoop | None = loop
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws = None
        self._out: asyncio.Queue | None = None
        self._tasks: list[asyncio.Task] = []
        self._connected = False
        #: called on the client's thread with each message as it arrives (before ``messages()`` hands it out)
        self.on_received: Callable[[object], None] | None = None

    # -- the caller's side -----------------------------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return self._connected

    def connect(self, timeout: float = 10.0) -> p.Welcome:
        """Join: blocks until the Welcome (returned, also ``self.welcome``); ``JoinRefused`` when refused,
        ``TimeoutError`` / ``OSError`` when the host cannot be reached or says nothing."""
        loop = self._ensure_loop()
        future = asyncio.run_coroutine_threadsafe(self._open(timeout), loop)
        try:
            return future.result(timeout + 1.0)
        except TimeoutError:
            future.cancel()
            raise

    def rejoin(self, timeout: float = 10.0) -> p.Welcome:
        """Connect again with this seat's token (the whole position and history come back in the Welcome)."""
        if self.token is None:
            raise ValueError("no seat token to rejoin with (connect first)")
        self._disconnect()
        return self.connect(timeout)

    def send_move(self, text: str) -> int:
        """Send a move for this seat; returns its ``seq`` (a ``Refused`` with this seq says why it was not taken)."""
        seq = next(self._seq)
        self._send(p.Move(seq=seq, move=str(text)))
        return seq

    def send_reaction(self, key: str) -> None:
        self._send(p.Reaction(key=key))

    def ping(self) -> int:
        seq = next(self._seq)
        self._send(p.Ping(seq=seq))
        return seq

    def messages(self) -> list:
        """Everything received since the last call, oldest first (never blocks)."""
        out = []
        while True:
            try:
                out.append(self._inbox.popleft())
            except IndexError:
                return out

    def close(self) -> None:
        """Leave (the seat stays the player's: ``rejoin`` with the token); a client on its own loop ends its
        thread, one on a shared loop leaves it to the others."""
        self._disconnect()
        runner = self._runner
        if runner is not None and not self._shared:
            runner.close()
            self._runner = None
        self._loop = None

    # -- the client's thread ---------------------------------------------------------------------------------
    def _ensure_loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            if self._runner is None:
                self._runner = ClientLoop("table-client")
            self._loop = self._runner.loop
        return self._loop

    def _send(self, msg: p.Message) -> None:
        loop, out = self._loop, self._out
        if loop is None or out is None or not self._connected:
            self._inbox.append(Lost("not connected"))
            return
        data = p.encode(msg)
        try:
            loop.call_soon_threadsafe(out.put_nowait, data)
        except RuntimeError:  # the loop was closed meanwhile
            self._inbox.append(Lost("not connected"))

    def _disconnect(self, timeout: float = 5.0) -> None:
        loop = self._loop
        if loop is None or not loop.is_running():
            return
        try:
            asyncio.run_coroutine_threadsafe(self._close_ws(), loop).result(timeout)
        except (TimeoutError, RuntimeError, websockets.WebSocketException) as error:
            log.info("closing the connection: %s", error)

    async def _close_ws(self) -> None:
        tasks, self._tasks = self._tasks, []
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        ws, self._ws = self._ws, None
        self._connected = False
        if ws is not None:
            await ws.close()

    async def _open(self, timeout: float) -> p.Welcome:
        await self._close_ws()
        ws = await ws_connect(ws_uri(self.host, self.port, self.secure), max_size=MAX_HOST_MESSAGE_BYTES,
                              compression=None, proxy=None, open_timeout=timeout, close_timeout=2.0, max_queue=64)
        try:
            await ws.send(p.encode(p.Hello(code=self.code, name=self.name, token=self.token)), text=True)
            raw = await asyncio.wait_for(ws.recv(), timeout)
            msg = p.decode_host(raw)
        except (asyncio.TimeoutError, p.ProtocolError, websockets.ConnectionClosed) as error:
            await ws.close()
            if isinstance(error, websockets.ConnectionClosed):
                raise ConnectionError(f"the host closed the connection ({error})") from None
            raise TimeoutError(f"no answer from the host: {error}") from None
        if isinstance(msg, p.Refused):
            await ws.close()
            raise JoinRefused(msg.code, msg.text, msg.params)
        if not isinstance(msg, p.Welcome):
            await ws.close()
            raise ConnectionError(f"the host answered with a {type(msg).__name__}")
        self._ws = ws
        self.welcome, self.seat, self.token = msg, msg.seat, msg.token
        self._out = asyncio.Queue()
        self._connected = True
        self._tasks = [asyncio.create_task(self._reader(ws)), asyncio.create_task(self._writer(ws, self._out))]
        return msg

    async def _reader(self, ws) -> None:
        said_bye = False
        try:
            async for raw in ws:
                try:
                    msg = p.decode_host(raw)
                except p.ProtocolError as error:
                    log.warning("the host sent a message this client cannot read: %s", error)
                    break
                said_bye = said_bye or isinstance(msg, p.Bye)
                if self.on_received is not None:
                    self.on_received(msg)
                self._inbox.append(msg)
        except websockets.ConnectionClosed as error:
            log.info("connection closed: %s", error)
        finally:
            if self._ws is ws:
                self._connected = False
                if not said_bye:
                    self._inbox.append(Lost())
                self._end_writer()
            await ws.close()

    def _end_writer(self) -> None:
        """The connection ended: its writer (waiting for the next move to send) ends with it, so no task is left
        pending on the loop once nobody can send on that connection."""
        for task in self._tasks:
            if task is not asyncio.current_task() and not task.done():
                task.cancel()

    async def _writer(self, ws, out: asyncio.Queue) -> None:
        try:
            while True:
                data = await out.get()
                await ws.send(data, text=True)
        except websockets.ConnectionClosed:
            pass
