"""``lama-desktop join`` (issue 31): a seat without a window, played by a bot from its own view, kept in the profile
like the app's: the same command after ``kill -9`` takes the seat back (``rejoined``) and plays to the end; JSON
lines never hold the token; a table gone for good is said and the seat can be given up; bad arguments are one line
and status 2."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys

import pytest

from lama_desktop.core.session import GameSession, Seat
from lama_desktop.joincmd import main
from lama_desktop.net.host import TableHost
from lama_desktop.net.seatkeep import kept_seat
from lama_desktop.storage import Storage
from registry_games import sample_game

from .conftest import FAST, WAIT, wait_for


def host(**kw) -> TableHost:
    session = GameSession.new(sample_game(), [Seat("A", "remote"), Seat("B", "bot", "easy")], seed=5, pace="instant")
    return TableHost(session, port=0, limits=FAST, auto_start=True, **kw).start()


def join(port: int, profile, *extra) -> subprocess.Popen:
    env = {**os.environ, "LAMA_NET_LOOPBACK": "1"}
    return subprocess.Popen([sys.executable, "-m", "lama_desktop", "join", f"127.0.0.1:{port}", "--code", "abcde",
                             "--name", "Zoe", "--profile", str(profile), "--bot", "easy", "--json", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def events(proc: subprocess.Popen, until) -> list[dict]:
    """JSON lines read until ``until(event)`` is true for one (that one included)."""
    seen = []
    for line in proc.stdout:
        seen.append(json.loads(line))
        if until(seen[-1]):
            return seen
    raise AssertionError(f"the command ended first: {seen[-3:]} {proc.stderr.read()[-2000:]}")


def test_join_takes_its_seat_back_after_kill_9_and_plays_to_the_end(tmp_path):
    table = host(code="ABCDE", takeover_after=600.0)
    try:
        first = join(table.port, tmp_path, "--pace", "0.2")
        try:
            seen = events(first, lambda e: e["event"] == "move" and e["mine"] and e["n"] >= 2)
        finally:
            first.kill()  # SIGKILL: nothing is said, nothing is cleaned up
            first.wait(WAIT)
        assert seen[0]["event"] == "welcome" and seen[0]["seat"] == 0 and seen[0]["rejoined"] is False
        token = table.tokens[0]
        kept = kept_seat(Storage(profile=tmp_path).seat_book, "127.0.0.1", table.port, "ABCDE")
        assert kept is not None and kept.seat == 0 and kept.token == token
        wait_for(lambda: table.status().seats[0].away_for is not None, what="the seat counted away")

        again = join(table.port, tmp_path)
        out, err = again.communicate(timeout=120)
        assert again.returncode == 0, err[-2000:]
        lines = [json.loads(line) for line in out.splitlines()]
        welcome = lines[0]
        assert welcome["event"] == "welcome" and welcome["seat"] == 0 and welcome["rejoined"] is True
        assert welcome["moves"] >= 3 and welcome["names"][0] == "Zoe"
        assert not [n for n in welcome["names"] if not isinstance(n, str)]  # made-up names worded, not keys
        over = lines[-1]
        assert over["event"] == "game_over" and over["scores"] == table.call(lambda: table.session.scores)
        moves = [e for e in lines if e["event"] == "move"]
        assert [e["n"] for e in moves] == list(range(len(moves)))  # the history, then every move to the end
        assert token not in out + err and "token" not in out
        assert kept_seat(Storage(profile=tmp_path).seat_book, "127.0.0.1", table.port, "ABCDE") is None  # over
    finally:
        table.stop()


def test_a_table_gone_for_good_is_said_and_the_seat_given_up(tmp_path, capsys):
    table = host(code="ABCDE")
    proc = join(table.port, tmp_path, "--pace", "5")
    try:
        events(proc, lambda e: e["event"] == "welcome")
    finally:
        proc.send_signal(signal.SIGTERM)
        out, _err = proc.communicate(timeout=WAIT)
    assert json.loads(out.splitlines()[-1]) == {"event": "left"} and proc.returncode == 0
    port = table.port
    table.stop()
    args = [f"127.0.0.1:{port}", "--code", "ABCDE", "--name", "Zoe", "--profile", str(tmp_path), "--json"]
    assert main(args) == 1
    assert json.loads(capsys.readouterr().out.splitlines()[-1]) == {"event": "gone", "reason": "no_answer"}

    other = host(code="ABCDE")  # a new table there: the kept token means nothing to it
    try:
        book = Storage(profile=tmp_path).seat_book
        seat = kept_seat(book, "127.0.0.1", port, "ABCDE")
        book.remember(type(seat)(**{**seat.to_dict(), "port": other.port}))  # as if it had been kept there
        assert main([f"127.0.0.1:{other.port}", *args[1:]]) == 1
        assert json.loads(capsys.readouterr().out.splitlines()[-1]) == {"event": "gone", "reason": "seat_unknown"}
    finally:
        other.stop()
    assert main([f"127.0.0.1:{port}", "--code", "ABCDE", "--give-up", "--profile", str(tmp_path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"event": "given_up", "kept": True}
    assert kept_seat(Storage(profile=tmp_path).seat_book, "127.0.0.1", port, "ABCDE") is None


@pytest.mark.parametrize("args, says", [
    (["127.0.0.1", "--code", "A", "--name", "Zoe"], "HOST:PORT"),
    (["127.0.0.1:0", "--code", "A", "--name", "Zoe"], "port"),
    (["127.0.0.1:5", "--name", "Zoe"], "--code"),
    (["127.0.0.1:5", "--code", "A", "--name", "Zoe", "--bot", "genius"], "--bot"),
    (["127.0.0.1:5", "--code", "A", "--name", "Zoe", "--pace", "-1"], "--pace"),
    (["127.0.0.1:5", "--code", "A", "--name", "  "], "--name"),
    (["127.0.0.1:5", "--code", "!!", "--name", "Zoe"], "--code"),
    (["127.0.0.1:5", "--code", "A", "--name", "Player 2"], "a word the tables use for a seat"),
    (["127.0.0.1:5", "--code", "A", "--name", "Gospodarz"], "a word the tables use for a seat"),
])
def test_bad_arguments_are_one_line_and_status_2(capsys, tmp_path, args, says):
    assert main([*args, "--profile", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("lama-desktop join: error:") and says in err


def test_join_waits_for_a_serve_killed_and_resumed_and_plays_on(tmp_path):
    """``serve`` is killed (-9) mid-game and started again with ``--resume`` on its port: the join command, which
    saw its host vanish, rejoins with its kept token and plays to the end."""
    env = {**os.environ, "LAMA_NET_LOOPBACK": "1"}
    port = free_port()
    serve = [sys.executable, "-m", "lama_desktop", "serve", "--game", sample_game(), "--seats", "remote,easy",
             "--port", str(port), "--profile", str(tmp_path / "host"), "--no-advert"]
    first = subprocess.Popen([*serve, "--code", "ABCDE"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             env=env)
    seat = None
    try:
        wait_for(lambda: _listening(port), what="serve listening")
        seat = join(port, tmp_path / "zoe", "--pace", "0.1")
        events(seat, lambda e: e["event"] == "move" and e["mine"] and e["n"] >= 2)
        first.kill()
        first.wait(WAIT)
        events(seat, lambda e: e["event"] == "lost")
        again = subprocess.Popen([*serve, "--resume"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        try:
            back = events(seat, lambda e: e["event"] == "welcome")[-1]
            assert back["rejoined"] is True and back["seat"] == 0 and back["moves"] >= 3
            assert events(seat, lambda e: e["event"] == "game_over")[-1]["scores"]
            assert seat.wait(WAIT) == 0
        finally:
            again.kill()
            again.wait(WAIT)
    finally:
        first.kill()
        if seat is not None and seat.poll() is None:
            seat.kill()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
    except OSError:
        return False
    return True


@pytest.mark.parametrize("tool", ["join", "serve"])
def test_a_profile_another_copy_holds_is_refused_in_one_line_not_read_as_empty(capsys, tmp_path, tool):
    """The app holds the profile (its lock): ``join`` found no kept seat there and asked the table for a new one
    (refused "table full" — or, worse, given a second seat), and ``serve`` would start without its save. Both say
    the profile is in use, in one line, status 2, and never touch the table."""
    from lama_desktop.serve import main as serve_main

    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "held"  # another process (the app) holds the profile
    try:
        argv = (["127.0.0.1:5", "--code", "ABCD", "--name", "Zoe"] if tool == "join"
                else ["--game", sample_game(), "--seats", "remote,easy", "--port", "0", "--bind", "127.0.0.1",
                      "--no-advert"])
        run = main if tool == "join" else serve_main
        assert run([*argv, "--profile", str(tmp_path)]) == 2
        err = capsys.readouterr().err.strip().splitlines()[-1]
        assert err.startswith(f"lama-desktop {tool}: error:") and "another copy of the app is using" in err
    finally:
        holder.kill()
        holder.wait()


HOLD = """import sys, time
from lama_desktop.storage import Storage
held = Storage(profile=sys.argv[1])
held.database()
print("held", flush=True)
time.sleep(120)
"""
