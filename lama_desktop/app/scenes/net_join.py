"""Joining a table: the tables found on this network (zeroconf, ``net/discovery.py``; with the loopback switch on,
on loopback only, or none at all where loopback carries no multicast, and the list says so), a field for
host:port typed by hand, the join code and your name (the remembered player name), Join. The join runs on a
background thread (``netplay.JoinAttempt``); its refusals are told in the player's language (wrong code, table
full, other version, host not found).

A seat kept in the profile's ``SeatBook`` (a table joined before, the app closed or crashed since) comes back: the
fields start from the most recent one, a line says the seat is kept when the typed table holds one, and Join sends
its token. A kept seat's table gone for good says so, with Try again and Give up the seat (forgets it)."""

from __future__ import annotations

import logging

import pygame

from lama_desktop.core.i18n import plural, t, t_game
from lama_desktop.app.widgets import BAD, GOLD, INK, INK_SOFT, Button, TextField, draw_panel, felt_surface
from lama_desktop.app.scenes.base import MenuScene, draw_heading
from lama_desktop.core.seat_names import refused_person_name
from lama_desktop.app import netplay
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.net.discovery import Browser
from lama_desktop.net.seatkeep import NO_ANSWER, SeatKeeper, kept_seat, table_key

log = logging.getLogger(__name__)

#: tables listed at once (the newest heard first)
SHOWN = 6


class JoinScene(MenuScene):
    name = "net-join"

    def __init__(self, browser=None):
        super().__init__()
        self.browser = browser
        self.address = ""
        self.code = ""
        self.player = ""
        self.error = ""
        self.attempt: netplay.JoinAttempt | None = None
        self.found: list = []
        self.chosen: str = ""
        self.book = None
        self.kept_here = False
        self._since = 0.0

    def enter(self):
        self.loopback = netplay.loopback_only(self.app.settings)
        self.book = self.app.storage.seat_book
        if not self.address and not self.code:  # the seat kept most recently: Join takes it back
            latest = next(iter(self._joined()), None)
            if latest is not None:
                host = f"[{latest.host}]" if ":" in latest.host else latest.host
                self.address, self.code, self.player = f"{host}:{latest.port}", latest.code, latest.name
        self.player = self.player or self.app.settings.player_name or ""
        self._note_kept()
        if self.browser is None:
            self.browser = Browser(loopback=self.loopback)
            self.browser.start()
        self.found = self.browser.tables()
        super().enter()

    def exit(self):
        if self.browser is not None:
            self.browser.close()

    # layout ----------------------------------------------------------------------------------------------------
    def layout(self, ui, size):
        w, h = size
        margin = ui.s(70)
        top, bottom = ui.s(150), h - ui.s(130)
        self.left = pygame.Rect(margin, top, int((w - 2 * margin) * 0.55), bottom - top)
        self.right = pygame.Rect(self.left.right + ui.s(36), top, w - margin - self.left.right - ui.s(36),
                                 bottom - top)
        row_h, gap = ui.s(68), ui.s(10)
        y = self.left.y + ui.s(76)
        self.list_rows = []
        room = max(1, (self.left.bottom - ui.s(24) - y) // (row_h + gap))
        for i, table in enumerate(self.found[:min(SHOWN, room)]):
            rect = pygame.Rect(self.left.x + ui.s(24), y + i * (row_h + gap), self.left.w - ui.s(48), row_h)
            self.list_rows.append((rect, table))
            self.group.add(Button("", lambda tb=table: self.choose(tb), rect=rect, name=f"table{i}",
                                  style="ghost"))
        x, inner = self.right.x + ui.s(32), self.right.w - ui.s(64)
        field_h = ui.s(52)
        caption_h = ui.font(19, True).get_linesize()
        y = self.right.y + ui.s(76)
        self.captions = []
        for name, caption, text, on_change, max_len in (
                ("address", t("common.net.address"), self.address, self._set_address, 46),
                ("code", t("common.net.code"), self.code, self._set_code, 12),
                ("player", t("common.net.your_name"), self.player, self._set_player, 16)):
            self.captions.append((caption, (x, y)))
            y += caption_h + ui.s(4)
            field = TextField(text, on_change, max_len=max_len, rect=(x, y, inner, field_h), name=name, size=24,
                              placeholder=t("common.net.address_hint") if name == "address" else "")
            self.group.add(field)
            y += field_h + ui.s(18)
        bw, bh = ui.s(260), ui.s(62)
        back = pygame.Rect(0, 0, bw, bh)
        back.bottomleft = (margin, h - ui.s(40))
        self.group.add(Button(t("common.button.back"), self.back, rect=back, name="back", hint="Esc"))
        join = pygame.Rect(0, 0, bw + ui.s(40), bh)
        join.bottomright = (w - margin, h - ui.s(40))
        self.group.add(Button(t("common.net.join_button"), self.join, style="primary", rect=join, name="join",
                              size=27, hint="Enter"))

    def content_box(self):
        box = super().content_box()
        if box is not None:
            box.union_ip(self.left)
            box.union_ip(self.right)
        return box

    # model -----------------------------------------------------------------------------------------------------
    def choose(self, table) -> None:
        """A found table: its address goes into the field; the code is still to type."""
        self.address = table.address
        self.chosen = table.key
        self.error = ""
        self._note_kept()
        for widget in self.group.widgets:
            if widget.name == "address":
                widget.text = self.address
            if widget.name == "code":
                self.group.set_focus(widget)
        self.invalidate()

    def _joined(self) -> list:
        try:
            return self.book.joined()
        except (OSError, ValueError) as error:
            log.warning("the kept seats could not be read: %s", error)
            return []

    def _note_kept(self) -> None:
        """Whether the table the fields name holds a kept seat (the line under the fields says so)."""
        try:
            host, port = netplay.parse_address(self.address)
        except ValueError:
            self.kept_here = False
            return
        code = netplay.typed_code(self.code)
        self.kept_here = bool(code) and kept_seat(self.book, host, port, code) is not None

    def _set_address(self, text: str) -> None:
        self.address, self.chosen, self.error = text, "", ""
        self._note_kept()

    def _set_code(self, text: str) -> None:
        self.code, self.error = text, ""
        self._note_kept()

    def _set_player(self, text: str) -> None:
        self.player, self.error = text, ""

    def join(self) -> None:
        if self.attempt is not None:
            return
        try:
            host, port = netplay.parse_address(self.address)
        except ValueError:
            self.error = t("common.net.error_address")
            return
        code = netplay.typed_code(self.code)
        if not code:
            self.error = t("common.net.error_no_code")
            return
        name = self.player.strip()
        if not name:
            self.error = t("common.net.error_name")
            return
        if refused_person_name(name):  # "You" / "Player 2" / "Host" would read as a placeholder on every screen
            self.error = t("common.net.error_name_made_up", name=name)
            return
        if name != self.app.settings.player_name:
            self.app.update_settings(player_name=name)
        self.error = ""
        self.attempt = netplay.JoinAttempt(host, port, code=code, name=name, settings=self.app.settings,
                                           book=self.book).start()

    def rejoin(self, seat, settings) -> None:
        """Take back a seat kept in the profile (Continue): the same join, with the seat's token."""
        self.error = ""
        self.attempt = netplay.JoinAttempt(seat.host, int(seat.port), code=seat.code, name=seat.name,
                                           token=seat.token, settings=settings).start()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.group.focused
            if focused is None or isinstance(focused, TextField):  # Enter in a field joins: the default action
                default = self.group.default_widget()
                (default.activate if default is not None else self.join)()
                return True
        return super().handle_event(event)

    def update(self, dt):
        super().update(dt)
        self._since += dt
        if self._since >= 0.5 and self.browser is not None:
            self._since = 0.0
            found = self.browser.tables()
            if [f.key for f in found] != [f.key for f in self.found] or found != self.found:
                self.found = found
                self.build()
        attempt = self.attempt
        if attempt is not None and attempt.done:
            self.attempt = None
            if attempt.client is not None:
                self.app.open_network_table(attempt.client, keeper=SeatKeeper(self.book, attempt.client))
                return
            if attempt.gone is not None:
                self.table_gone(attempt)
                return
            key, fields = attempt.error or ("common.net.error_refused", {})
            self.error = t(key, **fields)  # i18n-keys: common.net.error_*

    def table_gone(self, attempt) -> None:
        """A kept seat's table is gone for good (nothing answers there, or it no longer knows the seat): say so
        plainly; Try again, or Give up the seat (forgotten: the next Join takes a new seat), or Back."""
        address = f"{attempt.host}:{attempt.port}"
        key = "common.net.gone_no_answer" if attempt.gone == NO_ANSWER else "common.net.gone_seat_unknown"

        def give_up() -> None:
            self.book.forget(*table_key(attempt.host, attempt.port, attempt.code))
            self._note_kept()

        self.stack.push(MessageScene(t("common.net.gone_title"), t(key, address=address),
                                     [(t("common.net.try_again"), self.join, "primary"),
                                      (t("common.net.give_up"), give_up, "secondary"),
                                      (t("common.button.back"), None, "secondary")]))

    # drawing ---------------------------------------------------------------------------------------------------
    def list_note(self) -> str:
        """The line over an empty list: searching, discovery off on loopback, or discovery failed."""
        mode = self.browser.mode if self.browser is not None else "off"
        if mode == "off":
            return t("common.net.discovery_off")
        if self.browser.error:
            return t("common.net.discovery_failed")
        return t("common.net.searching_loopback") if mode == "loopback" else t("common.net.searching")

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        draw_heading(surface, ui, t("common.net.join_title"), (w // 2, ui.s(80)))
        for rect, title in ((self.left, t("common.net.found")), (self.right, t("common.net.manual"))):
            draw_panel(surface, rect, ui)
            surface.blit(ui.text_fit(title, 28, rect.w - ui.s(80), INK, True), (rect.x + ui.s(40), rect.y + ui.s(22)))
        for caption, pos in self.captions:
            surface.blit(ui.text_fit(caption, 19, self.right.w - ui.s(64), INK_SOFT, True), pos)
        if not self.list_rows:
            y = self.left.y + ui.s(90)
            for line in ui.wrap(self.list_note(), 21, self.left.w - ui.s(80), max_lines=6):
                surface.blit(ui.text(line, 21, INK_SOFT), (self.left.x + ui.s(40), y))
                y += ui.font(21).get_linesize()

    def draw_dynamic(self, surface, ui):
        if self.kept_here:
            field = next(w for w in self.group.widgets if w.name == "player")
            y = field.rect.bottom + ui.s(22)
            for line in ui.wrap(t("common.net.seat_kept"), 21, self.right.w - ui.s(64), max_lines=3):
                surface.blit(ui.text(line, 21, INK, True), (self.right.x + ui.s(32), y))
                y += ui.font(21, True).get_linesize()
        for rect, table in self.list_rows:
            self._draw_row(surface, ui, rect, table)
        if self.attempt is not None:
            self._banner(surface, ui, t("common.net.joining"), (40, 70, 64))
        elif self.error:
            self._banner(surface, ui, self.error, BAD)

    def _draw_row(self, surface, ui, rect, table) -> None:
        chosen = table.key == self.chosen
        full = not table.free  # still listed (a seat may free up), drawn as one nobody can take now
        fill = (255, 240, 200) if chosen else (236, 230, 216) if full else (250, 244, 230)
        pygame.draw.rect(surface, fill, rect, border_radius=ui.s(12))
        pygame.draw.rect(surface, GOLD if chosen else (220, 206, 178), rect, max(1, ui.s(2)), border_radius=ui.s(12))
        half = rect.w // 2
        title = ui.text_fit(t("common.net.table_of", name=table.name, game=t_game(table.game_id)), 22,
                            rect.w - ui.s(40), INK_SOFT if full and not chosen else INK, True)
        surface.blit(title, (rect.x + ui.s(18), rect.y + ui.s(8)))
        free = plural("common.net.free_seats", table.free) if table.free else t("common.net.table_full")
        detail = ui.text_fit(f"{table.address} · {free}", 18, rect.w - ui.s(40), INK_SOFT)
        surface.blit(detail, (rect.x + ui.s(18), rect.bottom - ui.s(8) - detail.get_height()))
        del half

    def _banner(self, surface, ui, text: str, color) -> None:
        """A line (or up to three, smaller) between Back and Join, centred on the buttons: a long reason wraps
        instead of being cut."""
        named = {w.name: w.rect for w in self.group.widgets if w.name in ("back", "join")}
        left = named["back"].right if "back" in named else ui.s(330)
        right = named["join"].left if "join" in named else surface.get_width() - ui.s(370)
        width = right - left - ui.s(28) - 2 * ui.s(20)  # its padding, and air on both sides
        for size in (22, 20, 18):
            lines = ui.wrap(text, size, width, bold=True, max_lines=None if size > 18 else 3)
            if len(lines) <= 2 or size == 18:
                break
        imgs = [ui.text_fit(line, size, width, (255, 236, 222), True) for line in lines]
        line_h = ui.font(size, True).get_linesize()
        rect = pygame.Rect(0, 0, max(img.get_width() for img in imgs), line_h * len(imgs))
        middle = named["join"].centery if "join" in named else surface.get_height() - ui.s(71)
        rect.center = ((left + right) // 2, middle)
        pygame.draw.rect(surface, color, rect.inflate(ui.s(28), ui.s(14)), border_radius=ui.s(12))
        for i, img in enumerate(imgs):
            surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + i * line_h)))
