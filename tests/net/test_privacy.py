"""Privacy over the wire: every message every client receives in whole network games of every game is scanned
against the host's own state at that move (``net/headless.Watch``): a view must be the host's view of that very
seat, events the host's ``events_for`` of that seat, and no message holds a seed, a random state or a saved state.
The scan is shown to catch a host that sends another seat's view or an unredacted draw."""

from __future__ import annotations

import pytest

from lama_desktop.games import GAMES
from lama_desktop.net.headless import LoopbackTable
from registry_games import game_ids, hidden_hand_games, samples

#: (game, variants, clients): each networked game's declared ``net_privacy`` games (none declared: one plain game at
#: its ``sample_players``); a game not played across computers (``networked``) has none
CASES = [(game, variants, clients) for game in game_ids() if GAMES[game].networked
         for variants, clients in samples(game).net_privacy or (((), GAMES[game].sample_players),)]
#: a game whose seats see different views and whose draws are redacted: the broken hosts below leak in it
LEAKY = hidden_hand_games()[0]


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")


@pytest.mark.parametrize("game,variants,clients", CASES)
def test_no_message_carries_what_its_seat_may_not_see(game, variants, clients):
    table = LoopbackTable(game, ["remote:random"] * clients, variants=variants, seed=7).start()
    try:
        assert table.run(timeout=120)
        watch = table.watch
        assert watch.leaks == 0, watch.notes
        assert watch.messages >= clients * table.session.moves_played  # every update to every seat was scanned
    finally:
        table.close()


def test_the_scan_catches_a_host_that_leaks(monkeypatch):
    """A broken host (each seat sent the next seat's view, draws unredacted) is caught at once."""
    table = LoopbackTable(LEAKY, ["remote:random"] * 3, seed=2)
    session = table.session
    real_view, real_events_for = session.view, session.events_for
    monkeypatch.setattr(session, "view", lambda seat: real_view((seat + 1) % 3))
    monkeypatch.setattr(session, "events_for", lambda events, seat: list(events))
    table.start()
    try:
        table.run(timeout=5)
        assert table.watch.leaks > 0
        assert any("view" in note for note in table.watch.notes)
    finally:
        monkeypatch.setattr(session, "view", real_view)
        monkeypatch.setattr(session, "events_for", real_events_for)
        table.close()


def test_the_scan_catches_unredacted_draws(monkeypatch):
    table = LoopbackTable(LEAKY, ["remote:random"] * 3, seed=4)
    session = table.session
    real_events_for = session.events_for
    monkeypatch.setattr(session, "events_for", lambda events, seat: list(events))
    table.start()
    try:
        table.run(timeout=10)
        assert any("events" in note for note in table.watch.notes)
    finally:
        monkeypatch.setattr(session, "events_for", real_events_for)
        table.close()
