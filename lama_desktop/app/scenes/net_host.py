"""Hosting a table: the setup screen's look (game, variants, seats) where a seat is you, an open seat (a person
who joins from another computer) or a bot of any level, with a strip for the network (where to listen, the port,
after how long and by which bot a player who dropped out is replaced); then the lobby (``LobbyScene``): who has
joined each seat (live), the addresses and port to join at, the join code in large type (Copy), Start once every
open seat is taken or Start with bots in the seats still empty, and Cancel.
"""

from __future__ import annotations

import logging

import pygame

from lama_desktop.bots import levels_for
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import plural, t, t_game
from lama_desktop.app.widgets import (BAD, CREAM, GOLD, GOOD, INK, INK_SOFT, Button, Cycler, TextField,
                                      blit_text_center, draw_panel, felt_surface)
from lama_desktop.app.scenes.base import MenuScene, draw_heading
from lama_desktop.app.scenes.setup import SetupScene, default_bot_names, is_default_name, numbered_name
from lama_desktop.app import netplay

log = logging.getLogger(__name__)

#: the network strip's height under the setup's panels (reference pixels)
STRIP = 118


def seat_kind_value(seat: SeatConfig) -> str:
    return {"human": "you", "remote": "remote"}.get(seat.kind, f"bot:{seat.level}")


class HostSetupScene(SetupScene):
    """The setup screen for a table others join."""

    name = "net-host"

    def __init__(self, game_id: str | None = None):
        super().__init__(game_id)
        self.listen = "all"
        self.port_text = str(netplay.DEFAULT_PORT)
        self.takeover_after = netplay.DEFAULT_TAKEOVER
        self.takeover_level = "medium"

    def enter(self):
        self.loopback = netplay.loopback_only(self.app.settings)
        if self.loopback:
            self.listen = "loopback"
        super().enter()
        self._normalize()
        if not any(s.kind == "remote" for s in self.seats) and len(self.seats) > 1:
            self.seats[1].kind, self.seats[1].name = "remote", ""  # the usual table: you and one friend, bots
        self.build()

    # model -----------------------------------------------------------------------------------------------------
    def _normalize(self) -> None:
        """One seat is you (the first human), every other person's seat is open; open seats carry no name (the
        person who joins brings theirs); your seat's default name is your remembered name or "You"."""
        mine = self.app.settings.player_name if self.app is not None else ""
        you = next((i for i, s in enumerate(self.seats) if s.kind == "human"), None)
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and i != you:
                seat.kind = "remote"
            if seat.kind == "remote":
                seat.name = ""
        if you is not None and i_default(self.seats[you].name) and you not in self.typed:
            self.seats[you].name = mine or t("common.setup.you")
        used = {s.name for s in self.seats}
        for seat in self.seats:
            if seat.is_bot and (not seat.name or is_default_name(seat.name)):
                seat.name = next((n for n in default_bot_names() if n not in used), seat.name)
                used.add(seat.name)
        levels = levels_for(self.game_id) if self.game_id else ["medium"]
        if self.takeover_level not in levels:
            self.takeover_level = "medium" if "medium" in levels else levels[-1]

    def select_game(self, game_id: str, rebuild: bool = True) -> None:
        super().select_game(game_id, rebuild=False)
        self._normalize()
        if rebuild:
            self.build()

    def set_player_count(self, count: int, rebuild: bool = True) -> None:
        super().set_player_count(count, rebuild=False)
        self._normalize()
        if rebuild:
            self.build()

    def set_kind(self, index: int, value: str) -> None:
        seat = self.seats[index]
        if value == "you":
            for other in self.seats:
                if other.kind == "human":
                    other.kind = "remote"
            seat.kind = "human"
            seat.name = ""
            self.typed.discard(index)
        elif value == "remote":
            seat.kind = "remote"
            self.typed.discard(index)
        else:
            seat.kind, seat.level = "bot", value.split(":", 1)[1]
            if not seat.name:
                seat.name = ""
        self._normalize()
        self.error = ""
        self.build()

    def validate(self) -> str:
        if sum(1 for s in self.seats if s.kind == "human") != 1:
            return t("common.net.error_one_you")
        if not any(s.kind == "remote" for s in self.seats):
            return t("common.net.error_no_open_seat")
        named = [s.name.strip().casefold() for s in self.seats if s.kind != "remote"]
        if any(not n for n in named):
            return t("common.setup.error_empty_name")
        if len(set(named)) != len(named):
            return t("common.setup.error_same_name")
        if netplay.parse_port(self.port_text) is None:
            return t("common.net.error_port_range")
        return super_validate_options(self)

    def config(self) -> GameConfig:
        config = super().config()
        for i, seat in enumerate(self.seats):  # the config's names went through the hot-seat naming: ours back
            config.seats[i] = SeatConfig(seat.name.strip() if seat.kind != "remote" else numbered_name(i),
                                         seat.kind, seat.level)
        return config

    def start(self) -> None:
        self.error = self.validate()
        if self.error:
            return
        config = self.config()
        you = next(s.name for s in config.seats if s.kind == "human")
        if you != self.app.settings.player_name and not is_default_name(you):
            self.app.update_settings(player_name=you)
        hosted = netplay.HostedTable(
            config, bind=netplay.bind_address(self.listen, self.loopback), port=netplay.parse_port(self.port_text),
            takeover_after=float(self.takeover_after), takeover_level=self.takeover_level,
            pace=self.app.settings.bot_pace, loopback=self.loopback, storage=self.app.storage,
            settings=self.app.settings)
        try:
            hosted.start()
        except (OSError, ValueError) as error:
            log.warning("the table could not be hosted: %s", error)
            hosted.stop()
            self.error = t("common.net.error_host", port=self.port_text)
            return
        self.stack.replace(LobbyScene(hosted))

    # layout ----------------------------------------------------------------------------------------------------
    def layout(self, ui, size):
        w, h = size
        strip = ui.s(STRIP)
        super().layout(ui, (w, h - strip))
        for widget in list(self.group.widgets):
            if widget.name == "learn":
                self.group.widgets.remove(widget)
            elif widget.name in ("back", "start"):
                widget.rect = widget.rect.move(0, strip)
        self._seat_widgets(ui)
        self.hint_lines = ui.wrap(t("common.net.seats_hint"), 19, self.right.w - ui.s(80))
        self.net_panel = pygame.Rect(self.left.x, self.left.bottom + ui.s(20), self.right.right - self.left.x,
                                     strip - ui.s(12))
        self._net_widgets(ui)

    def _seat_widgets(self, ui) -> None:
        levels = levels_for(self.game_id)
        kinds = [("you", t("common.net.seat_you")), ("remote", t("common.net.seat_open"))] + [
            (f"bot:{level}", t("common.setup.bot", level=t(f"common.levels.{level}"))) for level in levels]
        for widget in self.group.widgets:
            if widget.name.startswith("kind"):
                seat = self.seats[int(widget.name[4:])]
                widget.set_options(kinds, seat_kind_value(seat))
            elif widget.name.startswith("name"):
                seat = self.seats[int(widget.name[4:])]
                if seat.kind == "remote":
                    widget.enabled, widget.text = False, ""
                    widget.placeholder = t("common.net.open_seat")
            elif widget.name == "start":
                widget.text = t("common.net.open_table")

    def _net_widgets(self, ui) -> None:
        panel = self.net_panel
        pad = ui.s(24)
        caption_h = ui.font(18, True).get_linesize()
        row_y, row_h = panel.y + ui.s(12) + caption_h + ui.s(4), panel.bottom - ui.s(12) - (
            panel.y + ui.s(12) + caption_h + ui.s(4))
        inner = panel.w - 2 * pad
        gap = ui.s(18)
        widths = [0.30, 0.14, 0.26, 0.30]
        free = inner - gap * (len(widths) - 1)
        x = panel.x + pad
        self.net_cells = []
        listen = [("all", t("common.net.listen_all")), ("loopback", t("common.net.listen_loopback"))]
        levels = levels_for(self.game_id)
        cells = [
            (t("common.net.listen"), Cycler("", listen if not self.loopback else listen[1:], self.listen,
                                             self._set_listen, name="listen", size=22, enabled=not self.loopback)),
            (t("common.net.port"), TextField(self.port_text, self._set_port, max_len=5, name="port", size=22)),
            (t("common.net.takeover_after"),
             Cycler("", [(s, plural("common.net.seconds", s)) for s in netplay.TAKEOVER_DELAYS],
                    self.takeover_after, self._set_takeover, wrap=False, name="takeover", size=22)),
            (t("common.net.takeover_level"),
             Cycler("", [(lv, t("common.setup.bot", level=t(f"common.levels.{lv}"))) for lv in levels],
                    self.takeover_level, self._set_takeover_level, name="takeover_level", size=22)),
        ]
        for fraction, (caption, widget) in zip(widths, cells, strict=True):
            width = int(free * fraction)
            widget.rect = pygame.Rect(x, row_y, width, row_h)
            self.net_cells.append((caption, pygame.Rect(x, panel.y + ui.s(12), width, caption_h)))
            self.group.add(widget)
            x += width + gap

    def _set_listen(self, value) -> None:
        self.listen = value

    def _set_port(self, text: str) -> None:
        self.port_text = "".join(c for c in text if c.isdigit())
        self.error = ""

    def _set_takeover(self, value) -> None:
        self.takeover_after = value

    def _set_takeover_level(self, value) -> None:
        self.takeover_level = value

    def content_box(self):
        """The setup's panels and widgets (its own checks: the seats' hint inside the right panel, the rules'
        rows inside the left one) and the network strip."""
        box = MenuScene.content_box(self)
        if box is None:
            return None
        ui = self.ui
        box.union_ip(self.net_panel)
        if self.seat_rows:
            line_h = ui.font(19).get_linesize()
            needed = self.seat_rows[-1].bottom + ui.s(24) + len(self.hint_lines) * line_h + ui.s(20)
            box.h += max(0, needed - self.right.bottom)
        inside = [w.rect.bottom for w in self.group.widgets
                  if w.name == "game" or w.name == "dealer" or w.name.startswith("variant-")]
        if inside:
            box.h += max(0, max(inside) + ui.s(30) - self.left.bottom)
        return box

    def draw_static(self, surface, ui):
        super().draw_static(surface, ui)
        # the heading says what this setup is for
        w = surface.get_width()
        band = pygame.Rect(0, ui.s(40), w, ui.s(80))
        surface.blit(felt_surface(surface.get_size()), band, band)
        draw_heading(surface, ui, t("common.net.host_title"), (w // 2, ui.s(80)))
        draw_panel(surface, self.net_panel, ui)
        for caption, rect in self.net_cells:
            img = ui.text_fit(caption, 18, rect.w, INK_SOFT, True)
            surface.blit(img, rect.topleft)
        if self.loopback:  # why "Listen on" offers this computer alone
            note = ui.text_fit(t("common.net.loopback_note"), 17, w - ui.s(140), (214, 234, 226))
            surface.blit(note, note.get_rect(midtop=(w // 2, ui.s(80) + ui.font(54, True).get_linesize() // 2)))
        for i, rect in enumerate(self.seat_rows):
            if self.seats[i].kind == "remote":  # an open seat's badge: the colour of a person still to come
                c = (rect.x + ui.s(26), rect.centery)
                pygame.draw.circle(surface, (236, 226, 200), c, ui.s(22))
                pygame.draw.circle(surface, INK, c, ui.s(22), max(1, ui.s(2)))
                blit_text_center(surface, ui.text(str(i + 1), 22, INK, bold=True), c)


def i_default(name: str) -> bool:
    return not name.strip() or is_default_name(name)


def super_validate_options(scene: SetupScene) -> str:
    try:
        scene.spec.check_options(len(scene.seats), scene.variants)
    except ValueError as error:
        return t("common.setup.error_variants", reason=str(error))
    return ""


class LobbyScene(MenuScene):
    """Who has joined, where to join, the code, Start."""

    name = "net-lobby"

    def __init__(self, hosted):
        super().__init__()
        self.hosted = hosted
        self.seats: list[dict] = []
        self.copied = 0.0
        self.poll_every = 0.2
        self._since = 0.0
        self.started = False

    def enter(self):
        self.seats = self.hosted.seats()
        super().enter()

    def exit(self):
        if not self.started:
            self.hosted.stop()

    @property
    def empty(self) -> list[int]:
        """The open seats nobody has joined yet."""
        return [i for i, s in enumerate(self.seats) if s["kind"] == "remote" and not s["connected"]]

    def layout(self, ui, size):
        w, h = size
        margin = ui.s(70)
        top, bottom = ui.s(150), h - ui.s(130)
        self.left = pygame.Rect(margin, top, int((w - 2 * margin) * 0.52), bottom - top)
        self.right = pygame.Rect(self.left.right + ui.s(36), top, w - margin - self.left.right - ui.s(36),
                                 bottom - top)
        n = max(1, len(self.seats))
        self.row_h = max(ui.s(40), min(ui.s(62), (self.left.h - ui.s(90)) // n - ui.s(8)))
        self.rows = [pygame.Rect(self.left.x + ui.s(24), self.left.y + ui.s(76) + i * (self.row_h + ui.s(8)),
                                 self.left.w - ui.s(48), self.row_h) for i in range(len(self.seats))]
        self.code_rect = pygame.Rect(self.right.x + ui.s(24), self.right.y + ui.s(76), self.right.w - ui.s(48),
                                     ui.s(120))
        copy = pygame.Rect(0, 0, ui.s(160), ui.s(48))
        copy.midtop = (self.code_rect.centerx, self.code_rect.bottom + ui.s(10))
        self.group.add(Button(t("common.net.copy"), self.copy_code, rect=copy, name="copy", size=21))
        bw, bh = ui.s(260), ui.s(62)
        cancel = pygame.Rect(0, 0, bw, bh)
        cancel.bottomleft = (margin, h - ui.s(40))
        self.group.add(Button(t("common.button.cancel"), self.cancel, rect=cancel, name="cancel", hint="Esc"))
        start = pygame.Rect(0, 0, bw + ui.s(40), bh)
        start.bottomright = (w - margin, h - ui.s(40))
        self.group.add(Button(t("common.net.start"), lambda: self.start(False), style="primary", rect=start,
                              name="start", size=26, enabled=not self.empty))
        if self.empty:  # once every seat is taken, Start alone
            bots = pygame.Rect(0, 0, min(ui.s(460), start.left - cancel.right - ui.s(48)), bh)
            bots.midbottom = ((cancel.right + start.left) // 2, h - ui.s(40))
            self.group.add(Button(plural("common.net.start_with_bots", len(self.empty)), lambda: self.start(True),
                                  rect=bots, name="start_bots", size=21))
        self.group.on_back = self.cancel

    def copy_code(self) -> None:
        try:
            pygame.scrap.init()
            pygame.scrap.put_text(self.hosted.code)
        except (pygame.error, AttributeError) as error:  # no clipboard (a dummy display): the code stays readable
            log.info("the code could not be copied: %s", error)
        self.copied = 2.0

    def cancel(self) -> None:
        self.app.to_title()

    def start(self, bots_for_empty: bool) -> None:
        if self.empty and not bots_for_empty:
            return
        self.hosted.start_game(bots_for_empty)
        self.started = True
        self.app.open_network_table(self.hosted.client, self.hosted)

    def update(self, dt):
        super().update(dt)
        self.copied = max(0.0, self.copied - dt)
        self._since += dt
        if self._since >= self.poll_every:
            self._since = 0.0
            seats = self.hosted.seats()
            if seats and seats != self.seats:
                self.seats = seats
                if self.hosted.advert is not None:
                    self.hosted.advert.update(len(self.empty))
                self.build()

    def seat_line(self, i: int) -> tuple[str, str, tuple]:
        """(name, what the seat is now, colour of the state) of seat ``i``."""
        seat = self.seats[i]
        if seat["kind"] == "you":
            return seat["name"], t("common.net.seat_is_you"), GOOD
        if seat["kind"] == "bot":
            return seat["name"], t("common.setup.bot", level=t(f"common.levels.{seat.get('level', 'medium')}")), \
                INK_SOFT
        if seat["connected"]:
            return seat["name"], t("common.net.seat_joined"), GOOD
        return t("common.net.open_seat"), t("common.net.seat_waiting"), BAD

    def draw_static(self, surface, ui):
        w, h = surface.get_size()
        surface.blit(felt_surface((w, h)), (0, 0))
        game = t_game(self.hosted.config.game_id)
        draw_heading(surface, ui, t("common.net.lobby_title", game=game), (w // 2, ui.s(80)))
        for rect, title in ((self.left, t("common.net.lobby_seats")), (self.right, t("common.net.lobby_join"))):
            draw_panel(surface, rect, ui)
            surface.blit(ui.text_fit(title, 28, rect.w - ui.s(80), INK, True), (rect.x + ui.s(40), rect.y + ui.s(22)))
        for i, rect in enumerate(self.rows):
            name, state, color = self.seat_line(i)
            pygame.draw.rect(surface, (250, 244, 230), rect, border_radius=ui.s(12))
            c = (rect.x + ui.s(28), rect.centery)
            pygame.draw.circle(surface, GOLD if self.seats[i]["kind"] != "bot" else (170, 196, 190), c, ui.s(20))
            pygame.draw.circle(surface, INK, c, ui.s(20), max(1, ui.s(2)))
            blit_text_center(surface, ui.text(str(i + 1), 21, INK, bold=True), c)
            half = (rect.w - ui.s(70)) // 2
            surface.blit(ui.text_fit(name, 23, half - ui.s(10), INK, True),
                         ui.text_fit(name, 23, half, INK, True).get_rect(midleft=(rect.x + ui.s(60), rect.centery)))
            img = ui.text_fit(state, 20, half, color, True)
            surface.blit(img, img.get_rect(midright=(rect.right - ui.s(16), rect.centery)))
        width = self.left.w - ui.s(80)
        lines = ui.wrap(t("common.net.lobby_start_hint"), 18, width, max_lines=3)
        y = self.left.bottom - ui.s(24) - len(lines) * ui.font(18).get_linesize()
        if not self.rows or y > self.rows[-1].bottom + ui.s(12):
            for line in lines:
                surface.blit(ui.text(line, 18, INK_SOFT), (self.left.x + ui.s(40), y))
                y += ui.font(18).get_linesize()
        self._draw_join_info(surface, ui)

    def _draw_join_info(self, surface, ui) -> None:
        box = self.code_rect
        label = ui.text_fit(t("common.net.code_label"), 20, box.w, INK_SOFT, True)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.y - ui.s(4))))
        code_box = pygame.Rect(box.x, box.y + label.get_height() + ui.s(4), box.w, box.h - label.get_height() - ui.s(4))
        pygame.draw.rect(surface, INK, code_box, border_radius=ui.s(14))
        code = ui.text_fit(netplay.spaced_code(self.hosted.code), 64, code_box.w - ui.s(24), CREAM, True)
        blit_text_center(surface, code, code_box.center)
        y = box.bottom + ui.s(76)
        width = self.right.w - ui.s(64)
        head = ui.text_fit(t("common.net.addresses"), 20, width, INK_SOFT, True)
        surface.blit(head, (self.right.x + ui.s(32), y))
        y += head.get_height() + ui.s(6)
        port = self.hosted.port
        addresses = netplay.local_addresses(self.hosted.bind is not None)
        line_h = ui.font(26, True).get_linesize()
        room = max(1, (self.right.bottom - ui.s(110) - y) // line_h)
        for address in addresses[:room]:
            shown = f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
            img = ui.text_fit(shown, 26, width, INK, True)
            surface.blit(img, (self.right.x + ui.s(32), y))
            y += line_h
        y = max(y + ui.s(10), self.right.bottom - ui.s(100))
        for line in ui.wrap(t("common.net.lobby_hint"), 18, width, max_lines=4):
            surface.blit(ui.text(line, 18, INK_SOFT), (self.right.x + ui.s(32), y))
            y += ui.font(18).get_linesize()

    def draw_dynamic(self, surface, ui):
        if self.copied > 0:
            img = ui.text(t("common.net.copied"), 20, GOOD, bold=True)
            copy = next(w for w in self.group.widgets if w.name == "copy")
            surface.blit(img, img.get_rect(midleft=(copy.rect.right + ui.s(14), copy.rect.centery)))
