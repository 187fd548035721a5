"""The moments the frame stages for L.A.M.A. and Party (their descriptors' ``moments`` loader): the round summary
over the table and the busy moments a language change must redraw (``app/table/layout_moments.py``), the advisor's
position (``app/table/advisor_shots.py``) and the pieces pictured with their tooltip (``app/table/tooltip_shots.py``).
"""

from __future__ import annotations

from lama_desktop.app.table.shots import ask_advisor, open_seated, point, push_table, seats
from lama_desktop.app.scenes.round_summary import RoundSummaryScene
from lama_desktop.core.session import GameSession
from lama_desktop.engine.record import GameRecord
from lama_desktop.games.lama.engine import LamaState
from lama_desktop.games.lama.table import LamaTableScene

#: the shots (``shots.py``) a language change must redraw completely: cards, plates, log, the round summary
LANGUAGE_MOMENTS = ("table-lama-mid-round", "table-lama-round-summary")


def seats_out(state) -> list[bool]:
    """Who is out of the round (the layout checks' moment with opponents out: ``app/table/layout_moments.py``)."""
    return [not a for a in state.active]


def summary_scene(end: dict, session):
    """The round summary over the table at a round's end (Party's pink cards counted in)."""
    return RoundSummaryScene(end, session.names, pinks=session.record.game_id == "lama-party")


def advisor(app) -> None:
    """Anna is stuck on a 3 with an expensive hand: draw or quit? (the advisor issue's own example)"""
    state = LamaState.crafted(
        "lama", hands=[["1", "2", "5", "6", "L"], ["2", "5", "6"], ["1", "4", "L", "6"], ["2", "3", "5"]],
        pile=["5", "6", "1", "2", "3", "4", "5", "6", "1", "2", "3", "4", "L", "3"] * 2, top="3",
        discard=["6", "L", "1", "2", "3"], current=0, points=[12, 18, 7, 21], dealer=3, round_no=3)
    session = GameSession(GameRecord("lama", 4, (), 0, {}, []), seats(4), state=state)
    ask_advisor(app, push_table(app, LamaTableScene, session))


def _table(app, variants=()):
    return open_seated(app, "lama", 4, seed=7, variants=variants)


def _button(app):
    scene = _table(app)
    point(scene, scene.buttons["quit"].rect.center)


def _round(app):
    scene = _table(app)
    point(scene, scene.layout["round_info"].center)


def _card(app):
    scene = _table(app)
    x, y, _ = scene._hand_positions()[len(scene.shown.hand) // 2]
    point(scene, (x, y + scene.hand_w * 0.2))


def _pile(app):
    scene = _table(app)
    point(scene, scene._slot_rect("draw_pile").center)


def _drama(app):
    scene = _table(app, variants=("drama",))
    point(scene, scene.layout["drama_board"].center)


def _plate(app):
    scene = _table(app)
    point(scene, scene.layout["seat2.plate"].center)


def tooltips() -> list:
    """The table's pieces pictured with their tooltip: ``(piece, builder)``."""
    return [("button", _button), ("round", _round), ("card", _card), ("pile", _pile), ("drama", _drama),
            ("plate", _plate)]
