"""The wire format (lama_desktop/net/protocol.py): every message round-trips as JSON, anything malformed, oversized,
of another version or shape is a ProtocolError with its code; the loopback switch and the limits' bookkeeping."""

from __future__ import annotations

import json
import threading
import typing

import pytest

from lama_desktop.net import protocol as p
from lama_desktop.net.limits import FailureBook, Limits, TokenBucket
from lama_desktop.net.loopback import LoopbackOnly, bind_hosts, check_address, is_loopback, loopback_only
from registry_games import sample_game

STATUS = p.Status(seats=[p.SeatStatus(name="Anna", kind="remote", connected=False, away_for=12.5,
                                      takeover_in=77.5),
                         p.SeatStatus(name="Bot", kind="bot", connected=True, bot_level="hard")], started=True)
FACTS = p.Facts(current=1, over=False, scores=[3, 40, 12], winners=[], legal=["play 3", "draw", "quit"])
CLIENT_MESSAGES = [p.Hello(code="K7QXM", name="Anna"), p.Hello(code="K7QXM", name="Anna", token="t" * 32),
                   p.Move(seq=3, move="play 3"), p.Reaction(key="nice"), p.Ping(seq=9)]
HOST_MESSAGES = [
    p.Welcome(seat=1, token="x" * 32, game_id=sample_game(), variants=[], players=3, names=["a", "b", "c"],
              kinds=["remote", "remote", "bot"], view={"hand": [1, 2]}, facts=FACTS, status=STATUS,
              reactions=["nice"],
              history=[p.HistoryItem(n=0, mover=0, move="draw", events=[{"kind": "draw", "seat": 0,
                                                                         "data": {"card": None}}])],
              takeover_after=90.0),
    p.Update(n=4, mover=2, move="play 5", events=[{"kind": "play", "seat": 2, "data": {"card": 5}}], view={},
             facts=p.Facts(current=-1, over=True, scores=[3, 40, 12], winners=[0], legal=[])),
    p.Refused(code="net.not_your_turn", text="it is not your turn", params={"name": "Bob"}, seq=4),
    STATUS, p.ReactionShown(seat=0, key="oops"), p.GameOver(scores=[3, 40], winners=[0]), p.Pong(seq=2),
    p.Bye(reason="stopped")]


@pytest.mark.parametrize("msg", CLIENT_MESSAGES, ids=lambda m: type(m).__name__)
def test_client_messages_round_trip_as_tagged_versioned_json(msg):
    data = p.encode(msg)
    raw = json.loads(data)
    assert raw["type"] == type(msg).__name__ and raw["v"] == p.PROTOCOL_VERSION
    assert p.decode_client(data) == msg
    assert p.decode_client(data.decode()) == msg  # a text frame arrives as str
    with pytest.raises(p.ProtocolError) as error:
        p.decode_host(data)  # a client's message is no host message
    assert error.value.code == p.SCHEMA


@pytest.mark.parametrize("msg", HOST_MESSAGES, ids=lambda m: type(m).__name__)
def test_host_messages_round_trip(msg):
    data = p.encode(msg)
    assert json.loads(data)["type"] == type(msg).__name__
    assert p.decode_host(data) == msg


def _raw(**fields) -> bytes:
    return json.dumps({"v": p.PROTOCOL_VERSION, **fields}).encode()


@pytest.mark.parametrize("data, code", [
    (b"{", p.MALFORMED), (b"", p.MALFORMED), (b"not json", p.MALFORMED), (b"\xff\xfe", p.MALFORMED),
    (b"[]", p.SCHEMA), (b"null", p.SCHEMA), (b"7", p.SCHEMA), (b'{"type": "Ping"}', p.SCHEMA),
    (b'{"type": "Ping", "v": "2"}', p.SCHEMA), (_raw(type="Ping", v=p.PROTOCOL_VERSION + 1), p.VERSION),
    (b'{"type": "Ping", "v": 1}', p.VERSION),
    (b'{"type": "Ping", "v": 0}', p.VERSION), (b'{"type": "Ping", "v": -1}', p.VERSION),
    (_raw(type="Zap"), p.SCHEMA), (_raw(), p.SCHEMA), (_raw(type="Ping", extra=1), p.SCHEMA),
    (_raw(type="Move", seq="1", move="draw"), p.SCHEMA), (_raw(type="Move", seq=1, move=7), p.SCHEMA),
    (_raw(type="Move", seq=-1, move="draw"), p.SCHEMA), (_raw(type="Move", seq=1 << 60, move="draw"), p.SCHEMA),
    (_raw(type="Move", seq=1, move="x" * 201), p.SCHEMA), (_raw(type="Move", move="draw"), p.SCHEMA),
    (_raw(type="Move", seq=1, move="draw", seat=0), p.SCHEMA), (_raw(type="Reaction", key="evil"), p.SCHEMA),
    (_raw(type="Hello", code="A" * 17, name="x"), p.SCHEMA), (_raw(type="Hello", code="A", name="x" * 65), p.SCHEMA),
    (_raw(type="Hello", code="A", name="x", token="t" * 65), p.SCHEMA),
    (_raw(type="Hello", code=["A"], name="x"), p.SCHEMA), (_raw(type="Welcome", seat=0), p.SCHEMA),
    (_raw(type="Ping", seq=1.5), p.SCHEMA), (b'{"type": "Ping", "v": 1e999}', p.SCHEMA),
])
def test_malformed_messages_are_protocol_errors_with_their_code(data, code):
    with pytest.raises(p.ProtocolError) as error:
        p.decode_client(data)
    assert error.value.code == code, error.value


def _update(**facts) -> bytes:
    good = {"current": 0, "over": False, "scores": [0, 0], "winners": [], "legal": ["draw"]}
    return _raw(type="Update", n=0, mover=0, move="draw", events=[], view={}, facts={**good, **facts})


@pytest.mark.parametrize("data", [
    _raw(type="Update", n=0, mover=0, move="draw", events=[], view={}), _update(extra=1), _update(current=-2),
    _update(current=65), _update(current="0"), _update(over=1), _update(scores=[0] * (p.MAX_SEATS + 1)),
    _update(scores=[0.5]), _update(winners=[-1]), _update(winners=[65]), _update(legal=["x" * 201]),
    _update(legal=[7]), _update(legal=["draw"] * (p.MAX_LEGAL + 1)), _update(legal=None),
])
def test_a_hosts_facts_are_checked_like_every_field(data):
    """A hostile host's ``Facts`` (with an ``Update`` or a ``Welcome``) are declared and bounded like every other
    field: missing, unknown, of the wrong type or out of bounds, the message is a schema error."""
    assert isinstance(p.decode_host(_update()), p.Update)
    with pytest.raises(p.ProtocolError) as error:
        p.decode_host(data)
    assert error.value.code == p.SCHEMA, error.value


def test_size_limit_is_checked_before_parsing():
    ok = p.encode(p.Hello(code="A", name="n" * 64))
    assert len(ok) < p.MAX_MESSAGE_BYTES
    big = _raw(type="Ping", pad=" " * p.MAX_MESSAGE_BYTES)
    with pytest.raises(p.ProtocolError) as error:
        p.decode_client(big)
    assert error.value.code == p.TOO_LARGE
    with pytest.raises(p.ProtocolError) as error:
        p.decode_client(p.encode(p.Ping()), limit=5)
    assert error.value.code == p.TOO_LARGE


@pytest.mark.parametrize("depth", [1500, 5000, 100_000])
def test_deep_nesting_is_a_protocol_error_in_any_thread(depth):
    deep = b'{"type":"Ping","v":%d,"x":' % p.PROTOCOL_VERSION + b"[" * depth + b"]" * depth + b"}"
    errors = []

    def decode():
        try:
            p.decode_client(deep, limit=1 << 20)
        except p.ProtocolError as error:
            errors.append(error.code)

    thread = threading.Thread(target=decode)  # the host decodes on its own thread (a smaller stack)
    thread.start()
    thread.join()
    assert errors in ([p.MALFORMED], [p.SCHEMA])


def test_non_text_is_refused():
    with pytest.raises(p.ProtocolError) as error:
        p.decode_client(12345)  # type: ignore[arg-type]
    assert error.value.code == p.BINARY


def test_reaction_keys_are_the_schema_literal():
    assert typing.get_args(p.ReactionKey) == p.REACTION_KEYS
    for key in p.REACTION_KEYS:
        assert p.decode_client(p.encode(p.Reaction(key=key))).key == key


def test_version_of_reads_only_the_envelope():
    assert p.version_of(b'{"v": 7, "type": "Whatever", "x": [1]}') == 7
    assert p.version_of(b"nope") is None


# -- the loopback switch --------------------------------------------------------------------------------------
def test_loopback_switch_refuses_every_other_address(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")
    assert loopback_only()
    for ok in ("127.0.0.1", "::1", "[::1]", "localhost", "127.5.5.5"):
        assert check_address(ok) == ok and is_loopback(ok)
    for bad in ("192.168.1.2", "0.0.0.0", "::", "", None, "example.org", "10.0.0.1", "::ffff:8.8.8.8"):
        with pytest.raises(LoopbackOnly):
            check_address(bad)
    assert bind_hosts(None) == ["127.0.0.1", "::1"]
    with pytest.raises(LoopbackOnly):
        bind_hosts("0.0.0.0")


def test_loopback_switch_off_binds_where_chosen(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "0")
    assert not loopback_only()
    assert bind_hosts(None) == ["0.0.0.0", "::"]
    assert bind_hosts("192.168.1.5") == ["192.168.1.5"]

    class Settings:
        net_loopback_only = True

    assert loopback_only(Settings())
    with pytest.raises(LoopbackOnly):
        check_address("192.168.1.5", Settings())


# -- limits' bookkeeping (a fake clock: no waiting) ------------------------------------------------------------
class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_token_bucket_refills_at_its_rate():
    clock = Clock()
    bucket = TokenBucket(rate=2.0, burst=3, clock=clock)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    clock.now += 0.5
    assert bucket.take() and not bucket.take()
    clock.now += 100
    assert sum(bucket.take() for _ in range(10)) == 3


def test_failure_book_delays_after_free_failures_and_forgets():
    clock = Clock()
    book = FailureBook(Limits(free_failures=2, failure_delay=1.0, failure_delay_cap=4.0, failure_memory=60),
                       clock=clock)
    delays = []
    for _ in range(6):
        delays.append(book.delay("1.2.3.4"))
        book.failed("1.2.3.4")
    assert delays == [0.0, 0.0, 1.0, 2.0, 4.0, 4.0]
    assert book.delay("5.6.7.8") == 0.0  # per address
    clock.now += 61
    assert book.delay("1.2.3.4") == 0.0
