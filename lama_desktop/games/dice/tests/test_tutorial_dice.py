"""The LAMA Dice "Learn to play" lesson (games/dice/tutorials/lama-dice.yaml), beyond what tests/test_tutorials.py
checks for every game on the real table. The script is a story told by twelve rolls that come from the
position's Rng, so the lesson is walked through its machine on the engine alone: every scripted move (the learner's
``do`` and each bot's list) is legal when its turn comes and each bot list is used up exactly
(``ScriptedBots.problems``), every legal move a step does not teach is refused with that step's words, the rolls
the texts talk about come out as written, and the round ends as the last steps say (Carla and you quit, and Bruno,
alone, blows it on a roll the llama row could have answered; the final rows and points). A changed card, bot move or rng
fails here with the roll that went astray.
"""

from __future__ import annotations

import pytest

from lesson_helpers import TickingClock
from lama_desktop.tutorial.lesson import start_lesson
from lama_desktop.tutorial.script import load_tutorial

#: what the texts say the learner's rolls show (faces in die order A, B, C), step by step
LEARNER_ROLLS = {"roll": ["3", "3", "L"], "roll_miss": ["1", "5", "L"], "tokens": ["L", "L", "L"],
                 "row_points": ["3", "6", "2"]}
#: the texts name these: the learner's choice of llama-row cards, Bruno's blow-up and the final rows
TAKE_CHOICES = ["take 1", "take 5", "take L"]
BLOWN = ["2", "4", "5", "6", "L"]
FINAL_ROWS = [["1"], ["2", "4", "4", "5", "6", "L"], ["3", "5", "6", "6"]]
FINAL_POINTS = [1, 27, 14]


def faces_of(events, seat: int = 0) -> list[str]:
    """The faces of ``seat``'s last roll among ``events``."""
    return [str(f) for f in [e for e in events if e.kind == "roll" and e.seat == seat][-1].data["faces"]]


@pytest.fixture
def session():
    s = start_lesson(load_tutorial("lama-dice"), "Ada", pace=0.0, clock=TickingClock())
    yield s
    s.close()


def walk(session) -> tuple[dict, dict]:
    """The lesson through its machine on the engine alone, to the recap: narrations passed with Next; at each
    ``do`` step every legal move it does not teach is refused with the step's ``_wrong`` words (state unchanged),
    then its move is played. Returns each step's events (the learner's move and what the bots did before it) and
    each ``do`` step's legal moves."""
    lesson = session.lesson
    events: dict = {}
    legal: dict = {}
    seen: list = []
    for _ in range(500):
        session.poll()
        session.wait_for_bot(5)
        session.poll()
        lesson.update(True)
        for played in session.take_played():
            seen.extend(played.events)
        if lesson.finished:
            events["recap"] = seen
            return events, legal
        if not lesson.shown:
            continue
        step = lesson.current
        if step.narration:
            events[step.id], seen = seen, []
            lesson.next()
            continue
        assert session.state.current_player == 0, step.id
        before = session.state.to_dict()
        legal[step.id] = sorted(str(m) for m in session.state.legal_moves())
        for move in session.state.legal_moves():
            if str(move) in step.do:
                continue
            outcome = session.play(move)
            assert not outcome.ok and outcome.code == f"tutorial_dice.{step.id}_wrong", (step.id, move)
            assert session.state.to_dict() == before
        outcome = session.play(step.do[0])
        assert outcome.ok, (step.id, outcome)
        events[step.id], seen = seen + list(outcome.events), []
    raise AssertionError(f"the lesson never reached its recap (stuck at {lesson.current.id})")


def test_the_lesson_plays_to_its_recap_and_its_rolls_come_out_as_the_texts_say(session):
    events, legal = walk(session)
    lesson = session.lesson
    assert lesson.bots.problems == [] and lesson.bots.left() == {}, (lesson.bots.problems, lesson.bots.left())
    assert lesson.history == [s.id for s in lesson.tutorial.steps]
    for step_id, faces in LEARNER_ROLLS.items():
        assert faces_of(events[step_id]) == faces, f"step {step_id} rolled {faces_of(events[step_id])}"
    take = [e for e in events["roll_miss"] if e.kind == "roll"][-1]
    assert take.seat == 0 and take.data["outcome"] == "take" and legal["take"] == TAKE_CHOICES
    assert legal["three_llamas"] == ["keep", "return 1", "return 10"] and legal["quit"] == ["quit", "roll"]
    assert [e.data["outcome"] for e in events["tokens"] if e.kind == "roll" and e.seat == 0] == ["three_llamas"]
    # Carla quits before your last turn; after you quit, Bruno is alone and rolls 2 L 2: nothing in his row, and
    # though the llama row holds a 2 and a llama, the last player in blows it (RULINGS, LAMA Dice: "alone in the
    # round"): the round ends there, every row scored
    assert [e.kind for e in events["thin_row"] if e.seat == 2][-1] == "quit"
    end = events["blown"]
    blowup = next(e for e in end if e.kind == "blowup")
    assert blowup.seat == 1 and sorted(map(str, blowup.data["cards"])) == BLOWN and blowup.data["solo"]
    assert faces_of(end, 1) == ["2", "L", "2"]
    assert {"2", "L"} <= set(map(str, blowup.data["cards"]))  # the row had what the dice show: alone, no taking
    round_end = next(e for e in end if e.kind == "round_end")
    assert round_end.data["ended_by"] == "blowup" and round_end.data["by"] == 1
    rows = round_end.data["rows"]
    assert [sorted(str(c) for c in r["cards"]) for r in rows] == FINAL_ROWS
    assert [r["points"] for r in rows] == FINAL_POINTS
    assert [r["quit"] for r in rows] == [True, False, True]
    assert round_end.data["scores"] == [14 - 10 + 1, 9 + 27, 17 + 14]


def test_a_quit_the_lesson_does_not_want_is_refused_at_once_without_asking_to_confirm(tmp_path):
    """Quitting asks "Quit this round?" at a real table; in the lesson's first step the quit is refused with the
    step's words straight away (no question first, then a refusal)."""
    import pygame

    from frames import fast_app, post_key

    app = fast_app(tmp_path, (1280, 720))
    app.running = True
    app.start_lesson("lama-dice")
    app.step(1 / 30)
    table = app.stack.top
    lesson = table.session.lesson
    for _ in range(3000):
        app.step(1 / 30)
        if lesson.shown and lesson.current.id == "roll":
            break
        if lesson.shown and lesson.current.narration:
            lesson.next()
    assert lesson.current.id == "roll" and lesson.shown
    before = table.session.state.to_dict()
    post_key(pygame.K_q)
    app.step(1 / 30)
    app.step(1 / 30)
    assert app.stack.top is table  # no "Quit this round?"
    assert lesson.refused_key == "tutorial_dice.roll_wrong"
    assert table.session.state.to_dict() == before
