"""Every picture the app keeps for later is in a store the drawing caches empty (``art.clear_caches``).

A picture kept from before a display-format change has the wrong pixel format, and one kept from before the text
probe was on carries no record of its text: a CI run lost the word "points" from one of six plates because a plate
drawn by an earlier test in the same process (no probe yet) sat in a module's private dict. Module-level stores of
pictures are ``art.cache.picture_store()`` or ``art.cache.surface_cache`` functions; these tests draw every table
and then walk every module of the app and the games for a kept picture the caches did not empty.
"""

from __future__ import annotations

import functools
import sys

import pygame
import pytest

#: ``functools.lru_cache`` functions of the app that keep no picture (fonts are the text probe's own to clear)
NOT_PICTURES = {
    "lama_desktop.core.i18n.load_table", "lama_desktop.core.i18n._made_up_names", "lama_desktop.app.art.svg.template",
    "lama_desktop.app.art.text._font", "lama_desktop.app.art.text._outline_font",
    "lama_desktop.app.art.text._digit_ratio",
    "lama_desktop.app.table.layout.load_layout", "lama_desktop.games.llama_land.engine.data.load",
    "lama_desktop.games.lama.race_values._tables",
}


def _holds_picture(value, depth: int = 0) -> bool:
    if isinstance(value, pygame.Surface):
        return True
    if depth > 3:
        return False
    if isinstance(value, dict):
        return any(_holds_picture(v, depth + 1) for v in value.values())
    if isinstance(value, tuple | list):
        return any(_holds_picture(v, depth + 1) for v in value)
    return False


def _app_modules():
    return [m for name, m in sorted(sys.modules.items())
            if m is not None and name.startswith(("lama_desktop.app", "lama_desktop.games"))]


def _draw_every_table():
    """Each game's table mid-round and with opponents out, at 1280x720 (plates, badges, cards, dice, tiles)."""
    from lama_desktop.app.staging import make_app, stage
    from lama_desktop.app.table import layout_moments

    app = make_app((1280, 720))
    wanted = [m for m in layout_moments.all_moments() if m.name.endswith(("-mid-2p", "-out-6p", "-out-4p"))]
    assert {m.group for m in wanted} >= {"table-lama", "table-dice", "table-cadabra", "table-llama-land"}
    for moment in wanted:
        stage(app, moment.builder, moment.frames)
        app.stack.draw(app.screen)
    return app


@pytest.fixture(scope="module")
def drawn():
    from lama_desktop.app import textprobe

    was_on = textprobe.installed()
    textprobe.uninstall()
    app = _draw_every_table()
    yield app
    if was_on:
        textprobe.install()


def test_every_module_store_of_pictures_is_emptied_with_the_drawing_caches(drawn):
    from lama_desktop.app import art

    stores = {f"{m.__name__}.{name}": value for m in _app_modules() for name, value in vars(m).items()
              if isinstance(value, dict) and value and _holds_picture(value)}
    assert {"lama_desktop.app.table.pieces._plates", "lama_desktop.app.table.pieces._badges"} <= set(stores), \
        "the tables drew no plate or badge: this test no longer sees the stores it guards"
    art.clear_caches()
    kept = sorted(name for name, store in stores.items() if store)
    assert not kept, f"pictures kept past art.clear_caches (make these stores art.cache.picture_store()): {kept}"


def test_no_lru_cache_of_the_app_keeps_a_picture(drawn):
    """``functools.lru_cache`` cannot be emptied with the drawing caches: pictures use ``surface_cache``."""
    from lama_desktop.app import art

    art.clear_caches()
    found = []
    for m in _app_modules():
        for name, value in vars(m).items():
            if isinstance(value, functools._lru_cache_wrapper) and getattr(value, "__module__", "") == m.__name__:
                key = f"{m.__name__}.{name}"
                if key not in NOT_PICTURES and value.cache_info().currsize:
                    found.append(key)
    assert not found, f"lru_cache functions holding values past art.clear_caches (pictures?): {found}"


def test_a_plate_drawn_before_the_probe_still_shows_its_words(drawn):
    """The CI failure itself: the six-seat L.A.M.A. table drawn with no probe, then checked with it: all six
    plates show their points word."""
    from lama_desktop.core import i18n
    from lama_desktop.app.staging import stage
    from lama_desktop.app.table import layout_moments
    from lama_desktop.app.layoutprobe import Checker

    moment = next(m for m in layout_moments.all_moments() if m.name == "table-lama-lama-out-6p")
    stage(drawn, moment.builder, moment.frames)
    drawn.stack.draw(drawn.screen)
    checker = Checker()
    try:
        texts, _lost = checker.frame_texts(moment, (1280, 720), 1.0, "en")
        words = {i18n.t("common.plate.points"), i18n.t("common.plate.points_short")}
        assert len([r for r in texts if r.text in words]) == checker.app((1280, 720)).stack.top.n == 6
    finally:
        checker.close()
