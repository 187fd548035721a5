"""The moments the frame stages for Race to 10 (its descriptor's ``moments`` loader): the busy moment a language
change must redraw (``app/table/layout_moments.py``), the advisor's position (``app/table/advisor_shots.py``) and
the pieces pictured with their tooltip (``app/table/tooltip_shots.py``). It has no rounds: no round summary."""

from __future__ import annotations

from lama_desktop.app.table.shots import ask_advisor, keys, open_seated, point

GAME = "toy-race"

#: the shot (``shots.py``) a language change must redraw completely
LANGUAGE_MOMENTS = ("table-toy-late",)


def _table(app):
    return open_seated(app, GAME, 3, seed=5)


def advisor(app) -> None:
    """Your turn in a seeded game: which card to play."""
    scene = _table(app)
    ask_advisor(app, scene, scene.skip_animations)


def _focus_button(app):
    scene = _table(app)
    scene.buttons["play"].focused = True
    keys(scene)


def _card(app):
    scene = _table(app)
    point(scene, scene._card_rect(0).center)


def _pile(app):
    scene = _table(app)
    point(scene, scene.layout["draw_pile"].center)


def tooltips() -> list:
    """The table's pieces pictured with their tooltip: ``(piece, builder)``."""
    return [("focus-button", _focus_button), ("card", _card), ("pile", _pile)]
