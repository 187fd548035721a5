"""The narrator and the table around it say the truth in the language of the moment: every text of the box (the
step's words, its buttons, a refusal, the recap) follows a change of language made mid-lesson (pause → settings),
and the status line never invites a move the lesson would refuse."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.i18n import t
from lama_desktop.tutorial.script import load_tutorial
from frames import post_key
from test_tutorials import open_lesson, run_until


def _switch_language(app, table, lang: str) -> None:
    """Pause → Settings → language, as the player does it, then back to the table."""
    from lama_desktop.app.scenes.pause import PauseScene

    app.stack.push(PauseScene(table.session.game_id))
    app.step(1 / 30)
    app.update_settings(language=lang)
    app.step(1 / 30)
    post_key(pygame.K_ESCAPE)
    run_until(app, lambda: app.stack.top is table, 30, "back to the table")
    app.step(1 / 30)


def _box_words(narrator) -> str:
    return " ".join(narrator._lines)


def _step_to(app, table, step_id: str) -> None:
    lesson = table.session.lesson
    target = lesson.tutorial.steps.index(lesson.tutorial.step(step_id))
    for _ in range(4000):
        if lesson.index == target and lesson.shown:
            app.step(1 / 30)
            return
        if lesson.shown and lesson.current.narration:
            lesson.next()
        elif lesson.shown and lesson.current.do and table.idle:
            table.try_move(lesson.current.do[0], confirmed=True)
        app.step(1 / 30)
    raise AssertionError(f"step {step_id} never showed")


def test_a_refusal_and_every_word_of_the_box_follow_a_change_of_language(tmp_path):
    app, table = open_lesson(tmp_path, "lama", (1280, 720), "en")
    tutorial = load_tutorial("lama")
    step = next(s for s in tutorial.steps if s.do)
    _step_to(app, table, step.id)
    narrator = table.narrator
    legal = [str(m) for m in table.session.state.legal_moves()]
    wrong = next(m for m in legal if m not in step.do)
    table.try_move(wrong, confirmed=True)
    app.step(1 / 30)
    english = {"message": narrator.message, "words": _box_words(narrator),
               "skip": narrator.buttons["skip"].text}
    assert english["message"] == t(tutorial.wrong_key(step))
    _switch_language(app, table, "de")
    assert table.session.lesson.index == tutorial.steps.index(step)  # nothing moved on meanwhile
    assert narrator.message == t(tutorial.wrong_key(step)) != english["message"]
    assert narrator._message_lines and " ".join(narrator._message_lines).replace(" ", "") == \
        narrator.message.replace(" ", "")
    assert _box_words(narrator).replace(" ", "") == t(tutorial.key(step)).replace(" ", "")
    assert narrator.buttons["skip"].text == t("tutorial.skip") != english["skip"]


def test_an_engine_refusal_in_the_box_follows_a_change_of_language(tmp_path):
    app, table = open_lesson(tmp_path, "lama", (1280, 720), "en")
    tutorial = load_tutorial("lama")
    step = next(s for s in tutorial.steps if s.do)
    _step_to(app, table, step.id)
    narrator = table.narrator
    hand = table.session.state.view(0).to_dict()["hand"]
    illegal = next(f"play {c}" for c in ("1", "2", "3", "4", "5", "6", "L") if c in hand
                   and f"play {c}" not in {str(m) for m in table.session.state.legal_moves()})
    table.try_move(illegal, confirmed=True)
    app.step(1 / 30)
    english = narrator.message
    assert english and english != t(tutorial.wrong_key(step))
    _switch_language(app, table, "fr")
    assert narrator.message and narrator.message != english
    assert narrator.message == table.reason_toast.text


def test_the_recap_and_a_narration_follow_a_change_of_language(tmp_path):
    app, table = open_lesson(tmp_path, "lama", (1280, 720), "en")
    lesson = table.session.lesson
    run_until(app, lambda: lesson.shown, what="the first step shows")
    app.step(1 / 30)
    narrator = table.narrator
    english = (_box_words(narrator), narrator.buttons["next"].text)
    _switch_language(app, table, "pl")
    assert _box_words(narrator).replace(" ", "") == t(lesson.tutorial.key(lesson.current)).replace(" ", "")
    assert (_box_words(narrator), narrator.buttons["next"].text) != english
    assert narrator.buttons["next"].text == t("tutorial.next")
    lesson.index = lesson.count - 1  # straight to the recap
    lesson.shown = False
    run_until(app, lambda: lesson.shown, 200, "the recap shows")
    app.step(1 / 30)
    polish = (_box_words(narrator), narrator.buttons["real"].text, narrator.buttons["title"].text)
    _switch_language(app, table, "de")
    assert narrator.buttons["real"].text == t("tutorial.play_real") != polish[1]
    assert narrator.buttons["title"].text == t("tutorial.back_title") != polish[2]
    assert _box_words(narrator) != polish[0]
