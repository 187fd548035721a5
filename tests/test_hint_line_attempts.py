"""The hint line's errors belong to the attempt that met them (issue 32: a Llama Land turn began with a red error
from an earlier try). The frame keeps a refused attempt's words (``TableEffects.attempt_error``) only while the
position and the player's selection (``attempt_key``) are the ones it was refused in: every table, every game."""

from __future__ import annotations

import pytest

from frames import fast_app
from lama_desktop.app.tables import open_table
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from registry_games import one_per_table


def human_table(tmp_path, game):
    app = fast_app(tmp_path, (1280, 720))
    seats = [SeatConfig("You", "human"), SeatConfig("Bot", "bot", "random"), SeatConfig("Bot 2", "bot", "random")]
    table = open_table(app, GameConfig(game, seats, (), 0, seed=4))
    app.stack.push(table)
    app.running = True
    for _ in range(900):
        app.step(1 / 30)
        if table.can_act():
            return app, table
    pytest.fail(f"{game}: the human never got the turn")


@pytest.mark.parametrize("game", one_per_table())
def test_a_refused_attempt_s_words_last_until_the_position_changes(tmp_path, game):
    app, table = human_table(tmp_path, game)
    assert table.attempt_error() is None  # a turn starts with no error
    table._toast_reason(lambda: "not like that")
    assert table.attempt_error() == "Not like that"
    app.step(1 / 30)
    assert table.attempt_error() == "Not like that"  # frames pass: still the attempt in front of the player
    move = next(m for m in table.session.view(table.session.current_player).legal_moves()
                if m.kind not in ("quit", "stop"))
    assert table.session.play(move).ok
    assert table.attempt_error() is None  # a move was played: the error was the earlier position's
    table.close()
