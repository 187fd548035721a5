"""The transcript through the network (``transcript --net``): for every game that plays across computers, seat 0's
table is drawn from its network client and reaches the game's end and its results (a network table once failed at
the results: the chart's start scores asked for a record a client does not have; Llama Land's table once read the
player to move's view, which a client may not); the history lines and round summaries seat 0 reads are the ones it
reads at home (toasts and prompts may come a frame apart: the moves arrive over the wire)."""

from __future__ import annotations

import pytest

from lama_desktop import transcript
from lama_desktop.games import GAMES

NETWORKED = sorted(game for game, plugin in GAMES.items() if plugin.networked)
KEPT = ("log", "summary", "round_end", "game_end")  # what must be the same line for line


@pytest.fixture(autouse=True)
def _loopback(monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")


@pytest.mark.slow
@pytest.mark.parametrize("game", NETWORKED)
def test_a_network_table_reads_what_it_reads_at_home(game):
    levels = ("medium",) * (2 if game == "llama-land" else 3)
    home = transcript.play(game, (), levels, seed=2, lang="en")
    away = transcript.play(game, (), levels, seed=2, lang="en", net=True)
    assert home.finished and away.finished, "both tables reached the end"
    assert transcript.problems(away) == []

    def read(lines):
        return [(ln["kind"], ln["round"], ln["text"], ln.get("seat")) for ln in lines if ln["kind"] in KEPT]

    assert any(ln["kind"] == "game_end" for ln in away.lines)
    assert read(away.lines) == read(home.lines)
