"""What a Llama Land frame must not compute again while nothing changed (issue 32, smooth frames): the engine's
placements of the tile in hand and the placement legend's layout are worked out once per position, however often a
frame asks (the legend's drawing, a lesson's arrow and the places it keeps clear), and again as soon as the position
or the tile in hand changes. Frame times themselves are measured by ``python -m lama_desktop.bench render``."""

from __future__ import annotations

import pygame

from lama_desktop.games.llama_land import iso, render_domain
from lama_desktop.games.llama_land.engine.state import LlamaLandState
from lama_desktop.games.llama_land.table import LlamaLandTableScene
from lama_desktop.tutorial.lesson import start_lesson
from lama_desktop.tutorial.script import load_tutorial
from frames import fast_app, post_key


def _lesson_table(tmp_path):
    """The Llama Land lesson at its first placing step (its narrator asks the legend's rect every frame)."""
    app = fast_app(tmp_path, (1920, 1080))
    session = start_lesson(load_tutorial("llama-land"), "You", "fast")
    table = LlamaLandTableScene(session)
    app.stack.push(table)
    app.running = True
    for _ in range(5):
        app.step(1 / 30)
    assert table.mode == "place" and table.placer is not None
    return app, table


def _count_placements(monkeypatch) -> list:
    calls = []
    real = LlamaLandState.placements

    def counted(self, *args, **kwargs):
        calls.append(args)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(LlamaLandState, "placements", counted)
    return calls


def test_frames_of_an_unchanged_position_compute_the_placements_and_the_legend_once(tmp_path, monkeypatch):
    app, table = _lesson_table(tmp_path)
    calls = _count_placements(monkeypatch)
    layouts = []
    real_layout = type(table.legend)._layout  # the legend's rows wrapped: text measured line by line
    monkeypatch.setattr(type(table.legend), "_layout", lambda self, width: layouts.append(width) or
                        real_layout(self, width))
    for _ in range(3):
        app.step(1 / 30)
        assert table.tutorial_rect("legend") == table.legend.rect()  # as a lesson asks it, twice a frame
    assert calls == [] and layouts == []


def test_the_legend_follows_the_tile_in_hand_and_the_position(tmp_path, monkeypatch):
    """Not a stale count: another stack chosen (no new position) and a new position each give the legend the
    engine's count of the placements of the tile in hand."""
    app, table = _lesson_table(tmp_path)
    placer = table.placer

    def counted() -> str:
        return str(len(table.session.state.placements(placer.shape)))

    app.step(1 / 30)
    assert counted() in table.legend.lines()[-1][1]
    before = placer.shape
    for shape in table.session.state.shapes_available():
        if shape != before:
            post_key(pygame.K_1 + "TLPNZ".index(shape))
            app.step(1 / 30)
            break
    assert placer.shape != before and counted() in table.legend.lines()[-1][1]
    assert counted() in " ".join(table.domain_cache["legend_layout"][2][-1][1])  # the rows it draws
    for pile in placer.state.stacks:  # the position changed in place (a crafted moment): asked again
        pile.clear()
    assert table.legend.lines() == [("", table.legend.lines()[0][1])] and not placer.placements(placer.shape)


def test_the_columns_in_front_of_the_tile_in_hand_are_drawn_once_per_position(tmp_path, monkeypatch):
    """The tile in hand bobs behind the columns in front of it: those are drawn into one picture once, then blitted
    each frame; a new cursor cell draws them again."""
    app, table = _lesson_table(tmp_path)
    drawn = []
    real = iso.draw_cell
    for module in (iso, render_domain):  # whoever draws a column, the picture or the table's drawing
        monkeypatch.setattr(module, "draw_cell", lambda *a, **k: drawn.append(a[3:5]) or real(*a, **k), raising=False)
    app.step(1 / 30)
    front = table.domain_cache["front"][1]
    assert front, "the lesson's first placing step has columns in front of the tile in hand"
    drawn.clear()
    for _ in range(3):
        app.step(1 / 30)
    assert drawn == []
    before = table.domain_cache["front"][0]
    for key in (pygame.K_LEFT, pygame.K_UP, pygame.K_RIGHT, pygame.K_DOWN):
        drawn.clear()
        post_key(key)
        app.step(1 / 30)
        if table.domain_cache["front"][0] != before:
            break
    assert table.domain_cache["front"][0] != before and drawn == table.domain_cache["front"][1]


def test_the_domain_and_its_spots_are_blitted_cut_to_what_is_drawn_with_the_same_pixels(tmp_path):
    """The big domain and the spots' layer are pictures of the panel's size, mostly empty, blitted every frame: they
    are kept cut to what is drawn on them (a blit costs by its area) and the picture is the same."""
    app, table = _lesson_table(tmp_path)
    frame = table.camera.big_frame()
    layer, _at = table.spots_cache[1]
    assert layer.get_width() * layer.get_height() < frame.rect.w * frame.rect.h
    domain = table.domain_cache[("big", table.shown_seat)][1]
    assert domain.get_width() * domain.get_height() < frame.rect.w * frame.rect.h
    full = pygame.Surface((200, 120), pygame.SRCALPHA)
    pygame.draw.circle(full, (120, 240, 150, 205), (150, 40), 20)
    pygame.draw.rect(full, (30, 80, 50, 90), (60, 70, 30, 20))
    cut, at = render_domain.trimmed(full)
    assert (at, cut.get_size()) == ((60, 20), (110, 70))  # the rect's left to the circle's right, top to bottom
    for under in ((0, 0, 0), (200, 180, 90)):
        whole, part = pygame.Surface((200, 120)), pygame.Surface((200, 120))
        whole.fill(under)
        part.fill(under)
        whole.blit(full, (0, 0))
        part.blit(cut, at)
        assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(part, "RGB")
