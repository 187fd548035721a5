"""Hosting a table whose first player is not the first seat: the setup's "who starts" reaches the game under the
option its engine knows (LAMA Dice's ``first_player``: hosting a Dice table failed with "unknown option(s) for
lama-dice: first_dealer" two times in three, the first player being random)."""

from __future__ import annotations

import pytest

from lama_desktop.app.netplay import HostedTable
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from registry_games import games_where

NETWORKED = games_where(lambda plugin: plugin.networked)


@pytest.mark.parametrize("game", NETWORKED)
def test_a_hosted_table_starts_with_the_chosen_first_player(game, monkeypatch):
    monkeypatch.setenv("LAMA_NET_LOOPBACK", "1")
    monkeypatch.setenv("LAMA_NET_NO_ADVERT", "1")
    seats = [SeatConfig("Ola", "human"), SeatConfig("", "remote"), SeatConfig("Bartek", "bot", "easy")]
    hosted = HostedTable(GameConfig(game, seats, (), 1, 5), bind="127.0.0.1", port=0, takeover_after=90.0,
                         takeover_level="medium", pace="instant", loopback=True)
    try:
        hosted.start()
        first = hosted.host.call(lambda: hosted.host.session.record.options)
        assert list(first.values()) == [1]
    finally:
        hosted.stop()
