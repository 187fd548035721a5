"""LAMA Cadabra table moments for ``python -m lama_desktop.screenshots`` (and ``bench render``, which times them).

A fresh round, the middle of a round with symbol cards and a double in hand, the Lamagic Show on (stage lit,
five tokens and the magic token on it), choosing who receives a circle's token, a player alone in the round,
and a round summary where a double card counts under both of its values. Crafted or seeded: the same picture
every time.
"""

from __future__ import annotations

from lama_desktop.app import shots as screenshots
from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.engine.record import GameRecord
from lama_desktop.core.session import GameSession
from lama_desktop.app.table.shots import push_table, register, seats as _seats, settle as _settle
from lama_desktop.games.cadabra.table import CadabraSummaryScene, CadabraTableScene
from lama_desktop.app.scenes.round_summary import round_summary_data

PILE = ["5", "6", "1", "2", "3", "4", "5", "6", "L", "2", "3", "4/5", "6", "1", "L", "4"]


def _push(app, session: GameSession) -> CadabraTableScene:
    return push_table(app, CadabraTableScene, session)


def _crafted(app, players: int, **kw) -> CadabraTableScene:
    state = CadabraState.crafted(**kw)
    session = GameSession(GameRecord("lama-cadabra", players, (), 0, {"first_player": 0}, []), _seats(players),
                          state=state)
    scene = _push(app, session)
    _settle(app, scene)
    return scene


def _start(app):
    session = GameSession.new("lama-cadabra", _seats(4), seed=2024, options={"first_player": 0})
    scene = _push(app, session)
    _settle(app, scene)


def _mid_round(app):
    _crafted(app, 4, hands=[["1", "2+", "2/3", "3*", "4", "L", "6+"], ["2", "5", "6"], ["1", "4", "4/5", "L"],
                            ["2", "3", "3"]],
             pile=PILE, discard=["4", "5", "5", "6", "L", "1", "2"], whites=[4, 7, 2, 9], blacks=[1, 2, 0, 1],
             magic=2, board=[1, 10, 1], current=0, round_no=2)


def _show(app):
    _crafted(app, 4, hands=[["L", "3", "4/5", "6", "L"], ["2", "5", "6"], ["1", "4", "4"], ["2", "3*"]],
             pile=PILE, discard=["5", "6", "L", "L", "1", "2", "6", "L"], whites=[3, 5, 0, 8],
             blacks=[1, 1, 2, 0], magic="board", board=[1, 1, 10, "M", 1], show=True, current=0, round_no=3)


def _give_choice(app):
    scene = _crafted(app, 4, hands=[["1", "3", "4/5", "6"], ["2", "5", "6"], ["1", "4", "4"], ["2", "3"]],
                     pile=PILE, discard=["6", "L"], whites=[5, 2, 6, 1], blacks=[0, 2, 1, 3], current=0,
                     active=[True, True, False, True], round_no=2)
    scene.session.play("play 1")
    _settle(app, scene)


def _alone(app):
    _crafted(app, 3, hands=[["1", "2+", "3", "3*", "5"], ["4", "6"], ["6", "L", "L"]], pile=["6", "2/3"],
             top="L", discard=["4", "5", "6", "L"], whites=[0, 6, 2], blacks=[1, 1, 2],
             active=[True, False, False], current=0, round_no=4, board=[1, 1])


def _round_summary(app):
    scene = _crafted(app, 3, hands=[["2/3", "3", "3*", "5"], ["4", "6", "L", "L"], ["4/5"]], pile=PILE,
                     top="4", discard=["1", "2", "3", "4"], whites=[2, 6, 3], blacks=[1, 0, 2], magic=1,
                     current=2, round_no=3)

    state = scene.session.state
    data = round_summary_data(state, state.apply("play 4/5"))  # Carla gives back a token: the final totals
    app.stack.push(CadabraSummaryScene(data, scene.session.names))
    app.stack.apply_pending()


register([
    ("table-cadabra-start", _start),
    ("table-cadabra-mid-round", _mid_round),
    ("table-cadabra-show", _show),
    ("table-cadabra-give-choice", _give_choice),
    ("table-cadabra-alone", _alone),
    ("table-cadabra-round-summary", _round_summary),
    ("table-cadabra-mid-round-ui130", screenshots.at_ui_scale(_mid_round, 1.3)),
])
