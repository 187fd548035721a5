"""The advisor at a table: button and key H on the local player's turn, in every game.

``AdvisorPanel(table)`` runs ``lama_desktop.advice.advise`` (the hard bot's own search) on a private copy of the
player's view on a worker thread: the window never waits for it. While it thinks the panel shows a moving bar;
then it lists each sensible move with its chance to win the game (the best one first, highlighted), a one-line
reason in the player's language, and the table marks the best move where it is played (``table._advice_rects``:
a card, a button; Llama Land draws its best placements as ghost tiles with ``table._draw_advice``). The answer
belongs to the position it was asked for: once a move is played it is forgotten.

Asking marks the seat as advised in the session (``GameSession.mark_advised``), so the game is counted apart in
the statistics. A table calls ``handle_event`` first in its own, ``update`` and ``draw`` at the end of its own,
and ``close`` when it closes; it may override ``_advice_anchor`` (where the button and the panel go),
``_advice_rects(move)`` and ``_draw_advice(surface, estimates)``.
"""

from __future__ import annotations

import logging
import math
import threading
import time

import pygame

from lama_desktop.advice import advise, move_label, points_text, reason_text, summary_line
from lama_desktop.app.i18n import percent as share, t
from lama_desktop.app.widgets import CREAM, GOLD, GOLD_LIGHT, INK, INK_SOFT, PAPER_EDGE, Button, draw_panel

log = logging.getLogger("lama_desktop.advisor")

#: at most this many moves are listed (Llama Land's answer has ten placements and more)
MAX_ROWS = 6
#: each frame gives the thinking advisor this long without the interpreter lock
YIELD_SECONDS = 0.02


class AdvisorPanel:
    def __init__(self, table):
        self.table = table
        self.open = False
        self.estimates = None       # the answer for ``self.key`` (a list of Estimate), or None
        self.error = ""
        self.key = None             # (seat, moves played) the answer or the running question is about
        self.started = 0.0
        self.seconds = 0.0          # how long the last answer took
        self.time = 0.0
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._result = None         # (key, estimates, error, seconds) handed over by the worker
        self.button = Button(t("advisor.button"), self.toggle, style="secondary", size=18, name="advice")
        self._cache = None

    # -- state ------------------------------------------------------------------------------------------------
    def seat(self) -> int:
        return self.table.focus if hasattr(self.table, "focus") else self.table.my_seat()

    def available(self) -> bool:
        """The local player's turn, nothing moving: the moment the advisor answers for (never in a replay: its
        session is frozen)."""
        table = self.table
        if getattr(table.session, "frozen", False) or getattr(table.session, "lesson", None) is not None:
            return False  # a replay, or a lesson (the narrator says what to play)
        return bool(table.can_act()) and table.session.is_human(self.seat())

    def position(self) -> tuple[int, int]:
        return self.seat(), self.table.session.moves_played

    @property
    def thinking(self) -> bool:
        return self._thread is not None and self.estimates is None and not self.error

    def toggle(self) -> None:
        if self.open:
            self.open = False
        else:
            self.request()

    def request(self) -> None:
        """Open the panel and ask for advice on the position now (an answer already there is shown again)."""
        if not self.available():
            return
        self.open = True
        key = self.position()
        if key == self.key and (self.estimates is not None or self._thread is not None):
            return
        session = self.table.session
        seat = key[0]
        view = session.state.clone().view(seat)  # the worker's own copy: the live state is never shared
        self.key, self.estimates, self.error = key, None, ""
        self.started = time.perf_counter()
        session.mark_advised(seat)

        def work():
            started = time.perf_counter()
            try:
                result = (key, advise(view), "", time.perf_counter() - started)
            except Exception as error:  # noqa: BLE001 - a failing advisor must never break the table
                log.exception("the advisor failed")
                result = (key, None, f"{type(error).__name__}: {error}", time.perf_counter() - started)
            with self._lock:
                self._result = result

        self._thread = threading.Thread(target=work, name="advisor", daemon=True)
        self._thread.start()

    def wait(self, timeout: float = 10.0) -> bool:
        """Block until the worker has answered (tests and screenshots only; the table never calls it)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        self.update(0.0)
        return self.estimates is not None

    def close(self) -> None:
        self.open = False
        self._thread = None  # a daemon thread: its late answer is dropped by the key check

    # -- frame ------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        if self._thread is not None and self.estimates is None and not self.error:
            # the frame loop and the search share one interpreter lock: let the search have most of it for the
            # moment it needs (the window keeps drawing, at a lower frame rate, and takes every input)
            time.sleep(YIELD_SECONDS)
        with self._lock:
            result, self._result = self._result, None
        if result is not None:
            key, estimates, error, seconds = result
            if key == self.key:
                self.estimates, self.error, self.seconds = estimates, error, seconds
                self._thread = None
                self._cache = None
        if self.key is not None and self.key != self.position():  # a move was played: the answer is stale
            self.key, self.estimates, self.error, self._thread = None, None, "", None
            self._cache = None
            self.open = False
        if self.open and not self.available():
            self.open = False

    def handle_event(self, event) -> bool:
        """H toggles the panel; the button is pressed and released like the table's. True when used."""
        anchor = self._anchor()
        if anchor is None:
            return False
        button = self.button
        shown = self.available() or self.open
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            if shown:
                self.toggle()
                return True
            return False
        if not shown:
            button.hovered = button.pressed = False
            return False
        if event.type == pygame.MOUSEMOTION:
            button.hovered = button.rect.collidepoint(event.pos)
            return False  # the table still follows the pointer
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if button.rect.collidepoint(event.pos):
                button.pressed = True
                return True
            if self.open and self._panel_rect() is not None and self._panel_rect().collidepoint(event.pos):
                self.open = False  # a click on the panel puts it away
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and button.pressed:
            button.pressed = False
            if button.rect.collidepoint(event.pos):
                self.toggle()
            return True
        return False

    # -- geometry ---------------------------------------------------------------------------------------------
    def _anchor(self):
        """(button rect, panel area rect) from the table, or None before its layout exists."""
        try:
            return self.table._advice_anchor()
        except (AttributeError, KeyError, TypeError):
            return None

    def _panel_rect(self):
        return getattr(self, "_last_panel", None)

    # -- drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        anchor = self._anchor()
        ui = getattr(self.table, "ui", None)
        if anchor is None or ui is None:
            return
        button_rect, area = anchor
        shown = self.available() or self.open
        if not shown:
            self._last_panel = None
            return
        self.button.rect = pygame.Rect(button_rect)
        self.button.text = t("advisor.button")
        self.button.enabled = True
        if not self.open:
            self.button.draw(surface, ui)  # while open the panel stands in its place (a click on it closes it)
            self._last_panel = None
            return
        if self.estimates:
            self.table._draw_advice(surface, self.estimates)
        panel = self._panel_surface(ui, area)
        rect = panel.get_rect(bottomleft=area.bottomleft)
        self._last_panel = rect
        surface.blit(panel, rect)
        if self.estimates is None and not self.error:  # the moving bar (drawn each frame, the rest is cached)
            pad = ui.s(14)
            bar = pygame.Rect(rect.x + pad, rect.bottom - pad - ui.s(10), rect.w - 2 * pad, ui.s(10))
            pygame.draw.rect(surface, (226, 210, 180), bar, border_radius=bar.h // 2)
            elapsed = time.perf_counter() - self.started
            done = 1.0 - math.exp(-elapsed / 0.35)
            fill = bar.copy()
            fill.w = max(bar.h, round(bar.w * done))
            pygame.draw.rect(surface, GOLD, fill, border_radius=bar.h // 2)

    def _panel_surface(self, ui, area) -> pygame.Surface:
        key = (id(self.estimates), self.error, area.size, ui.scale, self.estimates is None, t("advisor.title"))
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        width = area.w
        pad = ui.s(14)
        inner = width - 2 * pad
        parts: list[tuple[pygame.Surface, int]] = []  # (image, gap before)
        title = ui.text(t("advisor.title"), 19, INK, True)
        parts.append((title, 0))
        game_id = self.table.session.game_id
        names = self.table.session.names
        rows = []
        if self.error:
            for line in ui.wrap(t("advisor.empty"), 16, inner):
                parts.append((ui.text(line, 16, INK_SOFT), ui.s(4)))
        elif self.estimates is None:
            parts.append((ui.text(t("advisor.thinking"), 17, INK_SOFT), ui.s(6)))
            parts.append((pygame.Surface((1, ui.s(22)), pygame.SRCALPHA), 0))  # room for the bar
        else:
            best = self.estimates[0] if self.estimates else None
            for line in ui.wrap(summary_line(self.estimates, game_id, names), 16, inner, True, max_lines=4):
                parts.append((ui.text(line, 16, INK, True), ui.s(4)))
            if best is not None and best.points is not None:
                parts.append((ui.text(t("advisor.expected", points=_signed_points(best.points)), 14, INK_SOFT),
                              ui.s(2)))
            rows = self.estimates[:MAX_ROWS]
        row_h = ui.s(50)
        height = pad + sum(img.get_height() + gap for img, gap in parts) + (ui.s(8) + len(rows) * row_h if rows
                                                                           else 0) + pad
        height = min(height, max(area.h, ui.s(120)))
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        draw_panel(surf, surf.get_rect(), ui, fill=CREAM, border=PAPER_EDGE, shadow=False)
        y = pad
        for img, gap in parts:
            y += gap
            surf.blit(img, (pad, y))
            y += img.get_height()
        hint = ui.text("H", 14, INK_SOFT, True)
        surf.blit(hint, (width - pad - hint.get_width(), pad))
        y += ui.s(8)
        for i, e in enumerate(rows):
            if y + row_h > height - ui.s(4):
                break
            row = pygame.Rect(ui.s(6), y, width - ui.s(12), row_h - ui.s(4))
            if i == 0:
                pygame.draw.rect(surf, GOLD_LIGHT, row, border_radius=ui.s(8))
            label = _fit(ui, move_label(e.move, game_id, names), 16, row.w - ui.s(70), True)
            surf.blit(label, (row.x + ui.s(8), row.y + ui.s(3)))
            pct = ui.text(share(e.win), 17, INK, True)
            surf.blit(pct, (row.right - ui.s(8) - pct.get_width(), row.y + ui.s(3)))
            why = _fit(ui, reason_text(e, names), 13, row.w - ui.s(16), False, INK_SOFT)
            surf.blit(why, (row.x + ui.s(8), row.y + ui.s(2) + label.get_height()))
            track = pygame.Rect(row.x + ui.s(8), row.bottom - ui.s(7), row.w - ui.s(16), ui.s(4))
            pygame.draw.rect(surf, (232, 218, 192), track, border_radius=track.h // 2)
            bar = track.copy()
            bar.w = round(track.w * e.win)
            if bar.w > 0:
                pygame.draw.rect(surf, GOLD if i == 0 else (196, 160, 110), bar, border_radius=bar.h // 2)
            y += row_h
        self._cache = (key, surf)
        return surf


def _signed_points(points: float) -> str:
    text = points_text(points)
    return ("−" + text) if round(points) < 0 else text


def _fit(ui, text: str, size: float, width: int, bold: bool, color=INK) -> pygame.Surface:
    """``text`` on one line of at most ``width`` pixels (cut with an ellipsis)."""
    img = ui.text(text, size, color, bold)
    if img.get_width() <= width:
        return img
    while len(text) > 1 and ui.font(size, bold).size(text + "…")[0] > width:
        text = text[:-1]
    return ui.text(text.rstrip() + "…", size, color, bold)


def draw_advice_rects(surface, ui, rects, time_s: float, label: str = "") -> None:
    """A pulsing gold outline round each rect (the best move's card or button) and a small badge with ``label``."""
    if not rects:
        return
    pulse = 0.5 + 0.5 * math.sin(time_s * 4.0)
    width = max(2, ui.s(4))
    color = (255, 214, 110)
    for rect in rects:
        r = pygame.Rect(rect).inflate(ui.s(10), ui.s(10))
        halo = ui.s(8)
        glow = pygame.Surface(r.inflate(2 * halo, 2 * halo).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (255, 214, 110, int(70 + 80 * pulse)), glow.get_rect(), halo,
                         border_radius=ui.s(12) + halo)  # a ring round the move: the move itself stays readable
        surface.blit(glow, glow.get_rect(center=r.center))
        pygame.draw.rect(surface, color, r, width, border_radius=ui.s(12))
    if label:
        first = pygame.Rect(rects[0]).inflate(ui.s(10), ui.s(10))
        img = ui.text(label, 15, INK, True)
        badge = pygame.Rect(0, 0, img.get_width() + ui.s(14), img.get_height() + ui.s(6))
        badge.midbottom = (first.centerx, first.top + ui.s(4))
        if badge.top < 0:
            badge.midtop = (first.centerx, first.bottom - ui.s(4))
        pygame.draw.rect(surface, GOLD, badge, border_radius=badge.h // 2)
        surface.blit(img, img.get_rect(center=badge.center))


__all__ = ["AdvisorPanel", "draw_advice_rects"]
