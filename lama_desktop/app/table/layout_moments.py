"""The table moments the layout checks look at (``python -m lama_desktop.layoutcheck``, ``tests/test_layout.py``).

A moment is a builder that puts the app's stack in a state worth checking: the middle of a round with the log
full, a toast and the prompt showing, a round summary, the results. Each table appears with every seat count its
game allows.
"""

from __future__ import annotations


def _shot(name):
    from ... import screenshots

    screenshots._load_game_shots()
    for shot, builder, frames in screenshots.SHOTS:
        if shot == name:
            return builder, frames
    raise KeyError(name)


def language_moments():
    """One busy moment per table (cards, plates, log, objectives): a language change must redraw all of it."""
    from ...layoutcheck import Moment

    out = []
    for name in ("table-lama-mid-round", "table-dice-take-choice", "table-cadabra-mid-round",
                 "table-llama-land-mid-game", "table-lama-round-summary", "results-llama-land-final"):
        builder, frames = _shot(name)
        out.append(Moment(name, builder, frames, name))
    return out


def all_moments():
    return []
