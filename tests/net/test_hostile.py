"""Hostile clients (issue 25, Security): wrong codes and versions, malformed, oversized and binary messages, moves
for other seats, out of turn and illegal, forged and replayed seat tokens, floods, half-open connections, slow
readers, abrupt disconnects, bad reactions and names. In every case the host refuses or closes only the offending
connection: the game's state and record are unchanged by it, and the well-behaved client at seat 0 of the same
game is still served (``Table.check_serving``: its Ping is answered and its move is played and comes back)."""

from __future__ import annotations

import asyncio
import json
import socket

import pytest
import websockets
from websockets.sync.client import connect as ws_connect

from lama_desktop.net import codes
from lama_desktop.net import protocol as p
from lama_desktop.net.client import JoinRefused, Lost, TableClient
from lama_desktop.net.limits import Limits
from lama_desktop.games import GAMES

from .conftest import FAST, WAIT, Inbox, Table, wait_for

V = p.PROTOCOL_VERSION


def raw_connect(table: Table, **kw):
    """A raw WebSocket to the host (closed with the table)."""
    return table.stack.enter_context(ws_connect(f"ws://127.0.0.1:{table.port}/", compression=None, proxy=None,
                                                open_timeout=WAIT, max_size=None, **kw))


def hello(table: Table, **fields) -> str:
    data = {"type": "Hello", "v": V, "code": table.host.code, "name": "Eve", "token": None}
    data.update(fields)
    return json.dumps(data)


def read_until_closed(ws) -> tuple[list, int | None]:
    """Every message until the host closes the connection, and its close code."""
    got = []
    while True:
        try:
            raw = ws.recv(timeout=WAIT)
        except websockets.ConnectionClosed as closed:
            return got, closed.rcvd.code if closed.rcvd else None
        got.append(p.decode_host(raw))


def seated(table: Table) -> tuple:
    """A raw connection holding seat 1 (its Welcome read)."""
    ws = raw_connect(table)
    ws.send(hello(table))
    welcome = p.decode_host(ws.recv(timeout=WAIT))
    assert isinstance(welcome, p.Welcome) and welcome.seat == 1
    return ws, welcome


def unchanged(table: Table, before) -> None:
    assert table.snapshot() == before


# -- joining -------------------------------------------------------------------------------------------------
WRONG_CODES = ["", "AAAAA", "XXXXXX", "0", "'; DROP TABLE", "A" * 16]


@pytest.mark.parametrize("code", WRONG_CODES)
def test_wrong_code_is_refused_without_saying_which_part(table, code):
    before = table.snapshot()
    ws = raw_connect(table)
    ws.send(hello(table, code=code))
    got, close = read_until_closed(ws)
    assert [type(m) for m in got] == [p.Refused, p.Bye] and got[0].code == codes.JOIN
    assert "code" not in got[0].text.split(":")[0] and close == codes.CLOSE_REFUSED
    unchanged(table, before)
    table.check_serving()


def _forged_tokens(table: Table) -> list[str]:
    good = table.good.token
    flipped = good[:-1] + ("A" if good[-1] != "A" else "B")
    return ["x" * 32, flipped, good[:-1], "", good.upper() if good.upper() != good else good.lower()]


@pytest.mark.parametrize("which", range(5))
def test_forged_seat_token_is_refused_like_a_wrong_code(table, which):
    before = table.snapshot()
    ws = raw_connect(table)
    ws.send(hello(table, token=_forged_tokens(table)[which]))
    got, close = read_until_closed(ws)
    assert got and isinstance(got[0], p.Refused) and got[0].code == codes.JOIN and close == codes.CLOSE_REFUSED
    unchanged(table, before)
    table.check_serving()


def test_a_real_token_with_a_wrong_code_gets_the_same_refusal(table):
    ws = raw_connect(table)
    ws.send(hello(table, code="WRONG", token=table.good.token))
    got, _close = read_until_closed(ws)
    ws2 = raw_connect(table)
    ws2.send(hello(table, code="WRONG"))
    got2, _ = read_until_closed(ws2)
    assert got[0].code == got2[0].code == codes.JOIN and got[0].text == got2[0].text
    assert table.host.connected_seats() == [0]
    table.check_serving()


def test_repeated_failures_make_the_next_joins_wait_but_a_right_code_still_gets_in():
    table = Table(limits=Limits(**{**FAST.__dict__, "free_failures": 1, "failure_delay": 0.05}))
    try:
        for _ in range(4):
            ws = raw_connect(table)
            ws.send(hello(table, code="NOPE"))
            got, _ = read_until_closed(ws)
            assert got[0].code == codes.JOIN
        assert table.host.call(lambda: table.host._failures.count("127.0.0.1")) == 4
        assert table.host.call(lambda: table.host._failures.delay("127.0.0.1")) > 0
        late = table.join("Late")  # waits its turn, then is let in
        assert late.seat == 1
        table.check_serving()
    finally:
        table.close()


@pytest.mark.parametrize("version", [0, 1, V + 1, 99, -1])
def test_wrong_version_is_refused_with_both_versions(table, version):
    before = table.snapshot()
    ws = raw_connect(table)
    ws.send(hello(table, v=version))
    got, close = read_until_closed(ws)
    assert got[0].code == codes.VERSION and got[0].params == {"host": V, "client": version}
    assert close == codes.CLOSE_POLICY
    unchanged(table, before)
    table.check_serving()


@pytest.mark.parametrize("name", ["", "   ", "\x00\x01\x02", "\n\t\r"])
def test_a_name_with_no_letter_is_refused(table, name):
    ws = raw_connect(table)
    ws.send(hello(table, name=name))
    got, _ = read_until_closed(ws)
    assert got[0].code == codes.NAME
    assert table.session.seats[1].name == "B" and 1 not in table.host.claimed
    table.check_serving()


@pytest.mark.parametrize("name, shown", [("Ev\x07e\x1b[31m", "Eve[31m"), ("Zoë" * 10, ("Zoë" * 10)[:24]),
                                         ("  Anna   Maria  ", "Anna Maria")])
def test_names_are_cleaned_before_anybody_sees_them(table, name, shown):
    client = table.join(name)
    status = table.inbox.expect(p.Status, lambda m: m.seats[1].joined)
    assert status.seats[1].name == shown == table.session.seats[1].name == client.welcome.names[1]
    table.check_serving()


def test_a_name_too_long_for_the_schema_closes_the_connection(table):
    ws = raw_connect(table)
    ws.send(hello(table, name="N" * 65))
    got, close = read_until_closed(ws)
    assert close == codes.CLOSE_POLICY and not any(isinstance(m, p.Welcome) for m in got)
    table.check_serving()


def test_a_full_table_refuses_a_newcomer(table):
    table.join("Bea")
    ws = raw_connect(table)
    ws.send(hello(table, name="Third"))
    got, _ = read_until_closed(ws)
    assert got[0].code == codes.FULL
    table.check_serving()


@pytest.mark.parametrize("first", [
    {"type": "Move", "v": V, "seq": 1, "move": "draw"}, {"type": "Reaction", "v": V, "key": "nice"},
    {"type": "Ping", "v": V, "seq": 1}])
def test_anything_but_a_hello_first_is_refused(table, first):
    before = table.snapshot()
    ws = raw_connect(table)
    ws.send(json.dumps(first))
    got, _ = read_until_closed(ws)
    assert got[0].code == codes.HELLO_FIRST and not table.inbox.of(p.ReactionShown)
    unchanged(table, before)
    table.check_serving()


# -- malformed, oversized, binary: before and after joining ---------------------------------------------------
MALFORMED = {
    "truncated": "{", "not-json": "hello there", "array": "[]", "null": "null", "number": "1", "empty": "",
    "no-version": '{"type": "Move", "seq": 1, "move": "draw"}', "unknown-tag": json.dumps({"type": "Exec", "v": V}),
    "unknown-field": json.dumps({"type": "Ping", "v": V, "seq": 1, "path": "/etc/passwd"}),
    "seq-as-text": json.dumps({"type": "Move", "v": V, "seq": "1", "move": "draw"}),
    "move-as-number": json.dumps({"type": "Move", "v": V, "seq": 1, "move": 3}),
    "negative-seq": json.dumps({"type": "Move", "v": V, "seq": -5, "move": "draw"}),
    "huge-seq": json.dumps({"type": "Move", "v": V, "seq": 2 ** 70, "move": "draw"}),
    "deep-nesting": '{"type": "Ping", "v": %d, "x": ' % V + "[" * 1500 + "]" * 1500 + "}",
    "seat-field": json.dumps({"type": "Move", "v": V, "seq": 1, "move": "draw", "seat": 1}),
}


@pytest.mark.parametrize("stage", ["before-hello", "seated"])
@pytest.mark.parametrize("kind", sorted(MALFORMED))
def test_malformed_messages_close_only_that_connection(table, stage, kind):
    ws = raw_connect(table)
    if stage == "seated":
        ws.close()
        ws, _welcome = seated(table)
    before = table.snapshot()
    ws.send(MALFORMED[kind])
    got, close = read_until_closed(ws)
    assert close == codes.CLOSE_POLICY and got and isinstance(got[-1], p.Bye) and got[-1].reason == "protocol"
    unchanged(table, before)
    if stage == "seated":  # the seat stays its owner's: away now
        status = table.inbox.expect(p.Status, lambda m: m.seats[1].joined and not m.seats[1].connected)
        assert status.seats[1].joined
    table.check_serving()


@pytest.mark.parametrize("stage", ["before-hello", "seated"])
@pytest.mark.parametrize("payload", ["json-bytes", "garbage-bytes"])
def test_binary_frames_close_the_connection(table, stage, payload):
    ws = seated(table)[0] if stage == "seated" else raw_connect(table)
    data = p.encode(p.Ping(seq=1)) if payload == "json-bytes" else bytes(range(256))
    ws.send(data)  # bytes: a binary frame
    got, close = read_until_closed(ws)
    assert close == codes.CLOSE_UNSUPPORTED and not any(isinstance(m, p.Pong) for m in got)
    table.check_serving()


@pytest.mark.parametrize("stage", ["before-hello", "seated"])
@pytest.mark.parametrize("size", [FAST.max_message_bytes + 1, 1 << 20])
def test_oversized_messages_close_the_connection(table, stage, size):
    ws = seated(table)[0] if stage == "seated" else raw_connect(table)
    before = table.snapshot()
    ws.send(json.dumps({"type": "Ping", "v": V, "pad": "x" * size}))
    _got, close = read_until_closed(ws)
    assert close == codes.CLOSE_TOO_BIG
    unchanged(table, before)
    table.check_serving()


def test_invalid_utf8_in_a_text_frame_closes_the_connection(table):
    ws, _ = seated(table)
    ws.send(b'{"type": "Ping", "v": %d, "x": "\xff\xfe"}' % V, text=True)
    _got, close = read_until_closed(ws)
    assert close == 1007  # invalid frame payload data (websockets checks UTF-8)
    table.check_serving()


# -- moves ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("move", ["draw", "play 1", "quit", "play 7"])
def test_moves_out_of_turn_are_refused_and_the_connection_stays(table, move):
    eve = table.join("Eve")
    box = Inbox(eve)
    before = table.snapshot()
    seq = eve.send_move(move)
    refused = box.expect(p.Refused, lambda m: m.seq == seq)
    assert refused.code == codes.NOT_YOUR_TURN
    unchanged(table, before)
    assert eve.connected
    table.check_serving()
    table.check_serving(eve, box)  # still served too


@pytest.mark.parametrize("move", ["play 99", "fly", "play", "draw draw", "", "   ", "play -1", "PLAY 1e5",
                                  "../../etc/passwd", "__import__('os').system('touch x')"])
def test_illegal_moves_on_its_own_turn_are_refused_by_the_engine(table, move, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    eve = table.join("Eve")
    box = Inbox(eve)
    table.check_serving()  # seat 0 moves: now seat 1 (Eve) is to play
    wait_for(lambda: table.snapshot()[2] == 1, what="Eve's turn")
    before = table.snapshot()
    seq = eve.send_move(move)
    refused = box.expect(p.Refused, lambda m: m.seq == seq)
    assert refused.code.split(".")[0] in ("core", GAMES[table.session.record.game_id].domain), refused
    unchanged(table, before)
    assert list(tmp_path.iterdir()) == []  # no message makes the host write a file
    legal = table.legal(1)[0]
    eve.send_move(legal)  # the game goes on: the good client sees Eve's real move
    update = table.inbox.expect(p.Update, lambda m: m.mover == 1)
    assert update.move == legal
    table.check_serving()


def test_a_second_hello_on_a_seated_connection_is_refused(table):
    ws, _ = seated(table)
    ws.send(hello(table, name="Again"))
    refused = p.decode_host(ws.recv(timeout=WAIT))
    while not isinstance(refused, p.Refused):
        refused = p.decode_host(ws.recv(timeout=WAIT))
    assert refused.code == codes.ALREADY_JOINED
    ws.send(json.dumps({"type": "Ping", "v": V, "seq": 5}))
    got = [p.decode_host(ws.recv(timeout=WAIT)) for _ in range(1)]
    while not isinstance(got[-1], p.Pong):
        got.append(p.decode_host(ws.recv(timeout=WAIT)))
    assert table.session.seats[1].name == "Eve"
    table.check_serving()


# -- tokens --------------------------------------------------------------------------------------------------
def test_two_clients_with_the_same_token_the_newer_keeps_the_seat(table):
    eve = table.join("Eve")
    box = Inbox(eve)
    before = table.snapshot()
    twin = TableClient("127.0.0.1", table.port, code=table.host.code, name="Twin", token=eve.token)
    table.clients.append(twin)
    welcome = twin.connect(WAIT)
    assert welcome.seat == 1 and welcome.view == eve.welcome.view and welcome.token == eve.token
    bye = box.expect(p.Bye)
    assert bye.reason == codes.BYE_REPLACED
    wait_for(lambda: not eve.connected, what="the older connection closed")
    assert table.host.connected_seats() == [0, 1] and table.session.seats[1].name == "Eve"
    unchanged(table, before)
    table.check_serving()
    table.check_serving(twin, Inbox(twin))


def test_a_replayed_hello_of_the_good_seat_from_another_seat_cannot_move_for_it(table):
    """A client that replays seat 0's token takes seat 0 over (the token is the seat's key); it never gets to move
    for any other seat, and a Move has no seat field at all to forge."""
    eve = table.join("Eve")
    ws = raw_connect(table)
    ws.send(hello(table, token=eve.token))
    welcome = p.decode_host(ws.recv(timeout=WAIT))
    assert welcome.seat == 1
    before = table.snapshot()
    ws.send(json.dumps({"type": "Move", "v": V, "seq": 1, "move": table.legal(0)[0]}))  # seat 0 is to play
    msgs = []
    while not any(isinstance(m, p.Refused) for m in msgs):
        msgs.append(p.decode_host(ws.recv(timeout=WAIT)))
    assert [m for m in msgs if isinstance(m, p.Refused)][0].code == codes.NOT_YOUR_TURN
    unchanged(table, before)
    table.check_serving()


# -- floods, half-open connections, slow readers, abrupt ends -------------------------------------------------
@pytest.mark.parametrize("what", ["ping", "move"])
def test_a_flood_closes_that_connection_only(table, what):
    ws, _ = seated(table)
    before = table.snapshot()
    msg = json.dumps({"type": "Ping", "v": V, "seq": 1} if what == "ping"
                     else {"type": "Move", "v": V, "seq": 1, "move": "draw"})
    try:
        for _ in range(FAST.burst * 20):
            ws.send(msg)
    except websockets.ConnectionClosed:
        pass
    got, close = read_until_closed(ws)
    assert close == codes.CLOSE_FLOOD and got and got[-1].reason == codes.BYE_FLOOD
    unchanged(table, before)
    table.check_serving()


def test_reactions_are_rate_limited_then_refused(table):
    eve = table.join("Eve")
    box = Inbox(eve)
    for _ in range(FAST.reactions + 2):
        eve.send_reaction("wow")
    refused = box.expect(p.Refused, lambda m: m.code == codes.REACTION_RATE)
    assert refused and eve.connected
    wait_for(lambda: len(table.inbox.of(p.ReactionShown)) >= FAST.reactions, what="the reactions shown")
    table.check_serving()
    assert len(table.inbox.of(p.ReactionShown)) == FAST.reactions  # the extra ones never reached anybody
    assert all(m.seat == 1 and m.key == "wow" for m in table.inbox.of(p.ReactionShown))


@pytest.mark.parametrize("key", ["", "evil", "nice ", "NICE", "x" * 5000])
def test_reactions_with_unknown_keys_close_the_connection(table, key):
    ws, _ = seated(table)
    ws.send(json.dumps({"type": "Reaction", "v": V, "key": key}))
    _got, close = read_until_closed(ws)
    assert close in (codes.CLOSE_POLICY, codes.CLOSE_TOO_BIG)
    table.check_serving()
    assert not table.inbox.of(p.ReactionShown)


def _tcp(table: Table) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", table.port), timeout=WAIT)
    sock.settimeout(WAIT)
    return sock


def _closed_by_host(sock: socket.socket) -> bool:
    try:
        while sock.recv(4096):
            pass
    except ConnectionResetError:
        pass
    return True


@pytest.mark.parametrize("opening", [b"", b"GET / HTTP/1.1\r\nHost: x\r\n", b"\x16\x03\x01\x02\x00\x01"])
def test_half_open_connections_are_closed_by_the_host(table, opening):
    sock = _tcp(table)
    sock.sendall(opening)  # then nothing: the host's open timeout ends it
    table.check_serving()
    assert _closed_by_host(sock)
    table.check_serving()


def test_a_websocket_that_never_says_hello_is_closed(table):
    ws = raw_connect(table)
    got, close = read_until_closed(ws)
    assert close == codes.CLOSE_TIMEOUT and got[-1].reason == codes.BYE_TIMEOUT
    table.check_serving()


def test_plain_http_is_answered_and_forgotten(table):
    sock = _tcp(table)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 4")  # not a WebSocket upgrade
    table.check_serving()


@pytest.mark.parametrize("stage", ["before-hello", "seated"])
def test_an_abrupt_disconnect_mid_message_keeps_the_seat(table, stage):
    ws = seated(table)[0] if stage == "seated" else raw_connect(table)
    before = table.snapshot()
    sock = ws.socket
    sock.sendall(b"\x81\xfe\x01\x00" + b"\x00" * 4 + b'{"type": "Pi')  # a masked text frame cut short
    sock.shutdown(socket.SHUT_RDWR)
    sock.close()
    if stage == "seated":
        status = table.inbox.expect(p.Status, lambda m: m.seats[1].joined and not m.seats[1].connected)
        assert status.seats[1].joined and status.seats[1].away_for is not None
    unchanged(table, before)
    table.check_serving()


def test_a_slow_reader_is_dropped_and_nobody_waits_for_it():
    table = Table(limits=Limits(**{**FAST.__dict__, "send_queue": 4}))
    try:
        eve = table.join("Eve")
        stuck = []

        def block_eve():  # Eve's socket stops taking data: the host's sends to her never complete
            conn = table.host._owner[1]

            async def never(*_args, **_kw):
                stuck.append(1)
                await asyncio.Event().wait()

            conn.ws.send = never

        table.host.call(block_eve)
        for _ in range(40):  # moves and statuses pile up in Eve's queue while seat 0 is served as usual
            if 1 not in table.host.connected_seats():
                break
            if table.snapshot()[2] == 1:
                eve.send_move(table.legal(1)[0])
                wait_for(lambda: table.snapshot()[2] != 1, what="Eve's move")
            else:
                table.check_serving()
        wait_for(lambda: 1 not in table.host.connected_seats(), what="Eve dropped")
        assert stuck
        wait_for(lambda: not eve.connected, what="Eve sees the connection end")
        assert any(isinstance(m, Lost) for m in eve.messages())
        status = table.inbox.expect(p.Status, lambda m: m.seats[1].joined and not m.seats[1].connected)
        assert status.seats[1].joined  # the seat is kept
        table.check_serving()
    finally:
        table.close()


def test_a_client_that_never_reads_does_not_slow_the_others(table):
    ws, _ = seated(table)  # never reads again
    ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    for _ in range(10):
        table.check_serving()
        wait_for(lambda: table.snapshot()[2] in (0, 1), what="a remote seat's turn")
        if table.snapshot()[2] == 1:
            ws.send(json.dumps({"type": "Move", "v": V, "seq": 1, "move": table.legal(1)[0]}))
            wait_for(lambda: table.snapshot()[2] != 1, what="Eve's move")
    assert len(table.snapshot()[1]) >= 10


def test_too_many_connections_from_one_address_are_turned_away():
    table = Table(limits=Limits(**{**FAST.__dict__, "max_per_address": 3, "hello_timeout": 5.0}))
    try:
        open_ = [raw_connect(table) for _ in range(2)]  # with the good client: 3
        extra = raw_connect(table)
        _got, close = read_until_closed(extra)
        assert close == codes.CLOSE_CAPACITY
        table.check_serving()
        for ws in open_:
            ws.close()
    finally:
        table.close()


def test_a_join_refused_client_raises_join_refused(table):
    with pytest.raises(JoinRefused) as error:
        table.join("Mallory", code="NOPE1")
    assert error.value.code == codes.JOIN
    table.check_serving()


def test_the_host_answers_nothing_for_a_flood_of_connections_it_cannot_take(table):
    socks = [_tcp(table) for _ in range(20)]
    for sock in socks:
        sock.sendall(b"\x00" * 64)
    table.check_serving()
    for sock in socks:
        assert _closed_by_host(sock)
    table.check_serving()
