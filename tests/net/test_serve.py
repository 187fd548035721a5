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

from lama_desktop.__main__ import main as app_main
from lama_desktop.net import protocol as p
from lama_desktop.net.client import JoinRefused, TableClient
from lama_desktop.serve import main

from .conftest import WAIT, Inbox


def test_help_names_every_option(capsys):
    assert app_main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--game", "--variant", "--seats", "--port", "--code", "--bind", "--takeover-after",
                   "--takeover-level", "--start-after", "--profile", "--resume"):
        assert option in out


@pytest.mark.parametrize("args, says", [
    (["--game", "nope", "--seats", "remote", "--port", "1"], "unknown game"),
    (["--game", "lama", "--seats", "remote,bogus", "--port", "1"], "no 'bogus' bot"),
    (["--game", "lama", "--seats", "hard,hard", "--port", "1"], "at least one 'remote'"),
    (["--game", "lama", "--seats", "remote", "--port", "1"], "2 to 6 players"),
    (["--game", "lama", "--seats", "remote,,hard", "--port", "1"], "an empty seat"),
    (["--game", "lama", "--seats", "remote,hard", "--port", "70000"], "out of range"),
    (["--game", "lama", "--seats", "remote,hard", "--port", "x"], "not a whole number"),
    (["--game", "lama", "--seats", "remote,hard"], "--port"),
    (["--game", "lama", "--seats", "remote,hard", "--port", "0", "--bind", "0.0.0.0"], "not a loopback"),
    (["--game", "lama", "--seats", "remote,hard", "--port", "0", "--code", "ab"], "4 to 12"),
    (["--game", "lama", "--seats", "remote,hard", "--port", "0", "--takeover-level", "godlike"], "godlike"),
    (["--game", "lama", "--seats", "remote,hard", "--port", "0", "--takeover-after", "-1"], "out of range"),
    (["--game", "lama", "--seats", "remote,hard", "--port", "0", "--variant", "nope"], "nope"),
])
def test_bad_arguments_are_one_line_and_status_2(capsys, tmp_path, args, says):
    assert main([*args, "--profile", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("lama-desktop serve: error:") and says in err
    assert not (tmp_path / "saves" / "autosave.json").exists()  # nothing was started or saved


def _start(tmp_path, *extra, seats="remote,easy") -> tuple[subprocess.Popen, int, str]:
    env = {**os.environ, "LAMA_NET_LOOPBACK": "1", "SDL_VIDEODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-m", "lama_desktop", "serve", "--game", "lama", "--seats",
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
        save = tmp_path / "saves" / "autosave.json"
        assert f"the game is saved in {save}" in out and save.is_file()
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
    assert main(["--game", "lama", "--seats", "remote,easy", "--port", "0", "--profile", str(tmp_path),
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
        late = TableClient("127.0.0.1", port, code=code, name="Bruno")
        with pytest.raises(JoinRefused) as refused:
            late.connect(WAIT)
        assert refused.value.code == "net.full"
        late.close()
        anna.close()
        assert "bots (hard) play the seats still open" in _stop(proc, signal.SIGINT)
    with _serving(tmp_path, "--resume", seats="remote,remote,easy") as (proc, _port, _code):
        assert "saved in" in _stop(proc)
