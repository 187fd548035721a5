"""The "Learn to play" chooser (from the title): one button per game that has a lesson, a check mark and "Done"
beside the ones played to their recap (``settings.tutorials_done``). Choosing one opens its lesson
(``App.start_lesson``); Escape or Back returns to the title."""

from __future__ import annotations

import pygame

from lama_desktop.tutorial.script import tutorials
from lama_desktop.core.i18n import t, t_game
from lama_desktop.app.widgets import GOOD, INK, INK_SOFT, Button, blit_center, draw_panel
from lama_desktop.app.scenes.base import MenuScene


def draw_check(surface, center, diameter: int) -> None:
    """A green disc with a white tick (drawn, not a glyph: every font shows it)."""
    x, y = center
    r = diameter // 2
    pygame.draw.circle(surface, GOOD, (x, y), r)
    width = max(2, diameter // 8)
    points = [(x - r * 0.45, y + r * 0.02), (x - r * 0.1, y + r * 0.38), (x + r * 0.5, y - r * 0.35)]
    pygame.draw.lines(surface, (255, 255, 255), False, [(round(a), round(b)) for a, b in points], width)


class LessonsScene(MenuScene):
    opaque = False
    name = "lessons"

    def layout(self, ui, size):
        w, h = size
        self.games = tutorials()
        done = set(getattr(self.app.settings, "tutorials_done", ()) or ())
        self.done = [g in done for g in self.games]
        width = ui.s(760)  # room right of the centred buttons for the check mark and "Done" in every language
        bw, bh, gap = ui.s(400), ui.s(60), ui.s(14)
        self.text_lines = ui.wrap(t("tutorial.chooser_text"), 21, width - ui.s(80))
        line_h = ui.font(21).get_linesize()
        head = ui.s(40) + ui.font(34, True).get_linesize() + ui.s(12) + len(self.text_lines) * line_h + ui.s(26)
        height = head + len(self.games) * (bh + gap) + ui.s(20) + ui.s(56) + ui.s(32)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        x = self.panel.centerx - bw // 2  # the buttons are centred on the panel, as the title and Back are
        y = self.panel.y + head
        self.rows = []
        # the first Enter starts the first lesson not done yet (the first one when all are)
        first = next((i for i, done in enumerate(self.done) if not done), 0)
        for i, game_id in enumerate(self.games):
            rect = pygame.Rect(x, y + i * (bh + gap), bw, bh)
            self.rows.append(rect)
            style = "secondary" if self.done[i] else "primary"
            button = self.group.add(Button(t_game(game_id), lambda g=game_id: self.start(g), style=style, rect=rect,
                                           name=f"lesson-{game_id}", size=26))
            if i == first:
                self.group.default = button
        back = pygame.Rect(0, 0, ui.s(220), ui.s(56))
        back.midbottom = (self.panel.centerx, self.panel.bottom - ui.s(28))
        self.group.add(Button(t("common.button.back"), self.back, rect=back, name="back", hint="Esc"))

    def start(self, game_id: str) -> None:
        self.app.start_lesson(game_id)

    def draw_static(self, surface, ui):
        draw_panel(surface, self.panel, ui)
        y = self.panel.y + ui.s(40)
        title = ui.text(t("tutorial.title"), 34, INK, bold=True)
        blit_center(surface, title, (self.panel.centerx, y + title.get_height() // 2))
        y += ui.font(34, True).get_linesize() + ui.s(12)
        line_h = ui.font(21).get_linesize()
        for line in self.text_lines:
            img = ui.text(line, 21, INK_SOFT)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
            y += line_h
        for rect, done in zip(self.rows, self.done, strict=False):
            if done:
                d = ui.s(30)
                draw_check(surface, (rect.right + ui.s(30), rect.centery), d)
                label = ui.text_fit(t("tutorial.done"), 19, self.panel.right - rect.right - ui.s(70), GOOD, True)
                surface.blit(label, label.get_rect(midleft=(rect.right + ui.s(52), rect.centery)))
