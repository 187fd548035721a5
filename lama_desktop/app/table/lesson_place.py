"""Where a lesson's narrator box goes and how its arrow runs (``narrator.py`` asks; pure geometry on rects).

The narrator knows two kinds of things on screen: what must stay in sight on the step shown (``protected``: the
piece the step points at and what holds it, the status line, the hand, the history, the buttons and labels, the
summary's rows: each table and overlay names its own with ``tutorial_protect``) and what it would merely rather not
cover (``avoid``: weighted rects). ``place`` tries every box shape the narrator offers at many places (fixed places
round the window and the places just beside each rect), drops those over a protected rect, scores the rest (what
they cover of the ``avoid`` rects, their distance to the piece) and keeps the best one whose arrow can reach the
piece without crossing a protected rect: ``route`` tries a straight arrow, then a straight one along a shared
column or row, then arrows with one bend. A box so near the piece that it needs no arrow needs no route.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

#: how many of the best-scored places get their arrow routed before the placement settles for the least bad one
ROUTED = 400


@dataclass
class Placed:
    """The chosen place: the box, the shape it has there (whatever the narrator passed in), its arrow's points
    (start at the box, end at the piece; empty: no arrow), and what it still covers that it should not."""
    box: pygame.Rect
    shape: object
    arrow: list
    clashes: list


def arrow_needed(box: pygame.Rect, goal: pygame.Rect, shortest: int) -> bool:
    """An arrow is drawn unless the box touches the ring's area or lies closer to it than ``shortest``."""
    if box.colliderect(goal):
        return False
    dx = max(goal.left - box.right, box.left - goal.right, 0)
    dy = max(goal.top - box.bottom, box.top - goal.bottom, 0)
    return math.hypot(dx, dy) >= shortest


def path_hits(path, rect: pygame.Rect) -> bool:
    """Whether a polyline crosses or touches ``rect``."""
    return any(rect.clipline(a, b) for a, b in zip(path, path[1:], strict=False))


def route(box: pygame.Rect, goal: pygame.Rect, blocked, room: int, head: int) -> list | None:
    """The arrow's points from the box's edge to the edge of ``goal`` (the piece with its ring): the first of a
    straight line, a straight vertical or horizontal line where the box and the piece share columns or rows, then a
    bend (out of the box vertically then across to the piece, or across then down) that crosses none of ``blocked``
    nor the box itself. ``room`` is how far a bend keeps from the piece, ``head`` the shortest last leg (the arrow's
    head). None when every way is blocked."""
    inner = box.inflate(-2, -2)
    for path in _paths(box, goal, room, head):
        legs = list(zip(path, path[1:], strict=False))
        if any(math.dist(a, b) < 1 for a, b in legs) or math.dist(*legs[-1]) < head:
            continue
        if any(inner.clipline(a, b) for a, b in legs[1:]) or _reenters(inner, path):
            continue
        if not any(path_hits(path, rect) for rect in blocked):
            return path
    return None


def _reenters(inner: pygame.Rect, path) -> bool:
    """The first leg runs from the box's edge outwards: only its start may touch the box."""
    (x0, y0), (x1, y1) = path[0], path[1]
    n = 8
    return any(inner.collidepoint(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) for k in range(1, n + 1))


def _paths(box: pygame.Rect, goal: pygame.Rect, room: int, head: int):
    """The arrows worth trying, simplest first."""
    yield [_edge_point(box, goal.center), _edge_point(goal, box.center)]
    r = max(4, min(box.w, box.h) // 6)  # keep off the box's rounded corners
    lo, hi = max(box.left, goal.left) + r, min(box.right, goal.right) - r
    if lo <= hi:  # a shared column: straight down or up
        x = min(max(goal.centerx, lo), hi)
        if goal.centery > box.bottom:
            yield [(x, box.bottom), (x, goal.top)]
        elif goal.centery < box.top:
            yield [(x, box.top), (x, goal.bottom)]
    lo, hi = max(box.top, goal.top) + r, min(box.bottom, goal.bottom) - r
    if lo <= hi:  # a shared row: straight across
        y = min(max(goal.centery, lo), hi)
        if goal.centerx > box.right:
            yield [(box.right, y), (goal.left, y)]
        elif goal.centerx < box.left:
            yield [(box.left, y), (goal.right, y)]
    reach = room + head
    if goal.centery > box.bottom or goal.centery < box.top:  # out of the box vertically, then across
        y0 = box.bottom if goal.centery > box.bottom else box.top
        for x in (goal.left - reach, goal.right + reach, box.centerx, box.left + r, box.right - r):
            if not box.left + r <= x <= box.right - r or goal.left - head < x < goal.right + head:
                continue
            end_x = goal.left if x < goal.left else goal.right
            yield [(x, y0), (x, goal.centery), (end_x, goal.centery)]
    if goal.centerx > box.right or goal.centerx < box.left:  # out of the box sideways, then up or down
        x0 = box.right if goal.centerx > box.right else box.left
        for y in (goal.top - reach, goal.bottom + reach, box.centery, box.top + r, box.bottom - r):
            if not box.top + r <= y <= box.bottom - r or goal.top - head < y < goal.bottom + head:
                continue
            end_y = goal.top if y < goal.top else goal.bottom
            yield [(x0, y), (goal.centerx, y), (goal.centerx, end_y)]


def place(shapes, window: pygame.Rect, protected, avoid, target, goal, *, gap: int, room: int, head: int,
          shortest: int, uncrossed=()) -> Placed:
    """The best place for the box inside ``window``. ``shapes``: (shape, width, height, xs, ys) the box may take,
    with the left and top edges to try (besides the places beside every protected and avoided rect); ``protected``:
    rects the box and its arrow never cover (the arrow may end inside one holding the piece); ``avoid``: (rect, weight)
    it would rather not cover; ``target``: the piece (None: no arrow), ``goal``: the piece with its ring (the arrow ends
    on its edge); ``uncrossed``: rects the box may cover but its arrow never runs across (cards with words: an
    arrow over them reads as pointing at them), but the one holding the piece."""
    tries = []
    around = [r for r in protected] + [r for r, weight in avoid if weight >= 20]
    for shape, bw, bh, xs, ys in shapes:
        sx = tuple(xs) + tuple(x for a in around for x in (a.left - gap - bw, a.right + gap))
        sy = tuple(ys) + tuple(y for a in around for y in (a.top - gap - bh, a.bottom + gap))
        seen = set()
        for y in sy:
            for x in sx:
                rect = pygame.Rect(x, y, bw, bh).clamp(window)
                if (rect.x, rect.y, bw, bh) in seen:
                    continue
                seen.add((rect.x, rect.y, bw, bh))
                clash = sum(_area(rect.clip(p.inflate(gap, gap))) for p in protected)
                cost = sum(weight * _area(rect.clip(a)) for a, weight in avoid)
                if target is not None:  # of two equally clear places, the one nearer the piece
                    cost += 20 * math.dist(rect.center, target.center)
                tries.append((clash, cost, len(tries), rect, shape))
    tries.sort(key=lambda item: item[:3])
    # the arrow may end inside what holds the piece (a card of the hand, a space on its objective card)
    blocked = [p.inflate(gap // 2, gap // 2) for p in list(protected) + list(uncrossed)
               if target is None or not p.contains(target)]
    bare = None  # the best clear place whose arrow finds no way: the ring alone shows the piece
    for clash, _cost, _, rect, shape in tries[:ROUTED]:
        if clash:
            break
        arrow = []
        if target is not None and arrow_needed(rect, goal, shortest):
            arrow = route(rect, goal, blocked, room, head)
            if arrow is None:
                bare = bare or Placed(rect, shape, [], [])
                continue
        return Placed(rect, shape, arrow, [])
    if bare is not None:
        return bare
    clash, cost, _, rect, shape = tries[0]  # nowhere clear: the place covering the least, without an arrow
    return Placed(rect, shape, [], [p for p in protected if rect.colliderect(p.inflate(gap, gap))])


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _edge_point(rect: pygame.Rect, toward) -> tuple[float, float]:
    """Where the line from ``rect``'s centre toward ``toward`` leaves ``rect``."""
    cx, cy = rect.center
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return float(cx), float(cy)
    sx = (rect.w / 2) / abs(dx) if dx else math.inf
    sy = (rect.h / 2) / abs(dy) if dy else math.inf
    k = min(sx, sy, 1.0)
    return cx + dx * k, cy + dy * k
