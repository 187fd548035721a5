"""``lama-desktop serve``: a dedicated, headless host for a network game (a home server, a VPS with a forwarded
port). People join it from their apps like any table (host:port, the join code, a name); bots fill the other seats.

    lama-desktop serve --game lama --seats remote,remote,hard,medium --port 8765 [--code K7QXM]
                       [--variant V] [--bind ADDR] [--takeover-after S] [--takeover-level L] [--start-after S]
                       [--profile DIR] [--resume] [--name NAME] [--no-advert]

It prints the address, port and join code, then who joins and leaves. Until the game starts, the table is listed in
the join lists of the apps on this network (mDNS/DNS-SD, as the apps' own tables are: ``--name``, by default this
computer's name; on loopback only with ``LAMA_NET_LOOPBACK=1``); ``--no-advert`` keeps it unlisted. Ctrl+C (SIGINT) or
SIGTERM ends it cleanly: everybody gets a Bye and the game is saved (the path is printed); ``--resume`` continues that
saved game with the same code and seat tokens, so everybody rejoins their seat. A bad argument is one line on stderr and
status 2.
"""

from __future__ import annotations

import argparse
import signal
import socket
import sys
import threading
import time

from lama_desktop.cli import (
    ArgumentParser, UsageError, check_level, check_options, float_in, game_spec, int_in, path_text, run
)
from lama_desktop.core.seat_names import default_bot_names, numbered_name, read_name, word_names
from lama_desktop.core.session import GameSession, Seat
from lama_desktop.filedoor import clean_name
from lama_desktop.net import discovery
from lama_desktop.net.host import TableHost, normal_code
from lama_desktop.net.loopback import LoopbackOnly, bind_hosts, is_loopback, loopback_only
from lama_desktop.net.loopthread import steady_heap
from lama_desktop.net.protocol import PROTOCOL_VERSION
from lama_desktop.core.store import HOSTED
from lama_desktop.cli_profile import held_profile

PROG = "lama-desktop serve"
#: seconds the host stays up after the game ended, for the players to see the results
LINGER = 60.0


def _parser() -> ArgumentParser:
    parser = ArgumentParser(prog=PROG, description="Host a network game without a window: people join it from "
                            "their apps (host:port, the join code, a name); bots play the other seats.")
    parser.add_argument("--game", type=game_spec, required=True, help="the game (lama, lama-party, lama-dice, "
                        "lama-cadabra, llama-land)")
    parser.add_argument("--variant", action="append", default=[], metavar="V",
                        help="a variant of the game (repeat for more)")
    parser.add_argument("--seats", required=True, metavar="SPEC",
                        help="one word per seat, in order: 'remote' (a person joining) or a bot level "
                             "(e.g. remote,remote,hard,medium)")
    parser.add_argument("--port", type=int_in(0, 65535), required=True, metavar="N",
                        help="the TCP port to listen on (0: any free port, printed)")
    parser.add_argument("--code", metavar="CODE", help="the join code (4 to 12 letters and digits; default: a new "
                        "random 5-letter code)")
    parser.add_argument("--bind", metavar="ADDR", help="the address to listen on (default: every interface; with "
                        "LAMA_NET_LOOPBACK=1 only 127.0.0.1 and ::1)")
    parser.add_argument("--takeover-after", type=float_in(0.0, 86400.0), default=90.0, metavar="S",
                        help="seconds a person may be away before a bot plays their seat (default 90)")
    parser.add_argument("--takeover-level", default="medium", metavar="L",
                        help="the level of the bot that plays an away person's seat (default medium)")
    parser.add_argument("--start-after", type=float_in(0.0, 86400.0), default=None, metavar="S",
                        help="start S seconds after the first person joined, bots of --takeover-level playing the "
                             "seats still open (default: wait until every seat is taken)")
    parser.add_argument("--profile", metavar="DIR", type=path_text,
                        help="keep the save and statistics in DIR instead of your user folders")
    parser.add_argument("--name", type=advert_name, default=None, metavar="NAME",
                        help="how the table is listed in the join lists of the apps on this network (default: this "
                             "computer's name)")
    parser.add_argument("--no-advert", action="store_true", help="do not list the table on the network: people "
                        "type host:port")
    parser.add_argument("--resume", action="store_true", help="continue the network game saved in the profile "
                        "(same code and seats; --game and --seats must match it)")
    return parser


#: the longest name an advert carries (``discovery.make_properties``)
ADVERT_NAME_MAX = 32


def advert_name(text: str) -> str:
    """``--name``: printable (``filedoor.clean_name``), 1 to 32 characters once trimmed."""
    name = clean_name(text, fallback="", max_len=2 * ADVERT_NAME_MAX)
    if not 1 <= len(name) <= ADVERT_NAME_MAX:
        raise argparse.ArgumentTypeError(f"{text!r:.40} is not 1 to {ADVERT_NAME_MAX} printable characters")
    return name


def machine_name() -> str:
    """This computer's name as the join lists show it (``--name``'s default)."""
    try:
        return clean_name(socket.gethostname().split(".")[0], fallback="lama-desktop", max_len=ADVERT_NAME_MAX)
    except OSError:
        return "lama-desktop"


class Listing:
    """The table's advert while it waits for people (``--no-advert``: none): it says how many seats are still
    open as people join, and is withdrawn once the game starts or the host stops. ``make(free)`` returns a started
    advert (``discovery.Advertiser``), or None when the table cannot be listed."""

    def __init__(self, make):
        self._make = make
        self._advert = None
        self._free: int | None = None
        self.done = False

    def tick(self, status) -> None:
        if self.done:
            return
        if status.started:
            self.close()
            say("the game has started: the table is no longer listed")
            return
        free = sum(1 for s in status.seats if s.kind == "remote" and not s.joined)
        if self._advert is None:
            self._advert, self._free = self._make(free), free
            if self._advert is None:
                self.done = True
        elif free != self._free:
            self._advert.update(free)
            self._free = free

    def close(self) -> None:
        self.done = True
        if self._advert is not None:
            self._advert.close()
            self._advert = None


def _listing(args, host) -> Listing:
    """The ``Listing`` of this table: on the interfaces it listens on (loopback with the switch on); none for a
    table only this computer can reach without the switch, or with ``--no-advert``."""
    loopback = loopback_only()
    session = host.session

    def make(free: int):
        if args.no_advert or (not loopback and all(is_loopback(h) for h in host.hosts)):
            return None
        named = [h for h in host.hosts if h not in ("0.0.0.0", "::")]
        advert = discovery.Advertiser(args.name or machine_name(), host.port, session.game_id, len(session.seats),
                                      free, PROTOCOL_VERSION, named or discovery.local_addresses(loopback),
                                      loopback=loopback)
        if advert.mode == "off":
            say("not listed on the network: loopback carries no multicast here (people type host:port)")
            return None
        advert.start()
        say(f"listed on the network as {advert.name!r}")
        return advert

    return Listing(make)


def parse_seats(spec, text: str) -> list:
    words = [w.strip().lower() for w in text.split(",")]
    if not all(words):
        raise UsageError(f"--seats {text!r:.80}: an empty seat")
    if not spec.min_players <= len(words) <= spec.max_players:
        raise UsageError(f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {len(words)}")
    if "remote" not in words:
        raise UsageError("--seats needs at least one 'remote' seat (a person joining)")
    seats, remote, bots = [], 0, default_bot_names()
    for word in words:
        if word == "remote":  # "Player 1" until the person joins with their name
            seats.append(Seat(numbered_name(remote), "remote"))
            remote += 1
        else:  # the bots' usual names: made-up names, each app words them in its own language ("Anna", "Agata")
            check_level(spec.id, word)
            seats.append(Seat(bots[(len(seats) - remote) % len(bots)], "bot", word))
    return seats


def parse_code(text: str | None) -> str | None:
    if text is None:
        return None
    code = normal_code(text)
    if not (4 <= len(code) <= 12 and code.isascii() and code.isalnum()):
        raise UsageError(f"--code {text!r:.40}: 4 to 12 letters and digits")
    return code


def _session(args, spec, seats, storage):
    if not args.resume:
        variants = check_options(spec, len(seats), args.variant)
        return GameSession.new(spec.id, seats, sorted(variants), storage=storage, pace="normal")
    hosted = [e for e in storage.unfinished() if e.where == HOSTED and e.game == spec.id]
    try:
        if not hosted:
            raise FileNotFoundError(f"no table of {spec.id} is kept in {storage.database_path}")
        saved = storage.load_save(hosted[0].key)
    except (FileNotFoundError, ValueError) as error:
        raise UsageError(f"--resume: no network game to continue ({error})") from None
    if "net" not in saved.meta or saved.record.game_id != spec.id:
        raise UsageError(f"--resume: the saved game is not a network game of {spec.id}")
    session = GameSession.from_save(saved, storage=storage, pace="normal")
    filled = saved.meta["net"].get("filled", []) if isinstance(saved.meta["net"], dict) else []
    kinds = ["remote" if i in filled and s.is_bot else s.kind for i, s in enumerate(session.seats)]
    if kinds != [s.kind for s in seats]:  # a person's seat a bot was given at the start still counts as one
        raise UsageError("--resume: --seats does not match the saved game's seats")
    return session


def _main(argv=None) -> int:
    args = _parser().parse_args(argv)
    steady_heap()  # an always-on host serves for days: its read buffers must not fragment the heap
    spec = args.game
    seats = parse_seats(spec, args.seats)
    check_level(spec.id, args.takeover_level)
    code = parse_code(args.code)
    try:
        bind_hosts(args.bind)  # checked before anything is made or saved
    except LoopbackOnly as error:
        raise UsageError(f"--bind: {error}") from None
    storage = held_profile(args.profile)
    session = _session(args, spec, seats, storage)
    options = dict(bind=args.bind, port=args.port, takeover_after=args.takeover_after,
                   takeover_level=args.takeover_level, auto_start=True)
    if code:
        options["code"] = code
    try:
        host = (TableHost.resume if args.resume else TableHost)(session, **options)
        host.start()
    except OSError as error:
        session.close()
        raise UsageError(f"cannot listen on port {args.port}: {error.strerror or error}") from None
    return _serve(host, storage, args.start_after, _listing(args, host))


def _start_with_bots(host, joined_at: float | None, start_after: float | None) -> bool:
    """``--start-after``: once that long has passed since the first person joined, bots take the seats still open
    (``TableHost.fill_with_bots``) and the game starts. True when it did."""
    if start_after is None or joined_at is None or host.started or time.monotonic() - joined_at < start_after:
        return False
    filled = host.fill_with_bots(names=default_bot_names())  # the bots' names: made-up, worded by each app
    host.begin()
    names = host.call(lambda: [host.session.names[i] for i in filled])
    say(f"started; bots ({host.takeover_level}) play the seats still open: {', '.join(names) or 'none'}")
    return True


def _serve(host, storage, start_after: float | None = None, listing: Listing | None = None) -> int:
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    session = host.session
    where = ", ".join(f"[{h}]" if ":" in h else h for h in host.hosts)
    say(f"serving {session.game_id} on {where} port {host.port}; join code {host.code}")
    for i, seat in enumerate(session.seats):
        say(f"  seat {i + 1}: {'open for a person' if seat.is_remote else seat.name}")
    shown = None
    over_at = joined_at = None
    while not stop.wait(0.25) and host.running:
        status = host.status()
        if joined_at is None and any(s.kind == "remote" and s.joined for s in status.seats):
            joined_at = time.monotonic()
        if _start_with_bots(host, joined_at, start_after):
            status = host.status()
        if listing is not None:
            listing.tick(status)
        names = word_names([read_name(s.name) for s in status.seats])  # made-up names came as keys
        line = ", ".join(f"{name} {'here' if s.connected else 'away' if s.joined else 'open'}"
                         + (f" (bot {s.bot_level} playing)" if s.kind == "remote" and s.bot_level else "")
                         for name, s in zip(names, status.seats, strict=True))
        if line != shown:
            say(line)
            shown = line
        if over_at is None and host.call(lambda: session.is_over):
            over_at = time.monotonic()
            say(f"game over: scores {session.scores}, winners {[session.names[w] for w in session.winners()]}")
        if over_at is not None and (not host.connected_seats()
                                    or time.monotonic() - over_at > LINGER):
            break
    if listing is not None:
        listing.close()
    host.stop()
    if session.is_over:
        say("stopped; the game is over (its result is in the statistics)")
    else:
        say(f"stopped; the game is saved in {storage.database_path} (continue it with --resume)")
    return 0


def say(text: str) -> None:
    print(f"{PROG}: {text}", flush=True)


def main(argv=None) -> int:
    return run(_main, argv, prog=PROG)


if __name__ == "__main__":
    sys.exit(main())
