"""Tooltips for ``python -m lama_desktop.screenshots``: ``tooltip-<table>-<piece>``, a few pieces of every game.

Each opens a seeded game (you against bots) through the real table, lets the bots play until it is your turn, then
puts the pointer on a piece: the shot's frames outlast the tooltip's delay, so the tip is in the picture. The pieces
are the game's own: its ``moments`` module's ``tooltips()`` (``(piece, builder)`` pairs, built with
``app/table/shots.py``'s ``open_seated``, ``point`` and ``keys``).
"""

from __future__ import annotations

from lama_desktop.app.shots import first_of_each_table, table_word
from lama_desktop.app.table.shots import TOOLTIP_FRAMES, register

for _plugin in first_of_each_table():
    _tips = getattr(_plugin.moments(), "tooltips", None)
    if _tips is not None:
        register([(f"tooltip-{table_word(_plugin)}-{piece}", builder) for piece, builder in _tips()],
                 frames=TOOLTIP_FRAMES)
