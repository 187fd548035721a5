"""Issue 31, "words that are the reader's own": a made-up seat name (the hosting app's "Host" for a player who gave
no name, an open seat's "Player 2", a bot's default name) crosses the wire as a key, and every app words it in its
own language; a person's typed name crosses as typed. One rule says which names a person may not take, the same in
the app and in ``serve``."""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.seat_names import (
    MadeUp, default_bot_names, made_up, refused_person_name, word_names
)
from lama_desktop.core.session import GameSession, Seat
from lama_desktop.engine.registry import get_game
from lama_desktop.net import codes
from lama_desktop.net import protocol as p
from lama_desktop.net.client import JoinRefused, TableClient
from lama_desktop.net.host import TableHost
from lama_desktop.net.remote_session import RemoteSession
from lama_desktop.serve import parse_seats
from registry_games import sample_game

from .conftest import FAST, WAIT, wait_for


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def _polish_host(seats):
    """A table set up by a Polish app: the names are Polish texts in its session."""
    i18n.set_language("pl")
    session = GameSession.new(sample_game(), seats, seed=5, pace="instant")
    return TableHost(session, port=0, limits=FAST).start()


def _join(host, name, **kw) -> TableClient:
    client = TableClient("127.0.0.1", host.port, code=host.code, name=name, **kw)
    client.connect(WAIT)
    return client


def _names_in(lang: str, session: RemoteSession) -> list[str]:
    i18n.set_language(lang)
    return list(session.names)


def test_an_english_guest_of_a_polish_host_reads_the_hosts_stand_in_name_in_english():
    """The Polish host gave no name ("Gospodarz" on its screen), its bot has the Polish default "Bartek": the
    Welcome and every Status carry keys, not those words, and the English guest reads "Host" and "Bruno" (the
    same place in the English list), the Polish host's own app "Gospodarz" and "Bartek"."""
    host = _polish_host([Seat("Gospodarz", "remote"), Seat("Gracz 2", "remote"), Seat("Bartek", "bot", "easy")])
    try:
        own = _join(host, "Gospodarz", token=host.tokens[0])  # the hosting app's own client takes its seat back
        zoe = _join(host, "Zoe")
        assert zoe.welcome.names == [p.MadeUpName(key="host"), "Zoe", p.MadeUpName(key="bot", n=1)]
        assert [s.name for s in zoe.welcome.status.seats] == zoe.welcome.names
        guest, home = RemoteSession(zoe), RemoteSession(own)
        assert _names_in("en", guest) == ["Host", "Zoe", "Bruno"]
        assert guest.seat_shown(0).name == "Host"
        wait_for(lambda: home.poll() is not None and "Zoe" in home.names, what="Zoe's name at the host")
        assert _names_in("pl", home) == ["Gospodarz", "Zoe", "Bartek"]
        host.begin()
        wait_for(lambda: guest.poll() is not None and guest.started, what="the start")
        assert _names_in("en", guest) == ["Host", "Zoe", "Bruno"]  # the Status's names are keys too
        assert _names_in("fr", guest) == ["Hôte", "Zoe", "Bastien"]  # and follow a change of language
        own.close()
        zoe.close()
    finally:
        host.stop()


def test_an_open_seat_is_player_n_in_each_language_until_its_person_joins():
    """An open seat's "Gracz 3" is ``player`` 3 on the wire: "Player 3" to an English guest; once its person
    joins, the typed name."""
    host = _polish_host([Seat("Ola", "remote"), Seat("Gracz 2", "remote"), Seat("Gracz 3", "remote")])
    try:
        ola = _join(host, "Ola")
        assert ola.welcome.names == ["Ola", p.MadeUpName(key="player", n=2), p.MadeUpName(key="player", n=3)]
        guest = RemoteSession(ola)
        assert _names_in("en", guest) == ["Ola", "Player 2", "Player 3"]
        assert _names_in("de", guest) == ["Ola", "Spieler 2", "Spieler 3"]
        zoe = _join(host, "Zoe")
        wait_for(lambda: guest.poll() is not None and "Zoe" in guest.names, what="Zoe's name")
        assert _names_in("en", guest) == ["Ola", "Zoe", "Player 3"]
        ola.close()
        zoe.close()
    finally:
        host.stop()


@pytest.mark.parametrize("lang", ["en", "fr", "pl", "de"])
def test_serves_bots_are_named_in_the_guests_language(lang):
    """``serve`` has no language: its bots get the bots' default names as keys ("Easy bot 1" read in English on a
    Polish screen), worded by each guest in its own."""
    spec = get_game(sample_game())
    seats = parse_seats(spec, "remote,easy,medium")
    i18n.set_language("en")
    session = GameSession.new(spec.id, seats, seed=2, pace="instant")
    host = TableHost(session, port=0, limits=FAST).start()
    try:
        guest = _join(host, "Zoe")
        assert guest.welcome.names[1:] == [p.MadeUpName(key="bot", n=0), p.MadeUpName(key="bot", n=1)]
        remote = RemoteSession(guest)
        i18n.set_language(lang)
        assert remote.names == ["Zoe", *default_bot_names()[:2]]
        guest.close()
    finally:
        host.stop()


def test_a_bot_never_shares_a_worded_name_with_a_person():
    """A guest called "Bruno" at a table whose bot is the English list's second name: on an English screen the
    bot takes the next name nobody has (two seats never read alike); on a Polish one it is "Bartek"."""
    i18n.set_language("en")
    names = ["Bruno", MadeUp("bot", 1), MadeUp("bot", 2), MadeUp("host")]
    assert word_names(names) == ["Bruno", "Anna", "Carla", "Host"]
    i18n.set_language("pl")
    assert word_names(names) == ["Bruno", "Bartek", "Celina", "Gospodarz"]


@pytest.mark.parametrize("name, kind, key", [
    ("Gospodarz", "remote", MadeUp("host")), ("Host", "remote", MadeUp("host")), ("Gastgeber", "remote",
                                                                                   MadeUp("host")),
    ("Gracz 2", "remote", MadeUp("player", 2)), ("Joueur 4", "remote", MadeUp("player", 4)),
    ("Bartek", "bot", MadeUp("bot", 1)), ("Amélie", "bot", MadeUp("bot", 0)), ("Felix", "bot", MadeUp("bot", 5)),
    ("Bartek", "remote", None), ("Zoe", "remote", None), ("Rex", "bot", None),
])
def test_which_names_are_made_up(name, kind, key):
    """A person called "Bartek" keeps the name; a bot called so is the bots' second name; a typed bot name
    ("Rex") crosses as typed."""
    assert made_up(name, kind) == key


NAMES = ["You", "Du", "Vous", "Ty", "Player 2", "Gracz 3", "Joueur 1", "Spieler 4", "Host", "Gospodarz", "Hôte",
         "Gastgeber", "", "   ", "Zoe", "Bruno", "Bartek", "Player", "Hostess", "Ty2", "Ola"]


def test_the_hosts_name_rule_is_the_apps():
    """A ``TableHost`` refuses exactly the names the app's join screen refuses (one function, ``serve``'s and
    the hosting app's hosts alike)."""
    host = TableHost(GameSession.new(sample_game(), [Seat("A", "remote"), Seat("B", "bot", "easy")], seed=1),
                     port=0, limits=FAST)
    for name in NAMES:
        assert host.name_refused(name) == refused_person_name(name), name
    assert [n for n in NAMES if refused_person_name(n)] == NAMES[:14]


def test_a_person_named_like_a_seat_is_refused_by_the_host_itself():
    """``serve``'s host (no app behind it) refuses "You", "Player 2", "Gospodarz" like the app's: a join by hand
    with such a name gets ``net.name``."""
    host = TableHost(GameSession.new(sample_game(), parse_seats(get_game(sample_game()), "remote,remote,easy"),
                                     seed=1), port=0, limits=FAST).start()
    try:
        for name in ("You", "Player 2", "Gospodarz", "Du"):
            client = TableClient("127.0.0.1", host.port, code=host.code, name=name)
            with pytest.raises(JoinRefused) as refused:
                client.connect(WAIT)
            assert refused.value.code == codes.NAME, name
            client.close()
        _join(host, "Zoe").close()
    finally:
        host.stop()


def test_a_kept_seat_remembers_the_names_as_its_player_reads_them():
    """The Continue list of joined tables shows the seats' names: worded in the reader's language, never a key."""
    from lama_desktop.core.seats import MemorySeatBook
    from lama_desktop.net.seatkeep import SeatKeeper

    host = _polish_host([Seat("Gospodarz", "remote"), Seat("Gracz 2", "remote"), Seat("Bartek", "bot", "easy")])
    try:
        zoe = _join(host, "Zoe")
        i18n.set_language("en")
        keeper = SeatKeeper(MemorySeatBook(), zoe)
        assert keeper.seat.players == ["Zoe", "Player 2", "Bruno"]  # seat 0 taken by Zoe; "Gracz 2", "Bartek"
        zoe.close()
    finally:
        host.stop()
