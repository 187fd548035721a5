"""What a moment shows is built before it shows (issue 32: a round's summary drawn whole in the frame it opened, 40 ms
at 1920x1080, after a blow-up): ``Prebuild`` spreads the work over the frames before it, and the summary a table
opens is ready by then, on every table with a round summary. How long frames take is the render bench's job
(``python -m lama_desktop.bench render``), not these tests'."""

from __future__ import annotations

import pygame
import pytest

from lama_desktop.app.art import cache
from lama_desktop.app.prebuild import Prebuild
from lama_desktop.app.widgets import theme
from test_table_quit import GAMES, at_summary, my_turn_with_quit, open_table, quit_now, run_until


def _job(log: list, name: str, steps: int):
    for n in range(steps):
        log.append((name, n))
        yield


def test_a_prebuild_starts_a_job_the_next_frame_moves_it_on_each_frame_and_finishes_it_when_due():
    log: list = []
    prebuild = Prebuild(budget=0.0)
    prebuild.add(_job(log, "a", 3))
    prebuild.add(_job(log, "b", 2))
    prebuild.run()  # the frame that queued them is busy already: they start in the next one
    assert log == [] and prebuild.pending == 2
    prebuild.run()  # no time to spare: still one step, so the job moves on
    assert log == [("a", 0)]
    prebuild.run(budget=10.0)  # time to spare: every step
    assert log == [("a", 0), ("a", 1), ("a", 2), ("b", 0), ("b", 1)] and prebuild.pending == 0
    prebuild.add(_job(log, "c", 4))
    prebuild.run()
    prebuild.finish()
    assert log[-4:] == [("c", 0), ("c", 1), ("c", 2), ("c", 3)] and prebuild.pending == 0


@pytest.mark.parametrize("size, radius, blur", [((1380, 706), 18, 10), ((1300, 90), 12, 6), ((120, 900), 8, 4)])
def test_a_big_shadow_is_a_small_one_stretched_and_looks_the_same(size, radius, blur):
    """A panel's shadow is no longer blurred whole (15 ms for a summary's panel): a small one, its middle stretched,
    matches the whole one to within a few levels of alpha everywhere."""
    pygame.init()
    theme._shape_cache.clear()
    stretched = theme.shadow_surface(size, radius, blur, 110)
    whole = theme._cached(("whole", size), lambda: _whole_shadow(size, radius, blur, 110))
    assert stretched.get_size() == whole.get_size() == (size[0] + 4 * blur, size[1] + 4 * blur)
    worst = max(abs(stretched.get_at((x, y))[3] - whole.get_at((x, y))[3])
                for x in range(0, whole.get_width(), 3) for y in range(0, whole.get_height(), 3))
    assert worst <= 8, worst


def _whole_shadow(size, radius, blur, alpha):
    """The shadow as it was drawn before: the whole rectangle blurred (at a quarter of its size) and scaled up."""
    w, h = size
    full = (w + 4 * blur, h + 4 * blur)
    k = max(1, min(4, blur // 2))
    small = pygame.Surface((max(1, full[0] // k), max(1, full[1] // k)), pygame.SRCALPHA)
    pygame.draw.rect(small, (*theme.SHADOW, alpha), (2 * blur // k, 2 * blur // k, max(1, w // k), max(1, h // k)),
                     border_radius=max(0, radius // k))
    if blur >= k:
        small = pygame.transform.gaussian_blur(small, max(1, blur // k))
    return pygame.transform.smoothscale(small, full) if k > 1 else small


def _pictures_made() -> int:
    """How many pictures the drawing caches have made so far (their misses) and the theme's store holds."""
    return sum(wrapper.cache_info()["misses"] for wrapper in cache._ALL) + len(theme._shape_cache)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_round_summary_a_table_opens_is_built_before_its_first_frame(tmp_path, game_id):
    app, table = open_table(tmp_path, game_id)
    try:
        assert my_turn_with_quit(app, table)
        quit_now(app, table)
        opened = []  # the summary as it is pushed, before any frame of it
        push = app.stack.push
        app.stack.push = lambda scene: (opened.append(scene), push(scene))
        assert run_until(app, lambda: bool(opened) and opened[-1].name.endswith("round_summary"), 3000)
        summary = opened[-1]
        assert summary._frame is not None, "the summary's picture was not made ahead"
        assert table.prebuild.pending == 0, "the summary's art was still being built when it opened"
        app.stack.apply_pending()
        assert at_summary(app) and app.stack.top is summary
        before = _pictures_made()
        summary.draw(app.screen)  # its first frame only puts ready pictures together
        assert _pictures_made() == before
    finally:
        table.close()
