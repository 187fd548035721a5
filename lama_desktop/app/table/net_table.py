"""A game's own table in a network game (``networked(TableClass)``): the same scene, drawn from a
``RemoteSession``, with what playing across computers adds on top of it:

- "Waiting for Anna (0:45)" while a person's app is away (the seconds left before a bot takes the seat over), then
  "A bot plays for Anna" until they are back (``away_lines``);
- a notice when the host is gone (``host_lost``): Try again (rejoin with the seat's token), back to the title (the
  seat stays kept) or, at a joined table, Give up the seat; a table gone for good says so; while the host has not
  dealt yet, a line saying so;
- a joined table's seat kept in the profile's ``SeatBook`` as the game goes (``keeper``: ``net.seatkeep.SeatKeeper``)
  and forgotten at its end, so a crashed or closed app takes it back;
- quick reactions: the button (F3, top left) opens a list of the fixed set (``REACTIONS``, keys 1–6), and everybody's
  show as a bubble by the player's name plate for a few seconds;
- the host's refusals of a move sent (they arrive later than a local refusal) as the usual toast;
- the results: statistics as at home; the hosting app keeps the past game (its record, with who was remote) and
  stops the host once its player leaves the results; a joined app keeps no save of its own touched.

The name plates say who plays from another computer (``seats.plate_detail``: kind ``remote``).
"""

from __future__ import annotations

import logging
import os
import time

import pygame

from lama_desktop.app import netplay
from lama_desktop.app.netplay import DEFAULT_PORT, DEFAULT_TAKEOVER, HostedTable, loopback_only, network_config
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.scenes.net_results import NetEnd
from lama_desktop.app.table.net_banner import NetBanner
from lama_desktop.app.table.net_waiting import NetWaiting
from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.app.tables import scene_type
from lama_desktop.app.widgets import INK, Button, draw_shadow
from lama_desktop.bots import levels_for, make_bot
from lama_desktop.core.gameconfig import GameConfig, SeatConfig
from lama_desktop.core.i18n import t
from lama_desktop.core.session import GameSession
from lama_desktop.net.remote_session import RemoteSession
from lama_desktop.net.seatkeep import SEAT_UNKNOWN, gone_reason

log = logging.getLogger(__name__)

#: the quick reactions, in the order of their keys 1–6 (``net.protocol.REACTION_KEYS``; words ``common.react.*``)
REACTIONS = ("nice", "oops", "well_played", "thanks", "hurry", "wow")
#: seconds a reaction's bubble shows
BUBBLE_SECONDS = 3.5
REACT_KEY = pygame.K_F3

_classes: dict[type, type] = {}


def networked(table_class: type) -> type:
    """The network game's version of ``table_class`` (made once per table class)."""
    made = _classes.get(table_class)
    if made is None:
        made = _classes[table_class] = type(f"Net{table_class.__name__}", (NetTableMixin, table_class), {})
    return made


def clock_text(seconds: float) -> str:
    """``0:45``, ``1:30``."""
    seconds = max(0, int(round(seconds)))
    return f"{seconds // 60}:{seconds % 60:02d}"


class NetTableMixin(NetWaiting, NetBanner):
    """Mixed in before a table class (``networked``): it fills the frame's overlay hooks (``overlay_event``,
    ``update_overlay``, ``draw_overlay``) and hands on to the table's own through ``super()``; before the host
    deals, the waiting table (``NetWaiting``) stands in for the game's; the banner of who is away goes where it
    covers nobody's hand (``NetBanner``)."""

    #: the ``netplay.HostedTable`` when this app hosts the game, else None
    hosted = None
    #: the ``SeatKeeper`` of a joined table's seat (None when this app hosts it)
    keeper = None
    #: a rejoin handed this table's client (and host) on to a new table: closing this one closes neither
    handed_on = False
    network = True

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.bubbles: list[tuple[int, str, float]] = []  # (seat, reaction key, time shown until)
        self.react_open = False
        self.react_buttons: list[tuple[str, pygame.Rect]] = []
        self.react_button = pygame.Rect(0, 0, 0, 0)
        self._react_list: pygame.Rect | None = None  # the open list of reactions (last drawn)
        self._status_seen = None
        self._status_at = time.monotonic()
        self.lost_shown = False

    # the frame's overlay hooks: reactions take input first, bubbles and who is away draw over everything ----------
    def update_overlay(self, dt: float) -> None:
        super().update_overlay(dt)
        session = self.session
        for outcome in session.take_refusals():
            self._toast_reason(lambda o=outcome: refusal_text(o))
        now = time.monotonic()
        for seat, key in session.take_reactions():
            if key in REACTIONS and 0 <= seat < self.n:
                self.bubbles = [b for b in self.bubbles if b[0] != seat] + [(seat, key, now + BUBBLE_SECONDS)]
        self.bubbles = [b for b in self.bubbles if b[2] > now]
        if session.status is not self._status_seen:
            self._status_seen, self._status_at = session.status, now
        if session.lost and not session.is_over and not self.lost_shown and self.stack is not None \
                and self.stack.top is self:
            self.lost_shown = True
            self.host_lost()
        if self.keeper is not None:
            self.keeper.seen(session, self.log)
        self._autoplay(dt)

    def _autoplay(self, dt: float) -> None:
        """The automation hook (``LAMA_AUTOPLAY=<bot level>``, for trying two windows against each other
        unattended): on this seat's turn, when the table is idle, a bot of that level picks a move from this
        seat's view and the table plays it as a click would (``try_move``: the real ``RemoteSession.play``)."""
        level = os.environ.get("LAMA_AUTOPLAY", "")
        if not level or not self.idle or not self.can_act() or self.stack is None or self.stack.top is not self:
            self._auto_wait = 0.0
            return
        self._auto_wait = getattr(self, "_auto_wait", 0.0) + dt
        if self._auto_wait < 0.6:
            return
        self._auto_wait = 0.0
        levels = levels_for(self.session.game_id)
        bot = make_bot(self.session.game_id, level if level in levels else levels[-1], self.session.moves_played)
        self.try_move(str(bot.choose(self.session.view(self.session.seat))), confirmed=True)  # as click + Enter

    def overlay_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == REACT_KEY:
            self.react_open = not self.react_open
            return True
        if self.react_open:
            if event.type == pygame.KEYDOWN:
                if pygame.K_1 <= event.key < pygame.K_1 + len(REACTIONS):
                    self.react(REACTIONS[event.key - pygame.K_1])
                    return True
                if event.key == pygame.K_ESCAPE:
                    self.react_open = False
                    return True
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                for key, rect in self.react_buttons:
                    if rect.collidepoint(event.pos):
                        self.react(key)
                        return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.react_button.collidepoint(event.pos):
            self.react_open = not self.react_open
            return True
        return super().overlay_event(event)

    def react(self, key: str) -> None:
        """Send a reaction (the host shows it to everybody, this app too)."""
        self.react_open = False
        try:
            self.session.send_reaction(key)
        except (OSError, RuntimeError) as error:
            log.info("the reaction could not be sent: %s", error)

    def draw_overlay(self, surface) -> None:
        super().draw_overlay(surface)
        if self.ui is None:
            return
        self._draw_bubbles(surface)
        self._draw_away(surface)
        self._draw_react(surface)

    def _plate_seat(self, seat: int):
        """The seat as its plate describes it in a network game: your own seat is "Player", another person's
        "From afar", a person's seat a bot plays for now "Bot · level"."""
        s = self.session
        shown = s.seat_shown(seat)
        if seat == s.seat:
            shown = SeatConfig(shown.name, "human")
        elif shown.kind == "remote" and s.taken_over(seat):
            shown = SeatConfig(shown.name, "bot", s.taken_over(seat))
        return shown

    # who is away --------------------------------------------------------------------------------------------------
    def away_lines(self) -> list[str]:
        """"Waiting for Anna (0:45)" for each person away, "A bot plays for Anna" once a bot took their seat."""
        session = self.session
        status = session.status
        seats = getattr(status, "seats", None) or []
        lines = []
        if not session.started:  # the waiting table says it (``NetWaiting``)
            return []
        elapsed = time.monotonic() - self._status_at
        for seat, entry in enumerate(seats):
            if seat == session.seat or entry.kind == "bot" or entry.connected:
                continue
            name = entry.name
            if session.taken_over(seat):
                lines.append(t("common.net.bot_plays_for", name=name))
            elif entry.takeover_in is not None:
                lines.append(t("common.net.waiting_for", name=name, time=clock_text(entry.takeover_in - elapsed)))
        return lines

    def _draw_away(self, surface) -> None:
        self.draw_banner(surface, self.away_lines())

    # reactions -----------------------------------------------------------------------------------------------------
    def _plate_rect(self, seat: int):
        if self.waiting():  # a bubble points at the waiting table's plate
            rect = self._waiting_plates.get(seat)
            return pygame.Rect(rect) if rect is not None else None
        rect = self.layout.get(f"seat{self.pos_of(seat)}.plate") if self.layout is not None else None
        return pygame.Rect(rect) if rect is not None else None

    def _draw_bubbles(self, surface) -> None:
        ui = self.ui
        for seat, key, _until in self.bubbles:
            plate = self._plate_rect(seat)
            if plate is None:
                continue
            text = t(f"common.react.{key}")  # i18n-keys: common.react.*
            img = ui.text_fit(text, 24, ui.s(300), INK, True)
            box, side = self._bubble_box(img.get_rect().inflate(ui.s(30), ui.s(16)), seat, plate, surface.get_rect())
            draw_shadow(surface, box, ui.s(12), ui.s(4), ui.s(4), 90)
            pygame.draw.rect(surface, (255, 250, 236), box, border_radius=ui.s(14))
            pygame.draw.rect(surface, INK, box, max(1, ui.s(2)), border_radius=ui.s(14))
            points = self._bubble_tail(box, plate, side)
            pygame.draw.polygon(surface, (255, 250, 236), points)
            pygame.draw.lines(surface, INK, False, [points[0], points[2], points[1]], max(1, ui.s(2)))
            surface.blit(img, img.get_rect(center=box.center))

    def _bubble_box(self, box: pygame.Rect, seat: int, plate: pygame.Rect, screen: pygame.Rect):
        """Where a reaction's bubble goes: a seat along the bottom, above its plate; a seat along the top, beside
        its plate (right, else left), else under its cards, wherever that covers nothing of another seat (plate,
        hand, tokens), none of its own cards, nor the pause button, the round line, the toasts showing or the
        reactions' button and list (under the toasts when they fill the place under the cards). Returns (the box, which
        side: "above", "right", "left" or "below")."""
        k = self.ui.s(16)
        if plate.top >= screen.h // 4:
            box.midbottom = (plate.centerx, plate.top - plate.h // 2 - self.ui.s(10))
            box.clamp_ip(screen)
            return box, "above"
        own = self._seat_parts(seat)
        blocked = [r for other in range(self.n) if other != seat for r in self._seat_parts(other)]
        blocked += [r for r in own if r != plate]
        menu = getattr(self.buttons.get("menu"), "rect", None)
        blocked += [pygame.Rect(r) for r in (self.react_button, self._react_list, menu, self._round_info())
                    if r is not None]
        toasts = [toast.rect for toast in self.toasts if getattr(toast, "rect", None) is not None]  # as last drawn
        blocked += toasts
        under = own[0].unionall(own[1:]).bottom if own else plate.bottom
        trial = pygame.Rect(box)
        for where in ("right", "left", "below", "under the toasts"):
            trial = pygame.Rect(box)
            if where == "right":
                trial.midleft = (plate.right + k, plate.centery)
            elif where == "left":
                trial.midright = (plate.left - k, plate.centery)
            elif where == "below":
                trial.midtop = (plate.centerx, under + k)
            else:
                trial.midtop = (plate.centerx, max([under] + [r.bottom for r in toasts]) + k)
            if screen.contains(trial) and trial.collidelist(blocked) < 0:
                return trial, "below" if where == "under the toasts" else where
        trial.clamp_ip(screen)
        return trial, "below"

    def _seat_parts(self, seat: int) -> list[pygame.Rect]:
        """What of the screen is a seat's own (``seat_rects``: plate, hand or row, tokens...); its plate alone on
        the waiting table."""
        if self.waiting():
            plate = self._plate_rect(seat)
            return [plate] if plate is not None else []
        return self.seat_rects(seat)

    def _bubble_tail(self, box, plate, side: str) -> list:
        """The bubble's tail: three points from its edge towards the plate."""
        k = self.ui.s(10)
        if side == "above":
            return [(box.centerx - k, box.bottom), (box.centerx + k, box.bottom), (box.centerx, box.bottom + k)]
        if side == "below":
            return [(box.centerx - k, box.top), (box.centerx + k, box.top), (box.centerx, box.top - k)]
        x, toward = (box.left, -k) if side == "right" else (box.right, k)
        return [(x, box.centery - k), (x, box.centery + k), (x + toward, box.centery)]

    def _round_info(self):
        return self.layout.get("round_info") if getattr(self, "layout", None) is not None else None

    def _react_anchor(self) -> pygame.Rect:
        """The reactions button: in the top left corner, under the pause button and the round line (clear of every
        seat's plate, tokens and hand)."""
        ui = self.ui
        below = [ui.s(60)]
        for rect in (getattr(self.buttons.get("menu"), "rect", None), self._round_info()):
            if rect is not None:
                below.append(pygame.Rect(rect).bottom)
        text_w = ui.font(18, True).size(t("common.net.react_button"))[0]
        return pygame.Rect(ui.s(14), max(below) + ui.s(10), text_w + ui.s(40), ui.s(40))

    def _draw_react(self, surface) -> None:
        ui = self.ui
        rect = self._react_anchor()
        self.react_button = rect
        button = Button(t("common.net.react_button"), None, rect=rect, size=18, style="secondary")
        button.draw(surface, ui)
        self.react_buttons = []
        self._react_list = None
        if not self.react_open:
            return
        x, y = rect.left, rect.bottom + ui.s(8)
        items = []
        for i, key in enumerate(REACTIONS):
            img = ui.text(f"{i + 1}  {t(f'common.react.{key}')}", 20, INK, True)
            items.append((key, img))
        width = max(img.get_width() for _k, img in items) + ui.s(36)
        height = len(items) * ui.s(40) + ui.s(12)
        panel = pygame.Rect(x, y, width, height)
        panel.clamp_ip(surface.get_rect())
        self._react_list = panel
        draw_shadow(surface, panel, ui.s(12), ui.s(5), ui.s(5), 100)
        pygame.draw.rect(surface, (255, 250, 236), panel, border_radius=ui.s(12))
        pygame.draw.rect(surface, INK, panel, max(1, ui.s(2)), border_radius=ui.s(12))
        for i, (key, img) in enumerate(items):
            row = pygame.Rect(panel.x + ui.s(6), panel.y + ui.s(6) + i * ui.s(40), panel.w - ui.s(12), ui.s(40))
            if row.collidepoint(pygame.mouse.get_pos()):
                pygame.draw.rect(surface, (246, 226, 180), row, border_radius=ui.s(8))
            surface.blit(img, img.get_rect(midleft=(row.x + ui.s(12), row.centery)))
            self.react_buttons.append((key, row))

    # a lost host ----------------------------------------------------------------------------------------------------
    def host_lost(self) -> None:
        """The connection to the host is gone: say so; Try again rejoins with the seat's token."""
        text = t("common.net.host_lost_text_host") if self.hosted is not None else t("common.net.host_lost_text")
        buttons = [(t("common.net.try_again"), self.rejoin, "primary"),
                   (t("common.results.to_title"), self._leave, "secondary")]
        if self.keeper is not None:
            buttons.insert(1, (t("common.net.give_up"), self.give_up, "secondary"))
        self.stack.push(MessageScene(t("common.net.host_lost"), text, buttons))

    def rejoin(self) -> None:
        """Join again with this seat's token: a new table from the whole position and history the host sends."""
        client = self.session.client
        try:
            client.rejoin(timeout=netplay.JOIN_TIMEOUT)
        except Exception as error:  # noqa: BLE001 - the host is still gone: say so again
            log.info("rejoining failed: %s", type(error).__name__)
            if self.keeper is not None and gone_reason(error) == SEAT_UNKNOWN:
                self.seat_gone(client)
                return
            self.lost_shown = False
            return
        scene = open_network_table(self.app, client, self.hosted, self.keeper)
        # the new table owns the host and the client now: leaving this one closes neither. Its session stays until
        # then: the message's pop resumes this table (its settings applied to its session) before the new one opens
        self.hosted = None
        self.handed_on = True
        self.app.stack.clear_to(scene)

    def seat_gone(self, client) -> None:
        """The host answers but no longer knows this seat (its game ended, another one began there): said plainly;
        Give up the seat forgets it, back to the title keeps it."""
        self.stack.push(MessageScene(t("common.net.gone_title"),
                                     t("common.net.gone_seat_unknown", address=f"{client.host}:{client.port}"),
                                     [(t("common.net.give_up"), self.give_up, "primary"),
                                      (t("common.results.to_title"), self._leave, "secondary")]))

    def give_up(self) -> None:
        """The player gives the seat up: it leaves the profile's book, and the app goes to the title."""
        if self.keeper is not None:
            self.keeper.forget()
        self._leave()

    def _leave(self) -> None:
        self.app.to_title()

    def close(self) -> None:
        if self.handed_on:
            self.session = _Handed()
        super().close()
        if self.hosted is not None and not getattr(self, "_results_keep_host", False):
            self.hosted.stop()
            self.hosted = None

    # the end -------------------------------------------------------------------------------------------------------
    def _to_results(self) -> None:
        """The table's own ending, with the app's ``game_over`` and ``end_game`` taken by
        ``net_results.NetEnd``: statistics as at home, the past game from the host's own record (with who was
        remote) on the hosting app, no save of a joined app touched; the host runs on under the results screen
        (the others see the end) until its player leaves it."""
        real, self._results_keep_host = self.app, True
        self.app = NetEnd(real, self.hosted)
        try:
            super()._to_results()
        finally:
            self.app = real


class _Handed:
    """What a table keeps of a session handed on to a new table (a rejoin): closing it closes nothing."""

    def close(self) -> None:
        pass


def open_network_table(app, client, hosted=None, keeper=None):
    """The game's own table scene, drawn from a ``RemoteSession`` fed by ``client``, with the network's extras
    (``networked``); ``keeper``: a joined seat's ``SeatKeeper``."""
    session = RemoteSession(client)
    if keeper is not None and keeper.restored_history:
        session.saved_history = keeper.restored_history  # the panel as it was: the table's restore() reads it
    config = network_config(client.welcome)
    scene = networked(scene_type(config.game_id))(session, config)
    scene.hosted = hosted
    scene.keeper = keeper
    return scene


def continue_hosted(app, saved) -> bool:
    """Continue a network table this app hosted: the ``TableHost`` again from the autosave (its code and seat
    tokens come back with it), this app rejoins its own seat, and the others rejoin with their tokens."""
    meta = saved.meta.get("hosting") if isinstance(saved.meta.get("hosting"), dict) else {}
    try:
        session = GameSession.from_save(saved, storage=app.storage, pace=app.settings.bot_pace, record_stats=False)
        config = GameConfig.from_dict(saved.meta["config"])
        seat = meta.get("seat", 0)
        port = meta.get("port", DEFAULT_PORT)
        if not (isinstance(seat, int) and 0 <= seat < config.players and isinstance(port, int)
                and 0 <= port <= 65535):
            raise ValueError("the save does not say which seat was this app's")
    except (ValueError, KeyError, TypeError) as error:
        log.exception("cannot resume the hosted table")
        app.storage.set_aside_save(f"the network game cannot be resumed ({error})", key=saved.key or None)
        return False
    loopback = loopback_only(app.settings)
    bind = meta.get("bind") if isinstance(meta.get("bind"), str) and not loopback else None
    config.seats[seat].kind = "human"
    config.seats[seat].name = session.seats[seat].name
    hosted = HostedTable(config, bind="127.0.0.1" if loopback else bind, port=port,
                         takeover_after=DEFAULT_TAKEOVER, takeover_level="medium", pace=app.settings.bot_pace,
                         loopback=loopback, storage=app.storage, settings=app.settings)
    try:
        hosted.start(session)
    except Exception as error:  # noqa: BLE001 - the port is taken, the address is gone: say so, keep the save
        log.warning("the table could not be hosted again: %s", error, exc_info=True)
        hosted.stop()
        app.stack.push(MessageScene(t("common.net.host_title"), t("common.net.error_host", port=str(port))))
        return False
    app.stack.clear_to(open_network_table(app, hosted.client, hosted))
    return True
