"""Finding tables on this network: DNS-SD over mDNS with ``zeroconf``.

A hosting app advertises its table as a ``_lama-desktop._tcp.local.`` service (``Advertiser``): its port, the
addresses it listens on, and a few TXT properties (the game, the protocol version, the seats in all and the seats
still free, the host's name). A joining app lists what it hears (``Browser.tables()``), newest first.

With the loopback switch on (``net.loopback.loopback_only``) both sides stay on 127.0.0.1: zeroconf is bound to
the loopback interface only, and where that interface carries no multicast (Linux's ``lo`` by default) discovery
is off altogether (``discovery_mode`` says ``"off"`` and the join list says so): nothing is ever sent to any other
address. Every property heard is checked (``parse_properties``): a table that says anything odd is not listed.
"""

from __future__ import annotations

import logging
import socket
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import ifaddr
from zeroconf import InterfaceChoice, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from lama_desktop.engine.registry import get_game
from lama_desktop.filedoor import clean_name

log = logging.getLogger(__name__)

SERVICE_TYPE = "_lama-desktop._tcp.local."
#: at most this many tables are remembered (a flood of adverts cannot grow the list without bound)
MAX_TABLES = 64
#: a table not heard of again for this long is dropped from the list (seconds)
FORGET_AFTER = 120.0
IFF_MULTICAST = 0x1000


@dataclass(frozen=True)
class FoundTable:
    """A table heard on the network."""

    name: str  # the host's player name
    host: str  # an address to connect to
    port: int
    game_id: str
    seats: int
    free: int
    version: int
    key: str = ""  # the service's name (one entry per advert)

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def loopback_multicast() -> bool:
    """Whether the loopback interface carries multicast (mDNS could then run on it alone). Linux says so in the
    interface's flags; elsewhere (macOS's ``lo0`` does) it is assumed."""
    if sys.platform.startswith("linux"):
        try:
            flags = int(Path("/sys/class/net/lo/flags").read_text().strip(), 16)
        except (OSError, ValueError):
            log.info("the loopback interface's flags could not be read: no discovery on loopback")
            return False
        return bool(flags & IFF_MULTICAST)
    return True


def local_addresses(loopback: bool) -> list[str]:
    """The addresses this computer can be reached at, to tell the players who join: its IPv4 addresses on the
    LAN (never sending anything to find them), or 127.0.0.1 alone on loopback."""
    if loopback:
        return ["127.0.0.1"]
    try:
        found = [str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
                 if isinstance(ip.ip, str) and not ip.ip.startswith(("127.", "169.254."))]
    except OSError as error:
        log.info("the network's addresses could not be listed: %s", error)
        found = []
    return found or ["127.0.0.1"]


def discovery_mode(loopback: bool) -> str:
    """``"lan"`` (every interface), ``"loopback"`` (127.0.0.1 only) or ``"off"`` (loopback only, and loopback
    carries no multicast)."""
    if not loopback:
        return "lan"
    return "loopback" if loopback_multicast() else "off"


def _interfaces(mode: str):
    return ["127.0.0.1"] if mode == "loopback" else InterfaceChoice.All


def make_properties(name: str, game_id: str, seats: int, free: int, version: int) -> dict[str, str]:
    """The TXT properties of an advert."""
    return {"name": name[:32], "game": game_id[:40], "seats": str(int(seats)), "free": str(int(free)),
            "v": str(int(version))}


def _text(value) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return "" if value is None else str(value)


def parse_properties(props: dict) -> dict | None:
    """The checked properties of an advert (``name``, ``game``, ``seats``, ``free``, ``v``), or None when any is
    missing, too long or out of range, or the game is not one this copy has."""
    props = {_text(k): _text(v) for k, v in (props or {}).items()}
    try:
        seats, free, version = int(props["seats"]), int(props["free"]), int(props["v"])
        game_id = props["game"]
    except (KeyError, ValueError):
        return None
    if not (1 <= seats <= 16 and 0 <= free <= seats and 0 <= version < 10_000 and len(game_id) <= 40):
        return None
    try:
        get_game(game_id)
    except (KeyError, ValueError):
        return None
    return {"name": clean_name(props.get("name", "")[:32], "?"), "game": game_id, "seats": seats, "free": free,
            "v": version}


class Advertiser:
    """The hosting app's advert: ``start()`` registers it (on a daemon thread: probing takes a second),
    ``update(free)`` says how many seats are still free, ``close()`` withdraws it."""

    def __init__(self, name: str, port: int, game_id: str, seats: int, free: int, version: int,
                 addresses: list[str], *, loopback: bool):
        self.mode = discovery_mode(loopback)
        self.port, self.name = int(port), name
        self.props = make_properties(name, game_id, seats, free, version)
        self.addresses = ["127.0.0.1"] if self.mode == "loopback" else list(addresses)
        self._zc = None
        self._info = None
        self._lock = threading.Lock()
        self._closed = False
        self.error = ""

    def start(self) -> None:
        if self.mode == "off":
            return
        threading.Thread(target=self._register, name="lama-advert", daemon=True).start()

    def _service_info(self):
        label = "".join(c for c in f"{self.name} {self.port}" if c.isprintable())[:50] or "table"
        addresses = []
        for a in self.addresses:
            try:
                addresses.append(socket.inet_pton(socket.AF_INET6 if ":" in a else socket.AF_INET, a))
            except OSError:
                log.info("not an address to advertise: %r", a)
        return ServiceInfo(SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=self.port, properties=dict(self.props),
                           addresses=addresses, server=f"lama-{self.port}.local.")

    def _register(self) -> None:
        try:
            zc = Zeroconf(interfaces=_interfaces(self.mode))
            info = self._service_info()
            zc.register_service(info, allow_name_change=True)
        except Exception as error:  # noqa: BLE001 - discovery is a convenience: the table works without it
            log.warning("the table could not be advertised: %s", error, exc_info=True)
            self.error = str(error)
            return
        with self._lock:
            if self._closed:
                _close_zeroconf(zc, info)
                return
            self._zc, self._info = zc, info

    def update(self, free: int) -> None:
        """The advert with ``free`` seats still free (a table that fills up says so)."""
        with self._lock:
            self.props["free"] = str(int(free))
            if self._zc is None:
                return
            try:
                self._info = self._service_info()
                self._zc.update_service(self._info)
            except Exception as error:  # noqa: BLE001 - the advert is a convenience
                log.warning("the table's advert could not be updated: %s", error)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, info, self._zc, self._info = self._zc, self._info, None, None
        if zc is not None:
            threading.Thread(target=_close_zeroconf, args=(zc, info), name="lama-advert-close", daemon=True).start()


def _close_zeroconf(zc, info) -> None:
    try:
        if info is not None:
            zc.unregister_service(info)
    except Exception as error:  # noqa: BLE001 - closing anyway
        log.info("the advert could not be withdrawn: %s", error)
    try:
        zc.close()
    except Exception as error:  # noqa: BLE001
        log.info("zeroconf did not close cleanly: %s", error)


class Browser:
    """The join list's ears: ``start()`` listens (on a daemon thread), ``tables()`` is what was heard (newest
    first), ``close()`` stops. In mode ``"off"`` it hears nothing and says so (``mode``)."""

    def __init__(self, *, loopback: bool, clock=time.monotonic):
        self.mode = discovery_mode(loopback)
        self._clock = clock
        self._lock = threading.Lock()
        self._found: dict[str, tuple[float, FoundTable]] = {}
        self._zc = None
        self._browser = None
        self._closed = False
        self.error = ""

    def start(self) -> None:
        if self.mode == "off":
            return
        threading.Thread(target=self._start, name="lama-browse", daemon=True).start()

    def _start(self) -> None:
        try:
            zc = Zeroconf(interfaces=_interfaces(self.mode))
            browser = ServiceBrowser(zc, SERVICE_TYPE, handlers=[self._on_change])
        except Exception as error:  # noqa: BLE001 - typing host:port still works
            log.warning("no discovery: %s", error, exc_info=True)
            self.error = str(error)
            return
        with self._lock:
            if self._closed:
                threading.Thread(target=_close_zeroconf, args=(zc, None), daemon=True).start()
                return
            self._zc, self._browser = zc, browser

    def _on_change(self, zeroconf, service_type, name, state_change) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        if len(self._found) >= MAX_TABLES and name not in self._found:
            return
        threading.Thread(target=self._resolve, args=(zeroconf, service_type, name), daemon=True).start()

    def _resolve(self, zeroconf, service_type: str, name: str) -> None:
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=2000)
        except Exception as error:  # noqa: BLE001 - an advert that cannot be read is not listed
            log.info("the advert %r could not be read: %s", name, error)
            return
        table = table_from_info(info, name, self.mode)
        if table is not None:
            self.add(table)

    def add(self, table: FoundTable) -> None:
        """Remember a table heard (or heard again)."""
        with self._lock:
            if len(self._found) >= MAX_TABLES and table.key not in self._found:
                return
            self._found[table.key] = (self._clock(), table)

    def tables(self) -> list[FoundTable]:
        now = self._clock()
        with self._lock:
            for key in [k for k, (seen, _t) in self._found.items() if now - seen > FORGET_AFTER]:
                del self._found[key]
            return [table for _seen, table in sorted(self._found.values(), key=lambda x: -x[0])]

    def close(self) -> None:
        with self._lock:
            self._closed = True
            zc, self._zc, self._browser = self._zc, None, None
        if zc is not None:
            threading.Thread(target=_close_zeroconf, args=(zc, None), name="lama-browse-close", daemon=True).start()


def table_from_info(info, key: str, mode: str) -> FoundTable | None:
    """A ``FoundTable`` from a resolved ``ServiceInfo`` (None when it says anything odd, has no address, or, on
    loopback only, an address other than loopback)."""
    if info is None or not info.port:
        return None
    props = parse_properties(info.properties or {})
    if props is None:
        return None
    addresses = list(info.parsed_addresses())
    if mode == "loopback":
        addresses = [a for a in addresses if a in ("127.0.0.1", "::1")]
    ipv4 = [a for a in addresses if ":" not in a]
    host = (ipv4 or addresses or [None])[0]
    if host is None:
        return None
    return FoundTable(props["name"], host, int(info.port), props["game"], props["seats"], props["free"], props["v"],
                      key)
