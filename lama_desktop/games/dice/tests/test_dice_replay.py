"""The replay viewer on LAMA Dice: every row is open, every view the same.

Moved here from the cross-game ``tests/test_replay_view.py``, whose helpers these tests use.
"""

from __future__ import annotations

import pytest

from lama_desktop.core import i18n
from lama_desktop.core.i18n import t
from test_replay_view import viewer_on


@pytest.mark.parametrize("size", ((1280, 720), (1920, 1080)))
def test_dice_says_every_view_shows_the_same_in_every_language(tmp_path, size):

    app, viewer, past = viewer_on(tmp_path, "lama-dice", size=size)
    ui = app.menu_ui
    try:
        for lang in i18n.LANGUAGES:
            app.update_settings(language=lang)
            app.step(1 / 60)
            note = viewer.view_note()
            assert note == t("dice.replay_note") and "LAMA Dice" in note
            lines = viewer.view_note_lines(ui, app.size)
            assert " ".join(line for line, _r in lines) == note, lang  # whole, never cut
            bar = viewer.bar_rect(ui, app.size)
            for _line, rect in lines:
                assert rect.top >= viewer.table_rect(ui, app.size).bottom and rect.bottom <= bar.top, lang
                assert rect.left >= 0 and rect.right < bar.centerx, lang
            for view in (None, 0, 1):  # the note stays whatever the view
                viewer.set_view(view)
                assert viewer.view_note_lines(ui, app.size) == lines
    finally:
        app.update_settings(language="en")
        app.shutdown()
