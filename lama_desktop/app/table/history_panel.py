"""The table's history and undo: one component every table owns (``table.history``).

History
    The table's ``LogPanel`` keeps every line of the game (``LogLine``: text, seat, move, round), grouped by round.
    It scrolls with the mouse wheel over it, by dragging it, and with Page Up / Page Down (Home / End: the first /
    newest line). The icon in its corner or F2 opens it as a full-height panel over the table (Escape, F2 or a
    click outside closes it). The history is part of the autosave (``session.meta_hook``), so Continue shows the
    same lines; it is saved again whenever the table has shown a move's events.

Undo
    With exactly one human against bots, the Undo button (or Ctrl+Z) takes the game back to the human's previous
    decision (``GameSession.undo``: the record replayed, so chance comes out the same again) unless something was
    turned up since (``GameSession.undo_status``, which asks the engine's ``GameSpec.reveals``): then the button is
    disabled and hovering it says why. The table is opened again on the session's save, like Continue. The game is
    then practice: counted apart in the statistics.
"""

from __future__ import annotations

import logging

import pygame

from lama_desktop.core.i18n import t
from lama_desktop.app.widgets import Button
from lama_desktop.app.table.log_panel import expand_icon_rect
from lama_desktop.app.tables import open_table
from lama_desktop.savefile import SavedGame

log = logging.getLogger("lama_desktop.history")

TOGGLE_KEY = pygame.K_F2
#: rows one wheel notch or arrow key scrolls
WHEEL_ROWS = 3


class HistoryPanel:
    def __init__(self, table):
        self.table = table
        self.expanded = False
        self.undo_button = Button(t("history.undo"), self.undo, style="secondary", size=15, name="undo")
        self._drag: tuple[int, int] | None = None  # (y where the drag started, scroll then)
        self._saved_version = -1
        self._status_key = None
        self._status = (None, "hotseat", "")
        self._pointer = (-1, -1)  # where the pointer was last seen (the wheel scrolls what is under it)
        self._shade_kept: tuple | None = None  # (window size, the veil over the table while the history is open)
        table.session.meta_hook = self._save_notes

    # -- state --------------------------------------------------------------------------------------------------
    @property
    def log(self):
        return self.table.log

    def restore(self) -> bool:
        """Take back the history the save held (Continue, or after an undo). False when there was none to take."""
        saved = getattr(self.table.session, "saved_history", None)
        if saved is None:
            return False
        self.table.session.saved_history = None
        if not self.log.load(saved):
            log.warning("the save's history is damaged: starting a new one (the save as it was is kept aside)")
            self.table.session.lost_part("history")
            return False
        self._saved_version = self.log.version
        return True

    def _save_notes(self) -> dict:
        return {"history": self.log.to_dict()}

    def offered(self) -> bool:
        """Undo is offered at all: one human against bots (never in hot-seat, a network game, a replay or a
        lesson). A network game has no undo at all: no button (Ctrl+Z says why)."""
        session = self.table.session
        return (len(session.human_seats) == 1 and not getattr(session, "frozen", False)
                and getattr(session, "lesson", None) is None and not getattr(self.table, "network", False))

    def status(self) -> tuple[int | None, str, str]:
        session = self.table.session
        key = (session.moves_played, session.is_over)
        if key != self._status_key:
            self._status_key = key
            self._status = session.undo_status()
        return self._status

    def can_undo(self) -> bool:
        return self.offered() and self.status()[0] is not None and not getattr(self.table, "modal", False)

    def tip(self) -> str:
        """The Undo button's one tooltip: what it does (and its key) while it can, else why not now."""
        return t("tooltips.button.undo") if self.can_undo() else self.reason()

    def reason(self) -> str:
        if self.can_undo():
            return t("history.undo_tip")
        _target, why, detail = self.status()
        if why == "revealed":
            return t("history.undo_revealed", what=t(f"history.revealed.{detail}"))  # i18n-keys: history.revealed.*
        return t(f"history.undo_{why}") if why else ""  # i18n-keys: history.undo_*

    # -- actions ------------------------------------------------------------------------------------------------
    def undo(self) -> None:
        if not self.can_undo():
            self.table._toast_reason(self.reason())
            return
        table = self.table
        session = table.session
        kept = session.undo()
        self.log.cut_at_move(kept)
        saved = SavedGame(session.record, None, session.meta())  # reopened from its record, replayed as after undo
        config = table._results_config()
        table.close()
        scene = open_table(table.app, config, saved)
        table.app.stack.replace(scene)

    def toggle(self) -> None:
        self.expanded = not self.expanded
        self._drag = None

    # -- frame --------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        table = self.table
        self.log.viewer = table.viewer
        ui, rect = getattr(table, "ui", None), self._log_rect()
        shown = self.offered() and not table.session.is_over and ui is not None and rect is not None
        self.log.reserve = self._undo_rect(ui, rect).w + ui.s(8) if shown else 0
        if self.log.version != self._saved_version and table.idle:
            self._saved_version = self.log.version
            if not table.session.is_over and not getattr(table.session, "frozen", False):
                table.session.autosave()  # the lines of the move just shown go into the save

    def _log_rect(self):
        if not getattr(self.table, "log_shown", True):  # no box of its own: nothing of it to draw or click
            return None
        try:
            return pygame.Rect(self.table._log_rect())
        except (AttributeError, KeyError, TypeError):
            return None

    def panel_rect(self) -> pygame.Rect:
        w, h = self.table.app.size
        ui = self.table.ui
        width = min(w - ui.s(40), max(ui.s(620), w * 2 // 5))
        return pygame.Rect(w - width - ui.s(20), ui.s(20), width, h - ui.s(40))

    def _undo_rect(self, ui, log_rect) -> pygame.Rect:
        """The Undo button: a small one in the history's header, left of its enlarge icon."""
        text_w = ui.font(15).size(t("history.undo"))[0]
        # no taller than the header's line (the rows of the history start right under it)
        bw, bh = text_w + ui.s(24), ui.font(15, True).get_height() + ui.s(6)
        return pygame.Rect(log_rect.right - ui.s(44) - bw, log_rect.top + ui.s(4), bw, bh)

    def handle_event(self, event) -> bool:
        """Scrolling, enlarging, undo; True when the event was the history's."""
        ui = getattr(self.table, "ui", None)
        rect = self._log_rect()
        if ui is None or rect is None:
            return False
        if self.expanded:
            return self._expanded_event(event, ui)
        if event.type == pygame.KEYDOWN:
            if event.key == TOGGLE_KEY:
                self.toggle()
                return True
            if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and (
                    self.offered() or getattr(self.table, "network", False)):
                self.undo()  # in a network game: the reason, as a toast
                return True
            return self.scroll_event(event, rect, ui)
        if event.type == pygame.MOUSEMOTION:
            self.undo_button.hovered = self.undo_button.enabled and self.undo_button.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.offered() and self.undo_button.rect.collidepoint(event.pos):
                self.undo_button.pressed = self.undo_button.enabled
                if not self.undo_button.enabled:
                    self.table._toast_reason(self.reason())
                return True
            if expand_icon_rect(ui, rect).collidepoint(event.pos):
                self.toggle()
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.undo_button.pressed:
            self.undo_button.pressed = False
            if self.undo_button.rect.collidepoint(event.pos):
                self.undo()
            return True
        return self.scroll_event(event, rect, ui)

    def scroll_event(self, event, rect, ui) -> bool:
        """Scroll the history shown in ``rect`` (window coordinates; the table's log, or the replay viewer's
        history beside its table): the wheel over it, a drag started in it, Page Up / Page Down. True when the
        event was one of those."""
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self._scroll_rows(ui, rect, event.key)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            pos = self._pointer if self._pointer != (-1, -1) else pygame.mouse.get_pos()
            if rect.collidepoint(pos):
                self.log.scroll_by(WHEEL_ROWS * event.y)
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            self._pointer = tuple(event.pos)
            if self._drag is not None:
                self._drag_to(event.pos, ui)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and rect.collidepoint(event.pos):
            self._drag = (event.pos[1], self.log.scroll)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    def _drag_to(self, pos, ui) -> None:
        """Dragging the history down shows older lines, a row per line height moved."""
        y0, scroll0 = self._drag
        self.log.scroll_to(scroll0 + (pos[1] - y0) // max(1, ui.font(17).get_linesize()))

    def _scroll_rows(self, ui, rect, key) -> None:
        rows = max(1, self.log.room(ui, rect.h, ui.s(30)) - 1)
        self.log.scroll_by(rows if key == pygame.K_PAGEUP else -rows)

    def _expanded_event(self, event, ui) -> bool:
        panel = self.panel_rect()
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, TOGGLE_KEY):
                self.toggle()
            elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self._scroll_rows(ui, panel, key)
            elif key in (pygame.K_UP, pygame.K_DOWN):
                self.log.scroll_by(1 if key == pygame.K_UP else -1)
            elif key == pygame.K_HOME:
                self.log.scroll_by(10 ** 6)
            elif key == pygame.K_END:
                self.log.to_newest()
            return True  # the table waits under the open history
        if event.type == pygame.MOUSEWHEEL:
            self.log.scroll_by(WHEEL_ROWS * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not panel.collidepoint(event.pos) or expand_icon_rect(ui, panel).collidepoint(event.pos):
                self.toggle()
            else:
                self._drag = (event.pos[1], self.log.scroll)
            return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            self._drag_to(event.pos, ui)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self._drag = None
            return True
        return event.type == pygame.MOUSEMOTION

    # -- drawing ------------------------------------------------------------------------------------------------
    def _shade(self, size) -> pygame.Surface:
        """The veil over the table while the history is open: made once per window size (a window-sized picture
        made and filled every frame cost as much as its blit)."""
        kept = self._shade_kept
        if kept is None or kept[0] != tuple(size):
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 120))
            kept = self._shade_kept = (tuple(size), shade)
        return kept[1]

    def draw(self, surface) -> None:
        ui = getattr(self.table, "ui", None)
        rect = self._log_rect()
        if ui is None or rect is None:
            return
        if self.offered() and not self.table.session.is_over:
            button = self.undo_button
            button.text = t("history.undo")
            button.rect = self._undo_rect(ui, rect)
            button.enabled = self.can_undo()
            button.draw(surface, ui)  # its tip (what it does, or why not now) is the table's one tooltip
        if self.expanded:
            surface.blit(self._shade(surface.get_size()), (0, 0))
            panel = self.panel_rect()
            self.log.draw(surface, panel, ui, t("history.title"), expanded=True)
            hint = ui.text(t("history.close_hint"), 14, (196, 226, 214))
            surface.blit(hint, hint.get_rect(bottomright=(panel.right - ui.s(16), panel.bottom - ui.s(8))))
