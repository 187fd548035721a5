"""``WidgetGroup``: the widgets of one scene. It routes mouse events, moves the keyboard focus (Tab / Shift+Tab /
arrows), activates with Enter or Space, and calls ``on_back`` on Escape.

One focus rule for every menu, list and dialog: the focus starts on the scene's default action (``default_widget``:
the widget the scene names, else its first gold button or list that opens its rows), without a ring until the
keyboard is used, so the first Enter does that action; the first arrow or Tab shows the ring where the focus is."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from lama_desktop.app.widgets.controls import Slider, TextField, Widget


class WidgetGroup:
    """The widgets of one scene: mouse routing, keyboard focus, activation, Escape."""

    def __init__(self, on_back: Callable[[], Any] | None = None, sound: Callable[[str], Any] | None = None):
        self.widgets: list[Widget] = []
        self.on_back = on_back
        self.sound = sound or (lambda name: None)
        self.focus_index = -1
        self._pressed: Widget | None = None
        self._dragging: Widget | None = None
        self.keyboard_mode = False
        #: the scene's default action when it names one (else ``default_widget`` finds it); set again on each layout
        self.default: Widget | None = None

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()
        self.focus_index = -1
        self.default = None

    def default_widget(self) -> Widget | None:
        """What the first Enter does: the widget the scene named (``default``), else the first gold button or list
        that opens its rows; only one that is enabled and shown."""
        live = [w for w in self.widgets if w.focusable and w.enabled and w.visible]
        if self.default in live:
            return self.default
        return next((w for w in live if w.offers_default()), None)

    def start_on_default(self) -> None:
        """Put the focus on the default action when nothing has it: ringless where its gold look alone marks it,
        shown where it does not (a named default that is not gold, several gold buttons: the ring says which one
        Enter takes) or where the widget asks (a list highlights the row Enter opens)."""
        if self.focused is not None:
            return
        widget = self.default_widget()
        if widget is not None:
            self.set_focus(widget)
            golden = [w for w in self.widgets if w.enabled and w.visible and w.offers_default()]
            widget.focused = widget.shown_at_start or golden != [widget]

    def _silent(self, focused: Widget | None) -> bool:
        """The focus is on a widget that shows no ring yet (the default, or the last one clicked)."""
        return focused is not None and not focused.focused

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus_index < len(self.widgets):
            return self.widgets[self.focus_index]
        return None

    def focusable(self) -> list[int]:
        return [i for i, w in enumerate(self.widgets) if w.focusable and w.enabled and w.visible]

    def set_focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = False
        if widget is None or widget not in self.widgets:
            self.focus_index = -1
            return
        self.focus_index = self.widgets.index(widget)
        widget.focused = True

    def move_focus(self, direction: int) -> None:
        order = self.focusable()
        if not order:
            return
        if self.focus_index in order:
            position = (order.index(self.focus_index) + direction) % len(order)
        else:
            position = 0 if direction > 0 else len(order) - 1
        self.set_focus(self.widgets[order[position]])
        self.sound("focus")

    def widget_at(self, pos) -> Widget | None:
        for widget in reversed(self.widgets):
            if widget.visible and widget.focusable and widget.rect.collidepoint(pos):
                return widget
        return None

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            target = self.widget_at(event.pos)
            for w in self.widgets:
                w.hovered = w is target
            if self._dragging is not None:
                self._dragging.drag(event.pos)
                return True
            return target is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            target = self.widget_at(event.pos)
            if target is None or not target.enabled:
                return False
            self.keyboard_mode = False
            self._pressed = target
            target.pressed = True
            if isinstance(target, Slider):
                self._dragging = target
                target.click(event.pos)
            if target.focusable:
                self.set_focus(target)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            self._dragging = None
            if pressed is None:
                return False
            pressed.pressed = False
            if pressed.rect.collidepoint(event.pos) and pressed.enabled and not isinstance(pressed, Slider):
                self.sound("click")
                pressed.click(event.pos)
            if not isinstance(pressed, TextField):
                pressed.focused = self.keyboard_mode and pressed.focused
            return True
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            target = self.widget_at(pos) or self.focused
            return bool(target and target.wheel(event.y))
        if event.type == pygame.TEXTINPUT:
            focused = self.focused
            return bool(focused and focused.handle_text(event.text))
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event) -> bool:
        focused = self.focused
        key = event.key
        if key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN) and self._silent(focused):
            self.keyboard_mode = True  # the first arrow shows where the focus is; the next ones move it
            focused.focused = True
            self.sound("focus")
            return True
        if focused is not None and focused.handle_key(event):
            return True
        if key == pygame.K_ESCAPE:
            if focused is not None and focused.wants_text:
                self.set_focus(None)
                return True
            if self.on_back:
                self.sound("back")
                self.on_back()
                return True
            return False
        if key == pygame.K_TAB:
            self.keyboard_mode = True
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.keyboard_mode = True
            self.move_focus(1 if key == pygame.K_DOWN else -1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and focused is not None and not focused.wants_text:
            if focused.step(1 if key == pygame.K_RIGHT else -1):
                self.sound("focus")
                return True
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) or (key == pygame.K_SPACE and not (
                focused is not None and focused.wants_text)):
            if focused is None:
                self.keyboard_mode = True
                self.move_focus(1)
                return True
            if focused.wants_text:
                self.move_focus(1)
                return True
            self.sound("click")
            focused.activate()
            return True
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface, ui) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface, ui)
