"""LAMA Cadabra's layout moments (``lama_desktop/app/table/layout_moments.py`` asks for them through the
descriptor's ``moments`` loader): the round summary over the table, and the busy moment a language change must
redraw."""

from __future__ import annotations

#: the shot (``shots.py``) a language change must redraw completely
LANGUAGE_MOMENTS = ("table-cadabra-mid-round",)


def summary_scene(end: dict, session):
    """The Lamagic Show's round summary over the table at a round's end."""
    from lama_desktop.games.cadabra.table import CadabraSummaryScene

    return CadabraSummaryScene(end, session.names)
