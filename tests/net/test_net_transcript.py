"""The transcript through the network (``transcript --net``): for every game that plays across computers, seat 0's
table is drawn from its network client and reaches the game's end and its results (a network table once failed at
the results: the chart's start scores asked for a record a client does not have; Llama Land's table once read the
player to move's view, which a client may not); the history lines and round summaries seat 0 reads are the ones it
reads at home (toasts and prompts may come a frame apart: the moves arrive over the wire)."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from lama_desktop import transcript
from lama_desktop.games import GAMES

NETWORKED = sorted(game for game, plugin in GAMES.items() if plugin.networked)
KEPT = ("log", "summary", "round_end", "game_end")  # what must be the same line for line


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")


def _read(game: str, net: bool) -> tuple:
    """In a fresh process (the real tables, headless; no pygame state shared with other tests): whether the game
    reached its end, the problems ``transcript.problems`` finds, and the lines that must match."""
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LAMA_NET_LOOPBACK="1")
    levels = ("medium",) * (GAMES[game].sample_players - 1)  # the bots of the game's sample table, one seat yours
    read = transcript.play(game, (), levels, seed=2, lang="en", net=net)
    kept = [(ln["kind"], ln["round"], ln["text"], ln.get("seat")) for ln in read.lines if ln["kind"] in KEPT]
    return read.finished, transcript.problems(read), kept


@pytest.mark.slow
@pytest.mark.parametrize("game", NETWORKED)
def test_a_network_table_reads_what_it_reads_at_home(game):
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        home = pool.submit(_read, game, False).result()
        away = pool.submit(_read, game, True).result()
    assert home[0] and away[0], "both tables reached the end"
    assert away[1] == []
    assert any(kind == "game_end" for kind, *_rest in away[2])
    assert away[2] == home[2]
