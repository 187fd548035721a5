"""LAMA Dice's layout moments (``lama_desktop/app/table/layout_moments.py`` asks for them through the descriptor's
``moments`` loader): the round summary over the table, and the busy moment a language change must redraw."""

from __future__ import annotations

#: the shot (``shots.py``) a language change must redraw completely
LANGUAGE_MOMENTS = ("table-dice-take-choice",)


def summary_scene(end: dict, session):
    """The dice round summary over the table at a round's end."""
    from lama_desktop.games.dice.table import DiceRoundSummary

    return DiceRoundSummary(end, session.names)
