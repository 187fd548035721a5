"""Settings never lie about the loopback switch (issue 32): forced by the environment (``LAMA_NET_LOOPBACK=1``) it
shows on, cannot be changed, and its row says why, in every language, inside the window; otherwise it is the
player's setting."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.scenes.settings import SettingsScene
from lama_desktop.core import i18n
from lama_desktop.net import loopback
from test_menu_polish import fresh_app, key


def _settings(app, code: str, scale: float = 1.0):
    app.update_settings(ui_scale=scale, language=code)
    scene = SettingsScene()
    app.stack.push(scene)
    app.stack.apply_pending()
    app.step(dt=1 / 60)
    return scene, next(w for w in scene.group.widgets if w.name == "net_loopback")


@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3])
@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_environments_switch_shows_on_unchangeable_and_why(monkeypatch, code, scale):
    monkeypatch.setenv(loopback.ENV, "1")
    app = fresh_app()
    try:
        assert app.settings.net_loopback_only is False
        scene, row = _settings(app, code, scale)
        assert row.value is True and not row.enabled
        assert loopback.ENV in row.detail and row.detail == i18n.t("common.settings.net_loopback_forced",
                                                                   variable=loopback.ENV)
        if code != "en":  # said in the player's language
            i18n.set_language("en")
            assert row.detail != i18n.t("common.settings.net_loopback_forced", variable=loopback.ENV)
            i18n.set_language(code)
        window = pygame.Rect((0, 0), app.size)
        assert window.contains(scene.panel) and scene.panel.contains(row.rect)
        scene.group.set_focus(row)
        key(app, pygame.K_SPACE)
        row.step(-1)
        assert app.settings.net_loopback_only is False and row.value is True  # nothing to switch off
    finally:
        app.shutdown()
        i18n.set_language("en")


def test_without_the_environment_the_row_is_the_players_setting(monkeypatch):
    monkeypatch.delenv(loopback.ENV, raising=False)
    app = fresh_app()
    try:
        scene, row = _settings(app, "de")
        assert row.enabled and row.value is False and not row.detail
        row.activate()
        assert app.settings.net_loopback_only is True
    finally:
        app.shutdown()
        i18n.set_language("en")
