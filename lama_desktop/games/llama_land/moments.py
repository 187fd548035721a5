"""Llama Land's layout moments (``lama_desktop/app/table/layout_moments.py`` asks for them through the descriptor's
``moments`` loader). The game has no round summary (no ``summary_scene``); its results are its table's own screen,
so ``results`` opens them from the table, and its results shots belong to the table's group too."""

from __future__ import annotations

#: the shots (``shots.py``) a language change must redraw completely: the board, objectives, log, the results
LANGUAGE_MOMENTS = ("table-llama-land-mid-game", "results-llama-land-final")
#: screenshot names (beyond ``table-llama-land-``) checked with the table's group
SHOT_PREFIXES = ("results-llama-land-",)


def results(app, scene) -> None:
    """The game's results, opened from its table on the app's stack."""
    scene._to_results()
    app.stack.apply_pending()
