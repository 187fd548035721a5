"""A seat this player holds at somebody else's table, kept so it can be taken back after the app closed.

The joining side (the app's Join, ``lama-desktop join``) remembers a ``JoinedSeat`` in a ``SeatBook`` as soon as the
host welcomes it and after every move it sees (``players``, ``summary``, ``updated_at``), and forgets it when the
game is over or the player gives the table up. The profile's store is the one real book (a joined table is one of
the player's unfinished games); the token is the seat's key: never shown, never logged, kept in a file readable by
its owner only.

This module is pure data and a protocol: the network and the store both import it, neither imports the other.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Protocol, runtime_checkable


@dataclass
class JoinedSeat:
    """Where a joined seat is and the key that takes it back.

    ``host``/``port``/``code`` find the table; ``seat``/``token`` are what the Welcome gave; ``name`` is the name
    the player joined with; ``game_id`` and ``players`` (seat names as the player last saw them) and ``summary``
    (round, points: plain JSON data the Continue list shows) describe it; ``updated_at`` is an ISO time.
    ``history``: the table's history panel as this player last read it (its own JSON), so a restarted app shows
    the whole game again, not only what the host's Welcome lets the table rebuild.
    """

    host: str
    port: int
    code: str
    name: str
    seat: int
    token: str
    game_id: str
    players: list[str] = field(default_factory=list)
    summary: dict = field(default_factory=dict)
    updated_at: str = ""
    history: dict = field(default_factory=dict)

    @property
    def address(self) -> tuple[str, int, str]:
        """What identifies the table: one entry per (host, port, code)."""
        return (self.host, int(self.port), self.code)

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "JoinedSeat":
        """Raises ``ValueError`` for anything that is not a whole seat (a damaged entry is reported by the caller)."""
        try:
            seat = cls(host=str(data["host"]), port=int(data["port"]), code=str(data["code"]),
                       name=str(data["name"]), seat=int(data["seat"]), token=str(data["token"]),
                       game_id=str(data["game_id"]), players=[str(p) for p in data.get("players", [])],
                       summary=dict(data.get("summary", {})), updated_at=str(data.get("updated_at", "")),
                       history=dict(data.get("history") or {}))
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a joined seat: {error}") from None
        if not (0 < seat.port < 65536) or seat.seat < 0 or not seat.token:
            raise ValueError("not a joined seat: port, seat or token out of range")
        return seat

    def __repr__(self) -> str:  # the token never reaches a log line
        return (f"JoinedSeat({self.host}:{self.port}, code={self.code!r}, seat={self.seat}, "
                f"game={self.game_id!r}, token=<hidden>)")


@runtime_checkable
class SeatBook(Protocol):
    """Where joined seats are kept (the profile's store; a plain in-memory book in tests)."""

    def remember(self, seat: JoinedSeat) -> None:
        """Keep or update the entry for ``seat.address`` (atomic: a crash keeps the old entry or the new one)."""

    def find(self, host: str, port: int, code: str) -> JoinedSeat | None:
        """The kept seat at this table, or None."""

    def forget(self, host: str, port: int, code: str) -> None:
        """Drop the entry (the game ended, or the player gave the table up). Unknown tables are ignored."""

    def joined(self) -> list[JoinedSeat]:
        """Every kept seat, most recently updated first."""


class MemorySeatBook:
    """A ``SeatBook`` in memory: for tests and for a session without a profile."""

    def __init__(self) -> None:
        self._seats: dict[tuple[str, int, str], JoinedSeat] = {}

    def remember(self, seat: JoinedSeat) -> None:
        self._seats[seat.address] = JoinedSeat.from_dict(seat.to_dict())

    def find(self, host: str, port: int, code: str) -> JoinedSeat | None:
        return self._seats.get((host, int(port), code))

    def forget(self, host: str, port: int, code: str) -> None:
        self._seats.pop((host, int(port), code), None)

    def joined(self) -> list[JoinedSeat]:
        return sorted(self._seats.values(), key=lambda s: s.updated_at, reverse=True)
