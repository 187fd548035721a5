"""The LAMA Cadabra lesson's own moments (the generic walk through every lesson is tests/test_tutorials.py):
played through the lesson machine on the engine alone, every legal move a step does not teach is refused with
that step's words, and the rules the steps talk about happen as they say (the fifth token starts the show, taking
it brings 12 whites, the exchange, the white given to Carla, Bruno's forced draw, the magic pass, the black given
back); on the real table, the pieces the steps point at are where the table draws them."""

import pygame
import pytest

from lama_desktop.app.i18n import t
from lama_desktop.tutorial.lesson import start_lesson
from lama_desktop.tutorial.script import load_tutorial
from lama_desktop.engine.cadabra import SUPPLY, SHOW_THRESHOLD


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 1.0
        return self.now


def frames(session, n=4):
    for _ in range(n):
        session.poll()
        session.wait_for_bot(5)
        session.poll()
        session.lesson.update(True)
        session.take_played()


@pytest.fixture
def session():
    s = start_lesson(load_tutorial("lama-cadabra"), "Ada", pace=0.0, clock=Clock())
    yield s
    s.close()


def play_to(session, step_id, moments=None):
    """Walk the lesson to ``step_id`` (shown), passing narrations and playing each step's first move; at every
    ``do`` step, each legal move it does not teach is refused with the step's ``_wrong`` words first."""
    lesson = session.lesson
    for _ in range(400):
        frames(session, 1)
        step = lesson.current
        if lesson.shown and step.id == step_id:
            return step
        if not lesson.shown:
            continue
        if step.narration:
            lesson.next()
            continue
        assert session.state.current_player == 0
        before = session.state.to_dict()
        for move in session.state.legal_moves():
            if str(move) in step.do:
                continue
            outcome = session.play(move)
            assert not outcome.ok and outcome.code == f"tutorial_cadabra.{step.id}_wrong", (step.id, move)
            assert session.state.to_dict() == before
        assert session.play(step.do[0]).ok, step.id
        if moments is not None:
            moments[step.id] = session.state.to_dict()
    raise AssertionError(f"the lesson never showed {step_id} (stuck at {lesson.current.id})")


def test_the_lesson_teaches_what_its_steps_say(session):
    moments = {}
    play_to(session, "recap", moments)
    lesson = session.lesson
    assert lesson.bots.problems == [] and lesson.bots.left() == {}
    assert lesson.history == [s.id for s in lesson.tutorial.steps]
    # the fifth token on the stage starts the show
    llama = moments["llama"]
    assert llama["show"] and len(llama["board"]) == SHOW_THRESHOLD
    # taking the stage after Bruno's and Carla's llamas: 7 whites, 12 in all, the show is over
    take = moments["take"]
    assert take["whites"][0] == 12 and take["board"] == [] and not take["show"] and take["current"] == 0
    # the exchange: 10 whites for a black, still your turn
    exchange = moments["exchange"]
    assert (exchange["whites"][0], exchange["blacks"][0], exchange["current"]) == (2, 1, 0)
    # the circle asks whom; the lowest token (a white) goes to Carla, who has the fewest points
    assert moments["circle"]["phase"] == "giving"
    give = moments["give"]
    assert give["whites"][0] == 1 and give["whites"][2] == moments["circle"]["whites"][2] + 1
    assert give["scores"][2] == min(give["scores"])
    # the square: Bruno draws at once
    square, give = moments["square"], moments["give"]
    assert len(square["hands"][1]) == len(give["hands"][1])  # Bruno played a 2 on your 1, then had to draw
    assert len(square["pile"]) == len(give["pile"]) - 2  # Carla drew, then the square made Bruno draw
    # the magic pass: the token goes back to the supply
    assert moments["star"]["magic"] == 0 and moments["pass"]["magic"] == "supply"
    # the last card ends the round; you give back the black: 1 point left
    assert moments["last"]["phase"] == "returning"
    assert session.state.history[-1][0] == 1 and session.state.round_no == 3


def test_the_scoring_step_shows_after_the_round_ends(session):
    play_to(session, "scoring")
    state = session.state.to_dict()
    assert state["round"] == 3 and state["phase"] == "playing" and state["scores"][0] == 1


def test_every_step_has_words_in_every_language():
    from lama_desktop.app.i18n import LANGUAGES, set_language

    lesson = load_tutorial("lama-cadabra")
    try:
        for lang in LANGUAGES:
            set_language(lang)
            for key in lesson.keys():
                text = t(key)
                assert text and text != key and "(s)" not in text, (lang, key)
    finally:
        set_language("en")
