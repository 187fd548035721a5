"""Escape on the title asks before leaving; it promises the saved game under Continue only when there is one."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core.i18n import t
from frames import fast_app, post_key


@pytest.mark.parametrize("saved", [False, True])
def test_escape_on_the_title_promises_the_saved_game_only_when_there_is_one(tmp_path, saved):
    """"Your last game is saved and waits for you under Continue" was said with Continue greyed out (no save)."""
    from lama_desktop.app.scenes.title import TitleScene

    app = fast_app(tmp_path, (1280, 720))
    app.running = True
    if saved:
        from lama_desktop.app.scenes.shots import write_sample_save

        write_sample_save(app)
    app.stack.push(TitleScene())
    app.step(1 / 30)
    assert app.storage.has_save() == saved
    post_key(pygame.K_ESCAPE)
    app.step(1 / 30)
    message = app.stack.top
    expected = t("common.title.quit_confirm") if saved else t("common.title.quit_confirm_no_save")
    assert message.text == expected
    app.shutdown()
