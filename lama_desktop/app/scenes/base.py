"""``MenuScene``: the common shape of every menu screen.

A menu scene builds its widgets in ``layout(ui, size)`` (called on enter, on resize, and when the language or UI
scale changes) and paints what does not change (felt, panels, titles) in ``draw_static``, which is rendered once
into a cached surface; a frame is then that surface, the widgets and ``draw_dynamic``. Overlays
(``opaque = False``) darken the scene below and paint their panel on top.
"""

from __future__ import annotations

import pygame

from lama_desktop.app.scene import Scene
from lama_desktop.app.widgets import CREAM, UI, WidgetGroup, blit_center, felt_surface


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
        self.ui: UI | None = None  # the app's menu UI, or a smaller one where the screen would not fit

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
        self._static = None
        self.ui = self._fitted_ui()
        if focus_name and keyboard:
            for widget in self.group.widgets:
                if widget.name == focus_name:
                    self.group.set_focus(widget)
                    self.group.keyboard_mode = True
                    break
        self.group.start_on_default()  # the focus rule (widgets/focus.py): the first Enter does the default action

    def _fitted_ui(self) -> UI:
        """Lay the screen out at the UI-scale setting, or as much smaller as it takes for its panel and widgets
        to fit the window (a tall screen at 130% in a small window): the setting changes the sizes, the screen
        never leaves the window."""
        wanted, size = self.app.menu_ui, self.app.size
        provider = getattr(wanted, "_font_provider", None)

        def fits(ui: UI) -> bool:
            self.group.clear()
            self.ui = ui
            self.layout(ui, size)
            box = self.content_box()
            margin = max(4, ui.s(8))
            return box is None or pygame.Rect((0, 0), size).inflate(-2 * margin, -2 * margin).contains(box)

        if fits(wanted):
            return wanted
        lo, hi = 0.4, wanted.ui_scale  # the largest scale that fits, to within 1%
        while hi - lo > 0.01:
            mid = (lo + hi) / 2
            if fits(UI(size, mid, provider)):
                lo = mid
            else:
                hi = mid
        ui = UI(size, lo, provider)
        fits(ui)
        return ui

    def content_box(self) -> pygame.Rect | None:
        """What must stay in the window: the widgets and the scene's ``panel`` (a screen may add its own)."""
        rects = [w.rect for w in self.group.widgets if getattr(w, "rect", None) is not None]
        panel = getattr(self, "panel", None)
        if isinstance(panel, pygame.Rect) and panel.w and panel.h:
            rects.append(panel)
        if not rects:
            return None
        return rects[0].unionall(rects[1:])

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
        ui = self.ui
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

