"""In a replay "you" is only ever the person at this computer (issue 32: seen from Anna's seat, the player and Anna
were both "Du"): whichever seat's eyes the viewer shows, the lines said to "you" are the lines about the seat this
computer's person played, and a watched seat is named."""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from test_past_games import GAMES
from test_replay_view import viewer_on


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_seen_from_another_seat_says_you_to_the_player_alone(tmp_path, game):
    app, viewer, past = viewer_on(tmp_path, game, read=False)
    try:
        assert past.seats[0].kind == "human" and past.seats[1].kind == "bot"
        viewer.set_view(1)  # Bruno's eyes; Anna (seat 0) played at this computer
        lines = viewer.history_of_view()
        viewer.table._speak_to_viewer()  # the lines read as the shown table says them
        assert i18n.ReaderOf(viewer.table)() == 0
        about_bruno = [str(line.text) for line in lines if line.actor == 1]
        about_anna = [str(line.text) for line in lines if line.actor == 0]
        assert about_bruno and not [text for text in about_bruno if text.startswith("You")], about_bruno[:5]
        assert [text for text in about_anna if text.startswith("You")], about_anna[:5]
        viewer.set_view(0)  # her own eyes: still she alone is "you"
        assert i18n.ReaderOf(viewer.table)() == 0
    finally:
        app.shutdown()
