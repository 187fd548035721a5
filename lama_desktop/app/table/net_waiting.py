"""A joined table before the host deals: a waiting table, not a game.

The host has dealt in its own session when the lobby opens, and its Welcome carries the seat's view; but until it
presses Start (``Status.started``) nobody plays. A guest's table then shows who sits where (the plates, names in the
guest's language), "Waiting for the host to start the game", and nothing to press but Leave and Say (the reactions'
button, drawn by the network overlay): no hand, no "your turn", no move button, no advisor, no history box, no
toast, no tooltip over pieces that are not there. ``RemoteSession`` agrees (nobody to move, no move taken, until the
start), so no key or click can reach a move either. Once the host starts, the game's own table takes over.
"""

from __future__ import annotations

import pygame

from lama_desktop.app.table.seats import seat_plate
from lama_desktop.app.widgets import CREAM, Button, felt_surface
from lama_desktop.core.i18n import t

#: a waiting plate's size (reference pixels) and the gap between plates
PLATE_W, PLATE_H, GAP = 330, 74, 14


class NetWaiting:
    """Mixed into ``net_table.NetTableMixin``: the frame's table hooks answer for the waiting table while the
    host has not dealt (``waiting``), and hand on to the game's own table after."""

    _waiting_plates: dict = {}
    _leave_button: Button | None = None
    _waiting_felt: pygame.Surface | None = None

    def waiting(self) -> bool:
        """The host has not dealt yet (a guest's table in the lobby)."""
        session = self.session
        return not getattr(session, "started", True) and not session.is_over

    # the frame's hooks ---------------------------------------------------------------------------------------------
    def draw_table(self, surface) -> None:
        if not self.waiting():
            super().draw_table(surface)
            return
        size = surface.get_size()
        if self.ui is None or getattr(self, "_waiting_size", None) != size:  # the table's ui, buttons, layout
            self._build(size)
            self._waiting_size = size
        self._draw_waiting(surface)

    def handle_table_event(self, event) -> bool:
        if not self.waiting():
            return super().handle_table_event(event)
        button = self._leave_button
        if button is not None and event.type == pygame.MOUSEMOTION:
            button.hovered = button.rect.collidepoint(event.pos)
        if button is not None and event.type == pygame.MOUSEBUTTONUP and event.button == 1 \
                and button.rect.collidepoint(event.pos):
            button.activate()
        elif button is not None and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                                                  pygame.K_KP_ENTER):
            button.activate()
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.MOUSEWHEEL)

    def _panels_event(self, event) -> bool:
        return False if self.waiting() else super()._panels_event(event)

    def _draw_panels(self, surface) -> None:
        if not self.waiting():
            super()._draw_panels(surface)

    def _draw_toasts(self, surface) -> None:
        """No toast over the waiting table (the game's "Round 1" would land on the plates)."""
        if not self.waiting():
            super()._draw_toasts(surface)

    def _update_tooltip(self, dt: float) -> None:
        if self.waiting():
            self.tooltip.hide()
            return
        super()._update_tooltip(dt)

    # the picture ---------------------------------------------------------------------------------------------------
    def waiting_rects(self, size) -> tuple[dict, pygame.Rect, list[pygame.Rect]]:
        """Where the waiting table puts things for a window of ``size``: each seat's plate, the Leave button, the
        title's and the note's lines (one column of plates, two when they would not fit)."""
        ui, (w, h) = self.ui, size
        pw, ph, gap = ui.s(PLATE_W), ui.s(PLATE_H), ui.s(GAP)
        title_h, note_h = ui.font(34, True).get_linesize(), ui.font(20).get_linesize()
        top = max(ui.s(110), h // 6)
        lines = [pygame.Rect(0, top, w, title_h), pygame.Rect(0, top + title_h + ui.s(6), w, note_h)]
        y0 = lines[1].bottom + ui.s(28)
        room = h - y0 - ui.s(120)
        columns = 1 if self.n * (ph + gap) <= room else 2
        rows = -(-self.n // columns)
        left = w // 2 - (columns * pw + (columns - 1) * gap) // 2
        plates = {}
        for seat in range(self.n):
            pos = (seat - self.session.seat) % self.n  # your own seat first, then clockwise, as round the table
            col, row = (0, pos) if columns == 1 else (pos % 2, pos // 2)
            plates[seat] = pygame.Rect(left + col * (pw + gap), y0 + row * (ph + gap), pw, ph)
        bottom = y0 + rows * (ph + gap)
        leave_w = max(ui.s(240), ui.font(24, True).size(t("common.net.leave_table"))[0] + ui.s(60))
        leave = pygame.Rect(0, 0, leave_w, ui.s(56))
        leave.midtop = (w // 2, bottom + ui.s(12))
        return plates, leave, lines

    def _draw_waiting(self, surface) -> None:
        ui, size = self.ui, surface.get_size()
        if self._waiting_felt is None or self._waiting_felt.get_size() != size:
            self._waiting_felt = felt_surface(size)
        surface.blit(self._waiting_felt, (0, 0))
        plates, leave, (title_line, note_line) = self.waiting_rects(size)
        self._waiting_plates = plates
        title = ui.text_fit(t("common.net.not_started"), 34, size[0] - ui.s(80), CREAM, True)
        surface.blit(title, title.get_rect(center=title_line.center))
        note = ui.text_fit(t("common.net.not_started_note"), 20, size[0] - ui.s(80), (214, 234, 226))
        surface.blit(note, note.get_rect(center=note_line.center))
        for seat, rect in plates.items():
            plate = seat_plate(ui, rect.size, seat, self._plate_seat(seat), 0, lit=False)
            pad = (plate.get_width() - rect.w) // 2
            surface.blit(plate, (rect.x - pad, rect.y - pad))
        button = self._leave_button
        if button is None or button.text != t("common.net.leave_table"):
            button = self._leave_button = Button(t("common.net.leave_table"), self._leave, style="secondary",
                                                 size=24, name="leave")
        button.rect = leave
        button.draw(surface, ui)
