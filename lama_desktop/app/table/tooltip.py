"""The tooltip every table shares: a short text about the piece under the pointer or under the keyboard focus.

A table answers ``_tooltip_at(pos)`` (the piece under a point) and ``_tooltip_focus()`` (the piece the keys are
on) with a ``Tip`` (its text and the rect of the piece) or None. ``Tooltip`` follows the input: a mouse motion
makes the pointer the source, a key press the focus; the same tip held for ``delay`` seconds shows.

A tip belongs to its piece: it is held under the piece's key (``Tip.key``), and dropped the moment the piece
under the pointer or the focus has another key or is gone (a new tip waits its own delay). A tip that names its
piece (``Tip.piece``: the piece's identity and what it shows, a hand card's place, value and side) keeps its key
while the rest of the table changes; a tip that does not is keyed on the table too (``_tip_state``: the moves
played and the events shown), so it never outlives any change of the table. The box is
wrapped to a readable width, placed below the piece (above it when there is no room, then clamped into the
window), so it never leaves the window and covers the piece only when nothing else fits. It is
drawn over everything the table shows, a lesson's narrator too, and kept clear of what that draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

#: the tooltip's look: the cream paper and ink of the table's cards (ART.md)
PAPER = (250, 243, 226)
EDGE = (92, 70, 44)
INK = (40, 32, 24)


@dataclass(frozen=True)
class Tip:
    text: str
    rect: tuple  # the piece explained: (x, y, w, h)
    keep: tuple = ()  # more rects of the piece the tip must not hide (its label)
    #: the piece's identity and what it shows (``("hand", 2, "6", "up")``), or None: then the tip is keyed on the
    #: whole table's state (``Tooltip.key``)
    piece: tuple | None = None


def tip_key(tip: Tip | None, state=None):
    """What a tip is held under: its piece's own key where the table named it, else its words and place on the
    table as it stands (``state``: ``TableTips._tip_state``): None for no tip."""
    if tip is None:
        return None
    if tip.piece is not None:
        return ("piece", tip.rect, tip.piece)
    return ("table", tip.text, tip.rect, tip.keep, state)


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


SIDES = ("below", "above", "right", "left")
REACH = 260  # at the reference layout: a tip further than this from its piece no longer reads as its piece's


def _distance(a: pygame.Rect, b: pygame.Rect) -> float:
    dx = max(0, a.left - b.right, b.left - a.right)
    dy = max(0, a.top - b.bottom, b.top - a.bottom)
    return (dx * dx + dy * dy) ** 0.5


def _beside(box: pygame.Rect, whole: pygame.Rect, side: str, gap: int) -> pygame.Rect:
    place = box.copy()
    if side == "below":
        place.midtop = (whole.centerx, whole.bottom + gap)
    elif side == "above":
        place.midbottom = (whole.centerx, whole.top - gap)
    elif side == "right":
        place.midleft = (whole.right + gap, whole.centery)
    else:
        place.midright = (whole.left - gap, whole.centery)
    return place


def _slides(place: pygame.Rect, whole: pygame.Rect, side: str, blockers: list, gap: int) -> list[pygame.Rect]:
    """``place`` slid along the piece's side as far as it still faces the piece, both ways, and just clear of
    each blocker while it still faces the piece."""
    out = []
    for edge in (0, 1):
        moved = place.copy()
        if side in ("below", "above"):
            if edge:
                moved.left = whole.right - gap
            else:
                moved.right = whole.left + gap
        elif edge:
            moved.top = whole.bottom - gap
        else:
            moved.bottom = whole.top + gap
        out.append(moved)
    for r in blockers:
        for edge in (0, 1):
            moved = place.copy()
            if side in ("below", "above"):
                if edge:
                    moved.right = r.left - gap
                else:
                    moved.left = r.right + gap
                faces = moved.left < whole.right and moved.right > whole.left
            else:
                if edge:
                    moved.bottom = r.top - gap
                else:
                    moved.top = r.bottom + gap
                faces = moved.top < whole.bottom and moved.bottom > whole.top
            if faces:
                out.append(moved)
    return out


def _push(place: pygame.Rect, side: str, blockers: list, gap: int) -> pygame.Rect:
    """``place`` moved on, away from the piece, past every blocker it covers."""
    moved = place.copy()
    if side == "below":
        moved.top = max(r.bottom for r in blockers) + gap
    elif side == "above":
        moved.bottom = min(r.top for r in blockers) - gap
    elif side == "right":
        moved.left = max(r.right for r in blockers) + gap
    else:
        moved.right = min(r.left for r in blockers) - gap
    return moved


def place_box(box: pygame.Rect, whole: pygame.Rect, own: list, others: list, window: pygame.Rect, gap: int,
              reach: int, firm: list = ()) -> pygame.Rect:
    """Where a tip of ``box``'s size goes beside the piece ``whole`` (its parts ``own``: the piece and its label).

    Tried: below, above, right and left of the piece, each slid along that side and pushed on past what it
    covers; kept in the window. The first of these covering nothing of the piece nor of ``others`` (the table's
    pieces and its status line) and no further than ``reach`` from the piece wins, the nearest; when every place
    covers something, the one covering least (the piece itself weighs four times: a tip may cover another piece
    before the one it explains). ``firm``: rects that never give way, even round the piece (a lesson's box, the
    ring round the piece it points at, its arrow): a place clear of them wins over any that is not, however far
    (a leader line then points at the piece)."""
    others = [r for r in others if not r.contains(whole)]  # a group the piece is part of (a hand, a row) gives way
    firm = list(firm)
    others += firm
    best, best_key = None, None
    for order, side in enumerate(SIDES):
        start = _beside(box, whole, side, gap)
        starts = [start] + _slides(start, whole, side, [r for r in others if r.colliderect(start)], gap)
        for place in starts:
            for _ in range(6):
                shown = place.clamp(window)
                covered = [r for r in others if r.colliderect(shown)]
                hidden = [r for r in own if r.colliderect(shown)]
                cost = 4 * sum(_overlap(shown, r) for r in hidden) + sum(_overlap(shown, r) for r in covered)
                far = _distance(shown, whole)
                lesson = any(r.colliderect(shown) for r in firm)
                key = (lesson, far > reach, cost, round(far), order)
                if best_key is None or key < best_key:
                    best, best_key = shown, key
                if not covered and not hidden:
                    break
                pushed = _push(shown, side, covered + hidden, gap)
                if not window.contains(pushed):
                    break
                place = pushed
    return best


class Tooltip:
    delay = 0.45  # seconds on the same piece before the tip shows

    def __init__(self):
        self.source = "mouse"
        self.pos: tuple | None = None
        self.tip: Tip | None = None
        self.key = None  # the held tip's key (``tip_key``)
        self.age = 0.0
        self.piece: pygame.Rect | None = None  # the rect the last box was placed beside
        self.drawn: pygame.Rect | None = None  # where the tip was last drawn (None: not drawn that frame)

    def event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.source, self.pos = "mouse", tuple(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.source = "keys"
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.WINDOWLEAVE):
            self.hide()

    def hide(self) -> None:
        self.tip, self.key, self.age = None, None, 0.0

    def update(self, dt: float, table) -> None:
        """The piece under the pointer (or the focus) now: the same key, the tip ages towards showing (its words
        follow, a language changed); another key or none, the held tip is dropped at once."""
        try:
            if self.source == "keys":
                tip = table._tooltip_focus()
            else:
                tip = table._tooltip_at(self.pos) if self.pos is not None else None
            state = getattr(table, "_tip_state", None)
            key = tip_key(tip, state() if state is not None and tip is not None and tip.piece is None else None)
        except (KeyError, IndexError, AttributeError, TypeError):  # a layout being rebuilt: no tip this frame
            tip, key = None, None
        if key != self.key:
            self.tip, self.key, self.age = tip, key, 0.0
        elif tip is not None:
            self.tip = tip
            self.age += dt

    @property
    def showing(self) -> bool:
        return self.tip is not None and self.age >= self.delay

    def box(self, ui, size, avoid=(), firm=()) -> tuple[pygame.Rect, list[str]]:
        """Where the tip is drawn in a window of ``size`` and its wrapped lines; ``avoid``: rects to keep clear (a
        group holding the piece gives way), ``firm``: rects to keep clear that never give way."""
        pad = ui.s(10)
        width = min(ui.s(330), size[0] - 2 * ui.s(8))
        lines: list[str] = []
        for para in self.tip.text.split("\n"):
            lines += ui.wrap(para, 16, width - 2 * pad) or [""]
        font = ui.font(16)
        text_w = max(font.size(line)[0] for line in lines)
        box = pygame.Rect(0, 0, text_w + 2 * pad, len(lines) * font.get_linesize() + 2 * pad)
        piece = pygame.Rect(self.tip.rect)
        if self.source == "mouse" and self.pos is not None and piece.h > size[1] // 3:
            piece = pygame.Rect(self.pos[0] - ui.s(8), self.pos[1] - ui.s(8), ui.s(16), ui.s(24))  # a big piece
        own = [piece] + [pygame.Rect(r) for r in self.tip.keep]
        whole = piece.unionall(own[1:]) if len(own) > 1 else piece
        others = [pygame.Rect(r) for r in avoid if r is not None]
        self.piece = piece
        firm = [pygame.Rect(r) for r in firm if r is not None]
        return place_box(box, whole, own, others, pygame.Rect((0, 0), size), ui.s(8), ui.s(REACH), firm), lines

    def leader(self, box: pygame.Rect, ui):
        """The line from a tip placed away from its piece (further than a gap: pushed past another piece) to the
        piece, ``(start on the box, end on the piece)``; None when the tip sits right beside its piece."""
        piece = getattr(self, "piece", None)
        if piece is None or _distance(box, piece) <= ui.s(14):
            return None
        end = (min(max(box.centerx, piece.left + ui.s(6)), piece.right - ui.s(6)),
               min(max(box.centery, piece.top + ui.s(6)), piece.bottom - ui.s(6)))
        start = (min(max(end[0], box.left + ui.s(10)), box.right - ui.s(10)),
                 min(max(end[1], box.top + ui.s(10)), box.bottom - ui.s(10)))
        return start, end

    def draw(self, surface, ui, avoid=(), firm=()) -> pygame.Rect | None:
        self.drawn = None
        if not self.showing or ui is None:
            return None
        box, lines = self.box(ui, surface.get_size(), avoid, firm)
        self.drawn = box
        leader = self.leader(box, ui)
        if leader is not None:  # a tip that had to go past another piece points at its own
            start, end = leader
            pygame.draw.line(surface, EDGE, start, end, max(2, ui.s(3)))
            pygame.draw.circle(surface, EDGE, end, ui.s(6))
            pygame.draw.circle(surface, PAPER, end, ui.s(6) - max(1, ui.s(2)))
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 90), shade.get_rect(), border_radius=ui.s(8))
        surface.blit(shade, box.move(ui.s(3), ui.s(4)))
        pygame.draw.rect(surface, PAPER, box, border_radius=ui.s(8))
        pygame.draw.rect(surface, EDGE, box, max(1, ui.s(2)), border_radius=ui.s(8))
        font = ui.font(16)
        y = box.y + ui.s(10)
        for line in lines:
            surface.blit(ui.text(line, 16, INK), (box.x + ui.s(10), y))
            y += font.get_linesize()
        return box
