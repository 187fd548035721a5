"""The frame drives every table: ``TableScene.update``, ``draw`` and ``handle_event`` run the one fixed order
(input → overlay → panels → tooltip → narrator; the table's picture, then toasts, panels, tooltip, narrator,
overlay), and a game's table (and its network version) fills hooks only: it never writes those three again."""

from __future__ import annotations

import importlib
import pkgutil

import pygame
import pytest

import lama_desktop.app
import lama_desktop.games
from lama_desktop.app.table.net_table import networked
from lama_desktop.app.table.scene_base import TableScene
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.games import GAMES
from frames import fast_app
from registry_games import one_per_table

#: one game per table scene
TABLES = one_per_table()
#: the frame's own methods: a table supplies hooks instead
FRAME = ("update", "draw", "handle_event")


def _writes_no_frame_method(table: type) -> None:
    assert issubclass(table, TableScene)
    for cls in table.__mro__[:table.__mro__.index(TableScene)]:
        written = [name for name in FRAME if name in vars(cls)]
        assert not written, f"{cls.__qualname__} writes the frame's {written}: fill the hooks instead"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_table_writes_no_frame_method(game_id):
    table = GAMES[game_id].table()
    _writes_no_frame_method(table)
    _writes_no_frame_method(networked(table))  # the network game's table: its reactions and bubbles are hooks too


def _all_tables() -> set[type]:
    """Every table scene class defined in ``app/`` and ``games/`` (each module imported), with its network version."""
    for package in (lama_desktop.app, lama_desktop.games):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if ".tests" not in module.name and not module.name.endswith("__main__"):
                importlib.import_module(module.name)
    found, todo = set(), [TableScene]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                found.add(sub)
                todo.append(sub)
    return found | {networked(table) for table in found if not table.__name__.startswith("Net")}


def test_no_table_class_or_mixin_writes_a_frame_method():
    tables = _all_tables()
    assert {GAMES[game_id].table() for game_id in GAMES} <= tables
    for table in tables:
        _writes_no_frame_method(table)


def _open(tmp_path, game_id):
    from lama_desktop.app import tables

    app = fast_app(tmp_path, (1280, 720))
    config = GameConfig(game_id, [SeatConfig("Ann", "human")] + [SeatConfig(n, "bot", "medium") for n in "BC"],
                        (), 0, seed=4)
    table = tables.open_table(app, config)
    app.stack.push(table)
    app.stack.apply_pending()
    table.session.set_pace(1e9)  # the bots wait
    return app, table


#: how deep the recorded calls are nested: only the frame's own calls (depth 0) are recorded
_depth = [0]


def _record(monkeypatch, owner, names, calls, label=""):
    for name in names:
        method = getattr(owner, name)

        def recorder(*args, _method=method, _name=label + name, **kwargs):
            if not _depth[0]:
                calls.append(_name)
            _depth[0] += 1
            try:
                return _method(*args, **kwargs)
            finally:
                _depth[0] -= 1

        monkeypatch.setattr(owner, name, recorder)


@pytest.mark.parametrize("game_id", TABLES)
def test_the_frame_runs_its_order(tmp_path, monkeypatch, game_id):
    app, table = _open(tmp_path, game_id)
    calls: list[str] = []
    _record(monkeypatch, table, ("update_table", "_take_moves", "update_pieces", "_refresh_buttons",
                                 "_update_tooltip", "_narrator_update", "update_overlay"), calls)
    _record(monkeypatch, table.advisor, ("update",), calls, "advisor.")
    _record(monkeypatch, table.history, ("update",), calls, "history.")
    table.update(0.02)
    assert calls == ["update_table", "_take_moves", "update_pieces", "_refresh_buttons", "advisor.update",
                     "history.update", "_update_tooltip", "_narrator_update", "update_overlay"]

    calls.clear()
    _record(monkeypatch, table, ("draw_table", "_draw_toasts", "_draw_panels", "_draw_tooltip", "_narrator_draw",
                                 "draw_overlay"), calls)
    table.draw(pygame.Surface(app.size))
    # the tooltip over the lesson's narrator: no lesson frame or arrow runs through a piece's tip
    assert calls == ["draw_table", "_draw_toasts", "_draw_panels", "_narrator_draw", "_draw_tooltip", "draw_overlay"]

    calls.clear()
    _record(monkeypatch, table, ("overlay_event", "_panels_event", "_escape", "open_pause", "_skip_event",
                                 "handle_table_event"), calls)
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(0, 0), buttons=(0, 0, 0)))
    assert calls == ["overlay_event", "_panels_event", "_skip_event", "handle_table_event"]
    calls.clear()
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    assert calls == ["overlay_event", "_panels_event", "_escape", "open_pause"]  # Escape never reaches the table
