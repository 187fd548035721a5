"""Staging a screenshot moment: ``load_shots()`` fills ``app/shots.py``'s ``SHOTS`` (the menus' moments, every
game's, the tables' shared ones), ``make_app(size)`` is a real ``App`` on a throw-away storage folder, and
``stage(app, builder, frames)`` puts it in a moment. The screenshots, the layout checks and the render bench use it.
"""

from __future__ import annotations

import os
import tempfile

from lama_desktop.engine.registry import plugins
from lama_desktop.storage import Storage


def load_shots() -> None:
    """The menus' moments, every game's screenshot moments (its descriptor's ``shots`` loader imports the module,
    which calls ``add_shot``), then the tables' shared ones. They are part of the package: a broken one is an error,
    never a silently missing shot."""
    # lazy: importing a shots module adds its moments to SHOTS, in this order (the screenshots' and the layout
    # checks' order): the menus', each game's, then the tables' shared ones
    from lama_desktop.app.scenes import net_shots, shots  # noqa: F401

    for plugin in plugins().values():
        plugin.shots()
    # lazy: after every game's (see above)
    from lama_desktop.app.table import advisor_shots, history_shots, tooltip_shots, tutorial_shots  # noqa: F401


#: the language of the staged apps (``python -m lama_desktop.screenshots --lang``)
LANGUAGE = "en"


def make_app(size, base_dir: str | None = None):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # lazy: the screenshots tool (and through its at_ui_scale every game's shots module) imports this module; the
    # app, its scenes and pygame load when the first picture is staged, not when its arguments are read
    from lama_desktop.app.main import App

    app = App(Storage(base_dir or tempfile.mkdtemp(prefix="lama-shots-")), size)
    app.transitions = False  # pictures of the scenes themselves, not of a cross-fade
    app.warm_up = False  # no background imports competing with the frames the render bench times
    if LANGUAGE != app.settings.language:
        app.update_settings(language=LANGUAGE)
    return app


def stage(app, builder, frames: int) -> None:
    """Empty the stack, run ``builder``, then ``frames`` frames at a fixed 1/60 s step."""
    import pygame  # lazy: see make_app (an app, and so pygame, is there by now)

    while app.stack.scenes:
        app.stack._pop_now()
    builder(app)
    app.stack.apply_pending()
    pygame.event.clear()
    for _ in range(max(1, frames)):
        app.step(dt=1 / 60)
