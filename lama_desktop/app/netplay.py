"""The app's side of a network game (issue 25), between the scenes and ``lama_desktop.net``: hosting a table
(``HostedTable``: a ``TableHost`` bound where the player chose, its advert, and the host's own ``TableClient``
joined over loopback), joining one without making the window wait (``JoinAttempt``), the addresses this computer
can be reached at, join codes, and the network game's ``GameConfig``. No scene is drawn here: the table of a
network game is ``app/table/net_table.py``'s (``App.open_network_table``).
"""

from __future__ import annotations

import logging
import os
import threading

from lama_desktop.net.discovery import local_addresses
from lama_desktop.app.scenes.setup import default_bot_names, is_default_name
from lama_desktop.app.tables import scene_type
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import t
from lama_desktop.core.seat_names import read_name, word_names
from lama_desktop.core.session import GameSession
from lama_desktop.net import discovery, loopback
from lama_desktop.net.client import JoinRefused, TableClient
from lama_desktop.net.host import TableHost
from lama_desktop.net.protocol import PROTOCOL_VERSION
from lama_desktop.net.seatkeep import connect_kept, gone_reason, kept_seat

log = logging.getLogger(__name__)

#: the port a table is hosted on unless the player types another
DEFAULT_PORT = 47474
#: "a bot takes over after": seconds offered on the host's setup (90 s is the default)
TAKEOVER_DELAYS = (30, 60, 90, 180, 300)
DEFAULT_TAKEOVER = 90
#: seconds a join may take before the player is told the host was not found
JOIN_TIMEOUT = 6.0


def loopback_only(settings=None) -> bool:
    """The loopback switch: the setting ``net_loopback_only`` or the environment's ``LAMA_NET_LOOPBACK=1``
    (``net.loopback`` decides; every address goes through it)."""
    return loopback.loopback_only(settings)


def spaced_code(code: str) -> str:
    """The code as shown in large type, its letters spaced out: ``K7QXM`` -> ``K 7 Q X M``."""
    return " ".join(code)


def typed_code(text: str) -> str:
    """A code as typed (spaces, dashes, lower case) in the form the host compares."""
    return "".join(c for c in text.upper() if c.isalnum())


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` -> (host, port); ``ValueError`` for anything else."""
    text = text.strip()
    if not text:
        raise ValueError("empty")
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, ""
    host = host.strip()
    if not host or any(c.isspace() for c in host):
        raise ValueError("no host")
    number = int(port) if port.strip() else default_port
    if not 1 <= number <= 65535:
        raise ValueError("port out of range")
    return host, number


def parse_port(text: str) -> int | None:
    """A port typed on the host's setup (1024–65535), else None."""
    try:
        number = int(text.strip())
    except ValueError:
        return None
    return number if 1024 <= number <= 65535 else None


def bind_address(choice: str, loopback: bool) -> str | None:
    """Where a table listens: None (``"all"``: every interface of the LAN) or 127.0.0.1 (``"loopback"``); the
    switch forces loopback."""
    return "127.0.0.1" if loopback or choice == "loopback" else None


class JoinAttempt:
    """Joining a table on a daemon thread: ``done`` once the host welcomed (``client``) or refused
    (``error``: a ``common.net.error_*`` key and its fields). The window polls it every frame.

    With a ``book`` (the profile's ``SeatBook``) holding a seat at this very table (host, port, code), the join
    sends that seat's token (``rejoining``): the seat comes back after a crash or a restart, tried a few times while
    the host does not answer; ``gone`` then says when that table is gone for good (``seatkeep.NO_ANSWER``,
    ``SEAT_UNKNOWN``)."""

    def __init__(self, host: str, port: int, *, code: str, name: str, token=None, timeout: float = JOIN_TIMEOUT,
                 settings=None, book=None):
        kept = kept_seat(book, host, port, code) if token is None else None
        self.host, self.port, self.code, self.name = host, port, code, name
        self.token = kept.token if kept is not None else token
        self.rejoining = kept is not None
        self.settings = settings
        self.timeout = timeout
        self.client = None
        self.error: tuple[str, dict] | None = None
        self.gone: str | None = None
        self.done = False
        self._thread = threading.Thread(target=self._run, name="lama-join", daemon=True)

    def start(self) -> "JoinAttempt":
        self._thread.start()
        return self

    def _run(self) -> None:
        client = None
        try:
            client = TableClient(self.host, self.port, code=self.code, name=self.name, token=self.token,
                                 settings=self.settings)
            if self.rejoining:
                connect_kept(client, self.timeout)
            else:
                client.connect(timeout=self.timeout)
            self.client = client
        except JoinRefused as refused:
            self.error = refusal_error(refused)
            self.gone = gone_reason(refused) if self.rejoining else None
        except ValueError as error:  # an address the loopback switch refuses, a name the client refuses
            log.info("join refused before connecting: %s", error)
            self.error = ("common.net.error_loopback", {}) if "loopback" in str(error).lower() else (
                "common.net.error_address", {})
        except (OSError, TimeoutError) as error:
            log.info("no host at %s:%s: %s", self.host, self.port, error)
            self.error = ("common.net.error_not_found", {"address": f"{self.host}:{self.port}"})
            self.gone = gone_reason(error) if self.rejoining else None
        except Exception as error:  # noqa: BLE001 - the player is told; the window goes on
            log.warning("joining %s:%s failed", self.host, self.port, exc_info=True)
            self.error = ("common.net.error_not_found", {"address": f"{self.host}:{self.port}"})
            del error
        if self.error is not None and client is not None:
            try:
                client.close()
            except Exception:  # noqa: BLE001 - a client that never connected
                log.debug("closing a refused client", exc_info=True)
        self.done = True


#: a host's refusal code -> the words the joining player reads (``common.net.error_*``)
REFUSALS = {"net.join": "common.net.error_code", "net.version": "common.net.error_version",
            "net.full": "common.net.error_full", "net.name": "common.net.error_name"}


def refusal_error(refused) -> tuple[str, dict]:
    code = getattr(refused, "code", "")
    key = REFUSALS.get(code, "common.net.error_refused")
    return key, {}


def network_name(name: str, settings=None) -> str:
    """The name the other screens show for this app's player. A made-up name ("You", "Player 2", in any language)
    means "you" only on this screen; across the network it would read as everybody's "you" (Elena's table said
    "You's turn" for the host). It becomes the remembered player name, else "Host" in this language, which the
    host sends as a key each app words in its own (``seat_names``; an English guest never reads "Gospodarz")."""
    if not is_default_name(name):
        return name.strip()
    remembered = (getattr(settings, "player_name", "") or "").strip()
    return remembered if remembered and not is_default_name(remembered) else t("common.net.host_player")


class HostedTable:
    """A table this app hosts: the ``TableHost`` (bound to ``bind``: None for every interface), its advert on the
    network, and this app's own client joined over loopback into the seat ``own_seat`` (its "you" seat: a remote
    seat to the host, like everybody's)."""

    def __init__(self, config, *, bind: str | None, port: int, takeover_after: float, takeover_level: str,
                 pace: str = "normal", loopback: bool = False, storage=None, settings=None):
        self.own_seat = next((i for i, seat in enumerate(config.seats) if seat.kind == "human"), 0)
        self.own_name = network_name(config.seats[self.own_seat].name, settings)
        seats = [SeatConfig(self.own_name if i == self.own_seat else s.name, "bot" if s.is_bot else "remote", s.level)
                 for i, s in enumerate(config.seats)]
        self.config = GameConfig(config.game_id, seats, tuple(config.variants), config.first_dealer, config.seed)
        self.bind, self.port = bind, port
        self.takeover_after, self.takeover_level = takeover_after, takeover_level
        self.pace, self.loopback, self.storage, self.settings = pace, loopback, storage, settings
        self.host = None
        self.advert = None
        self.client = None

    @property
    def code(self) -> str:
        return self.host.code if self.host is not None else ""

    def start(self, session=None) -> None:
        """Start the host (on a new game, or ``session``: a saved network game resumed) and join it; raises
        ``OSError`` (the port is taken, the address is not this computer's) or ``ValueError`` (the loopback
        switch refuses the address)."""
        keywords = dict(bind=self.bind, port=self.port, settings=self.settings)
        if session is None:
            session = GameSession.from_config(self.config, storage=self.storage, pace=self.pace, record_stats=False,
                                              first_option=scene_type(self.config.game_id).first_option)
            session.extra_meta["hosting"] = host_meta(self)
            self.host = TableHost(session, takeover_after=self.takeover_after, takeover_level=self.takeover_level,
                                  **keywords)
        else:
            session.extra_meta["hosting"] = host_meta(self)
            self.host = TableHost.resume(session, **keywords)
        self.host.start()
        self.port = self.host.port
        self.client = self.join_own()
        if not self.host.started:
            self._advertise()

    def join_own(self):
        """This app's own client, joined over loopback with the own seat's token."""
        client = TableClient("127.0.0.1", self.port, code=self.host.code, name=self.own_name,
                             token=self.host.tokens[self.own_seat], settings=self.settings)
        client.connect(timeout=JOIN_TIMEOUT)
        return client

    def _advertise(self) -> None:
        if os.environ.get("LAMA_NET_NO_ADVERT") == "1":
            return
        self.advert = discovery.Advertiser(self.own_name, self.port, self.config.game_id, self.config.players,
                                           len(self.empty_seats()), PROTOCOL_VERSION,
                                           local_addresses(self.loopback), loopback=self.loopback)
        self.advert.start()

    def seats(self) -> list[dict]:
        """Every seat as the host sees it now: ``name`` (in this app's language), ``kind`` (``you``, ``remote``,
        ``bot``), ``connected``, ``level``."""
        if self.host is None or not self.host.running:
            return []
        out = []
        status = self.host.status().seats
        names = word_names([read_name(seat.name) for seat in status])  # as the host's Status says them to all
        for i, (seat, name) in enumerate(zip(status, names, strict=True)):
            kind = "you" if i == self.own_seat else seat.kind
            out.append({"name": name, "kind": kind, "connected": bool(seat.connected and seat.joined),
                        "level": seat.bot_level or ""})
        return out

    def empty_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats()) if s["kind"] == "remote" and not s["connected"]]

    def start_game(self, bots_for_empty: bool) -> None:
        """Deal: the seats nobody holds become bots of the takeover level when ``bots_for_empty``
        (``TableHost.fill_with_bots``, with the bots' usual names)."""
        if bots_for_empty:
            self.host.fill_with_bots(self.takeover_level, default_bot_names())
        self.host.begin()
        if self.advert is not None:
            self.advert.close()
            self.advert = None

    def stop(self) -> None:
        """Close the advert, the own client and the host (the host saves the game)."""
        for part in (self.advert, self.client):
            if part is not None:
                try:
                    part.close()
                except Exception:  # noqa: BLE001 - stopping anyway
                    log.warning("a network part did not close cleanly", exc_info=True)
        if self.host is not None:
            try:
                self.host.stop()
            except Exception:  # noqa: BLE001
                log.warning("the table host did not stop cleanly", exc_info=True)
        self.advert = self.client = self.host = None


def network_config(welcome):
    """The ``GameConfig`` of the table a ``Welcome`` describes (seat kinds as the host says; names in this app's
    language: a made-up one came as a key)."""
    names = word_names([read_name(name) for name in welcome.names])
    seats = [SeatConfig(name, kind if kind in ("human", "bot", "remote") else "remote")
             for name, kind in zip(names, welcome.kinds, strict=False)]
    return GameConfig(welcome.game_id, seats, tuple(welcome.variants), 0, 0)


def host_meta(hosted: HostedTable) -> dict:
    """What the save keeps for this app to host the table again (Continue): its own seat, where it listened."""
    return {"seat": hosted.own_seat, "bind": hosted.bind, "port": hosted.port, "loopback": hosted.loopback}
