"""Race to 10 table moments for ``python -m lama_desktop.screenshots``: a seeded game at your turn with 2, 3 and 4
seats, a card chosen with the keys, and a finished game (the same picture every time)."""

from __future__ import annotations

from lama_desktop.app import shots as screenshots
from lama_desktop.app.table.shots import open_seated, register, settle

GAME = "toy-race"


def _seated(players: int, seed: int = 7):
    def build(app):
        open_seated(app, GAME, players, seed)
    return build


def _chosen(app):
    """Your turn, the middle card of your hand chosen with the arrows: it is lifted and glows."""
    scene = open_seated(app, GAME, 3, seed=11)
    scene.chosen = len(scene.shown.hand) // 2
    settle(app, scene, 2)


def _late(app):
    """Late in a game: the bots have scored, the pile is low."""
    scene = open_seated(app, GAME, 4, seed=5)
    for _ in range(3):  # your move, then the bots' until it is yours again
        if scene.session.is_over or not scene.can_act():
            break
        scene.press("play")
        scene.session.set_pace(0.0)
        for _ in range(600):
            app.step(1 / 60)
            scene.skip_animations()
            if scene.session.thinking:
                scene.session.wait_for_bot(30)
            if scene.can_act() or scene.session.is_over:
                break
    scene.session.set_pace(1e9)
    settle(app, scene, 2)


register([
    ("table-toy-2p", _seated(2)),
    ("table-toy-3p", _seated(3)),
    ("table-toy-4p", _seated(4)),
    ("table-toy-chosen", _chosen),
    ("table-toy-late", _late),
    ("table-toy-4p-ui130", screenshots.at_ui_scale(_seated(4), 1.3)),
])
