"""L.A.M.A. and Party's layout moments (``lama_desktop/app/table/layout_moments.py`` asks for them through the
descriptor's ``moments`` loader): the round summary over the table, and the busy moments a language change must
redraw."""

from __future__ import annotations

#: the shots (``shots.py``) a language change must redraw completely: cards, plates, log, the round summary
LANGUAGE_MOMENTS = ("table-lama-mid-round", "table-lama-round-summary")


def summary_scene(end: dict, session):
    """The round summary over the table at a round's end (Party's pink cards counted in)."""
    from lama_desktop.app.scenes.round_summary import RoundSummaryScene

    return RoundSummaryScene(end, session.names, pinks=session.record.game_id == "lama-party")
