"""The seats this player holds at other people's tables, kept in one small file of the profile
(``<data>/joined_seats.json``) so that a crashed or closed app takes its seat back (``core/seats.py``).

A plain file-backed ``SeatBook``: every read goes through the storage's door (a damaged file is moved aside as
``<name>.damaged-<time>``, reported to the player like any other file, and the book starts empty), every write is
the storage's atomic write, and the file is readable by its owner only (mode 0600: the tokens are the seats'
keys). The profile's database, once it exists, is the real book; this one keeps the same contract.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from lama_desktop.core.seats import JoinedSeat
from lama_desktop.filedoor import as_dict, as_int, as_list, need

log = logging.getLogger("lama_desktop.seatfile")

KIND = "joined seats"
FILE_KIND = "lama-desktop-joined-seats"
FILE_VERSION = 1
FILE_NAME = "joined_seats.json"
#: seats kept at most (the oldest go first): a player is at a handful of tables at once
LIMIT = 50


def seats_from_file(data: Any) -> list[JoinedSeat]:
    """The kept seats of the file's JSON; ``ValueError`` (the whole file is damaged) for anything else."""
    data = as_dict(data, "the file")
    need(data.get("kind") == FILE_KIND, "not a joined-seats file")
    as_int(data.get("version"), "version", FILE_VERSION, FILE_VERSION)
    return [JoinedSeat.from_dict(as_dict(entry, "a seat")) for entry in as_list(data.get("seats"), "seats", LIMIT)]


class FileSeatBook:
    """A ``SeatBook`` in one JSON file, read and written through ``storage`` (its door and its atomic writes)."""

    def __init__(self, storage, path: Path | None = None):
        self.storage = storage
        self.path = Path(path) if path is not None else Path(storage.data_dir) / FILE_NAME

    def _load(self) -> dict[tuple[str, int, str], JoinedSeat]:
        seats, _report = self.storage.read_file(KIND, self.path, seats_from_file)
        return {seat.address: seat for seat in seats or ()}

    def _write(self, seats: dict[tuple[str, int, str], JoinedSeat]) -> None:
        kept = sorted(seats.values(), key=lambda s: s.updated_at, reverse=True)[:LIMIT]
        data = {"kind": FILE_KIND, "version": FILE_VERSION, "seats": [s.to_dict() for s in kept]}
        self.storage.write_file(KIND, self.path, data)  # atomic; a failure is reported and raised (OSError)
        try:
            os.chmod(self.path, 0o600)  # the temp file was made 0600 already; this holds on odd file systems too
        except OSError as error:
            log.warning("cannot make %s private: %s", self.path, error)

    def remember(self, seat: JoinedSeat) -> None:
        seats = self._load()
        seats[seat.address] = JoinedSeat.from_dict(seat.to_dict())
        self._write(seats)

    def find(self, host: str, port: int, code: str) -> JoinedSeat | None:
        return self._load().get((host, int(port), code))

    def forget(self, host: str, port: int, code: str) -> None:
        seats = self._load()
        if seats.pop((host, int(port), code), None) is not None:
            self._write(seats)

    def joined(self) -> list[JoinedSeat]:
        return sorted(self._load().values(), key=lambda s: s.updated_at, reverse=True)
