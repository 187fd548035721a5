"""The moments the frame stages for LAMA Dice (its descriptor's ``moments`` loader): the round summary over the
table and the busy moment a language change must redraw (``app/table/layout_moments.py``), the advisor's position
(``app/table/advisor_shots.py``) and the pieces pictured with their tooltip (``app/table/tooltip_shots.py``).
"""

from __future__ import annotations

from lama_desktop.app.table.shots import ask_advisor, keys, open_seated, point, push_table, seats
from lama_desktop.core.session import GameSession
from lama_desktop.engine.record import GameRecord
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.games.dice.summary import DiceRoundSummary
from lama_desktop.games.dice.table import DiceTableScene

#: the shot (``shots.py``) a language change must redraw completely
LANGUAGE_MOMENTS = ("table-dice-take-choice",)


def seats_out(state) -> list[bool]:
    """Who is out of the round (the layout checks' moment with opponents out: ``app/table/layout_moments.py``)."""
    return [bool(o) for o in state.out]


def summary_scene(end: dict, session):
    """The dice round summary over the table at a round's end."""
    return DiceRoundSummary(end, session.names)


def advisor(app) -> None:
    """A crafted round three: which dice to keep."""
    state = DiceState.crafted(["1 3 3 5 L", "2 4 4 6", "1 2 5", "3 6 6 L"], scores=[14, 12, 3, 18], round_no=3)
    session = GameSession(GameRecord("lama-dice", 4, (), 0, {}, []), seats(4), state=state)
    scene = push_table(app, DiceTableScene, session)
    ask_advisor(app, scene, scene.skip_animations)


def _table(app):
    return open_seated(app, "lama-dice", 4, seed=5)


def _focus_button(app):
    scene = _table(app)
    scene.buttons["roll"].focused = True
    keys(scene)


def _die(app):
    scene = _table(app)
    point(scene, scene._die_centers()[1])


def _llama_row(app):
    scene = _table(app)
    name = scene.shown.llama[-1]
    point(scene, scene._llama_positions()[name])


def _row(app):
    scene = _table(app)
    point(scene, scene._row_card_rect(0).center)


def tooltips() -> list:
    """The table's pieces pictured with their tooltip: ``(piece, builder)``."""
    return [("focus-button", _focus_button), ("die", _die), ("llama-row", _llama_row), ("row", _row)]
