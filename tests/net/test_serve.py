"""``lama-desktop serve``: its help, one-line usage errors (status 2), and a real run on loopback that a client
joins, ended by SIGINT with the game saved, then resumed with --resume for the same seat token."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from contextlib import contextmanager

import pytest

from lama_desktop.storage import Storage

from lama_desktop.__main__ import main as app_main
from lama_desktop.games import GAMES
from lama_desktop.net import protocol as p
from lama_desktop.net.client import JoinRefused, TableClient
from lama_desktop.serve import main
from registry_games import sample_game

from .conftest import WAIT, Inbox

#: the game the server is started with
GAME = sample_game()
SPEC = GAMES[GAME].spec


def test_help_names_every_option(capsys):
    assert app_main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--game", "--variant", "--seats", "--port", "--code", "--bind", "--takeover-after",
                   "--takeover-level", "--start-after", "--profile", "--resume", "--name", "--no-advert"):
        assert option in out


@pytest.mark.parametrize("args, says", [
    (["--game", "nope", "--seats", "remote", "--port", "1"], "unknown game"),
    (["--game", GAME, "--seats", "remote,bogus", "--port", "1"], "no 'bogus' bot"),
    (["--game", GAME, "--seats", "hard,hard", "--port", "1"], "at least one 'remote'"),
    (["--game", GAME, "--seats", "remote", "--port", "1"], f"{SPEC.min_players} to {SPEC.max_players} players"),
    (["--game", GAME, "--seats", "remote,,hard", "--port", "1"], "an empty seat"),
    (["--game", GAME, "--seats", "remote,hard", "--port", "70000"], "out of range"),
    (["--game", GAME, "--seats", "remote,hard", "--port", "x"], "not a whole number"),
    (["--game", GAME, "--seats", "remote,hard"], "--port"),
    (["--game", GAME, "--seats", "remote,hard", "--port", "0", "--bind", "0.0.0.0"], "not a loopback"),
    (["--game", GAME, "--seats", "remote,hard", "--port", "0", "--code", "ab"], "4 to 12"),
    (["--game", GAME, "--seats", "remote,hard", "--port", "0", "--takeover-level", "godlike"], "godlike"),
    (["--game", GAME, "--seats", "remote,hard", "--port", "0", "--takeover-after", "-1"], "out of range"),
    (["--game", GAME, "--seats", "remote,hard", "--port", "0", "--variant", "nope"], "nope"),
])
def test_bad_arguments_are_one_line_and_status_2(capsys, tmp_path, args, says):
    assert main([*args, "--profile", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("lama-desktop serve: error:") and says in err
    assert Storage(profile=tmp_path).unfinished() == []  # nothing was started or saved


def _start(tmp_path, *extra, seats="remote,easy") -> tuple[subprocess.Popen, int, str]:
    env = {**os.environ, "LAMA_NET_LOOPBACK": "1", "SDL_VIDEODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-m", "lama_desktop", "serve", "--game", GAME, "--seats",
                             seats, "--port", "0", "--profile", str(tmp_path), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    first = proc.stdout.readline()
    match = re.search(r"port (\d+); join code (\w+)", first)
    assert match, first
    return proc, int(match.group(1)), match.group(2)


@contextmanager
def _serving(tmp_path, *extra, seats="remote,easy"):
    """``serve`` running (``_start``) for the block; killed at its end if it is still running."""
    proc, port, code = _start(tmp_path, *extra, seats=seats)
    try:
        yield proc, port, code
    finally:
        if proc.poll() is None:
            proc.kill()


def _stop(proc, sig=signal.SIGTERM) -> str:
    """Stop ``serve`` with ``sig``; it must end cleanly (status 0). Returns what it printed."""
    proc.send_signal(sig)
    out, _ = proc.communicate(timeout=WAIT)
    assert proc.returncode == 0, out
    return out


def test_serve_plays_ends_on_sigint_saving_and_resumes(tmp_path):
    with _serving(tmp_path, "--code", "K7QXM") as (proc, port, code):
        assert code == "K7QXM"
        anna = TableClient("127.0.0.1", port, code="k7qxm", name="Anna")
        welcome = anna.connect(WAIT)
        assert welcome.seat == 0 and welcome.names[0] == "Anna" and welcome.kinds == ["remote", "bot"]
        box = Inbox(anna)
        box.expect(p.Status, lambda m: m.seats[0].connected)
        proc.send_signal(signal.SIGINT)
        assert box.expect(p.Bye).reason == "stopped"
        out, _ = proc.communicate(timeout=WAIT)
        assert proc.returncode == 0
        save = tmp_path / "lama-desktop.sqlite3"
        assert f"the game is saved in {save}" in out and save.is_file()
        kept = Storage(profile=tmp_path)
        assert [(e.where, e.game) for e in kept.unfinished()] == [("hosted", GAME)]  # the table, its own entry
        kept.close()
        token = anna.token
        anna.close()
    with _serving(tmp_path, "--resume") as (proc, port, code):
        assert code == "K7QXM"
        back = TableClient("127.0.0.1", port, code=code, name="Someone", token=token)
        welcome = back.connect(WAIT)
        assert welcome.seat == 0 and welcome.names[0] == "Anna"
        back.close()
        assert "saved in" in _stop(proc)


def test_resume_without_a_saved_network_game_is_a_usage_error(capsys, tmp_path):
    assert main(["--game", GAME, "--seats", "remote,easy", "--port", "0", "--profile", str(tmp_path),
                 "--resume"]) == 2
    assert "no network game to continue" in capsys.readouterr().err


def test_start_after_gives_the_seats_still_open_to_bots(tmp_path):
    """``--start-after 0.5``: half a second after Anna joined, the seat nobody took is played by a bot of
    ``--takeover-level`` (``TableHost.fill_with_bots``), the Status says so and that the game started, and a
    ``--resume`` of that game still counts the seat as a person's in ``--seats``."""
    with _serving(tmp_path, "--start-after", "0.5", "--takeover-level", "hard", seats="remote,remote,easy") as (
            proc, port, code):
        anna = TableClient("127.0.0.1", port, code=code, name="Anna")
        assert anna.connect(WAIT).status.started is False
        box = Inbox(anna)
        status = box.expect(p.Status, lambda m: m.started)
        assert [(s.kind, s.bot_level) for s in status.seats] == [("remote", None), ("bot", "hard"), ("bot", "easy")]
        # the bots' names are made up: keys each app words (a bot given the open seat too), never "Player 2"
        assert status.seats[1].name == p.MadeUpName(key="bot", n=1) and status.seats[2].name == p.MadeUpName(
            key="bot", n=0)
        late = TableClient("127.0.0.1", port, code=code, name="Bruno")
        with pytest.raises(JoinRefused) as refused:
            late.connect(WAIT)
        assert refused.value.code == "net.full"
        late.close()
        anna.close()
        out = _stop(proc, signal.SIGINT)
        assert "bots (hard) play the seats still open: Bruno" in out and "Anna here, Bruno here, Carla here" in out
        assert "MadeUpName" not in out
    with _serving(tmp_path, "--resume", seats="remote,remote,easy") as (proc, _port, _code):
        assert "saved in" in _stop(proc)


class _Advert:
    def __init__(self, free):
        self.free, self.closed = [free], False

    def update(self, free):
        self.free.append(free)

    def close(self):
        self.closed = True


def _status(joined, started=False):
    return p.Status(seats=[p.SeatStatus(name=f"P{i}", kind="remote", connected=j, joined=j)
                           for i, j in enumerate(joined)] + [p.SeatStatus(name="Bot", kind="bot", connected=True)],
                    started=started)


def test_the_listing_says_the_open_seats_and_is_withdrawn_when_the_game_starts(capsys):
    """``serve``'s advert (``Listing``): made once with the open seats, updated as people join (a seat whose
    person is away stays theirs), withdrawn once the game starts, never made again."""
    from lama_desktop.serve import Listing

    made = []
    listing = Listing(lambda free: made.append(_Advert(free)) or made[-1])
    listing.tick(_status([False, False]))
    listing.tick(_status([False, False]))
    listing.tick(_status([True, False]))
    listing.tick(_status([True, True]))
    assert len(made) == 1 and made[0].free == [2, 1, 0] and not made[0].closed
    listing.tick(_status([True, True], started=True))
    assert made[0].closed and "no longer listed" in capsys.readouterr().out
    listing.tick(_status([False, False]))
    assert len(made) == 1


def test_no_listing_without_multicast_on_loopback_or_with_no_advert(capsys, monkeypatch):
    """With the loopback switch on and a loopback that carries no multicast, ``serve`` says it is not listed
    (people type host:port); ``--no-advert`` lists nothing and never asks again."""
    from types import SimpleNamespace

    from lama_desktop.net import discovery
    from lama_desktop.serve import _listing

    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")
    monkeypatch.setattr(discovery, "loopback_multicast", lambda: False)
    host = SimpleNamespace(hosts=["127.0.0.1", "::1"], port=47474,
                           session=SimpleNamespace(game_id=GAME, seats=[1, 2]))
    listing = _listing(SimpleNamespace(no_advert=False, name="Home"), host)
    listing.tick(_status([False]))
    assert listing.done and "loopback carries no multicast" in capsys.readouterr().out
    quiet = _listing(SimpleNamespace(no_advert=True, name=None), host)
    quiet.tick(_status([False]))
    assert quiet.done and capsys.readouterr().out == ""


def test_a_name_is_printable_and_short(capsys, tmp_path):
    from lama_desktop.serve import advert_name, machine_name

    assert advert_name("  Home\tserver \x1b ") == "Home server"
    assert 1 <= len(machine_name()) <= 32
    for bad in ("", "   ", "x" * 33):
        assert main(["--game", GAME, "--seats", "remote,easy", "--port", "0", "--profile", str(tmp_path),
                     "--name", bad]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--name" in err


@pytest.mark.skipif(not __import__("lama_desktop.net.discovery", fromlist=["x"]).loopback_multicast(),
                    reason="this machine's loopback carries no multicast")
def test_a_served_table_is_found_by_the_join_list_until_it_starts(tmp_path):
    """On loopback (with multicast there): the join list's browser finds ``serve``'s table under ``--name`` with
    its port and open seats; once the seat is taken and the game starts, the advert is withdrawn."""
    import time

    from lama_desktop.net.discovery import Browser

    with _serving(tmp_path, "--name", "Home server") as (proc, port, code):
        browser = Browser(loopback=True)
        browser.start()

        def ours():  # other tables may be listed on this loopback too (tests hosting alongside)
            return [(t.name, t.host, t.port, t.free, t.game_id) for t in browser.tables() if t.port == port]

        try:
            end = time.monotonic() + WAIT
            while time.monotonic() < end and not ours():
                time.sleep(0.1)
            assert ours() == [("Home server", "127.0.0.1", port, 1, GAME)]
            anna = TableClient("127.0.0.1", port, code=code, name="Anna")
            anna.connect(WAIT)
            end = time.monotonic() + WAIT
            while time.monotonic() < end and ours():
                time.sleep(0.1)
            assert ours() == []
            anna.close()
        finally:
            browser.close()
        out = _stop(proc)
        assert "listed on the network as 'Home server'" in out and "no longer listed" in out
