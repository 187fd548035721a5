"""Where a network table's banner goes ("Waiting for Zoe (0:06)", "A bot plays for Zoe"): never over the reader's own
hand, row, plate or points, nor over another seat's, a button or the status line.

The banner tries, in order: the table's own places (the frame's ``banner_spots`` hook: Llama Land's domain title
row), under the status line (where it always was), left of it, right of it, above it, then the top of the window; it
takes the first place inside the window that covers none of those. A table says what is a seat's own through the
frame's ``seat_rects`` hook (every layout rect ``seat<place>.*``; Llama Land its panel and the domain it shows) and
where its status line is through ``status_rect``. ``cover_problems`` says what the banner drawn last covers of the
reader's own: the layout checks (``python -m lama_desktop.layoutcheck``) report it.
"""

from __future__ import annotations

import pygame

from lama_desktop.app.widgets import CREAM

#: the banner's red (with its alpha)
BANNER = (120, 40, 30, 215)


class NetBanner:
    """Mixed into ``net_table.NetTableMixin``; ``banner_rects`` are the pills as last drawn."""

    banner_rects: list = []

    def draw_banner(self, surface, lines: list[str]) -> None:
        """Up to three lines, one pill each, stacked in the first free place (``banner_place``)."""
        ui = self.ui
        if not lines:
            self.banner_rects = []
            return
        images = [ui.text_fit(line, 22, surface.get_width() // 2, CREAM, True) for line in lines[:3]]
        pills = [image.get_rect().inflate(ui.s(30), ui.s(12)) for image in images]
        gap = ui.s(6)
        block = pygame.Rect(0, 0, max(p.w for p in pills), sum(p.h for p in pills) + gap * (len(pills) - 1))
        block = self.banner_place(block, surface.get_rect())
        y, drawn = block.top, []
        for image, pill in zip(images, pills, strict=True):
            pill.midtop = (block.centerx, y)
            shade = pygame.Surface(pill.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, BANNER, shade.get_rect(), border_radius=pill.h // 2)
            surface.blit(shade, pill)
            surface.blit(image, image.get_rect(center=pill.center))
            drawn.append(pill)
            y = pill.bottom + gap
        self.banner_rects = drawn

    def banner_blocked(self) -> list[pygame.Rect]:
        """What a banner must not cover: every seat's own rects (the reader's first), the table's buttons, the
        status line as drawn."""
        me = self.session.seat
        blocked = list(self.seat_rects(me))
        blocked += [r for seat in range(self.n) if seat != me for r in self.seat_rects(seat)]
        blocked += [pygame.Rect(b.rect) for b in getattr(self, "buttons", {}).values() if getattr(b, "rect", None)]
        status = self.status_rect()
        if status is not None:
            blocked.append(status)
        return blocked

    def banner_place(self, block: pygame.Rect, screen: pygame.Rect) -> pygame.Rect:
        """The first free place for ``block`` (see the module doc); the first try when none is free (the layout
        checks then say what it covers)."""
        k = self.ui.s(10)
        status = self.status_rect()
        blocked = self.banner_blocked()
        tries = []
        for anchor, point in self.banner_spots():  # the table's own places first
            trial = pygame.Rect(block)
            setattr(trial, anchor, point)
            tries.append(trial)
        if status is not None:
            for anchor, point in (("midtop", (status.centerx, status.bottom + k)),
                                  ("midright", (status.left - k, status.centery)),
                                  ("midleft", (status.right + k, status.centery)),
                                  ("midbottom", (status.centerx, status.top - k))):
                trial = pygame.Rect(block)
                setattr(trial, anchor, point)
                tries.append(trial)
        top = pygame.Rect(block)
        top.midtop = (screen.centerx, k)
        tries.append(top)
        for trial in tries:
            if screen.contains(trial) and trial.collidelist(blocked) < 0:
                return trial
        first = pygame.Rect(tries[0])
        first.clamp_ip(screen)
        return first

    def cover_problems(self) -> list[str]:
        """What the banner drawn last covers of the reader's own part of the table (the layout checks)."""
        own = self.seat_rects(self.session.seat)
        return [f"the banner {tuple(pill)} covers your own {tuple(rect)}"
                for pill in self.banner_rects for rect in own if pill.colliderect(rect)]
