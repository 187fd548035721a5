"""The replay viewer on Llama Land: its open view's secrets, and a long history scrolled and read over frames.

Moved here from the cross-game ``tests/test_replay_view.py``, whose helpers these tests use.
"""

from __future__ import annotations

import pygame

from lama_desktop.app.scenes.replay import ReplayScene
from lama_desktop.core.i18n import t
from lama_desktop.games.llama_land.engine.state import SHAPES, TILES
from test_replay_view import read_history, viewer_on


def test_the_replays_history_scrolls_with_wheel_drag_and_page_keys(tmp_path):
    app, viewer, _past = viewer_on(tmp_path, "llama-land", size=(1280, 720))
    log = viewer.table.log
    rect = viewer.history_rect(app.menu_ui, app.size)
    assert log.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    app.step(0.02)
    assert log.scroll > 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0))
    app.step(0.02)
    assert log.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="", scancode=0))
    app.step(0.02)
    paged = log.scroll
    assert paged > 3
    viewer.draw(pygame.Surface(app.size))  # drawing clamps the scroll to the rows there are
    start = (rect.centerx, rect.y + rect.h // 3)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] - 200), rel=(0, -200),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 200), button=1))
    app.step(0.02)
    assert log.scroll < paged  # dragged up: newer lines
    assert viewer.pos == viewer.total  # none of it moved the replay
    narrow = viewer.history_rect(app.menu_ui, app.size).w
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0))
    app.step(0.02)
    assert viewer.history_rect(app.menu_ui, app.size).w > narrow  # F2 (or the corner icon) widens it
    assert viewer.table_rect(app.menu_ui, app.size).right <= viewer.history_rect(app.menu_ui, app.size).left
    app.shutdown()


def test_llama_lands_open_view_shows_what_comes_next_and_only_there(tmp_path):
    app, viewer, past = viewer_on(tmp_path, "llama-land")
    pos = viewer.total // 2
    viewer.go(pos)
    state = past.record.replay(pos)
    secrets = viewer.table.session.open_secrets()
    for i, _shape in enumerate(SHAPES):
        pile = state.stacks[i]
        want = TILES[pile[-2]].id if len(pile) >= 2 else None
        assert (secrets["next_tiles"][i] or {}).get("id") == want
    assert secrets["next_character"]["id"] == state.deck[-1]
    viewer.set_view(0)
    read_history(app, viewer)
    assert viewer.table.session.open_secrets() is None  # a seat's own view: nothing hidden is shown
    app.shutdown()


def test_the_viewer_draws_and_answers_while_the_history_is_read(tmp_path, monkeypatch):

    monkeypatch.setattr(ReplayScene, "READ_BUDGET", 0.0)
    app, viewer, past = viewer_on(tmp_path, "llama-land", read=False)
    screen = pygame.Surface(app.size)
    for _ in range(3):  # update and draw come back at once, the history still being read
        viewer.update(1 / 60)
        viewer.draw(screen)
        assert viewer.history_pending
    build = viewer._builds[None]
    assert 0 < build.fed < viewer.total
    lines = viewer.history_lines()
    assert lines and all(e.move < build.fed for e in viewer.table.log.entries)
    rows = viewer.table.log._rows(app.menu_ui, 400)
    assert rows[-1] == (t("replay.reading"), rows[-1][1], "pending")  # what is missing is said, discreetly
    before = viewer.pos
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    app.step(1 / 60)
    assert viewer.pos == before - 1 and viewer.history_pending  # a key is answered while it reads
    read_history(app, viewer)
    assert viewer.table.log.pending is None
    assert viewer.table.log._rows(app.menu_ui, 400)[-1][2] != "pending"
    app.shutdown()
