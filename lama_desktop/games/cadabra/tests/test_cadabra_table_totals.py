"""The totals Cadabra's round summary shows are the engine's, taken from its events, never recomputed: the summary
opens once the token given back closed the round (issue 12; L.A.M.A.'s checks in its own tests folder)."""

from __future__ import annotations

from frames import crafted_table, run_to_summary


def test_cadabra_summary_total_is_after_the_token_given_back(tmp_path):
    from lama_desktop.games.cadabra.table import CadabraTableScene
    from lama_desktop.games.cadabra.engine import CadabraState

    state = CadabraState.crafted(hands=[["5", "6"], ["3"], ["6", "6"]], top="2", pile=["4", "4", "4"],
                                 whites=[3, 4, 3], blacks=[0, 2, 0], current=1)
    app, table = crafted_table(tmp_path, CadabraTableScene, "lama-cadabra", state, options={"first_player": 1})
    summary = run_to_summary(app)
    assert summary is not None and summary.returned() is not None and summary.returned()["seat"] == 1
    engine = table.session.view(0).history[-1]
    assert summary.totals() == engine and engine[1] == 24 - summary.returned()["token"]
