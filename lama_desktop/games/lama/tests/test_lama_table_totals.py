"""The totals a round summary or the results show are the engine's, taken from its events, never recomputed.

Regression (issue 12, evidence 45-lama-r3-end.jpg): the L.A.M.A. summary said "Anna ... gives back one token, ±0,
total 24" while she then gave back a 10 and ended the round on 14, and the "gives back" line appeared for a player
holding no token at all. The summary now opens once the engine's ``token_return`` closed the round. (Cadabra's
own check is in its tests folder.)
"""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import t
from frames import crafted_table, post_key, run_to_summary


def test_lama_summary_total_is_after_the_token_given_back(tmp_path):
    from lama_desktop.games.lama.table import LamaTableScene
    from lama_desktop.games.lama.engine import LamaState

    # Anna (a bot) holds 24 = two blacks and four whites, empties her hand, then chooses a token to give back
    state = LamaState.crafted(hands=[["5", "6"], ["3"], ["1", "2"]], top="2", pile=["4", "4", "4"],
                              points=[5, 24, 0], current=1)
    app, table = crafted_table(tmp_path, LamaTableScene, "lama", state)
    summary = run_to_summary(app)
    assert summary is not None
    engine = table.session.view(0).history[-1]
    returned = summary.returned()
    assert returned is not None and returned["seat"] == 1 and returned["token"] in (1, 10)
    assert engine[1] == 24 - returned["token"]
    assert summary.totals() == engine  # 14 (or 23), never the 24 before the token came back
    assert summary.totals()[0] == 5 + 11 and summary.totals()[2] == 3


def test_lama_summary_says_no_token_is_given_back_by_a_player_without_one(tmp_path):
    from lama_desktop.games.lama.table import LamaTableScene
    from lama_desktop.games.lama.engine import LamaState

    state = LamaState.crafted(hands=[["5", "6"], ["3"], ["1", "2"]], top="2", pile=["4", "4", "4"],
                              points=[5, 0, 7], current=1)
    app, table = crafted_table(tmp_path, LamaTableScene, "lama", state)
    summary = run_to_summary(app)
    assert summary is not None and summary.returned() is None
    assert summary.data["returner"] == -1
    assert summary.totals() == table.session.view(0).history[-1] == [16, 0, 10]
    drawn: list[str] = []
    real_text = summary.ui.text

    def spy(text, *args, **kwargs):
        drawn.append(str(text))
        return real_text(text, *args, **kwargs)

    summary.ui.text = spy  # the summary draws with its own (menu) UI
    summary._static = None
    summary.draw(pygame.Surface(app.size))
    summary.ui.text = real_text
    assert t("hand.summary.emptied_no_token", name="Anna") in drawn
    assert t("hand.summary.emptied", name="Anna") not in drawn


def test_lama_human_returner_sees_the_summary_after_choosing(tmp_path):
    from lama_desktop.games.lama.table import LamaTableScene
    from lama_desktop.games.lama.engine import LamaState

    state = LamaState.crafted(hands=[["3"], ["5", "6"], ["1", "2"]], top="2", pile=["4", "4", "4"],
                              points=[24, 0, 0], current=0)
    app, table = crafted_table(tmp_path, LamaTableScene, "lama", state)
    for _ in range(300):
        app.step(1 / 30)
        if table.can_act():
            break
    table.try_move("play 3")
    for _ in range(300):
        app.step(1 / 30)
        assert "summary" not in app.stack.top.name  # not before the token is chosen
        if table.can_act() and table.shown.phase == "returning":
            break
    assert table.shown.phase == "returning"
    table.try_move("return 10")
    summary = run_to_summary(app)
    assert summary is not None and summary.returned() == {"seat": 0, "token": 10}
    assert summary.totals() == table.session.view(0).history[-1] and summary.totals()[0] == 14
    post_key(pygame.K_RETURN)


def test_results_show_the_game_end_events_scores(tmp_path):
    from lama_desktop.games.lama.table import LamaTableScene
    from lama_desktop.games.lama.engine import LamaState

    state = LamaState.crafted(hands=[["5", "6"], ["3"], ["1", "2"]], top="2", pile=["4", "4", "4"],
                              points=[35, 0, 7], current=1)
    app, table = crafted_table(tmp_path, LamaTableScene, "lama", state)
    shown = None
    for _ in range(3000):
        app.step(1 / 30)
        top = app.stack.top
        if "summary" in top.name:
            post_key(pygame.K_RETURN)
        if top.name == "results":
            shown = list(top.results.scores)
            break
    assert shown == [46, 0, 10] == table._game_end["scores"]
