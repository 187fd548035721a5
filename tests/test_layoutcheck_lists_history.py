"""The layout checks see a list cut short however it was cut ("11 10 9 …": a row of values whose rest was dropped
by hand, which no fitter told ``note_cut``) and a table's history panel too small to be read (fewer than
``MIN_HISTORY_ROWS`` rows: issue 32, two rows of Llama Land's history at 115 %)."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app import textprobe
from lama_desktop.app.layoutprobe import MIN_HISTORY_ROWS, Checker
from lama_desktop.app.shots import Moment
from lama_desktop.app.table import layout_moments
from registry_games import sample_game


@pytest.fixture
def probe():
    pygame.display.init()
    pygame.font.init()
    textprobe.install()
    yield textprobe
    textprobe.uninstall()


def test_a_list_cut_with_an_ellipsis_is_reported_and_a_sentence_s_is_not(probe):
    from lama_desktop.app.widgets import UI

    ui = UI((1280, 720), 1.0)
    screen = probe.RecordingSurface((1280, 720))
    screen.blit(ui.text("11 10 9 …", 12), (10, 10))
    screen.blit(ui.text("corn, cacao, ...", 12), (10, 60))
    screen.blit(ui.text("Bruno is thinking…", 16), (10, 110))
    screen.blit(ui.text("11–5", 12), (10, 160))
    screen.blit(ui.text("Anna überlegt …", 16), (10, 210))
    found = "\n".join(probe.problems(probe.texts(screen), (1280, 720)))
    assert "a list cut short with an ellipsis: '11 10 9 …'" in found
    assert "'corn, cacao, ...'" in found
    assert "thinking" not in found and "11–5" not in found and "überlegt" not in found


@pytest.fixture(scope="module")
def checker():
    c = Checker()
    yield c
    c.close()


def test_a_history_panel_with_fewer_rows_than_the_least_is_reported(checker, monkeypatch):
    moment = Moment("history-rows", layout_moments._mid(sample_game(), 3, 20), 12, "test")
    checker.frame_texts(moment, (1280, 720), 1.0, "en")
    log = checker.app((1280, 720)).stack.scenes[-1].log
    assert log.rows_room is not None and log.rows_room >= MIN_HISTORY_ROWS
    assert checker.history_problems((1280, 720)) == []
    log.rows_room = MIN_HISTORY_ROWS - 2  # as a squeezed panel would have drawn it
    assert checker.history_problems((1280, 720)) == [
        f"the history panel shows {MIN_HISTORY_ROWS - 2} rows, fewer than {MIN_HISTORY_ROWS}"]
