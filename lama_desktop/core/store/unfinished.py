"""The unfinished games: each game of this computer and each table this app hosts has its own entry (its save
document, as ``savefile`` reads it, keyed by the session's ``save_key``), and each seat held at somebody else's
table is a ``JoinedSeat`` (the ``SeatBook`` the network's rejoin uses). ``listing`` puts them all in one list,
newest first, for the Continue list and ``lama-desktop games``; no listing ever holds a seat's token."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from lama_desktop.core.seats import JoinedSeat

LOCAL, HOSTED, JOINED = "local", "hosted", "joined"


@dataclass
class Unfinished:
    """One unfinished game as the lists show it. ``where``: ``local`` (this computer), ``hosted`` (a table this app
    hosts, on ``port``) or ``joined`` (a seat at ``host``:``port``). ``seat``: the player's own seat when known."""

    key: str
    where: str
    game: str
    saved_at: str
    players: list[str] = field(default_factory=list)
    round: int | None = None
    scores: list[int] = field(default_factory=list)
    seat: int | None = None
    host: str = ""
    port: int | None = None
    moves: int = 0
    last_move: str = ""

    def to_dict(self) -> dict:
        """Plain JSON for the command line (never a token: a joined seat's key is its address)."""
        return {"key": self.key, "game": self.game, "where": self.where, "host": self.host, "port": self.port,
                "seat": self.seat, "players": list(self.players), "round": self.round, "scores": list(self.scores),
                "moves": self.moves, "last_move": self.last_move, "saved_at": self.saved_at}


def joined_key(host: str, port: int, code: str) -> str:
    return f"joined:{host}:{int(port)}:{code}"


def put(conn, key: str, where: str, game: str, saved_at: str, summary: dict, save_text: str) -> None:
    conn.execute("INSERT INTO unfinished(key, kind, game, saved_at, summary, save) VALUES (?, ?, ?, ?, ?, ?) "
                 "ON CONFLICT(key) DO UPDATE SET kind=excluded.kind, game=excluded.game, saved_at=excluded.saved_at,"
                 " summary=excluded.summary, save=excluded.save",
                 (key, where, game, saved_at, json.dumps(summary, ensure_ascii=False), save_text))


def save_text(conn, key: str) -> str | None:
    row = conn.execute("SELECT save FROM unfinished WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def latest_key(conn) -> str | None:
    row = conn.execute("SELECT key FROM unfinished ORDER BY saved_at DESC, rowid DESC LIMIT 1").fetchone()
    return row[0] if row else None


def remove(conn, key: str) -> bool:
    return conn.execute("DELETE FROM unfinished WHERE key = ?", (key,)).rowcount > 0


def _from_row(key, where, game, saved_at, summary_text) -> Unfinished:
    try:
        summary = json.loads(summary_text)
        summary = summary if isinstance(summary, dict) else {}
    except ValueError:
        summary = {}
    entry = Unfinished(key, where, game, saved_at)
    players = summary.get("players")
    entry.players = [str(p) for p in players] if isinstance(players, list) else []
    entry.round = summary.get("round") if isinstance(summary.get("round"), int) else None
    scores = summary.get("scores")
    entry.scores = [s for s in scores if isinstance(s, int)] if isinstance(scores, list) else []
    entry.seat = summary.get("seat") if isinstance(summary.get("seat"), int) else None
    entry.port = summary.get("port") if isinstance(summary.get("port"), int) else None
    entry.moves = summary.get("moves") if isinstance(summary.get("moves"), int) else 0
    entry.last_move = str(summary.get("last_move", ""))[:80]
    return entry


def _from_joined(seat: JoinedSeat) -> Unfinished:
    summary = seat.summary if isinstance(seat.summary, dict) else {}
    entry = _from_row(joined_key(seat.host, seat.port, seat.code), JOINED, seat.game_id, seat.updated_at,
                      json.dumps(summary))
    entry.players, entry.seat, entry.host, entry.port = list(seat.players), seat.seat, seat.host, int(seat.port)
    return entry


def listing(conn) -> list[Unfinished]:
    """Every unfinished game, newest first (a joined entry that does not read is left out, never shown half)."""
    entries = [_from_row(*row) for row in
               conn.execute("SELECT key, kind, game, saved_at, summary FROM unfinished").fetchall()]
    entries += [_from_joined(seat) for seat in joined_seats(conn)]
    entries.sort(key=lambda e: e.saved_at, reverse=True)
    return entries


# joined seats (the SeatBook) --------------------------------------------------------------------------------------
def joined_seats(conn) -> list[JoinedSeat]:
    seats = []
    for (text,) in conn.execute("SELECT seat FROM joined ORDER BY updated_at DESC").fetchall():
        try:
            seats.append(JoinedSeat.from_dict(json.loads(text)))
        except (ValueError, TypeError):
            continue
    return seats


class StoreSeatBook:
    """The ``core.seats.SeatBook`` the profile keeps: one row per table, each change one transaction."""

    def __init__(self, database):
        self._db = database

    def remember(self, seat: JoinedSeat) -> None:
        seat = JoinedSeat.from_dict(seat.to_dict())
        if not seat.updated_at:
            seat.updated_at = time.strftime("%Y-%m-%dT%H:%M:%S")
        with self._db.transaction() as conn:
            conn.execute("INSERT INTO joined(host, port, code, updated_at, seat) VALUES (?, ?, ?, ?, ?) "
                         "ON CONFLICT(host, port, code) DO UPDATE SET updated_at=excluded.updated_at,"
                         " seat=excluded.seat",
                         (seat.host, int(seat.port), seat.code, seat.updated_at,
                          json.dumps(seat.to_dict(), ensure_ascii=False)))

    def find(self, host: str, port: int, code: str) -> JoinedSeat | None:
        rows = self._db.read("SELECT seat FROM joined WHERE host = ? AND port = ? AND code = ?",
                             (host, int(port), code))
        try:
            return JoinedSeat.from_dict(json.loads(rows[0][0])) if rows else None
        except (ValueError, TypeError):
            return None

    def forget(self, host: str, port: int, code: str) -> None:
        with self._db.transaction() as conn:
            conn.execute("DELETE FROM joined WHERE host = ? AND port = ? AND code = ?", (host, int(port), code))

    def joined(self) -> list[JoinedSeat]:
        with self._db._mutex:
            return joined_seats(self._db.conn)
