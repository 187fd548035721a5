"""Issue 25, the lobby and the record: the host says when it has dealt (``Status.started``, protocol version 2);
before the start it gives the people's seats nobody holds to bots through a public method
(``TableHost.fill_with_bots``: the lobby's "Start with bots", ``serve --start-after``) and tells every client; the
hosting app's past game says who played from another computer and replays like a game at home."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from lama_desktop.core.session import GameSession, Seat
from lama_desktop.net import codes
from lama_desktop.net import protocol as p
from lama_desktop.net.client import JoinRefused, TableClient
from lama_desktop.net.host import TableHost
from lama_desktop.net.remote_session import RemoteSession
from lama_desktop.storage import Storage
from registry_games import sample_game

from .conftest import FAST, WAIT, Inbox, wait_for


def _host(tmp_path, kinds=("remote", "remote", "remote", "easy"), seed=3, record_stats=True):
    seats = [Seat(chr(ord("A") + i), "remote") if k == "remote" else Seat(chr(ord("A") + i), "bot", k)
             for i, k in enumerate(kinds)]
    storage = Storage(tmp_path)
    session = GameSession.new(sample_game(), seats, seed=seed, options={"first_dealer": len(kinds) - 1}, pace="instant",
                              storage=storage, record_stats=record_stats)
    return TableHost(session, port=0, limits=FAST).start(), storage


def _join(host, name, **kw) -> TableClient:
    client = TableClient("127.0.0.1", host.port, code=kw.pop("code", host.code), name=name, **kw)
    client.connect(WAIT)
    return client


def _play_to_the_end(host, client: TableClient) -> None:
    """``client`` plays the first legal move on its turns; the host's bots play the others."""
    session = host.session
    for _ in range(3000):
        over, current, played = host.call(lambda: (session.is_over, session.current_player, session.moves_played))
        if over:
            return
        if current == client.seat:
            client.send_move(host.call(lambda: str(session.view(client.seat).legal_moves()[0])))
        wait_for(lambda p0=played: host.call(lambda: session.moves_played > p0 or session.is_over),
                 what="the next move")
    raise AssertionError("the game did not end")


def test_status_says_when_the_host_has_dealt(tmp_path):
    """``Status.started`` is false in the lobby (in the Welcome's status too) and true once the host begins; the
    joined app's ``RemoteSession.started`` follows it without a move being played."""
    host, _storage = _host(tmp_path, ("remote", "remote", "easy"))
    try:
        anna = _join(host, "Anna")
        assert anna.welcome.status.started is False
        remote = RemoteSession(anna)
        assert not remote.started
        box = Inbox(anna)
        host.begin()
        assert box.expect(p.Status, lambda m: m.started).started is True
        wait_for(lambda: remote.poll() == [] and remote.status.started, what="the Status saying so")
        assert remote.started and remote.moves_played == 0
        late = _join(host, "Bruno")  # joining after the start: the Welcome says so at once
        assert late.welcome.status.started is True
        late.close()
        anna.close()
    finally:
        host.stop()


def test_a_status_without_started_is_refused_by_the_schema():
    """``started`` is a declared, required field of version 2's ``Status`` (no client guesses any more)."""
    status = p.Status(seats=[p.SeatStatus(name="A", kind="remote", connected=True)], started=True)
    raw = json.loads(p.encode(status))
    assert raw["v"] == p.PROTOCOL_VERSION >= 2 and raw["started"] is True
    del raw["started"]
    with pytest.raises(p.ProtocolError) as error:
        p.decode_host(json.dumps(raw))
    assert error.value.code == p.SCHEMA
    raw["started"] = "yes"
    with pytest.raises(p.ProtocolError) as error:
        p.decode_host(json.dumps(raw))
    assert error.value.code == p.SCHEMA


def test_fill_with_bots_seats_bots_where_nobody_is_and_tells_everybody(tmp_path):
    """Anna holds seat 0; Bruno joined seat 1 and left the lobby; seat 2 was never taken. ``fill_with_bots``
    gives seats 1 and 2 to bots (the names given, a taken name skipped), revokes their tokens, tells Anna in a
    ``Status`` (still not started), and saves it; nobody can take those seats any more; the game then plays to
    the end with the bots; after the start the method refuses; a resumed host keeps them bots."""
    host, storage = _host(tmp_path)
    try:
        anna = _join(host, "Anna")
        bruno = _join(host, "Bruno")
        bruno_token = bruno.token
        bruno.close()
        wait_for(lambda: host.connected_seats() == [0], what="Bruno gone")
        box = Inbox(anna)
        assert host.fill_with_bots("hard", ["Zoe", "Anna"]) == [1, 2]
        status = box.expect(p.Status, lambda m: m.seats[1].kind == "bot")
        assert [(s.name, s.kind, s.bot_level) for s in status.seats] == [
            ("Anna", "remote", None), ("Zoe", "bot", "hard"), ("C", "bot", "hard"), ("D", "bot", "easy")]
        assert status.started is False and host.tokens[1] is None and host.tokens[2] is None
        assert host.tokens[0] == anna.token
        saved = storage.load_save()
        assert saved.meta["net"]["filled"] == [1, 2] and saved.meta["net"]["claimed"] == [0]
        assert [s["kind"] for s in saved.meta["seats"]] == ["remote", "bot", "bot", "bot"]
        with pytest.raises(JoinRefused) as refused:
            _join(host, "Carla")
        assert refused.value.code == codes.FULL
        with pytest.raises(JoinRefused) as refused:
            _join(host, "Bruno", token=bruno_token)
        assert refused.value.code == codes.JOIN
        assert host.fill_with_bots() == []  # nothing left to fill: nothing sent, nothing changed
        with pytest.raises(ValueError):
            host.fill_with_bots("godlike")
        host.begin()
        assert box.expect(p.Status, lambda m: m.started).seats[1].kind == "bot"
        with pytest.raises(RuntimeError):
            host.fill_with_bots()
        _play_to_the_end(host, anna)
        over = box.expect(p.GameOver)
        assert over.scores == host.call(lambda: list(host.session.scores))
        movers = {u.mover for u in box.of(p.Update)}
        assert {1, 2} <= movers  # the bots played the filled seats
        anna.close()
    finally:
        host.stop()


def test_a_resumed_host_keeps_the_filled_seats_as_bots(tmp_path):
    host, storage = _host(tmp_path)
    try:
        anna = _join(host, "Anna")
        host.fill_with_bots("easy")
        host.begin()
        anna.close()
    finally:
        host.stop()
    session = GameSession.from_save(storage.load_save(), storage=storage, pace="instant")
    again = TableHost.resume(session, port=0, limits=FAST)
    assert again.filled == {1, 2} and again.started and again.claimed == {0}
    assert [s.kind for s in session.seats] == ["remote", "bot", "bot", "bot"]
    assert again.tokens[1] is None and again.tokens[2] is None and again.tokens[0] is not None
    session.close()


def test_the_hosting_apps_past_game_says_who_played_from_afar(tmp_path):
    """The hosting app's past game: its own player is the person at this screen (``human``), the others who
    joined stay ``remote``, bots are bots; it replays through the engine to the same scores (``check_replay``),
    and the replay viewer's home seat is the hosting player."""
    from lama_desktop.app.scenes.net_results import NetEnd
    from lama_desktop.pastgames import check_replay

    host, storage = _host(tmp_path, ("remote", "remote", "easy"), record_stats=False)  # as the hosting app's
    try:
        bruno = _join(host, "Bruno")
        anna = _join(host, "Anna")  # the hosting app's own client sits at seat 1 here
        host.begin()
        session = host.session
        for _ in range(3000):
            over, current, played = host.call(lambda: (session.is_over, session.current_player,
                                                       session.moves_played))
            if over:
                break
            mover = {0: bruno, 1: anna}.get(current)
            if mover is not None:
                mover.send_move(host.call(lambda c=current: str(session.view(c).legal_moves()[0])))
            wait_for(lambda p0=played: host.call(lambda: session.moves_played > p0 or session.is_over),
                     what="the next move")
        assert host.call(lambda: session.is_over)
        scores, winners = host.call(lambda: (list(session.scores), list(session.winners())))
        app = SimpleNamespace(writes_files=True, storage=storage)
        NetEnd(app, SimpleNamespace(host=host, own_seat=1)).end_game(
            SimpleNamespace(scores=scores, winners=winners, advised=(), practice=False))
        bruno.close()
        anna.close()
    finally:
        host.stop()
    (past,) = storage.past_games()
    assert [(s.name, s.kind) for s in past.seats] == [("Bruno", "remote"), ("Anna", "human"), ("C", "bot")]
    assert past.seats[2].level == "easy" and past.scores == scores and past.winners == winners
    assert check_replay(past) is None
    from lama_desktop.app.scenes.replay import ReplayScene

    assert ReplayScene(past).home == 1
