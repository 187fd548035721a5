"""The screenshot registry: ``SHOTS``, the moments every scene is pictured, timed and checked in, and ``Moment``.

``SHOTS`` is a list of ``(name, builder, frames)``: ``name`` is ``<scene>-<moment>``, ``builder(app)`` puts the app's
scene stack in the wanted state (``app`` is a real ``App`` on a throw-away storage folder) and ``frames`` is how many
frames run before the picture is taken. The menus' moments (``app/scenes/shots.py``), every game's (its descriptor's
``shots`` loader) and the tables' shared ones (``app/table/*_shots.py``) add theirs with ``add_shot``;
``app/staging.py`` loads them all and stages one. The tools read it: ``python -m lama_desktop.screenshots``,
``layoutcheck`` and ``bench render``. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from lama_desktop.engine.registry import plugins

SHOTS: list[tuple[str, Callable, int]] = []


def add_shot(name: str, builder: Callable, frames: int = 3) -> None:
    """Register a screenshot: ``name`` is ``<scene>-<moment>``; ``builder(app)`` sets up ``app.stack``."""
    for i, (existing, _b, _f) in enumerate(SHOTS):
        if existing == name:
            SHOTS[i] = (name, builder, frames)
            return
    SHOTS.append((name, builder, frames))


def at_ui_scale(builder: Callable, scale: float) -> Callable:
    """``builder`` with Settings → UI scale set to ``scale`` first (the scaled variants of table shots)."""
    def build(app):
        app.update_settings(ui_scale=scale)
        builder(app)

    return build


def first_of_each_table() -> list:
    """The descriptor of the first game of every table group, in the order games are offered (L.A.M.A. stands for
    its table and Party): the games the shots of every table show once."""
    out: dict = {}
    for plugin in plugins().values():
        out.setdefault(plugin.table_group, plugin)
    return list(out.values())


def table_word(plugin) -> str:
    """The table group's own word in shot names: ``lama``, ``dice``, ``cadabra``, ``llama-land``."""
    return plugin.table_group.removeprefix("table-")


@dataclass(frozen=True)
class Moment:
    """A screen the layout checks look at (``python -m lama_desktop.layoutcheck``)."""

    name: str  # "<screen>-<moment>[-<n>p]"
    builder: Callable  # builder(app): the app's stack in that moment
    frames: int = 3
    group: str = ""  # the table or menu it belongs to: every group meets every size x scale x language
