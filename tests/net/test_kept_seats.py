"""Rejoin after a crash or restart (issue 31): the seat a player joined is kept in the profile's ``SeatBook``
(``net/seatkeep.py`` over the storage's ``seat_book``), so a new ``TableClient`` made from the book read back from
disk (a restarted app, a new ``lama-desktop join``) takes the seat back with its token: inside the takeover time
(nobody played for them) and after it (the stand-in bot hands the seat back at once), at a table whose host was
itself restarted from its save. A person with a valid token is never told "table full"; a table gone for good says
so; the token never reaches a log line."""

from __future__ import annotations

import logging

import pytest

from lama_desktop.core.session import GameSession
from lama_desktop.net import codes
from lama_desktop.net import protocol as p
from lama_desktop.net.client import JoinRefused, TableClient
from lama_desktop.net.host import TableHost
from lama_desktop.net.remote_session import RemoteSession
from lama_desktop.net.seatkeep import NO_ANSWER, SEAT_UNKNOWN, SeatKeeper, connect_kept, gone_reason, kept_seat
from lama_desktop.storage import Storage

from .conftest import FAST, WAIT, Inbox, Table, wait_for
from .test_rejoin import play_to_the_end


def join_kept(table: Table, profile, name: str = "Eve") -> tuple[TableClient, SeatKeeper]:
    """What the app's Join and ``lama-desktop join`` do: the kept seat's token if the profile has one, then the
    seat kept as soon as the host welcomed."""
    book = Storage(profile=profile).seat_book  # read from disk each time: a restarted app's book
    kept = kept_seat(book, "127.0.0.1", table.port, table.host.code.lower())
    client = TableClient("127.0.0.1", table.port, code=table.host.code, name=name,
                         token=kept.token if kept else None)
    table.clients.append(client)
    connect_kept(client, WAIT)
    return client, SeatKeeper(book, client)


def crash(client: TableClient) -> None:
    """The app is killed: its connection drops without a word, its memory (the token) is gone."""
    client.close()
    client.token = None


def until_turn(table: Table, seat: int) -> None:
    """The good client (seat 0) plays its turns, the bots theirs, until ``seat`` is to move."""
    for _ in range(200):
        current = table.snapshot()[2]
        if current == seat:
            return
        if current == 0:
            table.check_serving()
        else:
            wait_for(lambda current=current: table.snapshot()[2] != current, what=f"seat {current}'s move")
    raise AssertionError(f"seat {seat} never came to play")


def eves_move(table: Table, eve: TableClient) -> None:
    until_turn(table, 1)
    eve.send_move(table.legal(1)[0])
    wait_for(lambda: table.snapshot()[2] != 1, what="Eve's move applied")


def test_a_restarted_app_takes_its_seat_back_inside_the_takeover_time_with_the_whole_history(tmp_path):
    table = Table(takeover_after=60.0)
    try:
        eve, _keeper = join_kept(table, tmp_path)
        eves_move(table, eve)
        wait_for(lambda: table.snapshot()[2] == 0, what="seat 0's turn")  # nothing moves now until seat 0 does
        crash(eve)
        table.inbox.expect(p.Status, lambda m: not m.seats[1].connected and m.seats[1].takeover_in is not None)
        stranger = TableClient("127.0.0.1", table.port, code=table.host.code, name="Eve")
        with pytest.raises(JoinRefused) as refused:  # without the kept token: the old "table full"
            stranger.connect(WAIT)
        assert refused.value.code == codes.FULL

        back, _keeper = join_kept(table, tmp_path)
        assert back.welcome.seat == 1 and back.welcome.names[1] == "Eve"
        moves = table.snapshot()[1]
        assert [h.move for h in back.welcome.history] == moves and any(h.mover == 1 for h in back.welcome.history)
        assert table.host.call(lambda: dict(table.session.stand_ins)) == {}  # nobody played for her
        table.inbox.expect(p.Status, lambda m: m.seats[1].connected)
    finally:
        table.close()


def test_after_the_takeover_time_the_stand_in_bot_hands_the_seat_back_at_once(tmp_path):
    table = Table(takeover_after=0.05, takeover_level="easy")
    try:
        eve, _keeper = join_kept(table, tmp_path)
        crash(eve)
        table.inbox.expect(p.Status, lambda m: m.seats[1].bot_level == "easy")
        table.check_serving()
        table.inbox.expect(p.Update, lambda m: m.mover == 1)  # the stand-in played her seat

        back, _keeper = join_kept(table, tmp_path)
        box = Inbox(back)
        assert back.welcome.seat == 1 and any(h.mover == 1 for h in back.welcome.history)
        assert table.host.call(lambda: dict(table.session.stand_ins)) == {}
        table.inbox.expect(p.Status, lambda m: m.seats[1].connected and m.seats[1].bot_level is None)
        until_turn(table, 1)
        assert table.host.call(lambda: table.session.is_human(1))  # the bot waits: the seat is hers again
        back.send_move(table.legal(1)[0])
        box.expect(p.Update, lambda m: m.mover == 1)
    finally:
        table.close()


def test_a_restarted_host_resumes_its_table_and_kept_seats_come_back(tmp_path):
    table = Table(tmp_path / "host", takeover_after=0.2, takeover_level="easy")
    try:
        eve, _keeper = join_kept(table, tmp_path / "eve")
        eves_move(table, eve)
        wait_for(lambda: table.snapshot()[2] == 0, what="seat 0's turn")  # nothing moves now until seat 0 does
        port, before = table.port, table.snapshot()[1]
        table.host.stop()  # (the save is written after every move; a stop is the cleanest "crash" in-process)
        crash(eve)
        saved = Storage(tmp_path / "host").load_save()
        session = GameSession.from_save(saved, storage=Storage(tmp_path / "host"), pace="instant")
        table.host, table.session = TableHost.resume(session, port=port, limits=FAST).start(), session
        # nobody is back yet: the away clocks run on the resumed table, so a bot would play for whoever is gone
        status = table.host.status()
        assert status.seats[1].away_for is not None and status.seats[1].takeover_in is not None

        back, _keeper = join_kept(table, tmp_path / "eve")
        assert back.welcome.seat == 1 and [h.move for h in back.welcome.history] == before
        table.good.messages()  # the stopped host's Bye
        table.good.rejoin(WAIT)
        table.inbox = Inbox(table.good)
        table.check_serving()
    finally:
        table.close()


def test_a_seat_left_away_on_a_resumed_table_is_played_by_the_stand_in(tmp_path):
    table = Table(tmp_path, takeover_after=0.05, takeover_level="easy")
    eve = table.join("Eve")
    eves_move(table, eve)
    port = table.port
    table.host.stop()
    table.close()
    session = GameSession.from_save(Storage(tmp_path).load_save(), storage=Storage(tmp_path), pace="instant")
    host = TableHost.resume(session, port=port, limits=FAST).start()
    try:
        good = TableClient("127.0.0.1", port, code=host.code, name="Good", token=table.good.token)
        good.connect(WAIT)
        box = Inbox(good)
        box.expect(p.Status, lambda m: m.seats[1].bot_level == "easy")
        moves = len(session.record.moves)

        sent_at = []

        def stand_in_played() -> bool:  # Good plays seat 0's turns (once per position); the stand-in Eve's
            now, current = host.call(lambda: (len(session.record.moves), session.current_player))
            if current == 0 and now not in sent_at:
                sent_at.append(now)
                good.send_move(host.call(lambda: [str(m) for m in session.view(0).legal_moves()])[0])
            return any(u.mover == 1 and u.n >= moves for u in box.of(p.Update))

        wait_for(stand_in_played, what="the stand-in's move for Eve")
        good.close()
    finally:
        host.stop()


def test_a_valid_token_is_never_told_table_full(tmp_path):
    table = Table()
    try:
        eve, _keeper = join_kept(table, tmp_path)
        for _ in range(3):  # every seat claimed, and the same token from a new connection each time
            client, _keeper = join_kept(table, tmp_path)
            assert client.welcome.seat == 1
        forged = TableClient("127.0.0.1", table.port, code=table.host.code, name="Eve", token="x" * 32)
        with pytest.raises(JoinRefused) as refused:
            forged.connect(WAIT)
        assert refused.value.code == codes.JOIN
        del eve
    finally:
        table.close()


def test_a_table_gone_for_good_is_named_and_the_seat_can_be_given_up(tmp_path):
    table = Table()
    eve, keeper = join_kept(table, tmp_path)
    port, code = table.port, table.host.code
    table.close()
    crash(eve)
    book = Storage(profile=tmp_path).seat_book
    kept = kept_seat(book, "127.0.0.1", port, code)
    assert kept is not None and kept.seat == 1
    nobody = TableClient("127.0.0.1", port, code=code, name="Eve", token=kept.token)
    sleeps = []
    with pytest.raises(OSError) as error:
        connect_kept(nobody, 2.0, sleep=sleeps.append)
    assert gone_reason(error.value) == NO_ANSWER and len(sleeps) == 2  # tried three times

    other = Table(seats=None)  # a new game now: a table that does not know the kept token
    try:
        stale = TableClient("127.0.0.1", other.port, code=other.host.code, name="Eve", token=kept.token)
        with pytest.raises(JoinRefused) as refused:
            connect_kept(stale, WAIT)
        assert gone_reason(refused.value) == SEAT_UNKNOWN
    finally:
        other.close()
    keeper.forget()  # the player gives the seat up
    assert kept_seat(Storage(profile=tmp_path).seat_book, "127.0.0.1", port, code) is None


def test_the_seat_is_updated_as_the_game_goes_and_forgotten_at_its_end(tmp_path):
    table = Table()
    try:
        eve, keeper = join_kept(table, tmp_path)
        session = RemoteSession(eve)
        eves_move(table, eve)
        wait_for(lambda: (session.poll(), session.take_played(), session.moves_played)[2] >= 2, what="moves seen")
        keeper.seen(session)
        kept = kept_seat(Storage(profile=tmp_path).seat_book, "127.0.0.1", table.port, table.host.code)
        assert kept.players == session.names and kept.summary["moves"] == session.moves_played
        assert kept.updated_at and kept.game_id == session.game_id
        play_to_the_end(table, [(table.good, table.inbox), (eve, None)])  # Eve's messages are her session's
        wait_for(lambda: (session.poll(), session.take_played(), session.final)[2] is not None and session.is_over,
                 what="the end seen")
        keeper.seen(session)
        assert kept_seat(Storage(profile=tmp_path).seat_book, "127.0.0.1", table.port, table.host.code) is None
    finally:
        table.close()


def test_the_token_never_reaches_a_log_line(tmp_path, caplog):
    caplog.set_level(logging.DEBUG, logger="lama_desktop")
    table = Table(takeover_after=0.05)
    try:
        eve, _keeper = join_kept(table, tmp_path)
        token = eve.token
        crash(eve)
        back, _keeper = join_kept(table, tmp_path)
        assert back.welcome.seat == 1
        kept = kept_seat(Storage(profile=tmp_path).seat_book, "127.0.0.1", table.port, table.host.code)
        logging.getLogger("lama_desktop.test").info("kept %r", kept)
        assert token not in caplog.text and token not in repr(kept) and token not in str(kept)
    finally:
        table.close()
