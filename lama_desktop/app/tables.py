"""Which scene plays which game: every game's descriptor (``lama_desktop.games``) names its table.

Each game's table module exposes ``open_table(app, config, saved=None) -> Scene``: a new game from a
``GameConfig`` (``saved is None``) or the game in ``saved`` (``savefile.SavedGame``, whose ``meta["config"]`` gave
``config``). This module asks the descriptor; it never names a game.
"""

from __future__ import annotations

from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import t
from lama_desktop.engine.registry import plugins
from lama_desktop.tutorial.lesson import start_lesson
from lama_desktop.tutorial.script import load_tutorial


def _plugin(game_id: str):
    plugin = plugins().get(game_id)
    if plugin is None:
        raise ValueError(f"no table for {game_id!r} yet")
    return plugin


def has_table(game_id: str) -> bool:
    """True when ``game_id`` is registered and its folder has a table (a game of the tests may have none)."""
    plugin = plugins().get(game_id)
    return plugin is not None and plugin.has_module("table")


def scene_type(game_id: str) -> type:
    """The table scene class of ``game_id`` (``Scene(session, config)``)."""
    return _plugin(game_id).table()


def open_table(app, config, saved=None):
    return _plugin(config.game_id).opener()(app, config, saved)


def open_lesson(app, game_id: str):
    """The table of ``game_id``'s "Learn to play" lesson (``tutorial/lesson.py``): its session starts from the
    lesson's position with the scripted bots, nothing saved or counted."""
    table = scene_type(game_id)
    tutorial = load_tutorial(game_id)
    name = (app.settings.player_name if app is not None else "") or t("common.setup.you")
    pace = app.settings.bot_pace if app is not None else "normal"
    session = start_lesson(tutorial, name, pace)
    config = GameConfig(game_id, [SeatConfig(s.name, s.kind, s.level) for s in session.seats],
                        tuple(session.record.variants), 0, 0)
    return table(session, config)


def playable_games() -> list:
    """The registered games that have a table, their specs in the order games are offered."""
    return [plugin.spec for plugin in plugins().values() if plugin.has_module("table")]
