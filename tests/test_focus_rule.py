"""The frame's one focus rule (issue 32): in every menu, list and dialog the focus starts on the default action and
the first Enter does it; the first arrow or Tab only shows the ring where the focus already is.

The rule lives in ``widgets/focus.py`` (``WidgetGroup.default_widget``, ``start_on_default``) and every menu scene
gets it from ``scenes/base.py``; the test over the screenshot moments finds every scene and dialog there is (a new
one is covered the day it gets a moment)."""

from __future__ import annotations

import os

import pygame
import pytest

from lama_desktop.app import shots, staging
from lama_desktop.app.scenes.base import MenuScene
from lama_desktop.app.scenes.message import default_button
from lama_desktop.app.scenes.replay import ReplayScene
from lama_desktop.app.widgets import Button, Column, ListView, WidgetGroup

os.environ.setdefault("LAMA_NET_LOOPBACK", "1")

#: the table moments that show one of the table's dialogs (the round summary, a confirmation, the hot-seat screen)
DIALOG_SUFFIXES = ("-round-summary", "-confirm-quit", "-hotseat-privacy")
#: moments of pieces of a table, not of a menu or a dialog
TABLE_PREFIXES = ("table-", "tooltip-", "tutorial-", "advisor-", "history-", "llama-land-placement")


def _enter():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def _press(key):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


@pytest.fixture
def group():
    pygame.display.init()
    done = []
    g = WidgetGroup()
    g.add(Button("Cancel", lambda: done.append("cancel"), name="cancel"))
    g.add(Button("Start", lambda: done.append("start"), style="primary", name="start"))
    g.done = done
    return g


def test_the_first_enter_does_the_gold_button_not_just_focus_it(group):
    group.start_on_default()
    assert group.focused.name == "start" and not group.focused.focused  # no ring before the keyboard is used
    group.handle_event(_enter())
    assert group.done == ["start"]


def test_the_first_arrow_shows_the_ring_on_the_default_then_moves(group):
    group.start_on_default()
    group.handle_event(_press(pygame.K_DOWN))
    assert group.focused.name == "start" and group.focused.focused and group.done == []
    group.handle_event(_press(pygame.K_DOWN))
    assert group.focused.name == "cancel"


def test_a_list_that_opens_its_rows_is_the_default_before_a_gold_back_button():
    pygame.display.init()
    opened = []
    g = WidgetGroup()
    g.add(ListView([Column("Game", 1.0)], [["a"], ["b"]], on_select=opened.append, name="list"))
    g.add(Button("Back", lambda: opened.append("back"), style="primary", name="back"))
    g.start_on_default()
    assert g.focused.name == "list" and g.focused.focused  # its highlighted row shows what Enter opens
    g.handle_event(_enter())
    assert opened == [0]  # the first row, at the first Enter
    g.handle_event(_press(pygame.K_DOWN))
    g.handle_event(_enter())
    assert opened == [0, 1]  # the arrows walk the rows


def test_a_default_the_scene_names_wins_and_an_empty_list_is_none(group):
    group.default = group.widgets[0]
    group.start_on_default()
    group.handle_event(_enter())
    assert group.done == ["cancel"]
    empty = WidgetGroup()
    empty.add(ListView([Column("Game", 1.0)], [], on_select=print, name="list"))
    assert empty.default_widget() is None


def _dialog_moments():
    staging.load_shots()
    return [(name, builder, frames) for name, builder, frames in shots.SHOTS
            if not name.startswith(TABLE_PREFIXES) or name.endswith(DIALOG_SUFFIXES)]


def test_every_scene_and_dialog_with_a_default_action_does_it_at_the_first_enter():
    """Each moment's top scene, as it opens: Enter goes to its default action (spied, not run), never only to the
    focus. Every menu and dialog that has a gold button or a list of things to open has a default."""
    app = staging.make_app((1280, 720))
    seen, missing, only_focused = set(), [], []
    try:
        for name, builder, frames in _dialog_moments():
            staging.stage(app, builder, min(frames, 3))
            top = app.stack.top
            if not isinstance(top, (MenuScene, ReplayScene)):
                continue
            default = top.group.default_widget()
            if default is None:
                if any(w.offers_default() for w in top.group.widgets if w.enabled and w.visible):
                    missing.append(name)
                continue
            seen.update(getattr(kind, "name", "") for kind in type(top).__mro__)  # a game's summary counts
            chosen = []
            default.activate = lambda chosen=chosen: chosen.append(True)
            app.stack.handle_event(_enter())
            if chosen != [True]:
                only_focused.append(f"{name}: {default.name}")
    finally:
        app.shutdown()
    assert not missing, missing
    assert not only_focused, only_focused
    # the scenes of issue 32's pictures and the other dialogs are among them
    assert {"title", "lessons", "past_games", "message", "pause", "settings", "setup", "replay", "results", "rules",
            "round_summary", "privacy", "net-join"} - seen == set(), sorted(seen)


def test_among_several_gold_buttons_the_ring_shows_which_one_enter_takes(group):
    group.add(Button("Other", lambda: group.done.append("other"), style="primary", name="other"))
    group.start_on_default()
    assert group.focused.name == "start" and group.focused.focused
    group.handle_event(_enter())
    assert group.done == ["start"]


def test_a_named_default_that_is_not_gold_shows_its_ring(group):
    group.default = group.widgets[0]  # "Cancel", a cream button: nothing but the ring says Enter takes it
    group.start_on_default()
    assert group.focused.name == "cancel" and group.focused.focused


def test_a_confirmation_of_what_cannot_be_taken_back_never_does_it_on_a_reflex_enter():
    """A dialog whose first button destroys (style "danger": reset statistics, give a game up) starts on the safe
    button: the first Enter cancels. A danger button that says "Enter" on its face is the default as it says."""
    assert default_button([("Reset", None, "danger"), ("Cancel", None, "primary")]) == 1
    assert default_button([("Leave", None, "danger", "Enter"), ("Stay", None, "primary", "Esc")]) == 0
    assert default_button([("OK", None, "primary")]) == 0
