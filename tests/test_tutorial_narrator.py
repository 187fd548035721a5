"""The narrator and the table around it say the truth in the language of the moment: every text of the box (the
step's words, its buttons, a refusal, the recap) follows a change of language made mid-lesson (pause → settings),
and the status line never invites a move the lesson would refuse."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core.i18n import t
from lama_desktop.games import GAMES
from lama_desktop.tutorial.script import load_tutorial, tutorials
from frames import post_key
from test_tutorials import close_finished_summary, open_lesson, run_until

#: a lesson to change the language in: the first game's that has one
LESSON = tutorials()[0]
#: a lesson in a game of hands of cards (an engine refusal of a card the hand holds)
HAND_LESSON = next(game_id for game_id in tutorials() if GAMES[game_id].spec.hidden_information)


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
        close_finished_summary(app, table)
        if lesson.shown and lesson.current.narration:
            lesson.next()
        elif lesson.shown and lesson.current.do and table.idle:
            table.try_move(lesson.current.do[0], confirmed=True)
        app.step(1 / 30)
    raise AssertionError(f"step {step_id} never showed")


def test_a_refusal_and_every_word_of_the_box_follow_a_change_of_language(tmp_path):
    app, table = open_lesson(tmp_path, LESSON, (1280, 720), "en")
    tutorial = load_tutorial(LESSON)
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
    app, table = open_lesson(tmp_path, HAND_LESSON, (1280, 720), "en")
    tutorial = load_tutorial(HAND_LESSON)
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
    app, table = open_lesson(tmp_path, LESSON, (1280, 720), "en")
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
    lesson._round_closed = True  # a recap may wait for the round's end: as if it had come
    run_until(app, lambda: lesson.shown, 200, "the recap shows")
    app.step(1 / 30)
    polish = (_box_words(narrator), narrator.buttons["real"].text, narrator.buttons["title"].text)
    _switch_language(app, table, "de")
    assert narrator.buttons["real"].text == t("tutorial.play_real") != polish[1]
    assert narrator.buttons["title"].text == t("tutorial.back_title") != polish[2]
    assert _box_words(narrator) != polish[0]


def _status_truth(app, table) -> None:
    """The status line as drawn tells the truth about the lesson: while the lesson talks it says so (not "your
    turn"), on a step with a move it names that move, and whatever it invites the lesson lets through."""
    narrator = table.narrator
    if narrator is None or table.ui is None or app.stack.top is not table:
        return  # an overlay on top (the round summary): the line under it is not read
    lesson = table.session.lesson
    said = table.status_said
    invited = narrator.invited()
    if invited is None:  # the table's own line: what it offers (every legal move) the lesson must take
        if table.can_act():
            refused = [str(m) for m in table.session.state.legal_moves() if lesson.refuses(m) is not None]
            assert not refused, (lesson.current.id, said, refused)
        return
    step = lesson.current
    for move in invited:
        assert lesson.refuses(move) is None, (step.id, said, move)
    if step.recap:
        assert said == t("tutorial.status.done")
    elif step.narration and lesson.shown:
        assert said == t("tutorial.status.read", n=lesson.number, count=lesson.count), (step.id, said)
    elif step.do:
        assert invited == step.do
        assert said == t("tutorial.status.move", n=lesson.number, count=lesson.count,
                         what=narrator._what(step.do)), (step.id, said)
        assert narrator._what(step.do) != t("tutorial.do.any") or len(step.do) > 1, step.id


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", tutorials())
def test_the_status_line_never_invites_a_move_the_lesson_would_refuse(tmp_path, game_id, lang):
    app, table = open_lesson(tmp_path, game_id, (1280, 720), lang)
    lesson = table.session.lesson
    kinds = set()
    for _ in range(6000):
        app.step(1 / 30)
        table = next(s for s in app.stack.scenes if getattr(s, "session", None) is not None)
        _status_truth(app, table)
        if app.stack.top is not table and close_finished_summary(app, table):
            continue
        if lesson.shown:
            step = lesson.current
            kinds.add("recap" if step.recap else "narration" if step.narration else "move")
            if step.recap:
                break
            if step.narration:
                lesson.next()
            elif table.idle and app.stack.top is table:
                table.try_move(step.do[0], confirmed=True)
    assert lesson.finished, lesson.current.id
    assert kinds == {"recap", "narration", "move"}
