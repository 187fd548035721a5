"""The pause menu (an overlay over a table): Resume, Rules, Settings, Save and quit to the title.

The game is autosaved after every move, so "save and quit" only needs to leave; a table may pass ``on_quit`` to
stop its workers first, and ``game_id`` so the rules open on the game being played.
"""

from __future__ import annotations

from typing import Callable

import pygame

from lama_desktop.core.i18n import t
from lama_desktop.app.widgets import INK, Button, blit_center, draw_panel
from lama_desktop.app.scenes.base import MenuScene
from lama_desktop.app.scenes.rules import RulesScene
from lama_desktop.app.scenes.settings import SettingsScene


class PauseScene(MenuScene):
    opaque = False
    name = "pause"

    def __init__(self, game_id: str | None = None, on_quit: Callable[[], object] | None = None):
        super().__init__()
        self.game_id = game_id
        self.on_quit = on_quit

    def layout(self, ui, size):
        w, h = size
        bw, bh, gap = ui.s(380), ui.s(60), ui.s(16)
        items = [("resume", t("common.pause.resume"), self.back, "primary"),
                 ("rules", t("common.title.rules"), self.rules, "secondary"),
                 ("settings", t("common.title.settings"), self.settings, "secondary"),
                 ("quit", t("common.pause.save_quit"), self.save_and_quit, "secondary")]
        height = ui.s(120) + len(items) * (bh + gap) - gap + ui.s(40)
        self.panel = pygame.Rect(0, 0, bw + ui.s(100), height)
        self.panel.center = (w // 2, h // 2)
        for i, (name, text, action, style) in enumerate(items):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, self.panel.y + ui.s(110) + i * (bh + gap))
            self.group.add(Button(text, action, style=style, rect=rect, name=name))

    def draw_static(self, surface, ui):
        draw_panel(surface, self.panel, ui)
        blit_center(surface, ui.text(t("common.pause.title"), 40, INK, bold=True),
                    (self.panel.centerx, self.panel.y + ui.s(58)))

    def rules(self):
        self.stack.push(RulesScene(self.game_id))

    def settings(self):
        self.stack.push(SettingsScene())

    def save_and_quit(self):
        if self.on_quit:
            self.on_quit()
        self.app.to_title()

    def handle_event(self, event) -> bool:
        self.group.handle_event(event)
        return True
