"""A modal message or confirmation over the current scene (damaged saves, "really quit?", …).

``MessageScene(title, text)`` has one OK button; ``MessageScene(title, text, buttons=[(label, callback, style)])``
offers choices (a fourth item, a key hint such as "Enter", is shown on the button). Every button closes the
message first, then runs its callback. Enter picks the first button, Escape the last (by convention the safe
choice: OK / Cancel).
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from lama_desktop.core.i18n import t
from lama_desktop.app.widgets import (
    GOLD, GOLD_DARK, INK, INK_SOFT, Button, blit_center, blit_text_center, draw_panel, draw_shadow
)
from lama_desktop.app.scenes.base import MenuScene

#: the success badge's green (a thing done, such as an export) and its rim
SUCCESS, SUCCESS_DARK = (92, 168, 98), (52, 112, 60)


def default_button(buttons) -> int:
    """The button the first Enter presses: the first one, unless it is a "danger" one (an action that cannot be
    taken back) that does not itself offer Enter; then the first safe one, so Enter never destroys by reflex."""
    for i, (_label, _callback, style, *hint) in enumerate(buttons):
        if style != "danger" or (hint and hint[0] == "Enter"):
            return i
    return 0


class MessageScene(MenuScene):
    opaque = False
    name = "message"

    def __init__(self, title: str, text: str,
                 buttons: Sequence[tuple[str, Callable[[], object] | None, str]] | None = None,
                 icon: str = "warning"):
        super().__init__()
        self.title, self.text = title, text
        self.buttons = list(buttons) if buttons else None
        self.icon = icon  # "warning", "question", "success" (a thing done: a green tick) or "" (none)

    def layout(self, ui, size):
        w, h = size
        width = ui.s(720)
        line_h = ui.font(24).get_linesize()
        room = max(1, (h - ui.s(320) - (ui.s(40) if self.icon else 0)) // max(1, line_h))
        self.lines = ui.wrap(self.text, 24, width - ui.s(96), max_lines=room)  # never taller than the window
        height = ui.s(120) + len(self.lines) * line_h + ui.s(120) + (ui.s(40) if self.icon else 0)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        buttons = self.buttons or [(t("common.button.ok"), None, "primary")]
        hints = any(len(spec) > 3 and spec[3] for spec in buttons)
        bh, gap = ui.s(56), ui.s(20)
        bw = min(ui.s(300), (width - ui.s(64) - (len(buttons) - 1) * gap) // len(buttons)) if hints else ui.s(220)
        total = len(buttons) * bw + (len(buttons) - 1) * gap
        x = self.panel.centerx - total // 2
        for i, (label, callback, style, *hint) in enumerate(buttons):
            rect = pygame.Rect(x + i * (bw + gap), self.panel.bottom - ui.s(36) - bh, bw, bh)
            self.group.add(Button(label, self._closer(callback), style=style, rect=rect, name=f"b{i}",
                                  hint=hint[0] if hint else ""))
        self._escape = self._closer(buttons[-1][1])
        self.group.on_back = self._escape
        self.group.default = self.group.widgets[default_button(buttons)]  # the first Enter does it

    def _closer(self, callback):
        def run():
            if self.stack is not None and self.stack.top is self:
                self.stack.pop()
            if callback:
                callback()
        return run

    def draw_static(self, surface, ui):
        draw_panel(surface, self.panel, ui)
        top = self.panel.y
        if self.icon:
            self._draw_icon(surface, ui, (self.panel.centerx, top - ui.s(4)))
            top += ui.s(40)
        blit_center(surface, ui.text(self.title, 34, INK, bold=True), (self.panel.centerx, top + ui.s(56)))
        line_h = ui.font(24).get_linesize()
        y = top + ui.s(104)
        for line in self.lines:
            img = ui.text(line, 24, INK_SOFT)
            surface.blit(img, img.get_rect(midtop=(self.panel.centerx, y)))
            y += line_h

    def handle_event(self, event) -> bool:
        self.group.handle_event(event)
        return True  # modal: nothing reaches the scene below

    def _draw_icon(self, surface, ui, center):
        """A round badge sitting on the panel's top edge: gold with "!" (warning) or "?" (question), green with a
        tick (success)."""
        r = ui.s(38)
        draw_shadow(surface, pygame.Rect(center[0] - r, center[1] - r, 2 * r, 2 * r), r, ui.s(6), ui.s(4), 90)
        if self.icon == "success":
            pygame.draw.circle(surface, SUCCESS, center, r)
            pygame.draw.circle(surface, SUCCESS_DARK, center, r, max(2, ui.s(3)))
            cx, cy = center
            tick = [(cx - ui.s(17), cy + ui.s(1)), (cx - ui.s(5), cy + ui.s(13)), (cx + ui.s(18), cy - ui.s(12))]
            pygame.draw.lines(surface, (255, 255, 255), False, tick, max(3, ui.s(7)))
            for point in tick:  # round ends and joint
                pygame.draw.circle(surface, (255, 255, 255), point, max(1, ui.s(7)) // 2)
            return
        pygame.draw.circle(surface, GOLD, center, r)
        pygame.draw.circle(surface, GOLD_DARK, center, r, max(2, ui.s(3)))
        mark = "?" if self.icon == "question" else "!"
        blit_text_center(surface, ui.text(mark, 46, INK, bold=True), center)
