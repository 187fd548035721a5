"""The Llama Land lesson (games/llama_land/tutorials/llama-land.yaml): what its words claim is what its scripted game
does, and the moments only this lesson has — the feeding choice opened over the table, the game played to its end on
the table (no results screen) — work through the real table with posted clicks and keys.

The generic lesson test (tests/test_tutorials.py) walks every lesson's steps; this file checks the facts the
Llama Land narrator states (the covered icons, the harvest, the marker's move up its own card, the end trigger,
the winner)."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.games.llama_land.table import LlamaLandTableScene
from lama_desktop.games.llama_land.engine.state import D
from lama_desktop.tutorial.lesson import start_lesson
from lama_desktop.tutorial.script import load_tutorial
from frames import fast_app, post_click, post_key, post_motion

LEARNER, BRUNO = 0, 1


def scripted_game():
    """The lesson's game on the engine alone: each learner turn is the `do` moves in step order, each of Bruno's
    turns his scripted moves until the learner is to move again. Yields (who, move, events, state)."""
    tutorial = load_tutorial("llama-land")
    state = tutorial.start_state()
    bots = list(tutorial.bots[BRUNO])
    for step in tutorial.steps:
        if not step.do:
            continue
        while state.current_player == BRUNO:
            move = bots.pop(0)
            assert move in [str(m) for m in state.legal_moves()], f"Bruno's {move} is not legal"
            yield BRUNO, move, state.apply(move), state
        move = step.do[0]
        assert state.current_player == LEARNER, f"step {step.id}: not the learner's turn"
        assert move in [str(m) for m in state.legal_moves()], f"step {step.id}: {move} is not legal"
        yield LEARNER, move, state.apply(move), state
    while not state.is_over:
        assert state.current_player == BRUNO and bots, "the game must end with Bruno's scripted last turn"
        move = bots.pop(0)
        yield BRUNO, move, state.apply(move), state
    assert not bots, f"Bruno's scripted moves left over: {bots}"


def test_the_lesson_plays_to_the_end_as_its_words_say():
    events = {}
    last = None
    for who, move, evs, state in scripted_game():
        events[(who, move)] = evs
        last = state
    kinds = lambda who, move: {e.kind: e.data for e in events[(who, move)]}  # noqa: E731
    # "extend": an extension harvests nothing; "marker": your marker moves up its own card (RULINGS §4)
    assert kinds(LEARNER, "extend T r1 - 3 5")["place"]["covered"] == []
    marker = kinds(LEARNER, "marker 0 0 0")["marker"]
    assert (marker["objective"], marker["space"], marker["from"]) == ("hills", 0, 0)
    # "bruno": he built on three potatoes, his potato farmer added one, he fed a potato llama
    bruno = events[(BRUNO, "build P r0 m -2 -1")]
    assert [e.data["gains"] for e in bruno if e.kind == "payout"] == [{"potato": 3}, {"potato": 1}]
    assert [e for e in bruno if e.kind == "payout"][1].data["source"] == "farmer"
    # "build": 2 corn, 2 cacao and a hut; "crops": the worker pays a coin, 4 corn in hand
    build = events[(LEARNER, "build T r0 - 3 3")]
    assert sorted(build[0].data["covered"]) == ["cacao", "cacao", "corn", "corn", "hut"]
    assert [(e.data["source"], e.data["gains"]) for e in build if e.kind == "payout"] == [
        ("icons", {"corn": 2, "cacao": 2}), ("worker", {"coin": 1})]
    # "hut": the first card of the row is the corn farmer
    taken = kinds(LEARNER, "hut 0")["character"]
    assert taken["type"] == "farmer" and D.characters[taken["card"]].crops == (0,)
    # "the_end": the last corn card; only potato llama cards are left; the learner's turn triggers the end
    llama = kinds(LEARNER, "llama 4 3")
    assert llama["llama"]["level"] == 3 and llama["end_trigger"]["reason"] == "llama_cards"
    assert last.columns[0] == [] and last.columns[1] == [] and last.columns[2]
    # "scoring": Hills is met (third llama on level 3) and pays its top space; you win
    assert last.is_over and last.winners() == [LEARNER]
    hills = last.objectives.index("hills")
    assert last.objective_results()[hills][LEARNER] == D.objective("hills").spaces[0]


def test_the_lesson_runs_on_the_table_the_feeding_choice_and_the_end_stay_on_it(tmp_path):
    """Through the real table (posted clicks and keys at the rects `tutorial_rect` answers): every pointed piece is
    inside the window, the feeding choice's corn row is found while the overlay is open, and the finished game
    stays on the table for the last steps instead of leaving for the results screen."""
    size = (1280, 720)
    app = fast_app(tmp_path, size)
    tutorial = load_tutorial("llama-land")
    session = start_lesson(tutorial, "You", "fast")
    lesson = session.lesson
    table = LlamaLandTableScene(session)
    app.stack.push(table)
    app.running = True
    window = pygame.Rect(0, 0, *size)
    keys = {"r": pygame.K_r}

    def frames(n=1):
        for _ in range(n):
            app.step(1 / 30)
            lesson.update(table.idle and app.stack.top is table)

    for step in tutorial.steps:
        for _ in range(3000):
            if lesson.current.id == step.id and lesson.shown:
                break
            frames()
        else:
            pytest.fail(f"step {step.id} never showed (the lesson is at {lesson.current.id})")
        if step.point:
            rect = table.tutorial_rect(step.point)
            assert rect is not None and window.contains(rect), (step.id, step.point, rect)
        # what the narrator's box keeps clear of: the domain as drawn, the status line, buttons, your panel
        clear = table.tutorial_clear()
        assert len(clear) == 4 and all(r.w > 0 and r.h > 0 and window.contains(r) for r in clear), (step.id, clear)
        if step.recap:
            break
        if step.narration:
            assert lesson.next()
            continue
        before = session.moves_played
        for item in step.input:
            (kind, value), = item.items()
            if kind == "key":
                post_key(keys[value])
                frames(2)
                continue
            if value.startswith("choice:"):
                assert app.stack.top is table.choices.overlay, "the feeding choice is open over the table"
                assert table.choices.moves[int(value.split(":")[1])] == "feed corn 0", table.choices.moves
            rect = table.tutorial_rect(step.point if value == "point" else value)
            assert rect is not None and window.contains(rect), (step.id, value)
            post_motion(rect.center)
            post_click(rect.center)
            frames(3)
        assert [str(m) for m in session.record.moves[before:before + 1]] == list(step.do[:1]), step.id
    assert lesson.bots.problems == []
    assert session.state.is_over and app.stack.top is table and not table.results_open
    # the scoring card the last step points at: the engine's breakdown, its total the final scores
    rows = table._final_score_rows()
    assert rows[-1][1] == session.state.scores == [62, 59]
    assert [label for label, _ in rows[3:-1]] == ["Hills", "Road"]  # only the objectives that paid someone
    assert window.contains(table.tutorial_rect("scores"))
    frames(90)  # well past the results screen's delay in a real game
    assert app.stack.top is table


def test_every_spot_of_the_tile_in_hand_shows_even_in_front_of_it(tmp_path, monkeypatch):
    """The cells standing in front of the tile in hand are drawn again over it (occlusion); their spot diamonds
    must be drawn again too, or a spot the narrator rings ("click the green spot") would not show. Each legal spot
    of the current orientation, except under the tile in hand itself, changes the picture when spots are drawn."""
    app = fast_app(tmp_path, (1280, 720))
    session = start_lesson(load_tutorial("llama-land"), "You", "fast")
    table = LlamaLandTableScene(session)
    app.stack.push(table)
    app.running = True
    for _ in range(5):
        app.step(1 / 30)
    assert table.mode == "place" and table.placer is not None
    table.time = 0.0  # the tile in hand bobs with the time: the same lift in both pictures
    table.draw(app.screen)
    shown = app.screen.copy()
    monkeypatch.setattr(LlamaLandTableScene, "_draw_spots", lambda self, *a: None)
    monkeypatch.setattr(LlamaLandTableScene, "_draw_spots_again", lambda self, *a: None)
    table.draw(app.screen)
    bare = app.screen.copy()
    frame = table.camera.big_frame()
    heights = table.camera.big_heights()
    in_hand = {(x, y) for x, y, _icon in table.placer.evaluate()["cells"]}
    spots = {cell: kind for cell, kind in table.placer.legal_anchors().items() if cell not in in_hand}
    assert any(kind == "build" for kind in spots.values()), "the lesson's start shows build spots"
    hidden = []
    for (x, y), kind in spots.items():
        cx, cy = frame.top_center(x, y, heights.get((x, y), 1))
        point = (round(cx), round(cy))
        if table.rects["domain"].collidepoint(point) and shown.get_at(point) == bare.get_at(point):
            hidden.append(((x, y), kind))
    assert hidden == []


def test_the_ringed_extension_cell_shows_a_blue_diamond_only_once_the_t_is_turned_once():
    """The extend step says "press R until a blue diamond shows in the ringed cell (once is enough)": of the T's
    four turns only the first (R once) has an extension anchored on that cell."""
    from lama_desktop.games.llama_land.placement import Placer

    tutorial = load_tutorial("llama-land")
    step = tutorial.step("extend")
    x, y = (int(v) for v in step.point.split(":")[1].split(","))
    placer = Placer(tutorial.start_state(), LEARNER)
    placer.select("T")
    shows = []
    for rotation in range(4):
        placer.rotation = rotation
        if placer.legal_anchors().get((x, y)) == "extend":
            shows.append(rotation)
    assert shows == [1]
    assert [i for i in step.input if "key" in i] == [{"key": "r"}]


@pytest.mark.parametrize("where", ["lesson", "new game"])
def test_the_tile_in_hand_names_its_placement_as_the_engine_lists_it_in_every_turn_and_flip(where):
    """A symmetric shape turned or flipped into an orientation it already has (the T flipped with M is the T) must
    still send the engine's own move text: a lesson's step and the advisor compare moves by their text, so a flipped
    T on the right spot would otherwise be played but not recognised as the step's move."""
    from lama_desktop.games.llama_land.placement import Placer
    from lama_desktop.games.llama_land.engine import SPEC

    state = load_tutorial("llama-land").start_state() if where == "lesson" else SPEC.new(3, (), seed=11)
    seat = state.current_player
    legal = {str(m) for m in state.legal_moves()}
    checked = 0
    for shape in state.shapes_available():
        placer = Placer(state, seat)
        placer.select(shape)
        for mirror in (False, True):
            for rotation in range(4):
                placer.mirror, placer.rotation = mirror, rotation
                for cell in placer.legal_anchors():
                    placer.cursor = cell
                    move = placer.evaluate()["move"]
                    assert move in legal, (shape, rotation, mirror, move)
                    checked += 1
    assert checked > 100


def test_the_extend_step_is_done_by_the_flipped_t_too(tmp_path):
    """M (mirror) before R: the T flipped is the same T, and the step is done by the same placement."""
    app = fast_app(tmp_path, (1280, 720))
    tutorial = load_tutorial("llama-land")
    session = start_lesson(tutorial, "You", "fast")
    lesson = session.lesson
    table = LlamaLandTableScene(session)
    app.stack.push(table)
    app.running = True
    for _ in range(600):
        app.step(1 / 30)
        lesson.update(table.idle)
        if lesson.current.id == "extend" and lesson.shown:
            break
        if lesson.shown and lesson.current.narration:
            lesson.next()
    assert lesson.current.id == "extend"
    for key in (pygame.K_m, pygame.K_r):
        post_key(key)
        app.step(1 / 30)
    rect = table.tutorial_rect(lesson.current.point)
    post_motion(rect.center)
    post_click(rect.center)
    for _ in range(5):
        app.step(1 / 30)
    assert session.record.moves[-1] == "extend T r1 - 3 5"
    assert lesson.current.id == "objectives"
