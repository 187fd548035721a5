"""Hot-seat privacy screen: "Pass to Anna". Opaque, so the previous player's hand is hidden until Anna is ready.

``PrivacyScene(player_name, on_ready, human)``: the table pushes it before a human's turn when more than one human
sits at the table; when the player clicks (or presses Enter / Space) it pops itself and calls ``on_ready()``. A
default "You" is shown as "Player <human + 1>" (see ``hotseat_name``).
"""

from __future__ import annotations

import logging
from typing import Callable

import pygame

from lama_desktop.core.i18n import t
from lama_desktop.app.widgets import INK, INK_SOFT, Button, blit_center, draw_panel, felt_surface
from lama_desktop.app.scenes.base import MenuScene
from lama_desktop.app import art
from lama_desktop.app.scenes.pause import PauseScene
from lama_desktop.app.scenes.setup import default_you_names, numbered_name

log = logging.getLogger(__name__)


def hotseat_name(name: str, human: int | None = None) -> str:
    """The name the privacy screen calls a player by: never "You" (at a shared screen that is everybody), but
    "Player <human + 1>" instead (``human``: the seat's rank among the human seats; an old save, a typed "You");
    any other name as it is."""
    if name.strip() and name.strip() not in default_you_names():
        return name
    return numbered_name(human) if human is not None else t("common.setup.seat")


class PrivacyScene(MenuScene):
    name = "privacy"
    opaque = True

    def __init__(self, player_name: str, on_ready: Callable[[], object] | None = None, human: int | None = None):
        super().__init__()
        self.player_name = hotseat_name(player_name, human)
        self.on_ready = on_ready

    def layout(self, ui, size):
        w, h = size
        self.panel = pygame.Rect(0, 0, ui.s(760), ui.s(400))
        self.panel.center = (w // 2, h // 2)
        rect = pygame.Rect(0, 0, ui.s(420), ui.s(64))
        rect.midbottom = (self.panel.centerx, self.panel.bottom - ui.s(44))
        button = Button(t("common.privacy.ready", name=self.player_name), self.ready, style="primary", rect=rect,
                        name="ready", size=26)
        self.group.add(button)  # the default action: Enter or Space says "ready" (the frame's focus rule)
        self.group.on_back = self.open_pause

    def ready(self):
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        if self.on_ready:
            self.on_ready()

    def open_pause(self):
        self.stack.push(PauseScene())

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        try:
            back = art.card_back(ui.s(120))
            for i, dx in enumerate((-70, 0, 70)):
                img = pygame.transform.rotozoom(back, (1 - i) * 10, 1.0)
                blit_center(surface, img, (w // 2 + ui.s(dx), self.panel.y - ui.s(60)))
        except Exception:  # decoration only: the screen works without the cards
            log.warning("the privacy screen's cards could not be drawn", exc_info=True)
        draw_panel(surface, self.panel, ui)
        blit_center(surface, ui.text(t("common.privacy.pass_to", name=self.player_name), 46, INK, bold=True),
                    (self.panel.centerx, self.panel.y + ui.s(90)))
        for i, line in enumerate(ui.wrap(t("common.privacy.explain", name=self.player_name), 24,
                                         self.panel.w - ui.s(100))):
            blit_center(surface, ui.text(line, 24, INK_SOFT), (self.panel.centerx, self.panel.y + ui.s(160 + 34 * i)))

    def handle_event(self, event) -> bool:
        self.group.handle_event(event)
        return True
