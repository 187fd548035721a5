"""Every "Learn to play" lesson (``tutorials()``: one per game folder's ``tutorials/<game>.yaml``) played to its end
headless in the real app, by posting the clicks and keys each step names (docs/APP.md, "Tutorials").

For every step: the narrator rings exactly the piece the step names (``tutorial_rect(point)`` of the table, or of
the overlay on top), that piece and the narrator's box lie inside the window and the box does not cover the piece;
a narration step passes with Enter; a step with a move first refuses a legal move that is not the step's (the
step's ``_wrong`` words in the narrator's box, the game unchanged), then the step's ``input`` plays one of its
moves. At the end the recap shows with its two buttons, the lesson is remembered as done in the settings, the
scripted bots played every move they were given, and nothing was saved or counted."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.core.i18n import t
from lama_desktop.app.table.tooltip import PAPER
from lama_desktop.tutorial.script import load_tutorial, tutorials
from frames import fast_app, post_click, post_key, post_motion

#: frames a step may take to show (bots' moves at the fastest pace, animations four times as fast)
STEP_BUDGET = 2500


def run_until(app, condition, budget: int = STEP_BUDGET, what: str = "", table=None) -> None:
    """Step frames until ``condition()``; with ``table`` (a lesson's), the learner also closes a round summary the
    lesson has nothing more to say over, as the summary's Continue asks (``close_finished_summary``)."""
    for _ in range(budget):
        if condition():
            return
        if table is not None:
            close_finished_summary(app, table)
        app.step(1 / 30)
    raise AssertionError(f"not reached in {budget} frames: {what}")


def close_finished_summary(app, table) -> bool:
    """The learner's Continue (Enter) on a round summary when the lesson's next step is not about it (it waits for
    the learner's turn in the next round, or points at the table): one Enter, then frames until it has closed."""
    top = app.stack.top
    lesson = table.session.lesson
    if top is table or "summary" not in getattr(top, "name", "") or lesson.shown or lesson.finished:
        return False
    step = lesson.current
    inside = step.point is not None and hasattr(top, "tutorial_rect") and top.tutorial_rect(step.point) is not None
    if lesson._when_met() and (step.point is None or inside):
        return False  # the step shows over the summary
    post_key(pygame.K_RETURN)
    for _ in range(60):
        app.step(1 / 30)
        if app.stack.top is not top:
            return True
    raise AssertionError("the round summary did not close on Enter")


def key_event(name: str):
    """``n``, ``shift+n``, ``return``, ``1`` -> (key, mod, unicode)."""
    *mods, key = name.split("+")
    mod = 0
    for m in mods:
        mod |= {"shift": pygame.KMOD_SHIFT, "ctrl": pygame.KMOD_CTRL, "alt": pygame.KMOD_ALT}[m]
    code = pygame.key.key_code(key)
    unicode = key.upper() if (mod & pygame.KMOD_SHIFT and len(key) == 1) else (key if len(key) == 1 else "")
    return code, mod, unicode


def piece_rect(app, table, name: str):
    """What the step's piece is now: the narrated overlay's piece while one is on top, else the table's."""
    top = app.stack.top
    if top is not table and getattr(top, "narrated", False) and hasattr(top, "tutorial_rect"):
        return top.tutorial_rect(name)
    return table.tutorial_rect(name)


def open_lesson(tmp_path, game_id, size, lang="en"):
    app = fast_app(tmp_path, size)
    app.running = True
    if lang != app.settings.language:
        app.update_settings(language=lang)
    app.start_lesson(game_id)
    app.step(1 / 30)
    table = app.stack.top
    assert table.session.lesson is not None and table.session.storage is None
    return app, table


def assert_box_and_arrow_clear(app, table, step, lang) -> None:
    """The narrator's box, its arrow and the ring round the piece cover neither the piece the step points at nor
    any text the learner needs at that step: the status line, the hand, the history, the buttons and their labels,
    the piles' labels, the keys line, the summary's title, rows, figures and its Continue button, the placement
    legend, the toasts showing, what holds the piece (``narrator.protected``, which must name what is on screen of
    these). The arrow may end inside a rect that holds the piece (a card of the hand); the ring stops short of every
    guarded rect beside the piece."""
    narrator = table.narrator
    box, arrow = narrator.box, narrator.arrow
    guarded = dict(narrator.guarded)
    top = app.stack.top
    on_table = top is table
    wanted = []
    if on_table:
        wanted += ["status"] if getattr(table, "_status_rect", None) is not None else []
        wanted += ["hand"] if table.tutorial_rect("hand") is not None else []
        wanted += ["log"] if table.history._log_rect() is not None else []
        wanted += [f"button:{name}" for name, b in table.buttons.items() if b.rect is not None and b.rect.w > 0]
    elif "summary" in getattr(top, "name", ""):
        wanted += [f"summary:{seat}" for seat in range(len(top.names))] + ["summary-title", "summary-sub"]
        wanted += [f"summary-figure:{seat}:{what}" for seat in range(len(top.names)) for what in ("explain", "outcome")]
        # its Continue button too: the learner may close the summary while the lesson speaks
        wanted += [f"button:{w.name}" for w in top.group.widgets if getattr(w, "rect", None) is not None]
    for name in wanted:
        assert name in guarded, f"{step.id}: {name} is not kept clear of the box ({lang})"
    if on_table:  # the toasts on the table ("Only one kind of llama card left: last round!") stay readable
        kept = [rect for name, rect in narrator.guarded if name == "toast"]
        for toast in table.toasts:
            if toast.rect is not None:
                assert any(rect.contains(toast.rect) for rect in kept), \
                    f"{step.id}: toast {toast.text!r} not kept clear"
    piece = piece_rect(app, table, step.point) if step.point is not None else None
    named = [(step.point, piece)] if piece is not None else []
    for name, rect in named + list(narrator.guarded):
        assert not box.colliderect(rect), f"{step.id}: the box {box} covers {name} {rect} ({lang}, {app.size})"
    ring = narrator.ring_rect()
    for name, rect in narrator.guarded:  # the ring stops short of every word and figure beside the piece
        if ring is not None and name != "piece" and not rect.colliderect(piece):
            assert not ring.colliderect(rect), f"{step.id}: the ring {ring} covers {name} {rect} ({lang}, {app.size})"
    for name, rect in named + list(narrator.guarded):
        if name != step.point and piece is not None and rect.contains(piece):
            continue  # the arrow ends in what holds the piece
        hit = any(rect.clipline(a, b) for a, b in zip(arrow, arrow[1:], strict=False))
        assert not hit, f"{step.id}: the arrow {arrow} crosses {name} {rect} ({lang}, {app.size})"


def assert_tip_over_lesson(app, table, step, lang) -> None:
    """The pointer on the piece the step points at: its tooltip shows over the lesson, not under it. The lesson's
    box, the ring round the piece and the arrow cover nothing of the tip (it keeps clear of them and is drawn over
    them: its paper shows undimmed where it stands), and the tip covers neither the box nor the piece."""
    narrator = table.narrator
    if app.stack.top is not table or narrator.highlight is None:
        return  # a step over a narrated overlay (the round summary): the table under it shows no tip
    pos = narrator.highlight.center
    post_motion(pos)
    for _ in range(40):
        app.step(1 / 30)
        if table.tooltip.showing and table.tooltip.drawn is not None:
            break
    if table._tooltip_at(pos) is None:
        return  # nothing there has a tip (the status line is text to read)
    where = f"{step.id} ({lang}, {app.size}): tip {table.tooltip.drawn}"
    tip = table.tooltip.drawn
    assert tip is not None, f"{where}: no tip on the pointed piece"
    assert not tip.colliderect(narrator.box), f"{where} and the lesson's box {narrator.box}"
    assert not tip.colliderect(narrator.highlight), f"{where} covers the pointed piece {narrator.highlight}"
    ring = narrator.ring_rect()
    assert ring is None or not tip.colliderect(ring), f"{where} and the ring {ring}"
    arrow = narrator.arrow
    assert not any(tip.clipline(a, b) for a, b in zip(arrow, arrow[1:], strict=False)), f"{where} and arrow {arrow}"
    paper = app.screen.get_at((tip.right - table.ui.s(5), tip.centery))[:3]
    assert tuple(paper) == PAPER, f"{where}: drawn under the lesson ({tuple(paper)})"


#: both window sizes in English; the longer languages in the smaller window (the box grows with the words)
VIEWS = [((1280, 720), "en"), ((1920, 1080), "en"), ((1280, 720), "de"), ((1280, 720), "fr"), ((1280, 720), "pl")]


@pytest.mark.parametrize("size, lang", VIEWS, ids=[f"{w}x{h}-{lang}" for (w, h), lang in VIEWS])
@pytest.mark.parametrize("game_id", tutorials())
def test_a_lesson_is_played_to_its_end_by_the_inputs_its_steps_name(tmp_path, game_id, size, lang):
    app, table = open_lesson(tmp_path, game_id, size, lang)
    session = table.session
    lesson = session.lesson
    tutorial = load_tutorial(game_id)
    window = pygame.Rect((0, 0), size)
    for index, step in enumerate(tutorial.steps):
        run_until(app, lambda index=index: lesson.index == index and lesson.shown, what=f"step {step.id} shows",
                  table=table)
        app.step(1 / 30)  # one more frame: the box is laid out and drawn
        app.step(1 / 30)  # and laid out again round the toasts that frame drew
        narrator = table.narrator
        assert narrator is not None and narrator.box is not None, step.id
        assert window.contains(narrator.box), (step.id, narrator.box)
        assert narrator.words_fit(), f"{step.id}: the words run out of the box ({lang})"
        status = getattr(table, "_status_rect", None)
        if status is not None and app.stack.top is table:  # the line that speaks for the lesson stays in sight
            assert not narrator.box.colliderect(status), f"{step.id}: the box covers the status line ({lang})"
            assert table.status_said == narrator.status()[0] or narrator.status() is None, step.id
        if step.point is not None:
            expected = piece_rect(app, table, step.point)
            assert expected is not None, f"{step.id}: {step.point} is not on screen"
            assert narrator.highlight == expected, (step.id, narrator.highlight, expected)
            assert window.contains(expected), (step.id, expected)
            if not step.recap:
                assert not narrator.box.colliderect(expected), f"{step.id}: the box covers {step.point}"
        if not step.recap:
            assert_box_and_arrow_clear(app, table, step, lang)
            if lang == "en":  # both sizes: a tooltip on the pointed piece stands over the lesson, clear of it
                assert_tip_over_lesson(app, table, step, lang)
        if step.recap:
            break
        if step.narration:
            post_key(pygame.K_RETURN)
            run_until(app, lambda index=index: lesson.index == index + 1, 30, f"Enter passes {step.id}")
            continue
        # a legal move the step does not teach is refused, with the step's own words, and changes nothing
        legal = [str(m) for m in session.state.legal_moves()]
        others = [m for m in legal if m not in step.do]
        moves = len(session.record.moves)
        if others:
            before = session.state.to_dict()
            table.try_move(others[0], confirmed=True)
            app.step(1 / 30)
            assert session.state.to_dict() == before and len(session.record.moves) == moves, step.id
            assert narrator.message == t(tutorial.wrong_key(step)), (step.id, narrator.message)
            assert lesson.index == index
        for item in step.input:
            (kind, value), = item.items()
            if kind == "click":
                rect = narrator.highlight if value == "point" else piece_rect(app, table, value)
                assert rect is not None, (step.id, value)
                post_click(rect.center)
            else:
                post_key(*key_event(value))
            app.step(1 / 30)
        run_until(app, lambda moves=moves: len(session.record.moves) > moves, 60, f"the input of {step.id} plays")
        assert session.record.moves[moves] in step.do, (step.id, session.record.moves[moves])
    assert lesson.finished and lesson.current.recap
    assert set(table.narrator.buttons) == {"real", "title"}
    assert game_id in app.settings.tutorials_done
    assert lesson.bots.problems == [] and lesson.bots.left() == {}
    assert not app.storage.has_save() and app.storage.load_stats() == {}
    assert lesson.history == [s.id for s in tutorial.steps]


@pytest.mark.parametrize("game_id", tutorials())
def test_play_a_real_game_opens_the_setup_for_that_game(tmp_path, game_id):
    app, table = open_lesson(tmp_path, game_id, (1600, 900))
    lesson = table.session.lesson
    lesson.index = lesson.count - 1  # straight to the recap
    lesson.shown = False
    lesson._round_closed = True  # a recap may wait for the round's end: as if it had come
    run_until(app, lambda: lesson.shown, 200, "the recap shows")
    app.step(1 / 30)
    post_key(pygame.K_RETURN)
    run_until(app, lambda: app.stack.top.name == "setup", 30, "the setup opens")
    assert app.stack.top.game_id == game_id
    assert [s.name for s in app.stack.scenes] == ["title", "setup"]


def test_skip_asks_first_then_goes_back_to_the_title(tmp_path):
    game_id = tutorials()[0]
    app, table = open_lesson(tmp_path, game_id, (1600, 900))
    run_until(app, lambda: table.session.lesson.shown, 200, "the first step shows")
    app.step(1 / 30)
    post_click(table.narrator.buttons["skip"].rect.center)
    app.step(1 / 30)
    assert app.stack.top.name == "message"
    post_key(pygame.K_ESCAPE)  # "Keep learning"
    app.step(1 / 30)
    assert app.stack.top is table
    post_click(table.narrator.buttons["skip"].rect.center)
    app.step(1 / 30)
    post_key(pygame.K_RETURN)  # "Skip"
    run_until(app, lambda: app.stack.top.name == "title", 30, "back to the title")
    assert game_id not in app.settings.tutorials_done


def test_the_title_suggests_a_lesson_on_the_very_first_start_and_lists_them_with_what_is_done(tmp_path):
    from lama_desktop.app.scenes.title import TitleScene

    app = fast_app(tmp_path, (1600, 900))
    app.running = True
    app.stack.push(TitleScene())
    app.step(1 / 30)
    title = app.stack.top
    learn = next(w for w in title.group.widgets if w.name == "learn")
    assert title.first_start and learn.style == "primary"
    post_click(learn.rect.center)
    run_until(app, lambda: app.stack.top.name == "lessons", 10, "the chooser opens")
    chooser = app.stack.top
    assert chooser.games == tutorials() and not any(chooser.done)
    app.update_settings(tutorials_done=[tutorials()[0]])
    post_key(pygame.K_ESCAPE)
    run_until(app, lambda: app.stack.top.name == "title", 10, "back to the title")
    assert not app.stack.top.first_start  # a lesson done: no more suggestion
    post_click(next(w for w in app.stack.top.group.widgets if w.name == "learn").rect.center)
    run_until(app, lambda: app.stack.top.name == "lessons", 10, "the chooser opens again")
    assert app.stack.top.done[0]
    post_click(app.stack.top.rows[0].center)
    run_until(app, lambda: getattr(app.stack.top, "narrator", None) is not None, 30, "the lesson opens")


def test_the_setup_offers_the_lesson_of_the_chosen_game(tmp_path):
    from lama_desktop.app.scenes.setup import SetupScene

    game_id = tutorials()[0]
    app = fast_app(tmp_path, (1280, 720))
    app.running = True
    app.stack.push(SetupScene(game_id))
    app.step(1 / 30)
    setup = app.stack.top
    assert setup.game_id == game_id
    learn = next(w for w in setup.group.widgets if w.name == "learn")
    post_click(learn.rect.center)
    run_until(app, lambda: getattr(app.stack.top, "session", None) is not None, 30, "the lesson opens")
    assert app.stack.top.session.lesson.tutorial.game_id == game_id


def test_the_lessons_done_are_kept_in_the_settings_file_through_its_door(tmp_path):
    from lama_desktop.settings import Settings, settings_from_file
    from lama_desktop.storage import Storage

    first, second = tutorials()[:2]
    storage = Storage(tmp_path)
    storage.save_settings(Settings(tutorials_done=[second, first, first]))
    settings, damage = storage.load_settings()
    assert damage is None and settings.tutorials_done == [first, second]
    data = settings.to_dict()
    data["tutorials_done"] = [first, "a-game-of-a-newer-version"]  # a newer version's lesson: dropped, not damage
    assert settings_from_file(data).tutorials_done == [first]
    data["tutorials_done"] = first
    with pytest.raises(ValueError):
        settings_from_file(data)
