"""Where a lesson's box goes and how its arrow runs (``app/table/lesson_place.py``), on made-up screens: a clear
place is always preferred to one over a protected rect, an arrow bends round text rather than crossing it, and
when no arrow finds a way the box still keeps off the text (the ring alone shows the piece)."""

from __future__ import annotations

import pygame

from lama_desktop.app.table.lesson_place import path_hits, place, route

WINDOW = pygame.Rect(0, 0, 1280, 720)


def _place(protected, target, shapes=((None, 400, 150),), avoid=()):
    goal = target.inflate(34, 34) if target is not None else None
    full = [(shape, w, h, (0, 440, 880), (0, 285, 570)) for shape, w, h in shapes]
    return place(full, WINDOW, protected, list(avoid), target, goal, gap=10, room=28, head=30, shortest=40)


def test_a_straight_arrow_that_would_cross_text_bends_round_it():
    box, goal = pygame.Rect(100, 100, 300, 120), pygame.Rect(900, 500, 120, 60)
    text = pygame.Rect(450, 250, 300, 200)  # right across the straight way
    straight = [box.center, goal.center]
    assert path_hits(straight, text)
    path = route(box, goal, [text], 28, 30)
    assert path is not None and len(path) == 3, path
    assert not path_hits(path, text)
    assert not box.inflate(-2, -2).clipline(path[1], path[2])


def test_the_box_never_goes_over_a_protected_rect_while_a_clear_place_exists():
    target = pygame.Rect(600, 650, 80, 50)
    texts = [pygame.Rect(0, 0, 1280, 430), target.inflate(36, 36)]  # only the bottom band is free
    placed = _place(texts, target)
    assert placed.clashes == []
    assert not any(placed.box.colliderect(t) for t in texts)
    assert not any(path_hits(placed.arrow, t) for t in texts if not t.contains(target))


def test_a_box_with_no_way_for_its_arrow_goes_to_a_clear_place_without_one():
    target = pygame.Rect(1150, 600, 100, 60)
    # the piece walled in by text on every side: no arrow can reach it without crossing some
    walls = [pygame.Rect(1050, 500, 230, 40), pygame.Rect(1050, 680, 230, 40), pygame.Rect(1050, 540, 40, 140)]
    placed = _place(walls + [target.inflate(36, 36)], target)
    assert placed.arrow == [] and placed.clashes == []
    assert not any(placed.box.colliderect(w) for w in walls)


def test_a_wider_lower_shape_is_taken_where_only_a_low_band_is_free():
    target = pygame.Rect(600, 100, 80, 50)
    band = [pygame.Rect(0, 0, 1280, 560), target.inflate(36, 36)]  # 160 px free at the bottom
    placed = _place(band, target, shapes=(("tall", 400, 250), ("wide", 1000, 140)))
    assert placed.shape == "wide" and placed.clashes == []


def test_the_arrow_never_runs_across_a_card_the_box_may_cover():
    target = pygame.Rect(1150, 600, 60, 50)
    # text left of the piece and too little room beside it: the box goes above, its arrow comes down
    walls = [pygame.Rect(0, 430, 1000, 290), target.inflate(36, 36)]
    card = pygame.Rect(1000, 440, 280, 60)  # a card with words right across the way down
    free = _place(walls, target)
    assert free.arrow and path_hits(free.arrow, card)  # left to itself the arrow runs over the card
    goal = target.inflate(34, 34)
    shapes = [(None, 400, 150, (0, 440, 880), (0, 285, 570))]
    kept = place(shapes, WINDOW, walls, [], target, goal, gap=10, room=28, head=30, shortest=40, uncrossed=[card])
    assert kept.clashes == [] and not any(kept.box.colliderect(w) for w in walls)
    assert not path_hits(kept.arrow, card)  # round it, or no arrow at all (the ring shows the piece)
