"""``MenuScene``: the common shape of every menu screen.

A menu scene builds its widgets in ``layout(ui, size)`` (called on enter, on resize, and when the language or UI
scale changes) and paints what does not change (felt, panels, titles) in ``draw_static``, which is rendered once
into a cached surface; a frame is then that surface, the widgets and ``draw_dynamic``. Overlays
(``opaque = False``) darken the scene below and paint their panel on top.
"""

from __future__ import annotations

import pygame

from ..scene import Scene
from ..widgets import CREAM, INK, UI, WidgetGroup, blit_center, felt_surface


class MenuScene(Scene):
    name = "menu"

    def __init__(self) -> None:
        super().__init__()
        self.group = WidgetGroup(on_back=self.back, sound=self._sound)
        self._static: pygame.Surface | None = None
        self._static_key = None
        self._static_size = None
        self._static_pos = (0, 0)
        self.time = 0.0

    # lifecycle -------------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.build()

    def resume(self) -> None:
        self.build()  # a settings change (language, scale) made above must show here

    def resize(self, size) -> None:
        self.build()

    def build(self) -> None:
        if self.app is None:
            return
        focus_name = self.group.focused.name if self.group.focused is not None else None
        keyboard = self.group.keyboard_mode
        self.group.clear()
        self._static = None
        self.layout(self.app.menu_ui, self.app.size)
        if focus_name and keyboard:
            for widget in self.group.widgets:
                if widget.name == focus_name:
                    self.group.set_focus(widget)
                    self.group.keyboard_mode = True
                    break

    def invalidate(self) -> None:
        """Repaint the static layer on the next frame (its content changed)."""
        self._static = None

    def _sound(self, name: str) -> None:
        if self.app is not None:
            sound = {"click": "click", "back": "click"}.get(name)
            if sound:
                self.app.play_sound(sound)

    # to override -----------------------------------------------------------------------------------------------
    def layout(self, ui: UI, size: tuple[int, int]) -> None: ...

    def draw_static(self, surface: pygame.Surface, ui: UI) -> None:
        surface.blit(felt_surface(surface.get_size()), (0, 0))

    def draw_dynamic(self, surface: pygame.Surface, ui: UI) -> None: ...

    def back(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    # frame -----------------------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        return self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.app.menu_ui
        size = surface.get_size()
        if self._static is None or self._static_size != size:
            self._static_size = size
            if self.opaque:
                static = pygame.Surface(size)
            else:
                static = pygame.Surface(size, pygame.SRCALPHA)
            self.draw_static(static, ui)
            if self.opaque:
                self._static_pos = (0, 0)
                self._static = static.convert() if pygame.display.get_surface() else static
            else:  # an overlay keeps only the part it painted (its panel): a small blit per frame
                box = static.get_bounding_rect()
                self._static_pos = box.topleft
                cropped = static.subsurface(box).copy()
                self._static = cropped.convert_alpha() if pygame.display.get_surface() else cropped
        if not self.opaque:
            surface.fill((105, 118, 118), special_flags=pygame.BLEND_RGB_MULT)
        surface.blit(self._static, self._static_pos)
        self.group.draw(surface, ui)
        self.draw_dynamic(surface, ui)


def draw_heading(surface: pygame.Surface, ui: UI, text: str, center, size: float = 54, color=CREAM,
                 shadow: bool = True) -> None:
    """A big title with a soft drop shadow, as on every menu screen."""
    img = ui.text(text, size, color, bold=True)
    if shadow:
        shade = ui.text_alpha(text, size, (8, 30, 30), 120, bold=True)
        blit_center(surface, shade, (center[0], center[1] + ui.s(4)))
    blit_center(surface, img, center)


def draw_subtitle(surface, ui, text, center, size: float = 22, color=INK):
    blit_center(surface, ui.text(text, size, color), center)
