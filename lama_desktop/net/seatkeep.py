"""Keeping a joined seat in the player's ``SeatBook`` (``core/seats.py``), so that an app that crashed or was closed
takes its seat back: the app's Join and ``lama-desktop join`` use it alike.

- ``kept_seat(book, host, port, code)``: the seat kept at that table (the same host, port and code as typed, in
  their compared forms), whose token a new ``TableClient`` sends.
- ``connect_kept(client, ...)``: the join, with a few tries while a restarting host does not answer yet.
- ``SeatKeeper``: remembers the seat as soon as the host welcomed the client, updates it as the game goes (the
  seat names, a summary, the time) and forgets it when the game is over or the player gives the table up.
- ``gone_reason(error)``: a kept seat's table that is gone for good, as the player is told it: ``"no_answer"``
  (nothing listens there any more) or ``"seat_unknown"`` (the table there does not know the seat's token).

The token is the seat's key: it never reaches a log line or a message here (``JoinedSeat``'s repr hides it).
"""

from __future__ import annotations

import logging
import time
from datetime import datetime

from lama_desktop.core.seat_names import read_name, word_names
from lama_desktop.core.seats import JoinedSeat, SeatBook
from lama_desktop.net import codes
from lama_desktop.net.client import JoinRefused
from lama_desktop.net.host import normal_code

log = logging.getLogger("lama_desktop.net.seatkeep")

#: tries of a rejoin while the host does not answer (a host app restarting takes a few seconds)
TRIES = 3
#: seconds between two tries
PAUSE = 1.0
NO_ANSWER = "no_answer"
SEAT_UNKNOWN = "seat_unknown"


def table_key(host: str, port: int, code: str) -> tuple[str, int, str]:
    """What identifies a table in the book: the host as typed (trimmed, lower case, without IPv6 brackets), the
    port, the code as the host compares it."""
    return str(host).strip().strip("[]").lower(), int(port), normal_code(code)


def kept_seat(book: SeatBook | None, host: str, port: int, code: str) -> JoinedSeat | None:
    """The seat kept at this table, or None (no book, none kept, or the book could not be read)."""
    if book is None:
        return None
    try:
        return book.find(*table_key(host, port, code))
    except (OSError, ValueError) as error:
        log.warning("the joined seats could not be read: %s", error)
        return None


def gone_reason(error: BaseException) -> str | None:
    """Why a kept seat's table is gone for good, or None for a refusal of another kind."""
    if isinstance(error, JoinRefused):
        return SEAT_UNKNOWN if error.code == codes.JOIN else None
    if isinstance(error, (OSError, TimeoutError)):
        return NO_ANSWER
    return None


def connect_kept(client, timeout: float, tries: int = TRIES, pause: float = PAUSE, sleep=time.sleep):
    """``client.connect`` with up to ``tries`` tries while nothing answers (``OSError``/``TimeoutError``); a
    refusal is the host's answer and is raised at once."""
    for attempt in range(tries):
        try:
            return client.connect(timeout)
        except JoinRefused:
            raise
        except (OSError, TimeoutError) as error:
            if attempt == tries - 1:
                raise
            log.info("no answer from %s:%s yet (%s): trying again", client.host, client.port, type(error).__name__)
            sleep(pause)
    raise AssertionError("unreachable")


def now_text() -> str:
    return datetime.now().isoformat(timespec="seconds")


def summary_of(session) -> dict:
    """What the Continue list says of a joined game (plain JSON): the round, the scores, the moves played."""
    return {"round": int(session.round), "scores": [int(s) for s in session.scores], "moves": session.moves_played}


class SeatKeeper:
    """The seat ``client`` holds at its table, kept in ``book`` for as long as the game lasts."""

    def __init__(self, book: SeatBook | None, client):
        self.book = book
        self.key = table_key(client.host, client.port, client.code)
        welcome = client.welcome
        self.seat = JoinedSeat(host=self.key[0], port=self.key[1], code=self.key[2], name=str(client.name),
                               seat=int(welcome.seat), token=str(welcome.token), game_id=str(welcome.game_id),
                               players=word_names([read_name(n) for n in welcome.names]),  # keys worded
                               summary={"moves": len(welcome.history)},
                               updated_at=now_text())
        kept = kept_seat(book, *self.key)
        #: the history panel this seat's table showed before the app closed (a rejoin with the same token), for
        #: the new table to show again; None for a first join
        self.restored_history: dict | None = None
        if kept is not None and kept.seat == self.seat.seat and kept.history:
            self.restored_history = self.seat.history = dict(kept.history)
        self._seen: tuple = ()
        self.forgotten = False
        self._keep()

    def _keep(self) -> None:
        if self.book is None or self.forgotten:
            return
        try:
            self.book.remember(self.seat)
        except (OSError, ValueError) as error:  # the storage reported a failed write to the player
            log.warning("the joined seat could not be kept: %s", error)

    def seen(self, session, log=None) -> None:
        """After a frame of the game (a ``RemoteSession``): keep what changed; forget the seat once the game is
        over (its final result arrived). ``log``: the table's history panel (``version``, ``to_dict()``), kept with
        the seat so a restarted app shows the whole history again."""
        if self.forgotten:
            return
        if session.is_over and getattr(session, "final", None) is not None:
            self.forget()
            return
        names = [str(n) for n in session.names]
        now = (session.moves_played, tuple(names), getattr(log, "version", None))
        if now == self._seen:
            return
        self._seen = now
        self.seat.players, self.seat.summary, self.seat.updated_at = names, summary_of(session), now_text()
        if log is not None:
            self.seat.history = log.to_dict()
        self._keep()

    def forget(self) -> None:
        """The game is over or the player gave the table up: the seat leaves the book."""
        self.forgotten = True
        if self.book is None:
            return
        try:
            self.book.forget(*self.key)
        except (OSError, ValueError) as error:
            log.warning("the joined seat could not be forgotten: %s", error)
