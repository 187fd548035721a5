"""The LAMA Cadabra lesson's own moments (the generic walk through every lesson is tests/test_tutorials.py):
played through the lesson machine on the engine alone, every legal move a step does not teach is refused with
that step's words, and the rules the steps talk about happen as they say (the fifth token starts the show, taking
it brings 12 whites, the exchange, the white given to Carla, Bruno's forced draw, the magic pass, the black given
back); on the real table, the pieces the steps point at are where the table draws them."""

import pytest

from lesson_helpers import TickingClock, lesson_frames
from lama_desktop.tutorial.lesson import start_lesson
from lama_desktop.tutorial.script import load_tutorial
from lama_desktop.games.cadabra.components import SHOW_THRESHOLD


@pytest.fixture
def session():
    s = start_lesson(load_tutorial("lama-cadabra"), "Ada", pace=0.0, clock=TickingClock())
    yield s
    s.close()


def play_to(session, step_id, moments=None):
    """Walk the lesson to ``step_id`` (shown), passing narrations and playing each step's first move; at every
    ``do`` step, each legal move it does not teach is refused with the step's ``_wrong`` words first."""
    lesson = session.lesson
    for _ in range(400):
        lesson_frames(session, 1)
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
    # the scoring step's example: Carla's 2/3 and llama score 2 + 3 + 10 (she had 7 after your white)
    assert session.state.history[-1][2] - give["scores"][2] == 15


def test_the_scoring_step_shows_after_the_round_ends(session):
    play_to(session, "scoring")
    state = session.state.to_dict()
    assert state["round"] == 3 and state["phase"] == "playing" and state["scores"][0] == 1


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_pieces_the_lesson_points_at_are_where_the_table_draws_them(tmp_path, size):
    from frames import fast_app, post_click
    from lama_desktop.games.cadabra.table import DISPLAY, CadabraTableScene
    from lama_desktop.core.session import GameSession, Seat
    from lama_desktop.engine.record import GameRecord
    from lama_desktop.tutorial.lesson import ScriptedBots

    lesson = load_tutorial("lama-cadabra")
    state = lesson.start_state()
    app = fast_app(tmp_path, size)
    session = GameSession(GameRecord("lama-cadabra", 3, (), 0, {}, [], start=state.to_dict()),
                          [Seat("Ada", "human"), Seat("Bruno", "bot"), Seat("Carla", "bot")], state=state,
                          bot_factory=ScriptedBots(lesson.bots), record_stats=False)
    table = CadabraTableScene(session)
    app.stack.push(table)
    app.running = True
    for _ in range(600):
        app.step(1 / 30)
        if table.can_act():
            break
    window = app.screen.get_rect()
    # every card of the hand, by its engine id: the centre of its rect is that card (the fan overlaps them)
    for card in ("2/3", "5*", "L", "1", "2+", "5"):
        rect = table.tutorial_rect(f"hand:{card}")
        assert window.contains(rect)
        assert table.shown.hand[table._card_at(rect.center)] == DISPLAY[card], card
    assert table.tutorial_rect("hand:6") is None  # not in the hand
    # a symbol's badge lies on the card that carries it (and shows the same with the effect's name)
    for shape, effect, card in (("circle", "give", "1"), ("square", "draw", "2+"), ("star", "magic", "5*")):
        badge = table.tutorial_rect(f"symbol:{shape}")
        assert badge == table.tutorial_rect(f"symbol:{effect}")
        assert table.shown.hand[table._card_at(badge.center)] == DISPLAY[card]
        assert table.tutorial_rect(f"hand:{card}").contains(badge)
    assert table.tutorial_rect("symbol:moon") is None
    stage = table.tutorial_rect("show")
    assert window.contains(stage) and stage == table._stage_geometry()
    # the magic token in the supply, then at your seat once the star took it
    supply = table.tutorial_rect("magic-token")
    assert supply.collidepoint(table._supply_anchor())
    post_click(table.tutorial_rect("hand:2/3").center)
    for _ in range(900):
        app.step(1 / 30)
        if table.can_act() and session.state.to_dict()["hands"][0].count("2/3") == 0:
            break
    post_click(table.tutorial_rect("hand:5*").center)
    for _ in range(900):
        app.step(1 / 30)
        if table.idle and session.state.to_dict()["magic"] == 0 and table.shown.magic == 0:
            break
    token = table.tutorial_rect("magic-token")
    assert token.collidepoint(table._magic_anchor(0)) and not token.colliderect(supply)
    assert window.contains(token) and window.contains(table.tutorial_rect("tokens:0"))
    for seat in (1, 2):
        assert window.contains(table.tutorial_rect(f"plate:{seat}"))
    for name in ("take", "pass", "exchange", "draw", "quit"):
        assert window.contains(table.tutorial_rect(f"button:{name}"))
    assert table.tutorial_rect("button:return 10") is None  # only while you choose the token to give back
    session.close()
