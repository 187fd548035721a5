"""A lesson's bots play scripted moves: their plates say so, never a strength they do not have ("Bot · medium")."""

import pytest

from lama_desktop.core.i18n import t
from lama_desktop.app.table.seats import level_text, plate_detail
from lama_desktop.tutorial.lesson import LESSON_LEVEL, start_lesson
from lama_desktop.tutorial.script import load_tutorial, tutorials


@pytest.mark.parametrize("game_id", tutorials())
def test_lesson_bot_plate_names_the_lesson_not_a_level(game_id):
    session = start_lesson(load_tutorial(game_id), pace=0.0)
    try:
        bots = [seat for seat in session.seats if seat.is_bot]
        assert bots
        for seat in bots:
            assert seat.level == LESSON_LEVEL
            detail = plate_detail(seat)
            assert detail == t("common.plate.bot", level=t("common.levels.lesson"))
            for level in ("random", "easy", "medium", "hard"):
                assert level_text(level) not in detail
    finally:
        session.close()
