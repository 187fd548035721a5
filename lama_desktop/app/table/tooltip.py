"""The tooltip every table shares: a short text about the piece under the pointer or under the keyboard focus.

A table answers ``_tooltip_at(pos)`` (the piece under a point) and ``_tooltip_focus()`` (the piece the keys are
on) with a ``Tip`` (its text and the rect of the piece) or None. ``Tooltip`` follows the input: a mouse motion
makes the pointer the source, a key press the focus; the same tip held for ``delay`` seconds shows. The box is
wrapped to a readable width, placed below the piece (above it when there is no room, then clamped into the
window), so it never leaves the window and covers the piece only when nothing else fits. It is drawn last.
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


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


class Tooltip:
    delay = 0.45  # seconds on the same piece before the tip shows

    def __init__(self):
        self.source = "mouse"
        self.pos: tuple | None = None
        self.tip: Tip | None = None
        self.age = 0.0

    def event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.source, self.pos = "mouse", tuple(event.pos)
        elif event.type == pygame.KEYDOWN:
            self.source = "keys"
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.WINDOWLEAVE):
            self.hide()

    def hide(self) -> None:
        self.tip, self.age = None, 0.0

    def update(self, dt: float, table) -> None:
        try:
            if self.source == "keys":
                tip = table._tooltip_focus()
            else:
                tip = table._tooltip_at(self.pos) if self.pos is not None else None
        except (KeyError, IndexError, AttributeError, TypeError):  # a layout being rebuilt: no tip this frame
            tip = None
        if tip != self.tip:
            self.tip, self.age = tip, 0.0
        elif tip is not None:
            self.age += dt

    @property
    def showing(self) -> bool:
        return self.tip is not None and self.age >= self.delay

    def box(self, ui, size, avoid=()) -> tuple[pygame.Rect, list[str]]:
        """Where the tip is drawn in a window of ``size`` and its wrapped lines; ``avoid``: rects to keep clear."""
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
        gap = ui.s(8)
        window = pygame.Rect((0, 0), size)
        best, best_cost = None, None
        for side in ("below", "above", "right", "left"):
            place = box.copy()
            if side == "below":
                place.midtop = (whole.centerx, whole.bottom + gap)
            elif side == "above":
                place.midbottom = (whole.centerx, whole.top - gap)
            elif side == "right":
                place.midleft = (whole.right + gap, whole.centery)
            else:
                place.midright = (whole.left - gap, whole.centery)
            place.clamp_ip(window)
            # the piece (and its label) weighs most: a tip may cover the status line before the piece it explains
            cost = 4 * sum(_overlap(place, r) for r in own) + sum(_overlap(place, r) for r in others)
            if best_cost is None or cost < best_cost:
                best, best_cost = place, cost
            if cost == 0:
                break
        return best, lines

    def draw(self, surface, ui, avoid=()) -> pygame.Rect | None:
        if not self.showing or ui is None:
            return None
        box, lines = self.box(ui, surface.get_size(), avoid)
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
