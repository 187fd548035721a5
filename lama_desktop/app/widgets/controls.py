"""The menus' widgets: ``Widget`` and its kinds (labels, buttons, toggles, sliders, cyclers, text fields, lists).

Every widget has hover, focus and pressed states and is sized by the UI scale; rendering is cached per widget
state, so a menu frame is a handful of blits. ``WidgetGroup`` (``focus.py``) routes the events to them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from lama_desktop.app.widgets.scale import MIN_TEXT_PX, UI
from lama_desktop.app.widgets.theme import (CREAM, CREAM_DARK, DISABLED, FOCUS, GOLD, GOLD_DARK, GOLD_LIGHT, GOOD, INK,
                                            INK_SOFT, PAPER_EDGE, WHITE, blit_center, blit_text_center, darken,
                                            lighten, shadow_surface)
from lama_desktop.app import art
from lama_desktop.core.i18n import percent

log = logging.getLogger(__name__)


# --- widgets -------------------------------------------------------------------------------------------------------
class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect | None = None, *, enabled: bool = True, name: str = ""):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.visible = True
        self.hovered = False
        self.pressed = False
        self.focused = False
        self.name = name
        self._cache: dict = {}

    # input ---------------------------------------------------------------------------------------------------------
    def activate(self) -> None:
        """Enter / Space / click."""

    def step(self, direction: int) -> bool:
        """Left (-1) / Right (+1) on the focused widget; True if it used the key."""
        return False

    def click(self, pos) -> None:
        self.activate()

    def handle_key(self, event) -> bool:
        return False

    def handle_text(self, text: str) -> bool:
        return False

    def drag(self, pos) -> None:
        pass

    def wheel(self, dy: int) -> bool:
        return False

    @property
    def wants_text(self) -> bool:
        return False

    def offers_default(self) -> bool:
        """Whether this widget is a scene's default action when the scene names none (``WidgetGroup``)."""
        return False

    #: as a scene's default action its focus shows from the start (a list's highlighted row: what Enter opens)
    shown_at_start = False

    # drawing -------------------------------------------------------------------------------------------------------
    def state_key(self) -> tuple:
        return (self.enabled, self.hovered and self.enabled, self.pressed, self.focused)

    def draw(self, surface: pygame.Surface, ui: UI) -> None:
        raise NotImplementedError


class Label(Widget):
    focusable = False

    def __init__(self, text: str, size: float = 24, color=INK, bold: bool = False, align: str = "left", **kw):
        super().__init__(**kw)
        self.text, self.size, self.color, self.bold, self.align = text, size, color, bold, align

    def draw(self, surface, ui):
        img = ui.text(self.text, self.size, self.color, self.bold)
        if self.align == "center":
            blit_center(surface, img, self.rect.center)
        elif self.align == "right":
            surface.blit(img, img.get_rect(midright=self.rect.midright))
        else:
            surface.blit(img, img.get_rect(midleft=self.rect.midleft))


class Button(Widget):
    """A rounded button. ``style``: ``primary`` (gold), ``secondary`` (cream), ``danger``, ``ghost``."""

    def __init__(self, text: str, on_click: Callable[[], Any] | None = None, *, style: str = "secondary",
                 size: float = 26, hint: str = "", **kw):
        super().__init__(**kw)
        self.text, self.on_click, self.style, self.size, self.hint = text, on_click, style, size, hint

    def font_floor_width(self, ui: UI) -> int:
        return _floor_width(ui, self.text, self.size, True)

    def activate(self):
        if self.enabled and self.on_click:
            self.on_click()

    def offers_default(self) -> bool:
        return self.style == "primary"

    def _colors(self):
        if not self.enabled:
            return CREAM_DARK, DISABLED, DISABLED
        if self.style == "primary":
            fill, text, edge = GOLD, INK, GOLD_DARK
        elif self.style == "danger":
            fill, text, edge = (214, 96, 84), WHITE, (160, 60, 52)
        elif self.style == "ghost":
            fill, text, edge = (255, 255, 255, 0), CREAM, CREAM
        else:
            fill, text, edge = CREAM, INK, PAPER_EDGE
        if self.pressed:
            fill = darken(fill, 0.10)
        elif self.hovered or self.focused:
            if self.style == "secondary":  # a warm highlight, clearly different from the resting cream
                fill, edge = (255, 236, 196), GOLD
            elif self.style == "ghost":
                fill = (255, 255, 255, 40)
            else:
                fill = lighten(fill, 0.28)
        return fill, text, edge

    def draw(self, surface, ui):
        key = (self.state_key(), self.rect.size, self.text, self.style, ui.scale)
        img = self._cache.get(key)
        if img is None:
            self._cache.clear()
            img = self._render(ui)
            self._cache[key] = img
        lift = 0 if self.pressed or not self.enabled else -ui.s(2) if (self.hovered or self.focused) else 0
        pad = ui.s(12)
        surface.blit(img, (self.rect.x - pad, self.rect.y - pad + lift))

    def _render(self, ui) -> pygame.Surface:
        pad = ui.s(12)
        w, h = self.rect.size
        surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
        radius = min(h // 2, ui.s(16))
        body = pygame.Rect(pad, pad, w, h)
        fill, text_color, edge = self._colors()
        if self.enabled and self.style != "ghost":
            shadow = shadow_surface((w, h), radius, ui.s(4), 70 if not self.pressed else 40)
            surf.blit(shadow, (pad - 2 * ui.s(4), pad - 2 * ui.s(4) + (ui.s(3) if not self.pressed else ui.s(1))))
        pygame.draw.rect(surf, fill, body, border_radius=radius)
        if self.style == "primary" and self.enabled:  # gentle two-stop shade: lighter top half
            top = body.copy()
            top.h = h // 2
            pygame.draw.rect(surf, lighten(fill, 0.12), top, border_top_left_radius=radius,
                             border_top_right_radius=radius)
        pygame.draw.rect(surf, edge, body, max(1, ui.s(2)), border_radius=radius)
        if self.focused:  # a two-tone ring reads on the dark felt and on cream panels alike
            ring = body.inflate(ui.s(10), ui.s(10))
            pygame.draw.rect(surf, FOCUS, ring, max(3, ui.s(5)), border_radius=radius + ui.s(5))
            pygame.draw.rect(surf, GOLD_DARK, ring, max(1, ui.s(2)), border_radius=radius + ui.s(5))
        hint = None
        room_h = h - max(2, ui.s(4))
        if self.hint and self.enabled:
            # the centred label keeps clear of the hint on both sides; when the label cannot fit beside the key
            # hint (a narrow button, a long translation), the hint gives way: the words matter more than the key
            hint_font = ui.font(self.size * 0.62)
            room_w = w - ui.s(16) - 2 * (hint_font.size(self.hint)[0] + ui.s(6))
            if self.font_floor_width(ui) <= room_w and hint_font.get_height() <= room_h:
                hint = ui.text(self.hint, self.size * 0.62, INK_SOFT if self.style != "ghost" else CREAM)
        room_w = w - ui.s(16) - (2 * (hint.get_width() + ui.s(6)) if hint is not None else 0)
        label = ui.text_fit(self.text, self.size, room_w, text_color, bold=True)
        blit_text_center(surf, label, body.center)
        if hint is not None:
            surf.blit(hint, hint.get_rect(midright=(body.right - ui.s(12), body.centery)))
        return surf


def _floor_width(ui: UI, text: str, size: float, bold: bool) -> int:
    """How wide ``text`` is at the smallest size ``ui.text_fit`` would shrink it to (before cutting it)."""
    return ui.font(min(size, MIN_TEXT_PX / ui.scale), bold).size(text)[0]


class _Row(Widget):
    """A labelled row (label on the left, control on the right) as used by toggles, sliders and cyclers."""

    def __init__(self, label: str, *, size: float = 24, **kw):
        super().__init__(**kw)
        self.label, self.size = label, size

    def _row_base(self, ui) -> pygame.Surface:
        surf = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        radius = ui.s(12)
        if self.focused or self.hovered:
            pygame.draw.rect(surf, (*CREAM_DARK, 255 if self.focused else 170), surf.get_rect(), border_radius=radius)
        if self.focused:
            pygame.draw.rect(surf, GOLD_DARK, surf.get_rect(), max(2, ui.s(2)), border_radius=radius)
        color = INK if self.enabled else DISABLED
        label = ui.text(self.label, self.size, color)
        detail = getattr(self, "detail", "")
        if detail:
            room = int(self.rect.w * 0.78)
            line_h = ui.font(self.size * 0.68).get_linesize()  # as many lines as the row holds (at least two)
            max_lines = max(2, (self.rect.h - label.get_height()) // line_h)
            lines = ui.wrap(detail, self.size * 0.68, room, max_lines=max_lines)
            total = label.get_height() + len(lines) * line_h
            y = (self.rect.h - total) // 2
            surf.blit(label, (ui.s(16), y))
            y += label.get_height()
            for line in lines:
                surf.blit(ui.text(line, self.size * 0.68, INK_SOFT), (ui.s(16), y))
                y += line_h
        else:
            surf.blit(label, label.get_rect(midleft=(ui.s(16), self.rect.h // 2)))
        return surf

    def draw(self, surface, ui):
        key = (self.state_key(), self.rect.size, self.label, ui.scale, self._value_key())
        img = self._cache.get(key)
        if img is None:
            self._cache.clear()
            img = self._row_base(ui)
            self._draw_control(img, ui)
            self._cache[key] = img
        surface.blit(img, self.rect)

    def _value_key(self):
        return None

    def _draw_control(self, surf, ui) -> None: ...


class Toggle(_Row):
    def __init__(self, label: str, value: bool, on_change: Callable[[bool], Any], *, on_text: str = "",
                 off_text: str = "", detail: str = "", **kw):
        super().__init__(label, **kw)
        self.value, self.on_change = value, on_change
        self.on_text, self.off_text = on_text, off_text
        self.detail = detail

    def activate(self):
        if self.enabled:
            self.value = not self.value
            self.on_change(self.value)

    def step(self, direction):
        if (direction > 0) != self.value:
            self.activate()
        return True

    def _value_key(self):
        return self.value

    def _draw_control(self, surf, ui):
        h = self.rect.h
        tw, th = ui.s(64), ui.s(34)
        track = pygame.Rect(0, 0, tw, th)
        track.midright = (self.rect.w - ui.s(16), h // 2)
        color = GOOD if self.value else (176, 164, 148)
        if not self.enabled:
            color = DISABLED
        pygame.draw.rect(surf, color, track, border_radius=th // 2)
        pygame.draw.rect(surf, darken(color, 0.25), track, max(1, ui.s(2)), border_radius=th // 2)
        knob_r = th // 2 - ui.s(4)
        cx = track.right - th // 2 if self.value else track.x + th // 2
        pygame.draw.circle(surf, (0, 0, 0, 50), (cx, track.centery + ui.s(2)), knob_r)
        pygame.draw.circle(surf, WHITE, (cx, track.centery), knob_r)
        text = self.on_text if self.value else self.off_text
        if text:
            img = ui.text(text, self.size * 0.85, INK_SOFT)
            surf.blit(img, img.get_rect(midright=(track.x - ui.s(12), h // 2)))


class Slider(_Row):
    """A value in ``[lo, hi]`` moved by ``step``: drag, click, or Left/Right."""

    def __init__(self, label: str, value: float, on_change: Callable[[float], Any], *, lo: float = 0.0,
                 hi: float = 1.0, step: float = 0.1, fmt: Callable[[float], str] | None = None, **kw):
        super().__init__(label, **kw)
        if fmt is None:  # a share, written the language's way ("80%", "80 %")
            fmt = percent
        self.value, self.on_change, self.lo, self.hi, self.step_size, self.fmt = value, on_change, lo, hi, step, fmt
        self._track = pygame.Rect(0, 0, 0, 0)

    def _set(self, value: float) -> None:
        value = max(self.lo, min(self.hi, round(value / self.step_size) * self.step_size))
        value = round(value, 4)
        if value != self.value:
            self.value = value
            self.on_change(value)

    def step(self, direction):
        if self.enabled:
            self._set(self.value + direction * self.step_size)
        return True

    def click(self, pos):
        self.drag(pos)

    def drag(self, pos):
        if self.enabled and self._track.w:
            track = self._track.move(self.rect.topleft)
            fraction = (pos[0] - track.x) / track.w
            self._set(self.lo + fraction * (self.hi - self.lo))

    def _value_key(self):
        return self.value

    def _draw_control(self, surf, ui):
        h = self.rect.h
        value_img = ui.text(self.fmt(self.value), self.size * 0.9, INK if self.enabled else DISABLED, bold=True)
        right = self.rect.w - ui.s(16)
        surf.blit(value_img, value_img.get_rect(midright=(right, h // 2)))
        width = int(self.rect.w * 0.34)
        track = pygame.Rect(right - ui.s(78) - width, h // 2 - ui.s(4), width, ui.s(8))
        self._track = track
        pygame.draw.rect(surf, CREAM_DARK, track, border_radius=track.h // 2)
        frac = (self.value - self.lo) / (self.hi - self.lo) if self.hi > self.lo else 0
        filled = track.copy()
        filled.w = max(track.h, int(track.w * frac))
        pygame.draw.rect(surf, GOLD_DARK if self.enabled else DISABLED, filled, border_radius=track.h // 2)
        pygame.draw.rect(surf, PAPER_EDGE, track, 1, border_radius=track.h // 2)
        knob = (track.x + int(track.w * frac), track.centery)
        pygame.draw.circle(surf, (0, 0, 0, 60), (knob[0], knob[1] + ui.s(2)), ui.s(13))
        pygame.draw.circle(surf, WHITE, knob, ui.s(13))
        pygame.draw.circle(surf, GOLD_DARK, knob, ui.s(13), max(1, ui.s(2)))


class Cycler(_Row):
    """A choice among ``options`` (``[(value, text)]``) stepped with the arrows or by clicking ‹ / ›."""

    def __init__(self, label: str, options: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], Any], *, wrap: bool = True, **kw):
        super().__init__(label, **kw)
        self.options = list(options)
        self.on_change = on_change
        self.wrap_around = wrap
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self._arrows = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))

    @property
    def value(self):
        return self.options[self.index][0] if self.options else None

    def set_options(self, options, value=None):
        self.options = list(options)
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self._cache.clear()

    def step(self, direction):
        if not self.enabled or len(self.options) < 2:
            return True
        index = self.index + direction
        if self.wrap_around:
            index %= len(self.options)
        index = max(0, min(len(self.options) - 1, index))
        if index != self.index:
            self.index = index
            self.on_change(self.value)
        return True

    def activate(self):
        self.step(+1)

    def click(self, pos):
        left, _right = self._arrows
        x = pos[0] - self.rect.x
        self.step(-1 if x < left.right + 4 and x >= left.x - 40 else +1)

    def _value_key(self):
        return (self.index, tuple(t for _, t in self.options))

    def _draw_control(self, surf, ui):
        h = self.rect.h
        width = int(self.rect.w * (0.5 if self.label else 0.96))
        box = pygame.Rect(self.rect.w - ui.s(12) - width, ui.s(6), width, h - ui.s(12))
        pygame.draw.rect(surf, WHITE if self.enabled else CREAM_DARK, box, border_radius=ui.s(10))
        pygame.draw.rect(surf, PAPER_EDGE, box, max(1, ui.s(2)), border_radius=ui.s(10))
        a = ui.s(28)
        left = pygame.Rect(box.x + ui.s(4), box.y, a, box.h)
        right = pygame.Rect(box.right - ui.s(4) - a, box.y, a, box.h)
        self._arrows = (left, right)
        arrow_color = GOLD_DARK if self.enabled and len(self.options) > 1 else DISABLED
        for rect, direction in ((left, -1), (right, 1)):
            cx, cy, d = rect.centerx, rect.centery, ui.s(7)
            points = [(cx + d * direction, cy), (cx - d * direction * 0.6, cy - d), (cx - d * direction * 0.6, cy + d)]
            pygame.draw.polygon(surf, arrow_color, points)
        text = self.options[self.index][1] if self.options else "—"
        img = ui.text(text, self.size * 0.92, INK if self.enabled else DISABLED, bold=True)
        room = box.w - 2 * a - ui.s(16)
        if img.get_width() > room:
            img = ui.text_fit(text, self.size * 0.92, room, INK if self.enabled else DISABLED, bold=True)
        blit_text_center(surf, img, box.center)


class TextField(Widget):
    def __init__(self, text: str, on_change: Callable[[str], Any], *, max_len: int = 16, placeholder: str = "",
                 size: float = 24, **kw):
        super().__init__(**kw)
        self.text, self.on_change, self.max_len = text, on_change, max_len
        self.placeholder, self.size = placeholder, size
        self.blink = 0.0

    @property
    def wants_text(self) -> bool:
        return self.focused and self.enabled

    def handle_text(self, text: str) -> bool:
        if not self.wants_text:
            return False
        text = "".join(ch for ch in text if ch.isprintable())
        if text and len(self.text) < self.max_len:
            self.text = (self.text + text)[: self.max_len]
            self.on_change(self.text)
        return True

    def handle_key(self, event) -> bool:
        if not self.wants_text:
            return False
        if event.key == pygame.K_BACKSPACE:
            if self.text:
                if event.mod & pygame.KMOD_CTRL:
                    self.text = self.text.rstrip().rsplit(" ", 1)[0] if " " in self.text.rstrip() else ""
                else:
                    self.text = self.text[:-1]
                self.on_change(self.text)
            return True
        return False

    def draw(self, surface, ui):
        rect = self.rect
        radius = ui.s(10)
        fill = WHITE if self.enabled else CREAM_DARK
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = GOLD_DARK if self.focused else (INK_SOFT if self.hovered else PAPER_EDGE)
        pygame.draw.rect(surface, edge, rect, max(1, ui.s(3) if self.focused else ui.s(2)), border_radius=radius)
        if self.text:
            img = ui.text(self.text, self.size, INK if self.enabled else DISABLED)
        else:
            img = ui.text(self.placeholder, self.size, DISABLED)
        clip = surface.get_clip()
        inner = rect.inflate(-ui.s(20), 0)
        surface.set_clip(inner.clip(clip) if clip else inner)
        pos = img.get_rect(midleft=(inner.x, rect.centery + round(img.get_height() * 0.06)))
        if pos.right > inner.right:
            pos.right = inner.right
        surface.blit(img, pos)
        surface.set_clip(clip)
        if self.focused and self.enabled and (pygame.time.get_ticks() // 530) % 2 == 0:
            x = pos.right + ui.s(2) if self.text else inner.x
            pygame.draw.line(surface, INK, (x, rect.y + ui.s(9)), (x, rect.bottom - ui.s(9)), max(1, ui.s(2)))


@dataclass
class Column:
    title: str
    width: float  # fraction of the list width
    align: str = "left"


@dataclass
class Tagged:
    """A ``ListView`` cell: its text, then small pill tags after it ("practice")."""

    text: str
    tags: tuple = ()

    def __str__(self) -> str:
        return self.text


def tag_pill(ui, text: str, size: float) -> pygame.Surface:
    """A small gold-outlined pill with ``text``: a tag after a list cell."""
    img = ui.text(text, size, INK_SOFT, bold=True)
    pad_x, pad_y = ui.s(8), ui.s(2)
    pill = pygame.Surface((img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y), pygame.SRCALPHA)
    pygame.draw.rect(pill, GOLD_LIGHT, pill.get_rect(), border_radius=pill.get_height() // 2)
    pygame.draw.rect(pill, GOLD_DARK, pill.get_rect(), width=max(1, ui.s(1)), border_radius=pill.get_height() // 2)
    pill.blit(img, (pad_x, pad_y))
    return pill


class ListView(Widget):
    """Rows of cells under column titles; scroll with the wheel or arrows, select with a click or Enter."""

    shown_at_start = True  # the highlighted row is what the first Enter opens

    def __init__(self, columns: Sequence[Column], rows: Sequence[Sequence[str]], *, row_height: float = 44,
                 size: float = 22, on_select: Callable[[int], Any] | None = None, empty_text: str = "", **kw):
        super().__init__(**kw)
        self.columns, self.rows, self.row_height, self.size = list(columns), [list(r) for r in rows], row_height, size
        self.on_select, self.empty_text = on_select, empty_text
        self.scroll = 0
        self.selected = 0 if self.rows else -1
        self.focusable = True

    def step(self, direction):
        return False

    def handle_key(self, event) -> bool:
        if not self.focused or not self.rows:
            return False
        if event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            jump = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: 8, pygame.K_PAGEUP: -8}[event.key]
            new = max(0, min(len(self.rows) - 1, self.selected + jump))
            if new == self.selected:
                return False  # let the focus move on at the ends of the list
            self.selected = new
            self._reveal()
            return True
        return False

    def _reveal(self):
        per = getattr(self, "_per_page", 8)
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + per:
            self.scroll = self.selected - per + 1

    def wheel(self, dy):
        per = getattr(self, "_per_page", 8)
        self.scroll = max(0, min(max(0, len(self.rows) - per), self.scroll - dy))
        return True

    def click(self, pos):
        index = self._row_at(pos)
        if index is not None:
            self.selected = index
            if self.on_select:
                self.on_select(index)

    def activate(self):
        if self.on_select and 0 <= self.selected < len(self.rows):
            self.on_select(self.selected)

    def offers_default(self) -> bool:
        return self.on_select is not None and bool(self.rows)

    def _row_at(self, pos):
        rh = getattr(self, "_rh", 40)
        y = pos[1] - self.rect.y - rh
        if y < 0:
            return None
        index = self.scroll + y // rh
        return index if index < len(self.rows) else None

    def draw(self, surface, ui):
        rh = self._rh = ui.s(self.row_height)
        self._per_page = max(1, (self.rect.h - rh) // rh)
        x0 = self.rect.x + ui.s(16)
        inner_w = self.rect.w - ui.s(32)
        header = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, rh)
        pygame.draw.rect(surface, CREAM_DARK, header, border_radius=ui.s(10))
        x = x0
        for column in self.columns:
            w = int(inner_w * column.width)
            img = ui.text(column.title, self.size * 0.9, INK_SOFT, bold=True)
            self._blit_cell(surface, img, x, w, header.centery, column.align)
            x += w
        if not self.rows:
            y = self.rect.y + rh * 2.5
            try:  # a friendly llama over the empty list
                llama = art.llama_figure(ui.s(150), "cream", "#f2a93b")
                y = self.rect.y + rh + ui.s(30) + llama.get_height()
                blit_center(surface, llama, (self.rect.centerx, y - llama.get_height() // 2))
                y += ui.s(36)
            except Exception:  # noqa: BLE001 - logged: the list still shows its text without the picture
                log.warning("the empty list's llama could not be drawn", exc_info=True)
            img = ui.text(self.empty_text, self.size, INK_SOFT)
            blit_center(surface, img, (self.rect.centerx, y))
            return
        for i in range(self._per_page):
            index = self.scroll + i
            if index >= len(self.rows):
                break
            y = self.rect.y + rh * (i + 1)
            row_rect = pygame.Rect(self.rect.x, y, self.rect.w, rh)
            if index == self.selected and self.focused:
                pygame.draw.rect(surface, GOLD_LIGHT, row_rect, border_radius=ui.s(8))
            elif index % 2 == 1:
                pygame.draw.rect(surface, (246, 238, 222), row_rect, border_radius=ui.s(8))
            x = x0
            for column, cell in zip(self.columns, self.rows[index], strict=False):
                w = int(inner_w * column.width)
                img = ui.text(str(cell), self.size, INK)
                tags = [tag_pill(ui, tag, max(12, self.size * 0.7)) for tag in getattr(cell, "tags", ())]
                if tags:  # the text and its tags side by side, as one cell
                    gap = ui.s(8)
                    joined = pygame.Surface((img.get_width() + sum(p.get_width() + gap for p in tags),
                                             max([img.get_height()] + [p.get_height() for p in tags])),
                                            pygame.SRCALPHA)
                    joined.blit(img, (0, (joined.get_height() - img.get_height()) // 2))
                    tx = img.get_width()
                    for pill in tags:
                        joined.blit(pill, (tx + gap, (joined.get_height() - pill.get_height()) // 2))
                        tx += gap + pill.get_width()
                    img = joined
                self._blit_cell(surface, img, x, w, row_rect.centery, column.align)
                x += w
        if len(self.rows) > self._per_page:  # scroll bar
            track = pygame.Rect(self.rect.right - ui.s(8), self.rect.y + rh, ui.s(5), self.rect.h - rh)
            pygame.draw.rect(surface, CREAM_DARK, track, border_radius=ui.s(3))
            frac = self._per_page / len(self.rows)
            thumb = track.copy()
            thumb.h = max(ui.s(20), int(track.h * frac))
            thumb.y = track.y + int((track.h - thumb.h) * self.scroll / max(1, len(self.rows) - self._per_page))
            pygame.draw.rect(surface, GOLD_DARK, thumb, border_radius=ui.s(3))

    @staticmethod
    def _blit_cell(surface, img, x, w, cy, align):
        if img.get_width() > w - 8:
            img = pygame.transform.smoothscale_by(img, max(0.3, (w - 8) / img.get_width()))
        if align == "right":
            surface.blit(img, img.get_rect(midright=(x + w - 8, cy)))
        elif align == "center":
            surface.blit(img, img.get_rect(center=(x + w // 2, cy)))
        else:
            surface.blit(img, img.get_rect(midleft=(x, cy)))

