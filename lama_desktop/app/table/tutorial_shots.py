"""Screenshots of the "Learn to play" lessons: ``tutorial-<game>-<step id>`` for the steps each lesson lists under
``shots`` (``python -m lama_desktop.screenshots DIR --only tutorial``). The layout checks read them too.

A shot opens the lesson in the real app and plays it up to that step the way the learner would (Next on a
narration, the step's first move otherwise), then lets the narrator fade in. The animations run faster than in
play, and the toasts age on the same clock (``toast_clock = "play"``): only a toast that play would still show
is in the picture.
"""

from __future__ import annotations

import pygame

from lama_desktop.tutorial.script import load_tutorial, tutorials
from lama_desktop.app.table.shots import register

#: frames one step may take to show (bots at the fastest pace, animations sped up)
STEP_FRAMES = 3000


def play_to(app, game_id: str, step_id: str):
    """Open ``game_id``'s lesson and play it until ``step_id`` shows; returns the table."""
    target = load_tutorial(game_id).steps.index(load_tutorial(game_id).step(step_id))
    for index, table in walk(app, game_id):
        if index == target:
            return table
    raise RuntimeError(f"the {game_id} lesson never reached its step {step_id}")


def walk(app, game_id: str):
    """Open ``game_id``'s lesson and play it as the learner would, yielding ``(step index, table)`` each time a
    step has just shown (the settings as they were while the caller looks: ``shoot_every_step`` takes the
    picture then). Ends after the recap shows."""
    app.settings.bot_pace = "instant"
    speed = app.settings.animation_speed
    app.settings.animation_speed = 8.0
    app.start_lesson(game_id)
    app.stack.apply_pending()
    table = app.stack.top
    table._apply_settings()
    # the animations run 8 times as fast: so does the toasts' life, as if the lesson had been played (a "Round 2"
    # toast is long gone when the learner has rolled and the step about the dice shows)
    table.toast_clock = "play"
    lesson = table.session.lesson
    seen = -1
    for _ in range(STEP_FRAMES * len(lesson.tutorial.steps)):
        app.step(1 / 30)
        session = table.session
        if session.thinking:
            session.wait_for_bot(10)
        if lesson.shown and lesson.index != seen:
            seen = lesson.index
            app.settings.animation_speed = speed
            table._apply_settings()
            yield lesson.index, table
            if lesson.current.recap:
                return
            app.settings.animation_speed = 8.0
            table._apply_settings()
        if not lesson.shown:
            _close_finished_summary(app, table)
            continue
        step = lesson.current
        if step.narration:
            lesson.next()
        elif step.do and table.idle:
            table.try_move(step.do[0], confirmed=True)
    raise RuntimeError(f"the {game_id} lesson never reached its end")


def shoot_every_step(app, game_id: str, save, frames: int = 12, hover: bool = False) -> list[str]:
    """Every step of ``game_id``'s lesson as the learner sees it: ``save(index, step id)`` after ``frames`` frames
    (the box faded in) on each step (``python -m lama_desktop.lessonshots``); with ``hover``, the pointer rests on
    the piece the step points at until its tooltip shows. Returns the step ids shot."""
    shot = []
    for index, table in walk(app, game_id):
        for _ in range(frames):
            app.step(1 / 30)
        narrator = table.narrator
        if hover and narrator is not None and narrator.highlight is not None and app.stack.top is table:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=narrator.highlight.center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            for _ in range(round(table.tooltip.delay * 30) + 6):
                app.step(1 / 30)
        step = load_tutorial(game_id).steps[index]
        save(index, step.id)
        shot.append(step.id)
    return shot


def _close_finished_summary(app, table) -> None:
    """Continue on a round summary the lesson has nothing more to say over (its next step waits for the learner's
    turn in the next round, or is about the table), as the learner does."""
    top = app.stack.top
    lesson = table.session.lesson
    if top is table or not hasattr(top, "close") or "summary" not in getattr(top, "name", ""):
        return
    step = lesson.current
    inside = step.point is not None and hasattr(top, "tutorial_rect") and top.tutorial_rect(step.point) is not None
    if lesson.ready(True) and (step.point is None or inside):
        return
    top.close()


def _builder(game_id: str, step_id: str):
    def build(app):
        play_to(app, game_id, step_id)

    return build


register([(f"tutorial-{game}-{step}", _builder(game, step)) for game in tutorials()
          for step in load_tutorial(game).shots], frames=30)
