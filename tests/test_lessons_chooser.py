"""The "Learn to play" chooser (scenes/lessons.py): its buttons stand centred on the window, and the check mark and
"Done" beside a lesson played stay inside the panel, at both window sizes and in every language."""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from lama_desktop.app.scenes.lessons import LessonsScene
from lama_desktop.tutorial.script import tutorials
from frames import fast_app


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "fr", "pl", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_choosers_buttons_are_centred_and_done_fits_in_the_panel(tmp_path, size, lang):
    app = fast_app(tmp_path, size)
    app.running = True
    app.update_settings(language=lang, tutorials_done=list(tutorials()))
    i18n.set_language(lang)
    app.stack.push(LessonsScene())
    app.step(1 / 30)
    chooser = app.stack.top
    assert chooser.name == "lessons" and all(chooser.done)
    middle = size[0] // 2
    assert abs(chooser.panel.centerx - middle) <= 1
    buttons = [w for w in chooser.group.widgets if w.name.startswith("lesson-") or w.name == "back"]
    assert len(buttons) == len(tutorials()) + 1
    for button in buttons:
        assert abs(button.rect.centerx - middle) <= 1, (button.name, button.rect, size)
    ui = chooser.ui
    label_w = ui.font(19, True).size(i18n.t("tutorial.done"))[0]
    for rect in chooser.rows:
        assert rect.right + ui.s(52) + label_w <= chooser.panel.right - ui.s(12), (lang, label_w, rect, chooser.panel)
    app.shutdown()
