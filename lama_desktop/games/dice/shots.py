"""LAMA Dice table moments for ``python -m lama_desktop.screenshots`` (and ``bench render``, which times them).

Each builder seats a dice table on the app's scene stack in a chosen moment: a fresh round (blank dice), the dice
tumbling, a match with the discard choice, a bot's rolled match, a miss with the llama-row choice, a blow-up, three
llamas (token choice), a six-player Lama 20 game and a round summary. Positions are crafted states or seeded games (the
same picture every time).
"""

from __future__ import annotations

from lama_desktop.app import shots as screenshots
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.engine.record import GameRecord
from lama_desktop.core.session import GameSession, Played
from lama_desktop.app.table.shots import push_table, register, seats as _seats, settle
from lama_desktop.games.dice.summary import DiceRoundSummary
from lama_desktop.games.dice.table import DiceTableScene
from lama_desktop.app.scenes.rules import RulesScene
from lama_desktop.engine.core import Move


def _push(app, session: GameSession) -> DiceTableScene:
    return push_table(app, DiceTableScene, session)


def _settle(app, scene: DiceTableScene, frames: int = 10) -> None:
    settle(app, scene, frames, scene.skip_animations)


def _crafted(rows, players=4, variants=(), **kw) -> GameSession:
    state = DiceState.crafted(rows, variants=variants, **kw)
    return GameSession(GameRecord("lama-dice", players, tuple(variants), 0, {}, []), _seats(players), state=state)


def _start(app):
    session = GameSession.new("lama-dice", _seats(4), seed=2024)
    scene = _push(app, session)
    _settle(app, scene)


def _rolling(app):
    session = _crafted(["1 3 3 5 L L", "2 4 4 6", "1 2 5", "3 6 6 L"], scores=[7, 12, 3, 18], round_no=2)
    scene = _push(app, session)
    _settle(app, scene)
    session.play("roll")
    for _ in range(14):  # the dice are in the air
        app.step(1 / 60)


def _discard_choice(app):
    session = _crafted(["1 3 3 5 L L", "2 4 4 6", "1 2 5", "3 6 6 L"], scores=[7, 12, 3, 18], round_no=2)
    scene = _push(app, session)
    _settle(app, scene)
    events = session.state.apply_roll([3, 3, "L"])
    session._played.append(_played(0, "roll", events))
    _settle(app, scene)


def _rolled(app):
    """Bruno (a bot) has rolled a match: the dice show the roll, the matching ones glow, he is about to discard."""
    session = _crafted(["1 3 3 5 L L", "2 4 4 6", "1 2 5", "3 6 6 L"], scores=[7, 12, 3, 18], round_no=2, current=1)
    scene = _push(app, session)
    _settle(app, scene)
    events = session.state.apply_roll([4, 6, 1])
    session._played.append(_played(1, "roll", events))
    _settle(app, scene)


def _take_choice(app):
    session = _crafted(["1 1 5", "2 4 4 6", "1 2 5", "3 6 6 L"], llama_row="2 3 4 6 L", scores=[7, 12, 3, 18],
                       round_no=2)
    scene = _push(app, session)
    _settle(app, scene)
    events = session.state.apply_roll([2, 4, "L"])
    session._played.append(_played(0, "roll", events))
    _settle(app, scene)


def _blowup(app):
    session = _crafted(["1 1 5", "2 4 4 6", "1 2 5", "3 6 6 L"], llama_row="3 6", scores=[7, 12, 3, 18],
                       round_no=3, current=1)
    scene = _push(app, session)
    _settle(app, scene)
    events = session.state.apply_roll([1, 5, "L"])
    session._played.append(_played(1, "roll", events))
    for _ in range(40):  # the dice land, the llama row flies to Bruno, the table shakes
        app.step(1 / 60)
        if scene.rolling is not None:
            scene._finish_roll()


def _three_llamas(app):
    session = _crafted(["2 3 5", "2 4 4 6", "1 2 5", "3 6 6 L"], scores=[24, 12, 3, 18], variants=("lama20",),
                       round_no=4)
    scene = _push(app, session)
    _settle(app, scene)
    events = session.state.apply_roll(["L", "L", "L"])
    session._played.append(_played(0, "roll", events))
    _settle(app, scene)


def _six_players(app):
    record = GameRecord("lama-dice", 6, ("lama20",), 5, {})
    state = record.new_state()
    for _ in range(9):  # a few turns: rolls and discards or takes
        moves = state.legal_moves()
        pick = moves[0]
        record.play(state, pick)
        if state.current_player == 0 and state.phase_name == "turn":
            break
    session = GameSession(record, _seats(6), state=state)
    scene = _push(app, session)
    _settle(app, scene)


def _round_summary(app):
    session = _crafted(["1 5 5 6", "2 4 4 6", "1 2 5", "3 6 6 L"], scores=[7, 12, 3, 18], round_no=2,
                       quit=(1, 2))
    scene = _push(app, session)
    _settle(app, scene)
    state = session.state
    state.apply("quit")
    data = None
    for event in state.apply("quit"):
        if event.kind == "round_end":
            data = event.data
    app.stack.push(DiceRoundSummary(data, session.names))
    app.stack.apply_pending()


def _rules(page: int):
    def build(app):
        app.stack.push(RulesScene("lama-dice", page))
    return build


def _played(seat, move, events):
    return Played(seat, Move.parse(move), events, False)


register([
    ("table-dice-start", _start),
    ("table-dice-rolling", _rolling),
    ("table-dice-discard-choice", _discard_choice),
    ("table-dice-rolled", _rolled),
    ("table-dice-take-choice", _take_choice),
    ("table-dice-blowup", _blowup),
    ("table-dice-three-llamas", _three_llamas),
    ("table-dice-6p", _six_players),
    ("table-dice-round-summary", _round_summary),
    ("rules-dice-first", _rules(0)),
    ("rules-dice-alone", _rules(8)),
    ("table-dice-6p-ui130", screenshots.at_ui_scale(_six_players, 1.3)),
    ("table-dice-start-ui85", screenshots.at_ui_scale(_start, 0.85)),
])
