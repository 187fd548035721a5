"""Race to 10 table moments for ``python -m lama_desktop.screenshots``: a seeded game at your turn with 2, 3 and 4
seats, a card chosen with the keys, and a finished game (the same picture every time)."""

from __future__ import annotations

from lama_desktop.app import shots as screenshots
from lama_desktop.app.table.shots import open_seated, push_table, register, seats, settle
from lama_desktop.bots import make_bot
from lama_desktop.core.session import GameSession
from lama_desktop.engine.record import GameRecord
from toy.table import ToyTableScene

GAME = "toy-race"


def _seated(players: int, seed: int = 7):
    def build(app):
        open_seated(app, GAME, players, seed)
    return build


def _chosen(app):
    """Your turn, the middle card of your hand chosen with the arrows: it is lifted and glows."""
    scene = open_seated(app, GAME, 3, seed=11)
    scene.hand_focus = len(scene.shown.hand) // 2
    settle(app, scene, 2)


def _late(app):
    """Late in a game: seeded medium bots have played a few rounds of turns, the pile is low; your turn."""
    record = GameRecord(GAME, 4, (), 5, {})
    state = record.new_state()
    bots = [make_bot(GAME, "medium", seat) for seat in range(4)]
    while len(record.moves) < 12 or state.current_player != 0:
        record.play(state, bots[state.current_player].choose(state.view(state.current_player)))
    scene = push_table(app, ToyTableScene, GameSession(record, seats(4), state=state))
    settle(app, scene)


register([
    ("table-toy-2p", _seated(2)),
    ("table-toy-3p", _seated(3)),
    ("table-toy-4p", _seated(4)),
    ("table-toy-chosen", _chosen),
    ("table-toy-late", _late),
    ("table-toy-4p-ui130", screenshots.at_ui_scale(_seated(4), 1.3)),
])
