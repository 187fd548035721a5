"""Whole network games on loopback: every game, 2 to 6 clients (as many as the game seats), a bot behind each client
choosing from its ``RemoteSession``'s own view; the game reaches its end on the host and on every client, and every
client's last view is the host's view of that seat. Plus what ``RemoteSession`` answers a table (its seat only, no
undo, the record without a seed)."""

from __future__ import annotations

import pytest

from lama_desktop.games import GAMES
from lama_desktop.net.headless import LoopbackTable
from lama_desktop.net.remote_session import UNDO_NETWORK
from registry_games import game_ids, sample_game, samples

#: (game, variants, clients): each networked game's declared ``net_games`` (none declared: one plain game at its
#: ``sample_players``); a game not played across computers (``networked``) has none
CASES = [(game, variants, clients) for game in game_ids() if GAMES[game].networked
         for variants, clients in samples(game).net_games or (((), GAMES[game].sample_players),)]


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")


@pytest.mark.parametrize("game,variants,clients", CASES)
def test_a_whole_game_over_loopback(game, variants, clients):
    table = LoopbackTable(game, ["remote:random"] * clients, variants=variants, seed=11 + clients).start()
    try:
        assert table.run(timeout=120), f"{game}: the game did not end on every client"
        assert table.errors == []
        assert table.watch.leaks == 0, table.watch.notes
        host = table.session
        assert host.is_over and len(table.clients) == clients
        for seat, cs in table.clients.items():
            remote = cs.session
            assert remote.view(seat).to_dict() == host.view(seat).to_dict()
            assert remote.is_over and remote.scores == host.scores and remote.winners() == host.winners()
            assert remote.moves_played == host.moves_played
            assert remote.score_history == host.score_history
            assert remote.final == (host.scores, host.winners())
            assert remote.start_scores == host.start_scores, "the results chart starts where the host's does"
    finally:
        table.close()


def test_every_count_of_clients_is_played_somewhere():
    assert {clients for _, _, clients in CASES} >= set(range(2, 7))


def test_a_remote_session_answers_for_its_own_seat_only():
    game = sample_game()
    table = LoopbackTable(game, ["remote:none", "remote:none", "hard"], seed=5).start()
    try:
        remote = table.clients[0].session
        assert remote.human_seats == [0] and remote.is_person(0) and not remote.is_person(1)
        with pytest.raises(ValueError):
            remote.view(1)
        assert remote.undo_status() == (None, UNDO_NETWORK, "")
        with pytest.raises(ValueError):
            remote.undo()
        assert remote.record.seed is None and remote.record.game_id == game and remote.record.players == 3
        assert remote.names == ["Ada", "Bruno", "Carla"] and remote.seats[2].is_bot
        # seat 1 moves first (left of the dealer): seat 0 may not, and is told so at once
        assert remote.current_player == 1 and not remote.is_human(1)
        other = table.clients[1].session
        move = other.view(1).legal_moves()[0]
        assert not remote.play(move).ok
        outcome = other.play("no-such-move 99")  # refused here, never sent: seat 1 may still move below
        assert not outcome.ok and outcome.code in ("core.malformed", "core.not_allowed", "core.unknown_move")
        assert other.play(move).ok and not other.is_human(1)  # on its way: no second move meanwhile
        assert other.wait_for_bot(10.0)
        played = other.poll()  # seat 1's move first; the hard bot's answer may already have come with it
        assert played[0].seat == 1 and played[0].move == move and not played[0].by_bot
        assert all(p.seat == 2 for p in played[1:]), [(p.seat, p.move) for p in played]
        assert other.take_played() == played and other.is_human(other.current_player) is (other.current_player == 1)
        # the host refuses a move sent out of turn, and the session hands the refusal to the table
        table.clients[0].client.client.send_move(str(move))
        for _ in range(2000):
            remote.poll()
            refusals = remote.take_refusals()
            if refusals:
                break
            remote.wait_for_bot(0.01)
        assert refusals and refusals[0].code == "net.not_your_turn"
    finally:
        table.close()
