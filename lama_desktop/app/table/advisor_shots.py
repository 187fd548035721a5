"""The advisor's moments for ``python -m lama_desktop.screenshots``: ``advisor-<game>`` for every game.

Each seats a table in a position with a real choice for the player (crafted or seeded: the same picture every
time), presses H, waits for the answer and takes the picture: the panel with every move's chance to win, the best
move marked on the table (Llama Land: its best placements as ghost tiles).
"""

from __future__ import annotations

from lama_desktop.games.cadabra.engine import CadabraState
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.games.lama.engine import LamaState
from lama_desktop.engine.record import GameRecord
from lama_desktop.app.session import GameSession
from lama_desktop.app.table.shots import push_table, register, seats, settle


def _ask(app, scene, skip=None) -> None:
    settle(app, scene, 6, skip)
    scene.advisor.request()
    scene.advisor.wait(30.0)
    settle(app, scene, 2, skip)


def _lama(app):
    from lama_desktop.games.lama.table import LamaTableScene

    # Anna is stuck on a 3 with an expensive hand: draw or quit? (the issue's own example)
    state = LamaState.crafted(
        "lama", hands=[["1", "2", "5", "6", "L"], ["2", "5", "6"], ["1", "4", "L", "6"], ["2", "3", "5"]],
        pile=["5", "6", "1", "2", "3", "4", "5", "6", "1", "2", "3", "4", "L", "3"] * 2, top="3",
        discard=["6", "L", "1", "2", "3"], current=0, points=[12, 18, 7, 21], dealer=3, round_no=3)
    session = GameSession(GameRecord("lama", 4, (), 0, {}, []), seats(4), state=state)
    _ask(app, push_table(app, LamaTableScene, session))


def _dice(app):
    from lama_desktop.games.dice.table import DiceTableScene

    state = DiceState.crafted(["1 3 3 5 L", "2 4 4 6", "1 2 5", "3 6 6 L"], scores=[14, 12, 3, 18], round_no=3)
    session = GameSession(GameRecord("lama-dice", 4, (), 0, {}, []), seats(4), state=state)
    scene = push_table(app, DiceTableScene, session)
    _ask(app, scene, scene.skip_animations)


def _cadabra(app):
    from lama_desktop.games.cadabra.table import CadabraTableScene

    state = CadabraState.crafted(
        hands=[["1", "2+", "2/3", "3*", "4", "L", "6+"], ["2", "5", "6"], ["1", "4", "4/5", "L"], ["2", "3", "3"]],
        pile=["5", "6", "1", "2", "3", "4", "5", "6", "L", "2", "3", "4/5", "6", "1", "L", "4"],
        discard=["4", "5", "5", "6", "L", "1", "2"], whites=[4, 7, 2, 9], blacks=[1, 2, 0, 1], magic=0,
        board=[1, 10, 1], current=0, round_no=2)
    session = GameSession(GameRecord("lama-cadabra", 4, (), 0, {"first_player": 0}, []), seats(4), state=state)
    _ask(app, push_table(app, CadabraTableScene, session))


def _llama_land(app):
    from lama_desktop.games.llama_land.shots import played_session, push, settle as land_settle

    def ready(state):  # Anna to place a tile, a few turns in: builds worth comparing
        return state.current_player == 0 and state.phase == 0 and state.turns[0] >= 6
    scene = push(app, played_session(11, ready, climb=True))
    land_settle(app, scene)
    scene.advisor.request()
    scene.advisor.wait(30.0)
    land_settle(app, scene, 2)


register([
    ("advisor-lama", _lama),
    ("advisor-dice", _dice),
    ("advisor-cadabra", _cadabra),
    ("advisor-llama-land", _llama_land),
])
