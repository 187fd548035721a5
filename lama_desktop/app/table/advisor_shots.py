"""The advisor's moments for ``python -m lama_desktop.screenshots``: ``advisor-<table>`` for every game.

Each seats a table in a position with a real choice for the player (crafted or seeded: the same picture every
time), presses H, waits for the answer and takes the picture: the panel with every move's chance to win, the best
move marked on the table (Llama Land: its best placements as ghost tiles). The position is the game's own: its
``moments`` module's ``advisor(app)`` (built with ``app/table/shots.py``'s ``push_table`` and ``ask_advisor``).
"""

from __future__ import annotations

from lama_desktop.app.shots import first_of_each_table, table_word
from lama_desktop.app.table.shots import register

register([(f"advisor-{table_word(plugin)}", plugin.moments().advisor) for plugin in first_of_each_table()
          if hasattr(plugin.moments(), "advisor")])
