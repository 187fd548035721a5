"""Per-connection limits of a ``TableHost`` (docs/PROTOCOL.md "Limits"): every number the host enforces so that one
client, hostile or broken, can cost only its own connection. Tests make them small; the defaults suit a real
table."""

from __future__ import annotations

import time
from dataclasses import dataclass

#: the largest message a client may send (bytes of one text frame); a Hello is the largest a client needs
MAX_CLIENT_MESSAGE_BYTES = 4096
#: the largest message the host sends (a Welcome carries the whole history of a long game)
MAX_HOST_MESSAGE_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True)
class Limits:
    #: bytes of one client message (larger: the connection is closed, 1009)
    max_message_bytes: int = MAX_CLIENT_MESSAGE_BYTES
    #: messages a client may send per second on average, and in one burst (more: closed, 4002)
    rate: float = 20.0
    burst: int = 40
    #: reactions per ``reaction_window`` seconds (more are refused, not broadcast; the connection stays)
    reactions: int = 3
    reaction_window: float = 5.0
    #: seconds for the WebSocket opening handshake, then for the Hello (a silent connection is closed)
    open_timeout: float = 10.0
    hello_timeout: float = 10.0
    #: messages waiting to be sent to one client; a client that lets more pile up is dropped (4003)
    send_queue: int = 256
    #: connections at once (all addresses), and from one address
    max_connections: int = 64
    max_per_address: int = 16
    #: failed joins from one address before each further join from it waits; the wait doubles up to the cap
    free_failures: int = 3
    failure_delay: float = 1.0
    failure_delay_cap: float = 16.0
    #: seconds after which an address's failures are forgotten
    failure_memory: float = 600.0
    #: keepalive: the host pings every ``ping_interval`` s and drops a client that does not answer in time
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0


class TokenBucket:
    """``rate`` tokens a second up to ``burst``: ``take()`` is False once the bucket is empty (a flood)."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self._clock = float(rate), float(burst), clock
        self.tokens = float(burst)
        self._last = clock()

    def take(self) -> bool:
        now = self._clock()
        self.tokens = min(self.burst, self.tokens + (now - self._last) * self.rate)
        self._last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class FailureBook:
    """Failed joins per address: ``delay(address)`` is how long the next join from there waits."""

    def __init__(self, limits: Limits, clock=time.monotonic):
        self.limits, self._clock = limits, clock
        self._failures: dict[str, tuple[int, float]] = {}

    def failed(self, address: str) -> None:
        count, _ = self._current(address)
        self._failures[address] = (count + 1, self._clock())
        if len(self._failures) > 10_000:  # bounded: the oldest half goes
            for key, _value in sorted(self._failures.items(), key=lambda kv: kv[1][1])[:5_000]:
                del self._failures[key]

    def _current(self, address: str) -> tuple[int, float]:
        count, last = self._failures.get(address, (0, 0.0))
        if count and self._clock() - last > self.limits.failure_memory:
            self._failures.pop(address, None)
            return 0, 0.0
        return count, last

    def count(self, address: str) -> int:
        return self._current(address)[0]

    def delay(self, address: str) -> float:
        extra = self.count(address) - self.limits.free_failures
        if extra < 0:
            return 0.0
        return min(self.limits.failure_delay_cap, self.limits.failure_delay * (2 ** min(extra, 30)))
