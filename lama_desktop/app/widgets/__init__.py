"""Widgets for the menus: buttons, toggles, sliders, text fields, cyclers, lists and panels.

Every widget has hover, focus and pressed states and is sized by the UI scale (``ui.s(px)`` turns a length at
the reference 1600×900 layout into pixels). A ``WidgetGroup`` owns a scene's widgets: it routes mouse events,
moves the keyboard focus (Tab / Shift+Tab / arrows), activates with Enter or Space, and calls ``on_back`` on
Escape. Rendering is cached per widget state, so a menu frame is a handful of blits.

The package: ``theme`` (the palette and the cached panels, shadows and felt), ``scale`` (``UI``: scale, fonts,
texts), ``controls`` (the widgets) and ``focus`` (``WidgetGroup``). Every public name is here too:
``from lama_desktop.app.widgets import Button`` keeps working.
"""

from __future__ import annotations

from lama_desktop.app.widgets.controls import (Button, Column, Cycler, Label, ListView, Slider, Tagged, TextField,
                                               Toggle, Widget, tag_pill)
from lama_desktop.app.widgets.focus import WidgetGroup
from lama_desktop.app.widgets.scale import MIN_TEXT_PX, REFERENCE, UI, default_font
from lama_desktop.app.widgets.theme import (BAD, CREAM, CREAM_DARK, DISABLED, FOCUS, GOLD, GOLD_DARK, GOLD_LIGHT, GOOD,
                                            INK, INK_SOFT, PAPER_EDGE, PINK, SHADOW, TEAL, TEAL_DARK, TEAL_LIGHT,
                                            WHITE, blit_center, blit_text_center, darken, dim_surface, draw_panel,
                                            draw_shadow, felt_surface, lighten, panel_surface, shadow_surface)

__all__ = [
    "BAD", "CREAM", "CREAM_DARK", "DISABLED", "FOCUS", "GOLD", "GOLD_DARK", "GOLD_LIGHT", "GOOD", "INK", "INK_SOFT",
    "MIN_TEXT_PX", "PAPER_EDGE", "PINK", "REFERENCE", "SHADOW", "TEAL", "TEAL_DARK", "TEAL_LIGHT", "UI", "WHITE",
    "Button", "Column", "Cycler", "Label", "ListView", "Slider", "Tagged", "TextField", "Toggle", "Widget",
    "WidgetGroup", "blit_center", "blit_text_center", "darken", "default_font", "dim_surface", "draw_panel",
    "draw_shadow", "felt_surface", "lighten", "panel_surface", "shadow_surface", "tag_pill",
]
