"""The lessons' mechanism without a window: a lesson file is checked (each mistake named with its file and step),
its strings count as used by the catalog extractor, and a lesson drives its session: the move gate refuses a
legal move the step does not teach (state unchanged) and lets the engine refuse an illegal one, the bots wait
while a narration shows, scripted bots play their lists and report what went wrong, a game started from a
position replays from it. The lesson these tests write is a L.A.M.A. lesson (its hands, plays and position), so
they live with L.A.M.A.; every game's real lesson is played by tests/test_tutorials.py."""

import json
import textwrap

import pytest
from lesson_helpers import lesson_frames

from lama_desktop import catalog_keys
from lama_desktop.engine.record import GameRecord
from lama_desktop.engine.registry import load_position
from lama_desktop.tutorial import script
from lama_desktop.tutorial.lesson import READ_FIRST, ScriptedBots, start_lesson
from lama_desktop.tutorial.script import TutorialError, load_tutorial, parse_tutorial, tutorial_keys, tutorials

POSITION = {"game": "lama", "hands": [["5", "6", "2"], ["5", "1"], ["6", "6", "3"]], "pile": ["4", "1", "2", "3"],
            "discard": ["3", "5"], "active": [True, True, True], "current": 0, "scores": [0, 0, 0]}

LESSON = """\
game: lama
variants: []
position: lama.json
seats:
  - {kind: human}
  - {kind: bot, name: Bruno}
  - {kind: bot, name: Carla}
bots:
  1: ["play 5"]
  2: ["play 6"]
shots: [follow]
steps:
  - {id: welcome, point: hand}
  - id: follow
    point: "hand:5"
    do: ["play 5"]
    input: [{click: point}]
  - {id: again}
  - id: higher
    point: "hand:6"
    do: ["play 6"]
    input: [{key: "6"}]
  - {id: recap, recap: true}
"""


def write_lesson(folder, text=LESSON, position=None, name="lama"):
    (folder / "positions").mkdir(parents=True, exist_ok=True)
    (folder / "positions" / "lama.json").write_text(json.dumps(position or POSITION), encoding="utf-8")
    (folder / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


@pytest.fixture
def lesson_dir(tmp_path):
    load_tutorial.cache_clear()
    yield write_lesson(tmp_path / "tutorials")
    load_tutorial.cache_clear()


def test_a_lesson_file_loads_with_its_steps_keys_and_position(lesson_dir):
    lesson = load_tutorial("lama", lesson_dir)
    assert [s.id for s in lesson.steps] == ["welcome", "follow", "again", "higher", "recap"]
    follow = lesson.step("follow")
    assert follow.do == ("play 5",) and follow.when == "learner_turn" and not follow.narration
    assert lesson.step("welcome").narration and lesson.step("welcome").when == "idle"
    assert lesson.steps[-1].recap and not lesson.steps[-1].narration
    assert lesson.bots == {1: ("play 5",), 2: ("play 6",)}
    assert lesson.domain == "tutorial_lama"
    assert lesson.keys() == ["tutorial_lama.welcome", "tutorial_lama.follow", "tutorial_lama.follow_wrong",
                             "tutorial_lama.again", "tutorial_lama.higher", "tutorial_lama.higher_wrong",
                             "tutorial_lama.recap"]
    assert lesson.start_state().to_dict() == load_position(lesson_dir / "positions" / "lama.json").to_dict()
    assert script.tutorials(lesson_dir) == ["lama"]


@pytest.mark.parametrize("edit, message", [
    (lambda t: t + "colour: red\n", "unknown key(s) colour"),
    (lambda t: t.replace("{id: again}", "{id: welcome}"), "step 'welcome': the id is used twice"),
    (lambda t: t.replace("    input: [{click: point}]\n", ""), "step 'follow': a step with 'do' needs the 'input'"),
    (lambda t: t.replace("{id: again}", "{id: again, input: [{key: n}]}"), "step 'again': 'input' without 'do'"),
    (lambda t: t.replace("  - {id: recap, recap: true}\n", ""), "the last step is the recap"),
    (lambda t: t.replace("{id: again}", "{id: again, recap: true}"), "step 'again': only the last step"),
    (lambda t: t.replace('do: ["play 5"]', 'do: [""]'), "step 'follow': do '' is not a move"),
    (lambda t: t.replace('{kind: human}', '{kind: bot, name: Ann}'), "seat 0 is the learner"),
    (lambda t: t.replace("  - {kind: bot, name: Carla}\n", "").replace('  2: ["play 6"]\n', ""),
     "the position is for 3 players, 'seats' has 2"),
    (lambda t: t.replace('1: ["play 5"]', '0: ["play 5"]'), "bots: 0 is not a bot seat"),
    (lambda t: t.replace("{id: again}", "{id: again, when: later}"), "step 'again': when 'later'"),
    (lambda t: t.replace("{id: again}", "{id: again, point: 'hand 5'}"), "step 'again': point 'hand 5'"),
    (lambda t: t.replace("{key: \"6\"}", "{key: \"shift n\"}"), "step 'higher': key 'shift n'"),
    (lambda t: t.replace("{id: welcome, point: hand}", "{id: welcome_wrong}"), "id 'welcome_wrong'"),
    (lambda t: t.replace("shots: [follow]", "shots: [nowhere]"), "'shots' lists ids of steps"),
    (lambda t: t.replace("position: lama.json", "position: missing.json"), "the position missing.json"),
    (lambda t: t.replace("game: lama", "game: lama-party"), "game 'lama-party' has no lesson key"),
])
def test_a_broken_lesson_is_refused_naming_the_file_and_the_step(lesson_dir, edit, message):
    path = lesson_dir / "lama.yaml"
    with pytest.raises(TutorialError) as error:
        parse_tutorial(edit(LESSON), path)
    assert str(error.value).startswith("lama.yaml")
    assert message in str(error.value)


@pytest.mark.parametrize("point, ok", [
    ("hand:2/3", True), ("hand:5*", True), ("hand:2+", True), ("button:return 10", True), ("spot:2,-1", True),
    ("hand:", False), ("button:return  10", False), ("button: draw", False), ("button:draw ", False),
])
def test_a_piece_may_name_any_card_id_and_a_move_named_button(lesson_dir, point, ok):
    """Pieces name cards in engine notation (LAMA Cadabra's 2/3 and 5*) and buttons by their move (return 10)."""
    text = LESSON.replace("{id: again}", f"{{id: again, point: '{point}'}}")
    if ok:
        assert parse_tutorial(text, lesson_dir / "lama.yaml").step("again").point == point
    else:
        with pytest.raises(TutorialError, match="step 'again': point"):
            parse_tutorial(text, lesson_dir / "lama.yaml")


def test_a_lesson_must_be_named_after_its_game_and_start_from_a_position_of_it(tmp_path):
    folder = write_lesson(tmp_path / "t", name="lama-dice")
    with pytest.raises(TutorialError, match="must be named lama.yaml"):
        parse_tutorial((folder / "lama-dice.yaml").read_text(), folder / "lama-dice.yaml")
    text = LESSON.replace("game: lama", "game: lama-dice")
    with pytest.raises(TutorialError, match="the position lama.json is one of 'lama', not of 'lama-dice'"):
        parse_tutorial(text, folder / "lama-dice.yaml")


def test_every_shipped_lesson_loads():
    for game_id in script.tutorials():
        lesson = load_tutorial(game_id)
        assert lesson.game_id == game_id and lesson.steps[-1].recap


def test_the_catalog_extractor_counts_a_lessons_step_texts_as_used(tmp_path):
    folder = write_lesson(tmp_path / "games" / "lama" / "tutorials")
    code = tmp_path / "pkg"
    code.mkdir()
    (code / "x.py").write_text('t("tutorial.read_first")\n', encoding="utf-8")
    uses = catalog_keys.code_uses(code, ["tutorial", "tutorial_lama"], lessons=sorted(folder.glob("*.yaml")))
    assert set(uses) == {"tutorial.read_first", *tutorial_keys("lama", [
        {"id": "welcome"}, {"id": "follow", "do": ["play 5"]}, {"id": "again"},
        {"id": "higher", "do": ["play 6"]}, {"id": "recap"}])}
    assert uses["tutorial_lama.follow_wrong"] == [("games/lama/tutorials/lama.yaml", 0, "lookup")]
    assert "tutorial_lama.again_wrong" not in uses  # a narration step has no "wrong"
    assert folder.is_dir()


def test_the_extractor_reads_the_shipped_lessons():
    uses = catalog_keys.code_uses()
    for game_id in script.tutorials():
        for key in load_tutorial(game_id).keys():
            assert key in uses


# -- the lesson on its session ---------------------------------------------------------------------------------
class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def frames(session, n=12, idle=True):
    lesson_frames(session, n, idle)


@pytest.fixture
def session(lesson_dir):
    s = start_lesson(load_tutorial("lama", lesson_dir), "Ada", pace=0.0, clock=Clock())
    yield s
    s.close()


def test_a_lesson_session_starts_from_its_position_and_saves_nothing(session):
    assert session.names == ["Ada", "Bruno", "Carla"] and session.human_seats == [0]
    assert session.storage is None and session.record.start == session.state.to_dict()
    assert session.state.to_dict() == session.record.replay().to_dict()
    lesson = session.lesson
    assert lesson.current.id == "welcome" and not lesson.shown and session.hold  # a narration waits for idle


def test_narration_holds_the_bots_and_refuses_moves_until_next(session):
    lesson = session.lesson
    frames(session, 1, idle=False)
    assert not lesson.shown  # never over a busy table
    frames(session, 1)
    assert lesson.shown and lesson.current.id == "welcome" and session.hold
    before = session.state.to_dict()
    outcome = session.play("play 5")
    assert not outcome.ok and outcome.code == READ_FIRST and session.state.to_dict() == before
    assert lesson.next() and lesson.current.id == "follow"
    assert not lesson.next()  # a do step is not passed with Next


def test_a_legal_move_the_step_does_not_teach_is_refused_with_its_wrong_text(session):
    lesson = session.lesson
    frames(session, 1)
    lesson.next()
    frames(session, 1)
    assert lesson.current.id == "follow" and lesson.shown and not session.hold
    before = session.state.to_dict()
    outcome = session.play("play 6")  # legal (one higher), not the lesson's move
    assert not outcome.ok and outcome.code == "tutorial_lama.follow_wrong"
    assert lesson.refused_key == "tutorial_lama.follow_wrong" and session.state.to_dict() == before
    outcome = session.play("play 2")  # illegal: the engine's own reason
    assert not outcome.ok and outcome.code.startswith("lama.") and session.state.to_dict() == before
    assert session.play("play 5").ok
    assert lesson.current.id == "again" and not lesson.shown


def test_bots_play_their_script_then_the_next_narration_shows_on_the_learners_turn(session):
    lesson = session.lesson
    frames(session, 1)
    lesson.next()
    frames(session, 1)
    assert session.play("play 5").ok
    # "again" is a narration shown when the table is idle: the bots wait for it
    frames(session, 1)
    assert lesson.shown and lesson.current.id == "again" and session.hold
    frames(session, 5)
    assert session.state.current_player == 1  # still waiting
    lesson.next()
    frames(session, 8)
    assert lesson.bots.played == [(1, "play 5"), (2, "play 6")] and lesson.bots.problems == []
    assert session.state.current_player == 0 and lesson.current.id == "higher" and lesson.shown
    assert session.play("play 6").ok
    frames(session, 1)
    assert lesson.current.id == "recap" and lesson.shown and lesson.finished
    assert lesson.history == ["welcome", "follow", "again", "higher", "recap"]
    assert session.hold and lesson.bots.left() == {}


def test_a_scripted_bot_out_of_moves_or_with_an_illegal_one_plays_a_legal_move_and_says_so():
    position = load_position_dict(POSITION, current=1)
    bots = ScriptedBots({1: ("play 3",)})
    view = position.view(1)
    move = bots.choose(view)
    assert move in view.legal_moves() and "'play 3' is not legal" in bots.problems[0]
    bots.choose(view)
    assert "no scripted move left" in bots.problems[1]


def load_position_dict(data, **changes):
    from lama_desktop.engine.registry import position

    return position({**data, **changes})


def test_a_game_from_a_position_replays_and_round_trips():
    state = load_position_dict(POSITION)
    record = GameRecord("lama", 3, (), 0, {}, [], start=state.to_dict())
    live = record.replay()
    record.play(live, "play 5")
    record.play(live, "draw")
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again.start == record.start and again.replay().to_dict() == live.to_dict()
    assert "start" not in GameRecord("lama", 3).to_dict()  # a dealt game's record is as before


def test_outside_a_lesson_there_is_no_gate_and_no_hold():
    from lama_desktop.core.session import GameSession, Seat

    session = GameSession.new("lama", [Seat("A"), Seat("B", "bot")], seed=3, pace=0.0)
    try:
        assert session.gate(session.state.legal_moves()[0]) is None and not session.hold
        assert session.lesson is None
    finally:
        session.close()


def test_a_round_end_step_shows_after_the_learners_own_move_closed_the_round(tmp_path):
    """The learner's last card ends the round: the step after it (``when: round_end``) shows, although the round
    closed while the step before it was current."""
    load_tutorial.cache_clear()
    position = dict(POSITION, hands=[["5"], ["5", "1"], ["6", "6", "3"]])
    text = """\
    game: lama
    position: lama.json
    seats: [{kind: human}, {kind: bot, name: Bruno}, {kind: bot, name: Carla}]
    steps:
      - {id: last, point: "hand:5", do: ["play 5"], input: [{click: point}]}
      - {id: scoring, when: round_end}
      - {id: recap, recap: true}
    """
    folder = write_lesson(tmp_path / "tutorials", text, position)
    session = start_lesson(load_tutorial("lama", folder), "Ada", pace=0.0, clock=Clock())
    try:
        frames(session, 1)
        assert session.lesson.current.id == "last" and session.play("play 5").ok
        frames(session, 2)
        assert session.lesson.current.id == "scoring" and session.lesson.shown
    finally:
        session.close()
        load_tutorial.cache_clear()


@pytest.mark.parametrize("game_id", tutorials())
def test_every_lesson_step_has_words_in_every_language(game_id):
    """Every step's text (its words, a move step's refusal, the recap) exists in every language: no key shown raw,
    no "(s)" plural."""
    from lama_desktop.core.i18n import LANGUAGES, set_language, t

    lesson = load_tutorial(game_id)
    try:
        for lang in LANGUAGES:
            set_language(lang)
            for key in lesson.keys():
                text = t(key)
                assert text and text != key and "(s)" not in text, (lang, key)
    finally:
        set_language("en")
