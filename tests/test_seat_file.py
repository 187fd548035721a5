"""The joined seats' file (``seatfile.FileSeatBook``, the storage's ``seat_book``): the seats a player holds at
other people's tables survive the app (read back by a new ``Storage``), the file is its owner's alone (mode 0600:
the tokens are the seats' keys), writes are atomic, and a damaged file is moved aside and reported like any other
file, the book starting empty."""

from __future__ import annotations

import json
import os
import stat

import pytest

from lama_desktop.core.seats import JoinedSeat, SeatBook
from lama_desktop.seatfile import FILE_NAME
from lama_desktop.storage import Storage


def seat(port: int = 47474, code: str = "K7QXM", when: str = "2026-11-28T22:00:00", n: int = 1) -> JoinedSeat:
    return JoinedSeat(host="127.0.0.1", port=port, code=code, name="Zoe", seat=n, token="t" * 32, game_id="g",
                      players=["Ola", "Zoe"], summary={"round": 1}, updated_at=when)


def test_kept_seats_survive_a_restart_in_a_file_only_its_owner_reads(tmp_path):
    book = Storage(profile=tmp_path).seat_book
    assert isinstance(book, SeatBook)
    book.remember(seat())
    book.remember(seat(port=8765, when="2026-11-28T23:00:00", n=2))
    again = Storage(profile=tmp_path).seat_book
    assert again.find("127.0.0.1", 47474, "K7QXM") == seat()
    assert [s.port for s in again.joined()] == [8765, 47474]  # most recently updated first
    path = tmp_path / FILE_NAME
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    again.forget("127.0.0.1", 47474, "K7QXM")
    again.forget("127.0.0.1", 1, "NOPE")  # an unknown table is ignored
    assert [s.port for s in Storage(profile=tmp_path).seat_book.joined()] == [8765]
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize("content", [b"{not json", b'{"kind": "other", "version": 1, "seats": []}',
                                     json.dumps({"kind": "lama-desktop-joined-seats", "version": 1,
                                                 "seats": [{"host": "h", "port": 0}]}).encode()])
def test_a_damaged_seats_file_is_set_aside_and_reported(tmp_path, content):
    path = tmp_path / FILE_NAME
    path.write_bytes(content)
    storage = Storage(profile=tmp_path)
    assert storage.seat_book.joined() == []
    reports = storage.take_reports()
    assert len(reports) == 1 and reports[0].action == "damaged" and reports[0].moved_to is not None
    assert reports[0].moved_to.read_bytes() == content and not path.exists()
    storage.seat_book.remember(seat())  # the book goes on, empty, beside the kept file
    assert storage.seat_book.find("127.0.0.1", 47474, "K7QXM") is not None
