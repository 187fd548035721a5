"""The advisor at a table: button and key H on the local player's turn, in every game.

``AdvisorPanel(table)`` runs ``lama_desktop.advice.advise`` (the hard bot's own search) on a private copy of the
player's view on a worker thread: the window never waits for it. While it thinks the panel shows a moving bar;
then it lists each sensible move with its chance to win the game (best first), its words wrapped, never cut
(``table._advice_label(move)``: Llama Land's says which tile, level, where and how turned), and below the rows the
reasons of the row looked at, in full (``table._advice_details(move)``). The row looked at (the best one, or the
one under the pointer, or walked to with ↑/↓) is marked on the table where it is played (``table._advice_rects``: a
card, a button; Llama Land draws the placements as ghost tiles with ``table._draw_advice(surface, estimates,
focus)``). A click or Enter chooses a row: ``table._advice_select(move)`` (default ``select_button``) selects it for
the player to confirm as any choice of theirs; the panel never plays a move. The answer belongs to the position it
was asked for: once a move is played it is forgotten.

The open panel covers no piece: it goes in the table's area for it (``_advice_anchor``) when that is free, else in
the nearest free place (``free_spot``) clear of ``table._advice_avoid()`` (by default the pieces a lesson's box
keeps clear of, ``tutorial_clear()``, but the log) and of the looked-at move's mark.

Asking marks the seat as advised in the session (``GameSession.mark_advised``), so the game is counted apart in
the statistics. The table's frame (``TableScene``) gives it the events first, updates and draws it over the
table, and closes it with the table; a table may override ``_advice_anchor`` (where the button and the panel go),
``_advice_avoid``, ``_advice_rects(move)``, ``_advice_select(move)``, ``_advice_label(move)``,
``_advice_details(move)`` and ``_draw_advice(surface, estimates, focus)``.
"""

from __future__ import annotations

import logging
import math
import threading
import time

import pygame

from lama_desktop.advice import advise, move_label, points_text, reason_text
from lama_desktop.core.i18n import percent as share, t
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
        self._placed = None         # (what ``place`` searched with, where the panel goes)
        self.button = Button(t("advisor.button"), self.toggle, style="secondary", size=18, name="advice")
        self._cache = None
        self.focus_row = 0          # the row looked at (hover, ↑/↓): the table shows that move
        self.chosen = None          # the move last chosen from the panel (selected on the table, not played)
        self._row_rects: list[pygame.Rect] = []

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
        view = session.private_view(seat)  # the worker's own copy: the live game is never shared
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
                self.focus_row = 0
        if self.key is not None and self.key != self.position():  # a move was played: the answer is stale
            self.key, self.estimates, self.error, self._thread = None, None, "", None
            self._cache = None
            self.open = False
        if self.open and not self.available():
            self.open = False

    # -- the listed moves: looked at (hover, ↑/↓) and chosen (click, Enter) ------------------------------------
    def rows(self) -> list:
        """The estimates listed in the panel (best first, at most ``MAX_ROWS``)."""
        return list(self.estimates[:getattr(self.table, "advice_rows", MAX_ROWS)]) if self.estimates else []

    def focused(self):
        """The estimate of the row looked at (hover or ↑/↓; the best one until then), or None."""
        rows = self.rows()
        return rows[min(self.focus_row, len(rows) - 1)] if rows else None

    def look(self, index: int) -> None:
        """Look at row ``index``: the table shows that move where it would be played, the details its reason."""
        rows = self.rows()
        if rows:
            self.focus_row = max(0, min(index, len(rows) - 1))

    def choose(self, index: int) -> bool:
        """Choose row ``index``: the table selects that move as the player's choice (it is never played here: the
        player confirms it as any choice of theirs, Enter or the table's button) and the panel steps aside."""
        rows = self.rows()
        if not 0 <= index < len(rows):
            return False
        self.look(index)
        move = rows[index].move
        select = getattr(self.table, "_advice_select", None)
        chosen = select(move) if select is not None else select_button(self.table, move)
        if chosen:
            self.open = False
            self.chosen = move
        return bool(chosen)

    def _row_at(self, pos) -> int:
        return next((i for i, rect in enumerate(self._row_rects) if rect.collidepoint(pos)), -1)

    def handle_event(self, event) -> bool:
        """H toggles the panel; the button is pressed and released like the table's. While the answer shows, the
        pointer over a row or ↑/↓ looks at that move, a click or Enter chooses it. True when used."""
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
        if self.open and self.rows() and self._rows_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            button.hovered = button.rect.collidepoint(event.pos)
            return False  # the table still follows the pointer
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if button.rect.collidepoint(event.pos):
                button.pressed = True
                return True
            if self.open and self._panel_rect() is not None and self._panel_rect().collidepoint(event.pos):
                self.open = False  # a click on the panel (not on a row) puts it away
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and button.pressed:
            button.pressed = False
            if button.rect.collidepoint(event.pos):
                self.toggle()
            return True
        return False

    def _rows_event(self, event) -> bool:
        """The rows of an answer: hover and ↑/↓ look, a click and Enter choose; Escape puts the panel away."""
        if event.type == pygame.MOUSEMOTION:
            index = self._row_at(event.pos)
            if index >= 0:
                self.look(index)
            return False  # the table still follows the pointer
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._row_at(event.pos)
            return index >= 0 and self.choose(index)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.look(self.focus_row + (1 if event.key == pygame.K_DOWN else -1))
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.choose(self.focus_row)
                return True
            if event.key == pygame.K_ESCAPE:
                self.open = False
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

    def _avoid(self) -> list:
        """What the open panel must leave uncovered: the table's pieces (``_advice_avoid``, else the pieces a
        lesson's box keeps clear of but the history) and where the move looked at is marked."""
        table = self.table
        own = getattr(table, "_advice_avoid", None)
        try:
            rects = list(own()) if own is not None else list(table.tutorial_clear())
        except (AttributeError, KeyError, TypeError, IndexError):  # a layout being rebuilt: the panel goes as asked
            return []
        log = getattr(table, "layout", None) and table.layout.get("log")
        rects = [pygame.Rect(r) for r in rects if r is not None and (log is None or pygame.Rect(r) != log)]
        look = self.focused()
        if look is not None and hasattr(table, "_advice_rects"):
            ui = table.ui
            for rect in table._advice_rects(look.move):  # the outline and its % badge above it
                rect = pygame.Rect(rect).inflate(ui.s(14), ui.s(14))
                rects.append(rect.union(rect.move(0, -ui.s(30))))
        return rects

    def place(self, size, area, bounds) -> pygame.Rect:
        """Where a panel of ``size`` goes in ``bounds`` (the window): in ``area`` (over the history, its bottom
        left on the area's) when it covers none of the pieces, else the free place nearest to it (``free_spot``)
        that leaves the history whole when there is one, else as asked."""
        wanted = pygame.Rect(0, 0, *size)
        wanted.bottomleft = area.bottomleft
        avoid, margin = self._avoid(), self.table.ui.s(8)
        layout = getattr(self.table, "layout", None)
        log = layout.get("log") if layout is not None else None
        key = (tuple(bounds), tuple(wanted), tuple(tuple(r) for r in avoid), margin,
               tuple(log) if log is not None else None)
        kept = self._placed  # asked every frame while open: searched again when a piece moves
        if kept is None or kept[0] != key:
            spot = free_spot(bounds, wanted, avoid, margin)
            if spot is not None and spot != wanted and log is not None and spot.colliderect(log):
                # moved off its place over the history, the panel would cut a corner out of it (issue 32: the
                # "WHAT HAPPENED" title half hidden at 1280x720): off the history too when there is room
                spot = free_spot(bounds, wanted, avoid + [pygame.Rect(log)], margin) or spot
            kept = self._placed = (key, spot if spot is not None else wanted)
        return pygame.Rect(kept[1])

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
            self._row_rects = []
            return
        self.button.rect = pygame.Rect(button_rect)
        self.button.text = t("advisor.button")
        self.button.enabled = True
        if not self.open:
            self.button.draw(surface, ui)  # while open the panel stands in its place (a click on it closes it)
            self._last_panel = None
            self._row_rects = []
            return
        if self.estimates:
            self.table._draw_advice(surface, self.estimates, min(self.focus_row, len(self.rows()) - 1))
        panel, rows = self._panel_surface(ui, area)
        rect = self.place(panel.get_size(), area, surface.get_rect())
        self._last_panel = rect
        self._row_rects = [row.move(rect.topleft) for row in rows]
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

    def row_label(self, estimate) -> str:
        """A listed move in words: the table's own phrase (``_advice_label``: which tile, where, which way in
        Llama Land), else the game's (``advice.move_label``)."""
        own = getattr(self.table, "_advice_label", None)
        text = own(estimate.move) if own is not None else None
        return text or move_label(estimate.move, self.table.session.game_id, self.table.session.names)

    def details(self, estimate) -> list[str]:
        """The looked-at move's reasons, in full: the estimate's reason, the table's own (``_advice_details``:
        what a placement yields), the round's expected points."""
        names = self.table.session.names
        lines = [reason_text(estimate, names)]
        own = getattr(self.table, "_advice_details", None)
        extra = own(estimate.move) if own is not None else None
        if extra:
            lines.append(extra)
        if estimate.points is not None:
            lines.append(t("advisor.expected", points=_signed_points(estimate.points)))
        return lines

    def _panel_surface(self, ui, area):
        """(the panel's picture, its rows' rects in it): the title, a row per move (its words wrapped, never cut;
        its chance and a bar), the looked-at move's reasons in full and the keys."""
        key = (id(self.estimates), self.error, area.size, ui.scale, self.estimates is None, t("advisor.title"),
               self.focus_row)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        width, pad = area.w, ui.s(14)
        inner = width - 2 * pad
        surf = pygame.Surface((width, ui.s(2000)), pygame.SRCALPHA)
        y, row_rects = pad + ui.font(19, True).get_linesize() + ui.s(6), []
        if self.error or self.estimates is None:
            words = t("advisor.empty") if self.error else t("advisor.thinking")
            for line in ui.wrap(words, 16, inner):
                surf.blit(ui.text(line, 16, INK_SOFT), (pad, y))
                y += ui.font(16).get_linesize()
            y += ui.s(30) if not self.error else 0  # room for the moving bar
        else:
            focus = min(self.focus_row, len(self.rows()) - 1)
            for i, e in enumerate(self.rows()):
                rect = self._draw_row(surf, ui, e, i, i == focus, y)
                row_rects.append(rect)
                y = rect.bottom + ui.s(4)
            y += ui.s(6)
            for n, reason in enumerate(self.details(self.focused())):
                for line in ui.wrap(reason, 14, inner):
                    surf.blit(ui.text(line, 14, INK if n == 0 else INK_SOFT), (pad, y))
                    y += ui.font(14).get_linesize()
            y += ui.s(6)
            for line in ui.wrap(t("advisor.keys"), 13, inner):
                surf.blit(ui.text(line, 13, INK_SOFT), (pad, y))
                y += ui.font(13).get_linesize()
        height = y + pad
        panel = pygame.Surface((width, height), pygame.SRCALPHA)
        draw_panel(panel, panel.get_rect(), ui, fill=CREAM, border=PAPER_EDGE, shadow=False)
        panel.blit(ui.text(t("advisor.title"), 19, INK, True), (pad, pad))
        hint = ui.text("H", 14, INK_SOFT, True)
        panel.blit(hint, (width - pad - hint.get_width(), pad))
        panel.blit(surf, (0, 0), pygame.Rect(0, 0, width, height))
        self._cache = (key, (panel, row_rects))
        return panel, row_rects

    def _draw_row(self, surf, ui, e, index: int, looked: bool, y: int) -> pygame.Rect:
        """One listed move at ``y``: its words (wrapped), its chance, a bar; the looked-at row highlighted, the best
        one's bar gold. Returns the row's rect."""
        width = surf.get_width()
        pct = ui.text(share(e.win), 17, INK, True)
        text_w = width - ui.s(28) - pct.get_width() - ui.s(8)
        lines = ui.wrap(self.row_label(e), 16, text_w, True)
        line_h = ui.font(16, True).get_linesize()
        row = pygame.Rect(ui.s(6), y, width - ui.s(12), len(lines) * line_h + ui.s(16))
        if looked:
            pygame.draw.rect(surf, GOLD_LIGHT, row, border_radius=ui.s(8))
            pygame.draw.rect(surf, GOLD, row, max(1, ui.s(2)), border_radius=ui.s(8))
        for n, line in enumerate(lines):
            surf.blit(ui.text(line, 16, INK, True), (row.x + ui.s(8), row.y + ui.s(3) + n * line_h))
        surf.blit(pct, (row.right - ui.s(8) - pct.get_width(), row.y + ui.s(3)))
        track = pygame.Rect(row.x + ui.s(8), row.bottom - ui.s(8), row.w - ui.s(16), ui.s(4))
        pygame.draw.rect(surf, (232, 218, 192), track, border_radius=track.h // 2)
        bar = track.copy()
        bar.w = round(track.w * e.win)
        if bar.w > 0:
            pygame.draw.rect(surf, GOLD if index == 0 else (196, 160, 110), bar, border_radius=bar.h // 2)
        return row


def free_spot(bounds, wanted, avoid, margin: int):
    """The place for a rect of ``wanted``'s size inside ``bounds`` that touches none of ``avoid`` (kept ``margin``
    apart), nearest to ``wanted``: ``wanted`` itself when it is free; None when there is no such place. The
    candidates line up with the window's edges and the pieces' edges (where free room begins)."""
    w, h = wanted.size
    inside = bounds.inflate(-2 * margin, -2 * margin)
    blocks = [pygame.Rect(r).inflate(margin, margin) for r in avoid]
    xs = {wanted.x, inside.left, inside.right - w}
    ys = {wanted.y, inside.top, inside.bottom - h}
    for r in blocks:
        xs.update((r.right + 1, r.left - w - 1))
        ys.update((r.bottom + 1, r.top - h - 1))
    best, best_d = None, None
    for x in xs:
        for y in ys:
            rect = pygame.Rect(x, y, w, h)
            if not inside.contains(rect) or rect.collidelist(blocks) >= 0:
                continue
            d = (x - wanted.x) ** 2 + (y - wanted.y) ** 2
            if best_d is None or d < best_d:
                best, best_d = rect, d
    return best


def select_button(table, move) -> bool:
    """The default choice of a listed move: the keyboard focus goes to the table's button for it (Enter or a
    click then plays it, as any focused button); False when the table has none."""
    buttons = getattr(table, "buttons", {})
    button = buttons.get(str(move))
    if button is None or not button.enabled:
        return False
    for other in buttons.values():
        other.focused = False
    button.focused = True
    same = [name for name in buttons if name.split(" ")[0] == str(move).split(" ")[0]]
    if hasattr(table, "button_focus") and len(same) > 1:  # a choice among buttons (a token to give back...)
        table.button_focus = same.index(str(move))
    if hasattr(table, "hand_focus"):
        table.hand_focus = -1
    return True


def _signed_points(points: float) -> str:
    text = points_text(points)
    return ("−" + text) if round(points) < 0 else text


def draw_advice_rects(surface, ui, rects, time_s: float, label: str = "", avoid=()) -> None:
    """A pulsing gold outline round each rect (the best move's card or button) and a small badge with ``label``,
    kept off the ``avoid`` rects (the status line just above the hand: issue 32, at 130 % the badge sat on it)."""
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
        badge = advice_badge_spot(surface.get_rect(), first, img.get_size(), ui.s(14), ui.s(6), avoid)
        pygame.draw.rect(surface, GOLD, badge, border_radius=badge.h // 2)
        surface.blit(img, img.get_rect(center=badge.center))


def advice_badge_spot(bounds, marked, text_size, pad_x: int, pad_y: int, avoid=()) -> pygame.Rect:
    """Where the badge of a marked move goes: on its top edge, else just inside it, else on its bottom edge; the
    first of these inside ``bounds`` and off every ``avoid`` rect (else the first inside ``bounds``)."""
    badge = pygame.Rect(0, 0, text_size[0] + pad_x, text_size[1] + pad_y)
    spots = [("midbottom", marked.top + pad_y), ("midtop", marked.top + pad_y), ("midtop", marked.bottom - pad_y)]
    placed = []
    for anchor, y in spots:
        spot = badge.copy()
        setattr(spot, anchor, (marked.centerx, y))
        if bounds.contains(spot):
            placed.append(spot)
            if not any(spot.colliderect(r) for r in avoid if r is not None):
                return spot
    return placed[0] if placed else spot


__all__ = ["AdvisorPanel", "advice_badge_spot", "draw_advice_rects", "free_spot", "select_button"]
