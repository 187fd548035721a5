"""``lama-desktop join``: a seat at a network table without a window, played by a bot from that seat's own view.

    lama-desktop join HOST:PORT --code C --name N [--profile DIR] [--bot LEVEL] [--pace S] [--wait S] [--json]
    lama-desktop join HOST:PORT --code C --give-up [--profile DIR]

It joins like the app's Join (``TableClient``, ``RemoteSession``: only its own seat's view, its facts and events),
and keeps its seat in the profile's ``SeatBook`` exactly as the app does (``net/seatkeep.py``): the same command
after the process was killed takes the seat back with the kept token. When the host goes away it tries to rejoin for
``--wait`` seconds (a host app restarting resumes the table). ``--give-up`` forgets the kept seat of that table.

Output: a line per event; with ``--json`` one JSON object per line: ``{"event": "welcome", "seat", "rejoined",
"game", "names", "moves"}``, ``{"event": "move", "n", "seat", "move", "mine", "missed"}`` for every move it sees
(``missed``: played while it was away, read from a rejoin's history), ``{"event": "refused", ...}``, ``{"event":
"lost"}``, ``{"event": "game_over", "scores", "winners"}`` (then exit 0), ``{"event": "gone", "reason":
"no_answer"|"seat_unknown"}`` (a table gone for good; exit 1), ``{"event": "refused_join", "code"}`` (exit 1),
``{"event": "left"}`` (SIGINT/SIGTERM: the seat is kept; exit 0). The seat's token is never printed. A bad argument
is one line on stderr and status 2.
"""

from __future__ import annotations

import json
import signal
import sys
import threading
import time

from lama_desktop.bots import LEVELS, levels_for, make_bot
from lama_desktop.cli import ArgumentParser, UsageError, float_in, path_text, run
from lama_desktop.core.seat_names import refused_person_name
from lama_desktop.filedoor import NAME_MAX, clean_name
from lama_desktop.net.client import JoinRefused, TableClient
from lama_desktop.net.host import normal_code
from lama_desktop.net.loopback import LoopbackOnly
from lama_desktop.net.remote_session import RemoteSession
from lama_desktop.net.seatkeep import SeatKeeper, connect_kept, gone_reason, kept_seat, table_key
from lama_desktop.cli_profile import held_profile

PROG = "lama-desktop join"
#: seconds a join waits for the host's answer
TIMEOUT = 10.0
#: seconds between two looks at the table
TICK = 0.01


def address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` or ``[V6]:PORT``; the port is required (1–65535)."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    else:
        host, _, port = text.rpartition(":")
    if not host or any(c.isspace() for c in host) or (":" in host and not text.startswith("[")):
        raise UsageError(f"{text!r:.60} is not HOST:PORT")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise UsageError(f"{text!r:.60}: the port must be 1 to 65535")
    return host, int(port)


def _parser() -> ArgumentParser:
    parser = ArgumentParser(prog=PROG, description="Take a seat at a network table without a window: a bot plays "
                            "it from the seat's own view. The seat is kept in the profile, so the same command takes "
                            "it back after a crash.")
    parser.add_argument("address", metavar="HOST:PORT", help="the table's address")
    parser.add_argument("--code", required=True, metavar="C", help="the table's join code")
    parser.add_argument("--name", metavar="N", help="your name at the table (required unless --give-up)")
    parser.add_argument("--profile", metavar="DIR", type=path_text,
                        help="keep the seat in DIR instead of your user folders")
    parser.add_argument("--bot", default="hard", choices=LEVELS[1:] + LEVELS[:1], metavar="LEVEL",
                        help="the bot that plays the seat: easy, medium, hard (default) or random")
    parser.add_argument("--pace", type=float_in(0.0, 600.0), default=0.0, metavar="S",
                        help="seconds before each of its moves (default 0)")
    parser.add_argument("--wait", type=float_in(0.0, 86400.0), default=60.0, metavar="S",
                        help="seconds to keep trying to rejoin when the host goes away (default 60)")
    parser.add_argument("--json", action="store_true", help="one JSON object per line")
    parser.add_argument("--give-up", action="store_true", help="forget the seat kept at this table, then exit")
    return parser


class Out:
    """What the command prints: JSON lines or plain sentences (never the token)."""

    def __init__(self, as_json: bool):
        self.as_json = as_json

    def __call__(self, event: str, **fields) -> None:
        if self.as_json:
            print(json.dumps({"event": event, **fields}, ensure_ascii=False), flush=True)
            return
        words = ", ".join(f"{k} {v}" for k, v in fields.items())
        print(f"{PROG}: {event.replace('_', ' ')}{': ' + words if words else ''}", flush=True)


def _main(argv=None) -> int:
    args = _parser().parse_args(argv)
    host, port = address(args.address)
    code = normal_code(args.code)
    if not (1 <= len(code) <= 16 and code.isascii() and code.isalnum()):
        raise UsageError(f"--code {args.code!r:.40}: 1 to 16 letters and digits")
    book = held_profile(args.profile).seat_book
    out = Out(args.json)
    if args.give_up:
        had = kept_seat(book, host, port, code) is not None
        book.forget(*table_key(host, port, code))
        out("given_up", kept=had)
        return 0
    name = clean_name(args.name or "", fallback="", max_len=NAME_MAX)
    if not name.strip():
        raise UsageError("--name: a name with a letter is needed")
    if refused_person_name(name):  # the one rule the app's join screen and every host follow
        raise UsageError(f"--name {name!r}: a word the tables use for a seat (\"You\", \"Player 2\", \"Host\"); "
                         "type your own name")
    kept = kept_seat(book, host, port, code)
    try:
        client = TableClient(host, port, code=code, name=name, token=kept.token if kept else None)
    except (LoopbackOnly, ValueError) as error:
        raise UsageError(f"{host}: {error}") from None
    try:
        welcome = connect_kept(client, TIMEOUT)
    except (JoinRefused, OSError, TimeoutError) as error:
        client.close()
        return _refused(out, error, kept is not None)
    if args.bot not in levels_for(welcome.game_id):
        client.close()
        levels = ", ".join(levels_for(welcome.game_id))
        raise UsageError(f"no {args.bot!r} bot for {welcome.game_id} (levels: {levels})")
    return Seat(client, SeatKeeper(book, client), args, out).play(rejoined=kept is not None)


def _refused(out: Out, error: BaseException, rejoining: bool) -> int:
    gone = gone_reason(error) if rejoining else None
    if gone is not None:
        out("gone", reason=gone)
    elif isinstance(error, JoinRefused):
        out("refused_join", code=error.code)
    else:
        out("gone", reason="no_answer")
    return 1


class Seat:
    """The seat played: its session, its bot, what it printed (the moves already seen)."""

    def __init__(self, client: TableClient, keeper: SeatKeeper, args, out: Out):
        self.client, self.keeper, self.args, self.out = client, keeper, args, out
        self.seen = 0  # moves printed
        self.stop = threading.Event()
        self.session: RemoteSession | None = None
        self.bot = make_bot(client.welcome.game_id, args.bot, client.welcome.seat)

    def welcomed(self, rejoined: bool) -> None:
        welcome = self.client.welcome
        self.session = RemoteSession(self.client)
        self.out("welcome", seat=welcome.seat, rejoined=rejoined, game=welcome.game_id,
                 names=list(self.session.names), moves=len(welcome.history))  # made-up names worded, as an app would
        for item in welcome.history[self.seen:]:
            self.out("move", n=item.n, seat=item.mover, move=item.move, mine=item.mover == welcome.seat,
                     missed=rejoined)
        self.seen = max(self.seen, len(welcome.history))

    def play(self, rejoined: bool) -> int:
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: self.stop.set())
        self.welcomed(rejoined)
        turn_since = None
        try:
            while not self.stop.is_set():
                session = self.session
                session.poll(busy=False)
                self._report(session)
                self.keeper.seen(session)
                if session.is_over and session.final is not None:
                    self.out("game_over", scores=list(session.final[0]), winners=list(session.final[1]))
                    return 0
                if session.lost:
                    status = self._rejoin()
                    if status is not None:
                        return status
                    turn_since = None
                    continue
                turn_since = self._maybe_move(session, turn_since)
                time.sleep(TICK)
            self.out("left")
            return 0
        finally:
            self.client.close()

    def _report(self, session: RemoteSession) -> None:
        for played in session.take_played():
            if played.index >= self.seen:
                self.out("move", n=played.index, seat=played.seat, move=str(played.move),
                         mine=played.seat == session.seat, missed=False)
                self.seen = played.index + 1
        for refusal in session.take_refusals():
            self.out("refused", code=refusal.code, reason=refusal.reason)

    def _maybe_move(self, session: RemoteSession, since: float | None) -> float | None:
        """On this seat's turn, after ``--pace`` seconds, its bot's move from the seat's own view."""
        if session.current_player != session.seat or not session.is_human(session.seat) or not session.started:
            return None
        now = time.monotonic()
        since = now if since is None else since
        if now - since < self.args.pace:
            return since
        session.play(self.bot.choose(session.view(session.seat)))
        return None

    def _rejoin(self) -> int | None:
        """The host went away: try again with the seat's token for ``--wait`` seconds. None once back."""
        self.out("lost")
        end = time.monotonic() + self.args.wait
        while not self.stop.is_set():
            try:
                self.client.rejoin(TIMEOUT)
            except JoinRefused as error:
                return _refused(self.out, error, True)
            except (OSError, TimeoutError):
                if time.monotonic() >= end:
                    self.out("gone", reason="no_answer")
                    return 1
                self.stop.wait(1.0)
                continue
            self.welcomed(True)
            return None
        self.out("left")
        return 0


def main(argv=None) -> int:
    return run(_main, argv, prog=PROG)


if __name__ == "__main__":
    sys.exit(main())
