"""The moments the frame stages for LAMA Cadabra (its descriptor's ``moments`` loader): the round summary over the
table and the busy moment a language change must redraw (``app/table/layout_moments.py``), the advisor's position
(``app/table/advisor_shots.py``) and the pieces pictured with their tooltip (``app/table/tooltip_shots.py``).
"""

from __future__ import annotations

from lama_desktop.app.table.shots import ask_advisor, open_seated, point, push_table, seats
from lama_desktop.core.session import GameSession
from lama_desktop.engine.record import GameRecord
from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.games.cadabra.table import CadabraSummaryScene, CadabraTableScene

#: the shot (``shots.py``) a language change must redraw completely
LANGUAGE_MOMENTS = ("table-cadabra-mid-round",)


def seats_out(state) -> list[bool]:
    """Who is out of the round (the layout checks' moment with opponents out: ``app/table/layout_moments.py``)."""
    return [not a for a in state.active]


def summary_scene(end: dict, session):
    """The Lamagic Show's round summary over the table at a round's end."""
    return CadabraSummaryScene(end, session.names)


def advisor(app) -> None:
    """A crafted round two with wild and magic cards in the hand."""
    state = CadabraState.crafted(
        hands=[["1", "2+", "2/3", "3*", "4", "L", "6+"], ["2", "5", "6"], ["1", "4", "4/5", "L"], ["2", "3", "3"]],
        pile=["5", "6", "1", "2", "3", "4", "5", "6", "L", "2", "3", "4/5", "6", "1", "L", "4"],
        discard=["4", "5", "5", "6", "L", "1", "2"], whites=[4, 7, 2, 9], blacks=[1, 2, 0, 1], magic=0,
        board=[1, 10, 1], current=0, round_no=2)
    session = GameSession(GameRecord("lama-cadabra", 4, (), 0, {"first_player": 0}, []), seats(4), state=state)
    ask_advisor(app, push_table(app, CadabraTableScene, session))


def _table(app):
    return open_seated(app, "lama-cadabra", 4, seed=4)


def _button(app):
    scene = _table(app)
    point(scene, scene.buttons["exchange"].rect.center)


def _card(app):
    scene = _table(app)
    hand = scene.shown.hand
    pick = next((i for i, n in enumerate(hand) if n[-1] in "@#*" or "/" in n), len(hand) // 2)
    x, y, _ = scene._hand_positions()[pick]
    point(scene, (x, y + scene.hand_w * 0.2))


def _stage(app):
    scene = _table(app)
    point(scene, scene._stage_geometry().center)


def _magic(app):
    scene = _table(app)
    point(scene, scene._magic_anchor(scene.shown.magic))


def tooltips() -> list:
    """The table's pieces pictured with their tooltip: ``(piece, builder)``."""
    return [("button", _button), ("card", _card), ("stage", _stage), ("magic", _magic)]
