"""The history's moments for ``python -m lama_desktop.screenshots``: ``history-<game>`` for every game.

Each plays a seeded game (you against bots, your moves the first legal one) for a couple of dozen moves through the
real table, then opens the history as its full-height panel (F2): every line of the game so far, grouped by round,
with the Undo button beside the advisor's.
"""

from __future__ import annotations

import pygame

from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.app.tables import open_table
from lama_desktop.app.shots import first_of_each_table
from lama_desktop.app.table.shots import FROZEN, register, seats


def _first_move(moves):
    for move in moves:
        if str(move) not in ("quit", "stop"):
            return move
    return moves[0]


def _play(app, scene, moves: int) -> None:
    session = scene.session
    skip = getattr(scene, "skip_animations", None) or scene.tween.skip
    for _ in range(20000):
        app.step(1 / 60)
        skip()
        top = app.stack.top
        if top is not scene:
            if top is not None and ("summary" in getattr(top, "name", "") or getattr(top, "name", "") == "message"):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                     scancode=0))
            continue
        if session.thinking:
            session.wait_for_bot(30)
        if session.moves_played >= moves and scene.can_act():
            return
        if scene.can_act() and session.is_human(session.current_player):
            session.play(_first_move(session.view(session.current_player).legal_moves()))


def _history(plugin):
    """A sample game of ``plugin`` (its ``sample_players``), ``sample_moves`` in, its history open."""
    def build(app):
        config = GameConfig(plugin.id, seats(plugin.sample_players), (), 0, seed=5)
        scene = open_table(app, config)
        app.stack.push(scene)
        app.stack.apply_pending()
        scene.session.set_pace(0.0)
        scene._apply_settings = lambda: None  # keep the pace: the bots move at once, then not at all
        _play(app, scene, plugin.sample_moves)
        scene.session.set_pace(FROZEN)
        scene.toasts.clear()
        scene.history.expanded = True

    return build


register([(f"history-{plugin.id}", _history(plugin)) for plugin in first_of_each_table()], frames=3)
