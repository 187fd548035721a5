"""The Llama Land table (game id ``llama-land``).

Data flows one way: a click or key becomes a step (``build T r1 - 2 3``, ``foundation 1 1``, ``hut 2``,
``feed corn 2``, ``llama 0 3``, ``marker 4 0``, ``use 6 coin``, ``end``) → ``session.play(step)`` (the engine
validates it; a refusal shows its reason) → the events become log lines, toasts and a tile dropping onto its
domain; the table then redraws from the engine's public dict (``view.to_dict()``). Bots move through
``session.poll(busy)``: one step at a time, paced by the settings, so a bot's turn is shown step by step.

The picture: the middle of the table across the top (the five terrain stacks with their top tiles and counts, the
three llama-card columns, the character row and deck, the supply), the objectives on the right, the domain of the
player to move large on the left (2:1 isometric: every level raised and shaded, icons on the top faces, llamas
standing on their cells, foundations as grey stone), every player's panel with a small domain (click one to
inspect that domain), the log and the action buttons.

Placing a tile (mouse): pick a stack (click it), the tile follows the mouse over the domain snapped to the grid;
right click turns it, the buttons turn and mirror it; the spots where the current orientation fits are marked
(blue: extension, green: build; a legend says so) and the tile in hand previews in the same colour with what a
build would bring; elsewhere it is a faint outline and the status line says why it does not fit; a click places
it. Foundations: the Foundation button (or F) then click cells. The domain is drawn as large as its panel allows;
the wheel or + / − zoom, a drag or Shift+arrows move the view, 0 fits it again.
Keyboard: arrows move the cursor, 1–5 or Tab choose the stack, R / Shift+R rotate, M mirror, N / Shift+N walk
over every placement of the tile (every orientation, extensions and builds, nearest first), F foundation mode,
Enter confirms, C characters, E end the turn, K markers (after an extension), V looks at the next player's domain,
Esc the pause menu. Hot-seat needs no privacy screen: everything is open information.
"""

from __future__ import annotations

import copy
import logging
import math
import random

import pygame

from lama_desktop.app import art
from lama_desktop.app.gameconfig import GameConfig, GameResults, SeatConfig
from lama_desktop.app.i18n import about, language, percent, plural, t
from lama_desktop.app.i18n import winners as winners_text
from lama_desktop.games.llama_land import iso
from lama_desktop.games.llama_land.iso import SPOT_COLORS, IsoFrame, cells_in_front, domain_heights, domain_signature, draw_cell, draw_ghost, max_height, render_domain
from lama_desktop.games.llama_land.pieces import CREAM, CROP_COLORS, INK_SOFT, PAPER_EDGE, character_card, flat_tile, icon, llama_card, objective_card, space_centers
from lama_desktop.games.llama_land.placement import Placer
from lama_desktop.app.scene import Scene
from lama_desktop.app.session import GameSession
from lama_desktop.app.table.advisor_panel import AdvisorPanel
from lama_desktop.app.table.history_panel import HistoryPanel
from lama_desktop.app.table.scene_base import TableScene, advice_anchor, open_session
from lama_desktop.app.table.seats import level_text, seat_portrait
from lama_desktop.app.table.pieces import GOLD, INK, LazyJoin, LogPanel, Toast, draw_toasts, finish, lazy
from lama_desktop.app.table.tooltip import Tip, Tooltip
from lama_desktop.app.table.tween import Tweener
from lama_desktop.app.table.layout import table_ui_scale
from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.app.widgets import UI, Button, draw_panel, felt_surface
from lama_desktop.games.llama_land.engine.state import SHAPES
from lama_desktop.games.llama_land.engine.state import D as LAND_DATA

log = logging.getLogger("lama_desktop.table")

CROPS = ("corn", "cacao", "potato")
REF_W, REF_H = 1600, 900
DROP_TIME = 0.32
#: seconds a bot's domain stays in view after its tile or llama lands (before the animation-speed setting)
HOLD_TIME = 0.9
#: the zoom steps of the big domain (1 = as large as its panel allows)
ZOOMS = (0.6, 0.8, 1.0, 1.25, 1.6, 2.0, 2.5, 3.0)
#: pixels the pointer moves with the button down before a press on the domain becomes a drag of the view
DRAG_SLOP = 6


class LlamaLandTableScene(TableScene):
    name = "llama_land_table"
    refusal_seconds = 2.8

    def __init__(self, session: GameSession, config: GameConfig | None = None):
        super().__init__()
        self.session = session
        self.config = config
        self.n = session.record.players
        self.tween = Tweener(1.0)
        self.toasts: list[Toast] = []
        self.log = LogPanel()
        self._speak_to_viewer()
        self.ui: UI | None = None
        self.size = (0, 0)
        self.rects: dict[str, pygame.Rect] = {}
        self.buttons: dict[str, Button] = {}
        self.static: pygame.Surface | None = None
        self.middle: pygame.Surface | None = None
        self.middle_key = None
        self.domain_cache: dict = {}
        self._mini_bounds: dict = {}  # seat -> (mini domain surface, its drawn area): the "shown" plate hugs it
        self.d = session.view(max(0, session.current_player)).to_dict()
        self.version = 0
        self.inspect: int | None = None
        self.placer: Placer | None = None
        self.mode = "wait"
        self.foundation_mode = False
        self.cursor = (1, 1)  # llama / foundation cursor (the placer has its own)
        self.choice = 0  # hut choice / marker choice index
        self.marker_mode = False
        self.hover_pos = (-1, -1)
        self.tooltip = Tooltip()
        self.mouse_on_domain = False
        self.drop = None  # {"seat", "cells": [(x, y)], "k": 0..1}
        self.flash = None  # {"seat", "cells", "age"}
        self.flyers: list[dict] = []  # pictures flying to a player's panel (harvest, llama cards, characters)
        self.last_place = None  # (seat, cells, level) of the last tile placed: where a harvest flies from
        self.hold = None  # {"seat", "left"}: keep a bot's domain in view a moment after its tile or llama lands
        self.finished = False
        self.time = 0.0
        self.reason_toast: Toast | None = None
        self._bubble_rect: pygame.Rect | None = None  # the payout bubble of the last frame (toasts keep off it)
        self.frame_big: IsoFrame | None = None
        self.frame_key = None
        self.spots_cache = (None, None, {})  # (key, layer, {cell: (diamond points, kind)})
        self.zoom = 1.0
        self.pan = (0.0, 0.0)  # the view of the big domain moved by pixels
        self._view_seat = None  # whose domain the zoom and pan are for
        self._views: dict = {}  # seat -> (zoom, pan) of the domains not shown now
        self.drag = None  # {"start", "pan", "moved"}: a press on the domain, a click or a drag of the view
        self._bubble = None  # (frame, evaluation, lift): the payout bubble of the build in hand, this frame
        self._legend_compact = False
        self.overlay_open = False
        self.choice_overlay: ChoiceOverlay | None = None  # the feeding / characters choice while it is open
        self.choice_moves: list[str] = []  # the move text of each of its rows
        self._label_rects: dict[str, pygame.Rect] = {}  # texts of the middle layer a lesson may point at
        self._was_my_turn = False
        self.results_open = False
        self._legal_cache = (None, [])
        self.advisor = AdvisorPanel(self)
        self._line_round = round_number(self.d)
        self.log.round_of = self._history_round
        self.history = HistoryPanel(self)

    # -- lifecycle -------------------------------------------------------------------------------------------
    def enter(self) -> None:
        self._apply_settings()
        self._build(self.app.size)
        restored = self.history.restore()  # Continue (or an undo): the history the save kept
        if not restored:
            self.log.add(lazy.t("llama_land.log.welcome"), (196, 226, 214))
        if self.session.is_over:
            self.tween.after(0.2, self._to_results)
            self.finished = True
        elif self.session.moves_played and not restored:
            self.log.add(lazy.t("llama_land.log.resumed"))
        self._sync()

    def resume(self) -> None:  # its own: no cached layers to forget, a domain sync after the settings
        self.overlay_open = False
        self._apply_settings()
        if self.app is not None and (self.size != self.app.size
                                     or self.ui_scale != table_ui_scale(self.app.settings)):
            self._build(self.app.size)  # a new window size, or the UI scale changed under the pause menu
        self._sync()

    # -- layout ----------------------------------------------------------------------------------------------
    def R(self, x, y, w, h) -> pygame.Rect:
        sx, sy = self.size[0] / REF_W, self.size[1] / REF_H
        return pygame.Rect(round(x * sx), round(y * sy), round(w * sx), round(h * sy))

    def _build(self, size) -> None:
        self.size = tuple(size)
        self.ui_scale = table_ui_scale(self.app.settings) if self.app is not None else 1.0
        self.ui = UI(self.size, self.ui_scale)
        R = self.R
        r = self.rects = {}
        # The reference layout is packed at 100%. Above it the panes whose text grows with the UI scale make room:
        # the objectives, player panels and buttons widen / heighten by ``k``, the top row (tiles, llama cards,
        # characters) grows taller and its cards narrower (``c``), and the domain view, which zooms to fit any
        # size, gives up the space. Below 100% the layout stays and only the contents shrink.
        k = max(1.0, self.ui_scale)
        obj_w, pan_w = 308 * k, 356 * k
        x_obj = REF_W - 12 - obj_w
        x_pan = x_obj - 12 - pan_w
        c = (x_obj - 12 - 16) / 1252
        top_h = 176 * k
        r["stacks"] = R(16, 10, 548 * c, top_h)
        for i in range(5):
            r[f"stack{i}"] = R(16 + i * 111 * c, 10 + 20 * k, 102 * c, 146 * k)
        r["columns"] = R(16 + 562 * c, 10, 238 * c, top_h)
        for i in range(3):
            r[f"column{i}"] = R(16 + (568 + i * 77) * c, 10 + 20 * k, 70 * c, 96 * k)
        r["chars"] = R(16 + 812 * c, 10, 440 * c, top_h)
        for i in range(6):
            r[f"char{i}"] = R(16 + (818 + i * 72) * c, 10 + 24 * k, 66 * c, 112 * k)
        r["supply"] = R(16, 18 + top_h, 1252 * c, 34 * k)
        y0 = 18 + top_h + 34 * k + 10
        dom_w, body_h = x_pan - 12 - 16, REF_H - 12 - y0
        r["domain"] = R(16, y0, dom_w, body_h)
        r["status"] = R(30, REF_H - 12 - 8 - 46 * k, dom_w - 28, 46 * k)
        r["panels"] = R(x_pan, y0, pan_w, body_h)
        gap = 8
        ph = (body_h - gap * (self.n - 1)) / self.n
        for s in range(self.n):
            r[f"panel{s}"] = R(x_pan, y0 + s * (ph + gap), pan_w, ph)
        buttons_y = REF_H - 12 - 154 * k
        log_y = buttons_y - 8 - 142
        obj_h = log_y - 8 - 10 - 52 * k  # the advisor's button sits between the objectives and the log
        r["objectives"] = R(x_obj, 10, obj_w, obj_h)
        count = len(self.d["objectives"]) or 1
        room = obj_h - 24 * k - 2  # the cards end inside the pane
        oh = min(84 * k, (room - 6 * (count - 1)) / count)
        for i in range(len(self.d["objectives"])):
            r[f"obj{i}"] = R(x_obj + 8, 10 + 24 * k + i * (oh + 6), obj_w - 14, oh)
        r["log"] = R(x_obj, log_y, obj_w, 142)
        r["buttons"] = R(x_obj, buttons_y, obj_w, 154 * k)
        r["menu"] = R(16 + dom_w - 8 - 46 * k, y0 + 8, 46 * k, 40 * k)
        self.static = None
        self.middle = None
        self.domain_cache.clear()
        self.frame_key = None
        self._build_buttons()

    def _build_buttons(self) -> None:
        if not self.rects:
            return
        area = self.rects["buttons"]
        ui = self.ui
        gap = ui.s(10)
        bw = (area.w - gap) // 2
        bh = (area.h - 2 * gap) // 3
        specs = self._button_specs()
        self.buttons = {}
        for i, (name, label, hint, style) in enumerate(specs):
            col, row = i % 2, i // 2
            if len(specs) % 2 == 1 and i == len(specs) - 1:  # the last of an odd count spans the row
                rect = pygame.Rect(area.x, area.y + row * (bh + gap), area.w, bh)
            else:
                rect = pygame.Rect(area.x + col * (bw + gap), area.y + row * (bh + gap), bw, bh)
            self.buttons[name] = Button(label, lambda n=name: self.press(n), style=style, size=20, hint=hint,
                                        rect=rect, name=name)
        self.buttons["menu"] = Button("II", self.open_pause, style="secondary", size=20, rect=self.rects["menu"],
                                      name="menu")
        self._refresh_buttons()

    def _button_specs(self):
        mode = self.mode
        if mode == "place":
            return [("rotate", t("llama_land.button.rotate"), "R", "secondary"),
                    ("mirror", t("llama_land.button.mirror"), "M", "secondary"),
                    ("foundation", t("llama_land.button.foundation"), "F", "secondary"),
                    ("characters", t("llama_land.button.characters"), "C", "secondary"),
                    ("confirm", t("llama_land.button.place"), t("llama_land.button.enter_key"), "primary")]
        if mode == "after":
            return [("feed", t("llama_land.button.feed"), "F", "primary"),
                    ("marker", t("llama_land.button.marker"), "K", "secondary"),
                    ("characters", t("llama_land.button.characters"), "C", "secondary"),
                    ("end", t("llama_land.button.end"), "E", "primary")]
        if mode in ("hut", "llama"):
            return [("confirm", t("llama_land.button.confirm"), t("llama_land.button.enter_key"), "primary")]
        return []

    def _refresh_buttons(self) -> None:
        legal = self._legal_kinds()
        for name, b in self.buttons.items():
            if name == "menu":
                continue
            if name in ("rotate", "mirror"):
                b.enabled = self.mode == "place"
            elif name == "foundation":
                b.enabled = "foundation" in legal
                b.style = "primary" if self.foundation_mode else "secondary"
            elif name == "characters":
                b.enabled = "use" in legal
            elif name == "confirm":
                b.enabled = self.mode in ("place", "hut", "llama")
            elif name == "feed":
                b.enabled = "feed" in legal
            elif name == "marker":
                b.enabled = "marker" in legal
                b.style = "primary" if self.marker_mode else "secondary"
            elif name == "end":
                b.enabled = "end" in legal
            if not b.enabled:
                b.focused = False

    # -- who does what ---------------------------------------------------------------------------------------
    @property
    def idle(self) -> bool:
        return (not self.tween.busy and self.drop is None and not self.overlay_open and self.hold is None
                and not self.flyers)

    @property
    def viewer(self) -> int | None:
        """The seat reading the table: the human to move, else the first human (Llama Land's events hide nothing,
        but the table reads them through ``events_for`` like every table)."""
        seat = self.my_seat()
        if seat >= 0:
            return seat
        humans = self.session.human_seats
        return humans[0] if humans else None

    def my_seat(self) -> int:
        cur = self.session.current_player
        return cur if cur >= 0 and self.session.is_human(cur) else -1

    def can_act(self) -> bool:
        return self.idle and not self.session.is_over and self.my_seat() >= 0 and not self.finished

    def _legal(self):
        """The moves of the human to play, when they may act now (else none)."""
        return self._moves_now() if self.can_act() else []

    def _moves_now(self):
        key = (self.version, self.session.moves_played)
        if self._legal_cache[0] != key:  # asked every frame (buttons): computed once per position
            me = self.my_seat()
            self._legal_cache = (key, self.session.view(me).legal_moves() if me >= 0 and not self.session.is_over
                                 else [])
        return self._legal_cache[1]

    def _legal_kinds(self) -> set:
        return {m.kind for m in self._legal()}

    @property
    def shown_seat(self) -> int:
        if self.inspect is not None:
            return self.inspect
        if self.hold is not None:
            return self.hold["seat"]
        cur = self.d["current_player"]
        return cur if cur >= 0 else 0

    def _sync(self) -> None:
        """Re-read the engine's public picture and decide what the player to move may do."""
        s = self.session
        cur = s.current_player
        self.d = s.view(max(0, cur)).to_dict()
        self.version += 1
        self.middle = None
        old_mode = self.mode
        me = self.my_seat()
        if me < 0 or s.is_over:
            self.mode = "wait"
            self.placer = None
        else:
            phase = self.d["phase"]
            self.mode = {"place": "place", "hut": "hut", "llama": "llama", "after": "after"}.get(phase, "wait")
            if self.mode == "place":
                # the placer previews a build on a world consistent with the player's view (what is hidden, the
                # order under the stacks' tops and of the character deck, dealt again): never the live state
                view = s.view(me)
                world = view.sample_state(random.Random(s.moves_played))
                if self.placer is None or self.placer.seat != me:
                    self.placer = Placer(world, me)
                    self.placer.snap_any()
                else:
                    self.placer.refresh(world)
                    if not self.placer.legal_anchors():
                        self.placer.snap_any()
                if "foundation" not in {m.kind for m in view.legal_moves()}:
                    self.foundation_mode = False
            else:
                self.placer = None
                self.foundation_mode = False
            if self.mode == "llama":
                spots = self._llama_spots()
                if spots and self.cursor not in spots:
                    self.cursor = spots[0]
            if self.mode != "after":
                self.marker_mode = False
            if old_mode != self.mode:
                self.choice = 0
        if me >= 0 and self.inspect == me:
            self.inspect = None
        if old_mode != self.mode or not self.buttons or len(self.buttons) - 1 != len(self._button_specs()):
            self._build_buttons()
        my_turn = me >= 0 and not s.is_over
        if my_turn and not self._was_my_turn:
            self._sound("turn")
            if self.session.human_seats and len(self.session.human_seats) > 1:
                self.toasts.append(Toast(about("llama_land.toast.your_turn", me, name=self._name(me)), 1.4, True))
        self._was_my_turn = my_turn

    def _name(self, seat) -> str:
        return self.session.seats[seat].name if seat is not None and 0 <= seat < self.n else "?"

    # -- input -----------------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if self._narrator_event(event):  # a lesson's narrator first (Next, its buttons)
            return True
        self.tooltip.event(event)
        if self.history.handle_event(event) or self.advisor.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.marker_mode or self.foundation_mode:
                self.marker_mode = self.foundation_mode = False
                self.middle = None
                self._refresh_buttons()
                return True
            self.open_pause()
            return True
        if (self.tween.busy or self.drop is not None) and (
                event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.KEYDOWN):
            self._skip()
            if event.type == pygame.KEYDOWN:
                return True
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                sx, sy = self.drag["start"]
                dx, dy = event.pos[0] - sx, event.pos[1] - sy
                if self.drag["moved"] or abs(dx) + abs(dy) > self.ui.s(DRAG_SLOP):
                    self.drag["moved"] = True
                    self._set_view(self.zoom, (self.drag["pan"][0] + dx, self.drag["pan"][1] + dy))
                    return True
            self._hover(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos() if pygame.mouse.get_focused() else self.hover_pos
            if not self.rects["domain"].collidepoint(pos):
                pos = self.rects["domain"].center
            self.zoom_by(1 if event.y > 0 else -1, pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1 and self._press_button(event.pos, self._explain_disabled):
                return True
            if event.button == 3 and self.mode == "place" and self.placer is not None:
                self.placer.rotate(1)
                return True
            if event.button == 1 and self._on_domain(event.pos):  # a click on release, unless it drags the view
                self.drag = {"start": event.pos, "pan": self.pan, "moved": False}
                return True
            if event.button == 1:
                return self._click(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.drag = self.drag, None
            if drag is not None:
                if not drag["moved"]:
                    self._click(drag["start"])
                return True
            return self._release_button(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _on_domain(self, pos) -> bool:
        """A point of the big domain's panel that is not one of the table's other pieces."""
        return self.rects["domain"].collidepoint(pos) and not self.rects["menu"].collidepoint(pos)

    # -- the view of the big domain: zoom and pan ----------------------------------------------------------------
    def _set_view(self, zoom: float, pan) -> None:
        self._big_frame()  # the view of the domain shown now (each domain keeps its own)
        rect = self._fit_rect()
        limit_x, limit_y = rect.w * max(0.5, zoom) * 0.75, rect.h * max(0.5, zoom) * 0.75
        self.zoom = zoom
        self.pan = (max(-limit_x, min(limit_x, pan[0])), max(-limit_y, min(limit_y, pan[1])))
        self.frame_key = None

    def zoom_by(self, steps: int, pos=None) -> None:
        """Zoom in (``steps`` > 0) or out by zoom steps, keeping the point under ``pos`` (default the middle)."""
        self._big_frame()  # the zoom and pan of the domain shown now
        i = min(range(len(ZOOMS)), key=lambda k: abs(ZOOMS[k] - self.zoom))
        new = ZOOMS[max(0, min(len(ZOOMS) - 1, i + steps))]
        if new == self.zoom:
            return
        rect = self._fit_rect()
        px, py = pos if pos is not None else rect.center
        k = new / self.zoom
        # the picture scales about the fit rect's middle (plus the pan): keep the point under the pointer still
        cx, cy = rect.centerx + self.pan[0], rect.centery + self.pan[1]
        pan = (self.pan[0] + (px - cx) * (1 - k), self.pan[1] + (py - cy) * (1 - k))
        self._set_view(new, pan)

    def reset_view(self) -> None:
        self._set_view(1.0, (0.0, 0.0))

    def _follow(self, cells, level: int = 1) -> None:
        """Move the view so that ``cells`` (the tile in hand, or the cursor cell) are inside the domain's panel
        (as much of them as fits), when zoomed in or panned away."""
        frame = self._big_frame()
        tops = [frame.top_rhombus(x, y, level) for x, y in cells]
        xs = [px for top in tops for px, _ in top]
        ys = [py for top in tops for _, py in top]
        want = pygame.Rect(min(xs), min(ys) - frame.headroom, max(xs) - min(xs), max(ys) - min(ys) + frame.headroom)
        box = self._fit_rect().inflate(-self.ui.s(12), -self.ui.s(12))
        dx = dy = 0
        if want.w <= box.w:
            dx = box.left - want.left if want.left < box.left else min(0, box.right - want.right)
        else:
            dx = box.centerx - want.centerx
        if want.h <= box.h:
            dy = box.top - want.top if want.top < box.top else min(0, box.bottom - want.bottom)
        else:
            dy = box.centery - want.centery
        if dx or dy:
            self._set_view(self.zoom, (self.pan[0] + dx, self.pan[1] + dy))

    def _follow_tile(self) -> None:
        ev = self.placer.evaluate()
        self._follow([(x, y) for x, y, _i in ev["cells"]], ev["level"])

    def _skip(self) -> None:
        self.tween.skip()
        self.drop = None
        self.hold = None
        self.flyers.clear()

    def _hover(self, pos) -> None:
        self.hover_pos = pos
        for b in self.buttons.values():
            b.hovered = b.enabled and b.rect.collidepoint(pos)
        self.mouse_on_domain = False
        if self.frame_big is None or not self.rects["domain"].collidepoint(pos):
            return
        cell = self.frame_big.pick(pos, self._big_heights())
        if cell is None:
            return
        self.mouse_on_domain = True
        if self.inspect is not None and self.inspect != self.my_seat():
            return
        if self.mode == "place" and self.placer is not None and not self.foundation_mode:
            self.placer.cursor = cell
        else:
            self.cursor = cell

    def _big_heights(self) -> dict:
        return domain_heights(self.d["domains"][self.shown_seat])

    def _click(self, pos) -> bool:
        r = self.rects
        for s in range(self.n):
            if r[f"panel{s}"].collidepoint(pos):
                me = self.my_seat()
                self.inspect = None if (s == me or (me < 0 and s == self.d["current_player"])) else s
                if self.inspect is None and me < 0:
                    self.inspect = s if s != self.d["current_player"] else None
                self.frame_key = None
                self._sound("click")
                return True
        if self.mode == "place":
            for i, shape in enumerate(SHAPES):
                if r[f"stack{i}"].collidepoint(pos):
                    if self.d["stacks"][i]["count"] and self.placer is not None:
                        self.placer.select(shape)
                        self.foundation_mode = False
                        self.inspect = None
                        self.middle = None
                        self._sound("click")
                    return True
        if self.mode == "hut":
            for i in range(len(self.d["character_row"])):
                if r[f"char{i}"].collidepoint(pos):
                    self.try_move(f"hut {i}")
                    return True
            if r["char5"].collidepoint(pos):
                self.try_move("hut deck")
                return True
        if self.mode == "after":
            hit = self._objective_space_at(pos)
            if hit is not None:
                self._marker_at(*hit)
                return True
        if self.my_seat() >= 0:
            for cid, rect in self._my_char_rects():
                if rect.collidepoint(pos):
                    self.open_characters(cid)
                    return True
        if r["domain"].collidepoint(pos) and self.frame_big is not None:
            if self.inspect is not None and self.inspect != self.my_seat():
                self.inspect = None
                self.frame_key = None
                return True
            cell = self.frame_big.pick(pos, self._big_heights())
            if cell is None:
                return True
            if self.mode == "place" and self.placer is not None:
                if self.foundation_mode:
                    self.cursor = cell
                    self.try_move(f"foundation {cell[0]} {cell[1]}")
                else:
                    self.placer.cursor = cell
                    self.confirm()
                return True
            if self.mode == "llama":
                self.cursor = cell
                self.try_move(f"llama {cell[0]} {cell[1]}")
                return True
            return True
        return False

    def _key(self, event) -> bool:
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        focused = next((b for b in self.buttons.values() if b.focused and b.enabled), None)
        if key == pygame.K_TAB and self.mode in ("after", "wait") and not self.marker_mode:
            order = [n for n, b in self.buttons.items() if b.enabled and n != "menu"]
            if order:
                cur = next((i for i, n in enumerate(order) if self.buttons[n].focused), -1)
                nxt = (cur + (-1 if shift else 1)) % len(order)
                for b in self.buttons.values():
                    b.focused = False
                self.buttons[order[nxt]].focused = True
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focused is not None:
            self._sound("click")
            focused.activate()
            return True
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.zoom_by(1)
            return True
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.zoom_by(-1)
            return True
        if key in (pygame.K_0, pygame.K_KP0):
            self.reset_view()
            return True
        if shift and key in arrows:  # move the view (a quarter of the panel a press)
            dx, dy = arrows[key]
            rect = self._fit_rect()
            self._set_view(self.zoom, (self.pan[0] - dx * rect.w / 4, self.pan[1] - dy * rect.h / 4))
            return True
        if self.inspect is not None and key in arrows:
            self.inspect = None
        if self.mode == "place" and self.placer is not None:
            p = self.placer
            if key in arrows:
                dx, dy = arrows[key]
                if self.foundation_mode:
                    self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
                    self._follow([self.cursor])
                else:
                    p.cursor = (p.cursor[0] + dx, p.cursor[1] + dy)
                    self._follow_tile()
                return True
            if key == pygame.K_TAB:
                p.cycle_shape(-1 if shift else 1)
                self.middle = None
                return True
            if pygame.K_1 <= key <= pygame.K_5:
                i = key - pygame.K_1
                if self.d["stacks"][i]["count"]:
                    p.select(SHAPES[i])
                    self.middle = None
                return True
            if key == pygame.K_r:
                p.rotate(-1 if shift else 1)
                return True
            if key == pygame.K_m:
                p.flip()
                return True
            if key == pygame.K_n:
                self._next_spot(-1 if shift else 1)
                return True
            if key == pygame.K_f:
                self.press("foundation")
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.foundation_mode:
                    self.try_move(f"foundation {self.cursor[0]} {self.cursor[1]}")
                else:
                    self.confirm()
                return True
        if self.mode == "hut":
            count = len(self.d["character_row"]) + (1 if self.d["character_deck"] else 0)
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN) and count:
                step = -1 if key in (pygame.K_LEFT, pygame.K_UP) or shift else 1
                self.choice = (self.choice + step) % count
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.press("confirm")
                return True
        if self.mode == "llama":
            if key in arrows:
                dx, dy = arrows[key]
                self.cursor = (self.cursor[0] + dx, self.cursor[1] + dy)
                return True
            if key in (pygame.K_n, pygame.K_TAB):
                spots = self._llama_spots()
                if spots:
                    i = spots.index(self.cursor) if self.cursor in spots else -1
                    self.cursor = spots[(i + (-1 if shift else 1)) % len(spots)]
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.press("confirm")
                return True
        if self.mode == "after":
            if self.marker_mode:
                moves = self._marker_moves()
                if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and moves:
                    step = -1 if key in (pygame.K_LEFT, pygame.K_UP) or shift else 1
                    self.choice = (self.choice + step) % len(moves)
                    self.middle = None
                    return True
                if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and moves:
                    self.try_move(str(moves[self.choice % len(moves)]))
                    return True
            letters = {pygame.K_f: "feed", pygame.K_k: "marker", pygame.K_e: "end"}
            if key in letters:
                self.press(letters[key])
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons_focus_first()
                return True
        if key == pygame.K_c:
            self.press("characters")
            return True
        if key == pygame.K_v:  # look at the next player's domain (and back to the one in play)
            base = self.my_seat() if self.my_seat() >= 0 else max(0, self.d["current_player"])
            nxt = ((self.inspect if self.inspect is not None else base) + 1) % self.n
            self.inspect = None if nxt == base else nxt
            self.frame_key = None
            return True
        return False

    def buttons_focus_first(self) -> None:
        order = [n for n, b in self.buttons.items() if b.enabled and n != "menu"]
        if order:
            for b in self.buttons.values():
                b.focused = False
            self.buttons[order[0]].focused = True

    def _next_spot(self, step: int = 1) -> None:
        """N / Shift+N: the next / previous placement of the tile in hand, every orientation, nearest first."""
        p = self.placer
        if p.cycle(step) is None:
            self._toast_reason(lambda: t("llama_land.legend.nowhere"))
            return
        self._follow_tile()

    def press(self, name: str) -> None:
        b = self.buttons.get(name)
        if b is None or not b.enabled:
            if name in ("feed", "marker", "end", "characters", "foundation"):
                self._explain_disabled(name)
            return
        if name == "rotate" and self.placer:
            self.placer.rotate(1)
        elif name == "mirror" and self.placer:
            self.placer.flip()
        elif name == "foundation":
            self.foundation_mode = not self.foundation_mode
            if self.foundation_mode:
                cells = self._foundation_cells()
                if cells and self.cursor not in cells:
                    self.cursor = cells[0]
            self._refresh_buttons()
        elif name == "characters":
            self.open_characters()
        elif name == "confirm":
            if self.mode == "place":
                self.confirm()
            elif self.mode == "hut":
                count = len(self.d["character_row"])
                self.try_move(f"hut {self.choice}" if self.choice < count else "hut deck")
            elif self.mode == "llama":
                self.try_move(f"llama {self.cursor[0]} {self.cursor[1]}")
        elif name == "feed":
            self.open_feeding()
        elif name == "marker":
            self.marker_mode = not self.marker_mode
            self.choice = 0
            self.middle = None
            self._refresh_buttons()
        elif name == "end":
            self.try_move("end")

    def _explain_disabled(self, name: str) -> None:
        if not self.can_act():
            cur = self.session.current_player
            if cur >= 0 and not self.session.is_human(cur):
                self._toast_reason(lambda: about("llama_land.reason.wait", cur, name=self._name(cur)))
            return
        if name == "end":
            self.try_move("end")
        elif name == "feed":
            self._toast_reason(lambda: t("llama_land.reason.cannot_feed"))
        elif name == "marker":
            self._toast_reason(lambda: t("llama_land.reason.no_marker"))
        elif name == "characters":
            self._toast_reason(lambda: t("llama_land.reason.no_character"))
        elif name == "foundation":
            self._toast_reason(lambda: t("llama_land.reason.no_foundation"))

    def confirm(self) -> None:
        if self.placer is None:
            return
        ev = self.placer.evaluate()
        self.try_move(ev["move"])

    def try_move(self, text: str, confirmed: bool = False) -> bool:
        """Play the human's step (``confirmed`` as in ``TableScene.try_move``: Llama Land has no move to confirm
        first, every step is refused or played at once)."""
        if not self.idle:
            return False
        if not self.can_act():
            cur = self.session.current_player
            if cur >= 0 and not self.session.is_human(cur):
                self._toast_reason(lambda: about("llama_land.reason.wait", cur, name=self._name(cur)))
            return False
        outcome = self.session.play(text)
        if not outcome.ok:
            self._toast_reason(lambda: refusal_text(outcome))
            self._sound("click")
            return False
        return True

    def _refused(self, reason: str) -> str:
        return t("llama_land.reason.refused", reason=reason)

    # -- choices in overlays -------------------------------------------------------------------------------------
    def _open_choice(self, title: str, options, moves=()) -> None:
        """Push the choice overlay; ``moves[i]`` is the move text of row ``i`` (what ``tutorial_rect`` finds)."""
        if not options or self.stack is None:
            return
        self.overlay_open = True
        self.choice_overlay = ChoiceOverlay(title, options, self._choice_closed)
        self.choice_moves = list(moves)
        self.stack.push(self.choice_overlay)

    def _choice_closed(self) -> None:
        self.overlay_open = False
        self.choice_overlay = None
        self.choice_moves = []

    def open_feeding(self) -> None:
        moves = [m for m in self._legal() if m.kind == "feed"]
        options = []
        cols = self.d["llama_columns"]
        for m in moves:
            crop, coins = m.args[0], int(m.args[1])
            crops = 4 - coins // 2
            icons = [(crop, crops)] + ([("coin", coins)] if coins else [])
            label = t("llama_land.feed.option", card=cols[crop][0] if cols[crop] else 0)
            options.append((label, icons, lambda mv=str(m): self.try_move(mv), CROP_COLORS[crop]))
        self._open_choice(t("llama_land.feed.title"), options, [str(m) for m in moves])

    def open_characters(self, only: int | None = None) -> None:
        moves = [m for m in self._legal() if m.kind == "use" and (only is None or m.args[0] == only)]
        if not moves:
            self._explain_disabled("characters")
            return
        options = []
        from lama_desktop.games.llama_land.engine.state import CHARS, CROP_NAMES

        for m in moves:
            cid, give = int(m.args[0]), str(m.args[1])
            ch = CHARS[cid]
            if ch.type == "trader":
                a, b = (CROP_NAMES[k] for k in ch.crops)
                get = b if give == a else a
            else:
                get = CROP_NAMES[ch.crops[0]] if give == "coin" else "coin"
            label = t("llama_land.use.option", name=t(f"llama_land.char.{ch.type}.name"))
            options.append((label, [(give, 1), ("→", 0), (get, 1)], lambda mv=str(m): self.try_move(mv)))
        self._open_choice(t("llama_land.use.title"), options, [str(m) for m in moves])

    # -- markers ---------------------------------------------------------------------------------------------
    def _marker_moves(self):
        moves = [m for m in self._legal() if m.kind == "marker"]
        moves.sort(key=lambda m: (len(m.args), m.args))
        return moves

    def _objective_space_at(self, pos):
        for i, obj in enumerate(self.d["objectives"]):
            rect = self.rects.get(f"obj{i}")
            if rect is None or not rect.collidepoint(pos):
                continue
            for space, (cx, cy, rad) in enumerate(space_centers(rect, rect.w, rect.h)):
                if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (rad + 4) ** 2:
                    return i, space
            return i, None
        return None

    def _marker_at(self, index: int, space) -> None:
        moves = self._marker_moves()
        if space is None:
            free = [m for m in moves if m.args[0] == index]
            if free:
                self.try_move(str(free[0]))
            elif moves or self.marker_mode:
                self.try_move(f"marker {index} 0")
            return
        pick = [m for m in moves if m.args[0] == index and m.args[1] == space]
        self.try_move(str(pick[0]) if pick else f"marker {index} {space}")

    # -- helpers for highlights ------------------------------------------------------------------------------
    def _llama_spots(self) -> list:
        if self.my_seat() < 0:
            return []
        return [(m.args[0], m.args[1]) for m in self._moves_now() if m.kind == "llama"]

    def _foundation_cells(self) -> list:
        return [(m.args[0], m.args[1]) for m in self._legal() if m.kind == "foundation"]

    def _my_char_rects(self):
        me = self.my_seat()
        if me < 0:
            return []
        return self._char_chip_rects(me)

    def _char_chip_rects(self, seat):
        return self._panel_geometry(seat)["chars"]

    def _panel_geometry(self, seat) -> dict:
        """Where a player panel's parts go. Right of the mini domain: the resources, the kit line, the llama-card
        chips and, below them, the character chips. A short panel (many players, a large UI scale) has no room for
        that last row: its character chips then sit under the mini domain, which gives up the height."""
        ui = self.ui
        rect = self.rects[f"panel{seat}"]
        chars = self.d["collections"][seat]["characters"]
        head_h = ui.s(28)
        x0 = rect.x + int(rect.w * 0.44)
        isz = min(ui.s(22), max(10, (rect.h - head_h) // 5))
        y_res = rect.y + head_h + ui.s(6)
        y_info = y_res + isz + ui.s(4)
        y_chips = y_info + ui.font(13).get_height() + ui.s(3)
        # four resources, each an icon and a two-digit count, spread over the room right of the mini domain
        step = min(isz + ui.s(30), (rect.right - ui.s(6) - x0 - isz - ui.font(17, True).size("88")[0])
                   // 3)
        chip_h = ui.s(20)
        gap = ui.s(4)
        body = pygame.Rect(rect.x + ui.s(6), rect.y + head_h + ui.s(4), int(rect.w * 0.40),
                           rect.h - head_h - ui.s(10))

        def row(x, right, bottom, most):
            size = min(most, (right - x + gap) // max(1, len(chars)) - gap)
            return size, [(c["id"], pygame.Rect(x + i * (size + gap), bottom - size, size, size))
                          for i, c in enumerate(chars)]

        bottom = rect.bottom - ui.s(8)
        size, placed = row(x0, rect.right - ui.s(8), bottom, min(ui.s(40), rect.h // 4))
        if chars and bottom - size < y_chips + chip_h + ui.s(3):
            size, placed = row(body.x, body.right, bottom, min(ui.s(34), body.h // 2))
            body.h = max(1, bottom - size - ui.s(4) - body.y)
        return {"x0": x0, "isz": isz, "step": step, "y_res": y_res, "y_info": y_info, "y_chips": y_chips, "chip_h": chip_h,
                "body": body, "chars": placed}

    # -- frame -----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.tween.update(dt)
        self.age_toasts(dt)
        if self.drop is not None:
            self.drop["k"] += dt * self.tween.speed / DROP_TIME
            if self.drop["k"] >= 1.0:
                self.drop = None
        if self.flyers:
            for f in self.flyers:
                f["t"] += dt * self.tween.speed
            self.flyers = [f for f in self.flyers if f["t"] < f["delay"] + f["dur"]]
        if self.hold is not None:
            self.hold["left"] -= dt * self.tween.speed
            if self.hold["left"] <= 0:
                self.hold = None
                self.frame_key = None
        if self.flash is not None:
            self.flash["age"] += dt * self.tween.speed
            if self.flash["age"] > 1.2:
                self.flash = None
        if not self.finished:
            self.session.poll(busy=not self.idle)
            played = self.session.take_played()
            if played:
                self._line_round = round_number(self.d)  # the round these moves were played in (before the sync)
                self._sync()
                for item in played:
                    self.log.move = item.index  # the history's lines of this move (undo cuts there)
                    # the viewing seat's copy of each event, under the event's own seat (a refill has none)
                    for event in self.session.events_for(item.events, self.viewer):
                        toasts = len(self.toasts)
                        with self.log.acting(event.seat, event):
                            self._on_event(event.seat, event)
                        for toast in self.toasts[toasts:]:
                            toast.seat, toast.source = event.seat, event
                        if item.by_bot and event.kind in ("place", "llama", "foundation") and self.session.pace > 0:
                            self.hold = {"seat": item.seat, "left": HOLD_TIME}
        self._refresh_buttons()
        self.advisor.update(dt)
        self.history.update(dt)
        self._update_tooltip(dt)
        self._narrator_update(dt)

    def _on_event(self, seat, event) -> None:
        d = event.data
        name = self._name(seat)
        kind = event.kind
        if kind == "place":
            cells = [tuple(c) for c in d["cells"]]
            self.log.add(lazy.about(f"llama_land.log.{d['kind']}", seat, name=name, shape=d["shape"], level=d["level"]))
            if seat != self.my_seat() or self.inspect is not None:
                self.inspect = None
            self.drop = {"seat": seat, "cells": cells, "k": 0.0}
            self.last_place = (seat, cells, d["level"])
            self.flash = {"seat": seat, "cells": cells, "age": 0.0}
            self.frame_key = None
            self._sound("card_play")
        elif kind == "foundation":
            self.log.add(lazy.about("llama_land.log.foundation", seat, name=name, level=d["level"], left=d["left"]))
            self._sound("token")
        elif kind == "payout":
            lazy_gains = _gains_lazy(d.get("gains", {}))
            gains = str(lazy_gains)
            if gains:
                src = d.get("source", "icons")
                key = "llama_land.log.payout" if src == "icons" else "llama_land.log.bonus"
                who = lazy.t(f"llama_land.char.{src}.name") if src != "icons" else ""
                self.log.add(lazy.about(key, seat, name=name, gains=lazy_gains, who=who), (246, 226, 160))
                self.toasts.append(Toast(about("llama_land.toast.gains", seat, name=name, gains=gains), 1.3, False, GOLD))
                self._sound("token")
                self._fly_gains(seat, d.get("gains", {}))
        elif kind == "character":
            cname = lazy.t(f"llama_land.char.{d['type']}.name")
            if d["action"] == "take":
                self.log.add(lazy.about("llama_land.log.take", seat, name=name, who=cname))
                self._fly_character(seat, d)
                self._sound("card_draw")
            else:
                give, get = lazy.t(f"llama_land.res.{d['give']}"), lazy.t(f"llama_land.res.{d['get']}")
                self.log.add(lazy.about("llama_land.log.use", seat, name=name, who=cname, give=give, get=get))
        elif kind == "feed":
            self.log.add(lazy.about("llama_land.log.feed", seat, name=name, crop=lazy.t(f"llama_land.res.{d['crop']}"),
                                 card=d["card"]),
                         (246, 226, 160))
            self.toasts.append(Toast(about("llama_land.toast.fed", seat, name=name, card=d["card"]), 1.5, True))
            self._fly_card(seat, d["crop"], d["card"])
            self._sound("card_draw")
        elif kind == "llama":
            if d.get("placed"):
                self.log.add(lazy.about("llama_land.log.llama", seat, name=name, level=d["level"]))
                self.flash = {"seat": seat, "cells": [(d["x"], d["y"])], "age": 0.0}
                self._sound("token")
            else:
                self.log.add(lazy.about("llama_land.log.no_llama", seat, name=name))
        elif kind == "marker":
            obj = lazy.t(f"llama_land.objective.{d['objective']}.name")
            self.log.add(lazy.about("llama_land.log.marker", seat, name=name, objective=obj))
            self._sound("token")
        elif kind == "turn_end":
            self.log.add(lazy.about("llama_land.log.turn_end", seat, name=name), (170, 200, 190))
            self.inspect = None
        elif kind == "end_trigger":
            key = "llama_land.toast.end_tiles" if d["reason"] == "tiles" else "llama_land.toast.end_cards"
            self.toasts.append(Toast(t(key), 2.4, True))
            self.log.add(lazy.t(key), (255, 214, 110))
        elif kind == "game_end":
            self._game_end = dict(d)  # the results show this event's scores and breakdown
            winners = d.get("winners", self.session.winners())
            self.toasts.append(Toast(winners_text("llama_land.toast.winner", winners, self._name), 2.4, True))
            self.log.add(lazy.winners("llama_land.toast.winner", winners, self._name), (255, 214, 110))
            self._sound("win")
            self.finished = True
            if self.session.lesson is None:  # a lesson ends on the table: its scoring step and recap show there
                self.tween.after(1.8, self._to_results)

    # -- flights to a player's panel ------------------------------------------------------------------------
    def _fly(self, img, start, end, delay=0.0, dur=0.5) -> None:
        self.flyers.append({"img": img, "x0": start[0], "y0": start[1], "x1": end[0], "y1": end[1],
                            "t": 0.0, "delay": delay, "dur": dur})

    def _resource_spot(self, seat: int, res: str):
        geo = self._panel_geometry(seat)
        index = {"corn": 0, "cacao": 1, "potato": 2, "coin": 3, "coins": 3}.get(res, 0)
        return geo["x0"] + index * geo["step"] + geo["isz"] // 2, geo["y_res"] + geo["isz"] // 2

    def _tile_center(self, seat: int):
        if self.last_place is None or self.last_place[0] != seat or self.shown_seat != seat:
            return self.rects[f"panel{seat}"].center
        frame = self._big_frame()
        _s, cells, level = self.last_place
        pts = [frame.top_center(x, y, level) for x, y in cells]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts) - frame.cell * 0.3

    def _fly_gains(self, seat: int, gains: dict) -> None:
        start = self._tile_center(seat)
        size = self.ui.s(30)
        k = 0
        wait = DROP_TIME * 0.8 if self.drop is not None else 0.0  # the harvest leaves once the tile has landed
        for res, n in gains.items():
            name = "coin" if res in ("coin", "coins") else res
            for _ in range(min(int(n), 6)):
                self._fly(icon(name, size), (start[0] + (k % 3 - 1) * size * 0.6, start[1]),
                          self._resource_spot(seat, name), delay=wait + 0.08 * k, dur=0.5)
                k += 1

    def _fly_card(self, seat: int, crop: str, value: int) -> None:
        i = CROPS.index(crop) if crop in CROPS else 0
        col = self.rects[f"column{i}"]
        img = llama_card(self.ui, crop, value, col.w, col.h)
        panel = self.rects[f"panel{seat}"]
        self._fly(img, col.center, (panel.x + int(panel.w * 0.6), panel.centery), dur=0.6)

    def _fly_character(self, seat: int, d: dict) -> None:
        src = self.rects["char5"] if d.get("from") == "deck" else self.rects.get(f"char{d.get('position', 0)}")
        if src is None:
            return
        from lama_desktop.games.llama_land.engine.state import CHARS, CROP_NAMES

        ch = CHARS[d["card"]]
        img = character_card(self.ui, {"type": ch.type, "crops": [CROP_NAMES[k] for k in ch.crops]}, src.w, src.h)
        panel = self.rects[f"panel{seat}"]
        self._fly(img, src.center, (panel.x + int(panel.w * 0.7), panel.bottom - self.ui.s(26)), dur=0.6)

    def _draw_flyers(self, surface) -> None:
        for f in self.flyers:
            if f["t"] < f["delay"]:
                continue
            k = min(1.0, (f["t"] - f["delay"]) / f["dur"])
            e = 1 - (1 - k) ** 3
            x = f["x0"] + (f["x1"] - f["x0"]) * e
            y = f["y0"] + (f["y1"] - f["y0"]) * e - math.sin(math.pi * e) * self.ui.s(60)
            img = f["img"]
            if k > 0.75:  # shrink into the panel
                img = pygame.transform.smoothscale_by(img, max(0.3, 1 - (k - 0.75) * 2.4))
            surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _to_results(self) -> None:
        from lama_desktop.games.llama_land.results import LlamaLandResultsScene

        if self.results_open or self.stack is None:
            return
        self.results_open = True
        s = self.session
        config = self.config or GameConfig(s.game_id, [SeatConfig(x.name, x.kind, x.level) for x in s.seats],
                                           tuple(s.record.variants), 0, s.record.seed)
        end = getattr(self, "_game_end", None) or {}
        view = s.view(self.viewer if self.viewer is not None else 0)
        breakdown = end.get("breakdown") or view.score_breakdown()  # resumed when already over: the engine's
        scores = [int(x) for x in end.get("scores", [b["total"] for b in breakdown])]
        results = GameResults(config, [scores], scores, list(end.get("winners", s.winners())),
                              lower_score_wins=False, advised=tuple(sorted(s.advised)), record=s.record,
                              practice=s.practice)
        self.close()
        self.stack.clear_to(LlamaLandResultsScene(results, breakdown, list(view.objectives), view.to_dict()))

    # -- drawing ---------------------------------------------------------------------------------------------
    def _render_static(self) -> pygame.Surface:
        surf = pygame.Surface(self.size)
        surf.blit(felt_surface(self.size), (0, 0))
        ui = self.ui
        for key, title in (("stacks", "llama_land.ui.stacks"), ("columns", "llama_land.ui.llama_cards"),
                           ("chars", "llama_land.ui.characters"), ("objectives", "llama_land.ui.objectives")):
            rect = self.rects[key]
            pygame.draw.rect(surf, (6, 40, 36), rect, border_radius=ui.s(14))
            pygame.draw.rect(surf, (40, 90, 80), rect, max(1, ui.s(2)), border_radius=ui.s(14))
            label = ui.text(t(title).upper(), 13, (170, 210, 196), bold=True)
            surf.blit(label, (rect.x + ui.s(10), rect.y + ui.s(2)))
        dom = self.rects["domain"]
        shade = pygame.Surface(dom.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 46), shade.get_rect(), border_radius=ui.s(20))
        surf.blit(shade, dom.topleft)
        return surf.convert() if pygame.display.get_surface() else surf

    def _middle_key(self):
        place = self.placer.shape if (self.placer is not None and self.mode == "place") else None
        marker = (self.marker_mode, self.choice) if self.mode == "after" else None
        hut = self.choice if self.mode == "hut" else None
        return (self.version, place, marker, hut, self.shown_seat, self.size, self.session.omniscient)

    def _render_middle(self, surf: pygame.Surface) -> pygame.Surface:
        ui = self.ui
        d = self.d
        r = self.rects
        secrets = self.session.open_secrets()  # a replay's "All hands open" only: what comes next, shown
        # stacks
        for i, st in enumerate(d["stacks"]):
            rect = r[f"stack{i}"]
            selected = self.placer is not None and self.mode == "place" and self.placer.shape == st["shape"]
            fill = (255, 248, 226) if selected else CREAM
            for k in range(min(4, (st["count"] + 2) // 3), 0, -1):  # the pile's thickness shows how many are left
                under = rect.move(ui.s(3) * k, ui.s(3) * k)
                pygame.draw.rect(surf, (222 - 12 * k, 208 - 12 * k, 182 - 12 * k), under, border_radius=ui.s(12))
                pygame.draw.rect(surf, (150, 126, 100), under, 1, border_radius=ui.s(12))
            draw_panel(surf, rect, ui, fill=fill, border=GOLD if selected else PAPER_EDGE)
            if selected:
                # inside the card: a ring around it would reach into the pane's title above
                pygame.draw.rect(surf, GOLD, rect, max(2, ui.s(4)), border_radius=ui.s(12))
            upcoming = secrets["next_tiles"][i] if secrets else None
            if st["top"]:
                cell = max(8, min(rect.w // 4 - 1, ui.s(24)))
                x = rect.centerx
                if upcoming:  # the top tile steps left for the one under it
                    cell = max(6, min(rect.w // 6, ui.s(18)))
                    x = rect.x + round(rect.w * 0.36)
                img = flat_tile(st["top"]["icons"], st["top"]["cells"], cell)
                surf.blit(img, img.get_rect(center=(x, rect.y + rect.h * 0.42)))
            else:
                empty = ui.text(t("llama_land.ui.empty"), 16, INK_SOFT)
                surf.blit(empty, empty.get_rect(center=(rect.centerx, rect.y + rect.h * 0.42)))
            if upcoming:  # the tile under the top (a replay's open view): small, at the card's right, "next" over it
                small = flat_tile(upcoming["icons"], upcoming["cells"], max(4, min(rect.w // 12, ui.s(10))))
                spot = small.get_rect(center=(rect.right - round(rect.w * 0.17), rect.y + rect.h * 0.46))
                pygame.draw.rect(surf, (232, 220, 196), spot.inflate(ui.s(6), ui.s(6)), border_radius=ui.s(5))
                surf.blit(small, spot)
                word = ui.text_fit(t("llama_land.ui.next"), 12, round(rect.w * 0.34), INK_SOFT, bold=True)
                surf.blit(word, word.get_rect(midbottom=(spot.centerx, spot.top - ui.s(4))))
            count = ui.text(f"×{st['count']}", 18, INK_SOFT, bold=True)
            room = rect.w - ui.s(16) - ui.s(4) - count.get_width()  # a narrow card: the label gives way
            label = ui.text_fit(f"{i + 1} · {st['shape']}", 16, room, INK, bold=True)
            surf.blit(label, label.get_rect(bottomleft=(rect.x + ui.s(8), rect.bottom - ui.s(6))))
            surf.blit(count, count.get_rect(bottomright=(rect.right - ui.s(8), rect.bottom - ui.s(6))))
        # llama columns
        for i, crop in enumerate(CROPS):
            rect = r[f"column{i}"]
            values = d["llama_columns"][crop]
            under = min(len(values) - 1, 4)
            for k in range(under, 0, -1):  # the cards below peek out
                img = llama_card(ui, crop, values[k], rect.w, rect.h)
                surf.blit(img, (rect.x, rect.y + k * ui.s(5)))
            img = llama_card(ui, crop, values[0] if values else None, rect.w, rect.h)
            surf.blit(img, rect.topleft)
            y = rect.bottom + under * ui.s(5) + ui.s(4)
            room = rect.w + ui.s(4)
            rest = _values_strip(ui, values[1:7], len(values) > 7, room)
            if rest:
                txt = ui.text(rest, 12, (220, 236, 228))
                surf.blit(txt, txt.get_rect(midtop=(rect.centerx, y)))
            cnt = ui.text_fit(t("llama_land.ui.cards_left", n=len(values)), 12, room, (170, 210, 196), bold=True)
            surf.blit(cnt, cnt.get_rect(midtop=(rect.centerx, y + ui.font(12).get_linesize())))
        # character row and deck
        row = d["character_row"]
        for i in range(5):
            rect = r[f"char{i}"]
            if i < len(row):
                img = character_card(ui, row[i], rect.w, rect.h)
                surf.blit(img, rect.topleft)
                if self.mode == "hut":
                    glow = GOLD if self.choice == i else (255, 240, 190)
                    pygame.draw.rect(surf, glow, rect.inflate(ui.s(6), ui.s(6)), max(2, ui.s(3 if self.choice == i
                                                                                         else 2)),
                                     border_radius=ui.s(10))
        deck = r["char5"]
        if d["character_deck"]:
            img = character_card(ui, {"type": "back"}, deck.w, deck.h, back=True, count=d["character_deck"])
            surf.blit(img, deck.topleft)
            upcoming = secrets["next_character"] if secrets else None
            if upcoming:  # the card drawn next, face up over the deck (its count stays in sight)
                small = character_card(ui, upcoming, deck.w * 3 // 5, deck.h * 3 // 5)
                surf.blit(small, small.get_rect(topright=(deck.right - ui.s(3), deck.top + ui.s(3))))
            if self.mode == "hut":
                glow = GOLD if self.choice == len(row) else (255, 240, 190)
                pygame.draw.rect(surf, glow, deck.inflate(ui.s(6), ui.s(6)), max(2, ui.s(3)), border_radius=ui.s(10))
        # supply
        sup = r["supply"]
        x = sup.x + ui.s(6)
        cy = sup.centery
        self._supply_hits = []  # (rect, what): the supply's tokens, the tiles left, the round (tooltips)
        label = ui.text(t("llama_land.ui.supply"), 15, (170, 210, 196), bold=True)
        surf.blit(label, label.get_rect(midleft=(x, cy)))
        x += label.get_width() + ui.s(14)
        isz = ui.s(24)
        for res in ("corn", "cacao", "potato", "coin"):
            img = icon(res, isz)
            surf.blit(img, img.get_rect(midleft=(x, cy)))
            n = d["supply"]["coins" if res == "coin" else res]
            num = ui.text(str(n), 17, CREAM, bold=True)
            surf.blit(num, num.get_rect(midleft=(x + isz + ui.s(4), cy)))
            x += isz + num.get_width() + ui.s(20)
        fig = art.llama_figure(ui.s(28), "cream")
        surf.blit(fig, fig.get_rect(midleft=(x, cy - ui.s(2))))
        num = ui.text(str(d["supply"]["llamas"]), 17, CREAM, bold=True)
        surf.blit(num, num.get_rect(midleft=(x + fig.get_width() + ui.s(4), cy)))
        x += fig.get_width() + num.get_width() + ui.s(24)
        self._supply_hits.append((pygame.Rect(sup.x, sup.y, x - ui.s(12) - sup.x, sup.h), "supply"))
        start = x
        tiles = ui.text(plural("llama_land.ui.tiles_left", d["tiles_left"]), 15, CREAM)
        surf.blit(tiles, tiles.get_rect(midleft=(x, cy)))
        self._label_rects["tiles"] = tiles.get_rect(midleft=(x, cy))
        x += tiles.get_width() + ui.s(20)
        self._supply_hits.append((pygame.Rect(start - ui.s(8), sup.y, x - start, sup.h), "tiles"))
        start = x
        tr = ui.text(t("llama_land.ui.round", n=round_number(d)), 15, CREAM)
        surf.blit(tr, tr.get_rect(midleft=(x, cy)))
        self._label_rects["round"] = tr.get_rect(midleft=(x, cy))
        x += tr.get_width() + ui.s(20)
        if d["triggered"]:
            last = ui.text(t("llama_land.ui.last_round"), 15, GOLD, bold=True)
            surf.blit(last, last.get_rect(midleft=(x, cy)))
            x += last.get_width() + ui.s(20)
        self._supply_hits.append((pygame.Rect(start - ui.s(8), sup.y, x - start, sup.h), "round"))
        # objectives
        two = self.n == 2
        marker_moves = self._marker_moves() if (self.mode == "after" and self.marker_mode) else []
        chosen = marker_moves[self.choice % len(marker_moves)] if marker_moves else None
        for i, obj in enumerate(d["objectives"]):
            rect = r[f"obj{i}"]
            spaces = tuple(sorted({m.args[1] for m in marker_moves if m.args[0] == i}))
            o = dict(obj, two_player=two)
            img = objective_card(ui, o, rect.w, rect.h, spaces)
            surf.blit(img, rect.topleft)
            if chosen is not None and chosen.args[0] == i:
                cx, cy2, rad = space_centers(rect, rect.w, rect.h)[chosen.args[1]]
                ghost = pygame.Surface((rad * 2 + 2, rad * 2 + 2), pygame.SRCALPHA)
                pygame.draw.circle(ghost, (*iso.seat_rgb(self.my_seat()), 170), (rad + 1, rad + 1), int(rad * 0.84))
                surf.blit(ghost, (cx - rad - 1, cy2 - rad - 1))
                pygame.draw.circle(surf, (255, 255, 255), (cx, cy2), rad + ui.s(5), max(2, ui.s(3)))
                pygame.draw.circle(surf, INK, (cx, cy2), rad + ui.s(7), max(1, ui.s(1)))
        if not d["objectives"]:
            txt = ui.text(t("llama_land.ui.no_objectives"), 16, (170, 210, 196))
            surf.blit(txt, txt.get_rect(center=r["objectives"].center))
        # player panels
        for s in range(self.n):
            self._draw_panel(surf, s)
        return surf

    def _draw_panel(self, surf, seat: int) -> None:
        ui = self.ui
        d = self.d
        rect = self.rects[f"panel{seat}"]
        col = d["collections"][seat]
        current = d["current_player"] == seat
        shown = self.shown_seat == seat
        fill = (255, 250, 236) if current else CREAM
        draw_panel(surf, rect, ui, fill=fill, border=GOLD if current else PAPER_EDGE)
        if current:
            pygame.draw.rect(surf, GOLD, rect.inflate(ui.s(6), ui.s(6)), max(2, ui.s(4)), border_radius=ui.s(16))
        color = iso.seat_rgb(seat)
        head_h = ui.s(28)
        bar = pygame.Rect(rect.x, rect.y, rect.w, head_h)
        pygame.draw.rect(surf, color, bar, border_top_left_radius=ui.s(12), border_top_right_radius=ui.s(12))
        name = self._name(seat)
        seatinfo = self.session.seat_shown(seat)
        if seatinfo.is_bot:
            name += f" · {level_text(seatinfo.level)}"
        # the seat's llama portrait, as on the other tables' name plates, at the bar's left end
        portrait = seat_portrait(seat, head_h - ui.s(2))
        surf.blit(portrait, portrait.get_rect(midleft=(bar.x + ui.s(4), bar.centery)))
        name_x = bar.x + ui.s(10) + portrait.get_width()
        img = ui.text(name, 17, (255, 255, 255), bold=True)
        score = ui.text(t("llama_land.ui.points", n=d["scores"][seat]), 17, (255, 255, 255), bold=True)
        room = bar.right - ui.s(20) - score.get_width() - name_x
        if img.get_width() > room:  # a long name shrinks rather than running under the score
            img = pygame.transform.smoothscale_by(img, room / img.get_width())
        surf.blit(img, img.get_rect(midleft=(name_x, bar.centery)))
        surf.blit(score, score.get_rect(midright=(bar.right - ui.s(10), bar.centery)))
        geo = self._panel_geometry(seat)
        # mini domain
        body = geo["body"]
        mini = self._domain_surface(seat, body, margin=0, grid=False, key="mini", max_cell=ui.s(40))
        if shown:  # the domain shown large: a soft plate hugging the mini domain, not the whole column
            kept = self._mini_bounds.get(seat)
            if kept is None or kept[0] is not mini:  # measured once per drawing of the mini domain
                kept = self._mini_bounds[seat] = (mini, mini.get_bounding_rect())
            drawn = kept[1].move(body.topleft).inflate(ui.s(12), ui.s(12)).clip(body)
            pygame.draw.rect(surf, (226, 214, 190), drawn, border_radius=ui.s(10))
        surf.blit(mini, body.topleft)
        # resources
        x0, y, isz, step = geo["x0"], geo["y_res"], geo["isz"], geo["step"]
        x = x0
        for res in (*CROPS, "coin"):
            surf.blit(icon(res, isz), (x, y))
            num = ui.text(str(col["coins"] if res == "coin" else col["crops"][res]), 17, INK, bold=True)
            surf.blit(num, num.get_rect(midleft=(x + isz + ui.s(2), y + isz // 2)))
            x += step
        y = geo["y_info"]
        info = t("llama_land.ui.kit", foundations=col["foundations"], markers=col["markers"])
        img = ui.text(info, 13, INK_SOFT)
        if img.get_width() > rect.right - ui.s(6) - x0:
            img = pygame.transform.smoothscale_by(img, (rect.right - ui.s(6) - x0) / img.get_width())
        surf.blit(img, (x0, y))
        y = geo["y_chips"]
        # llama cards as little coloured chips with their values
        chip_w, chip_h = ui.s(22), geo["chip_h"]
        x = x0
        for crop, value in col["llama_cards"][:10]:
            chip = pygame.Rect(x, y, chip_w, chip_h)
            pygame.draw.rect(surf, CROP_COLORS[crop], chip, border_radius=ui.s(4))
            pygame.draw.rect(surf, INK, chip, 1, border_radius=ui.s(4))
            v = ui.text(str(value), 12, INK if crop != "cacao" else CREAM, bold=True)
            surf.blit(v, v.get_rect(center=chip.center))
            x += chip_w + ui.s(2)
            if x + chip_w > rect.right - ui.s(6):
                break
        if not col["llama_cards"]:
            img = ui.text(t("llama_land.ui.no_cards"), 13, INK_SOFT)
            surf.blit(img, (x0, y + ui.s(2)))
        # characters
        for cid, crect in self._char_chip_rects(seat):
            ch = next(c for c in col["characters"] if c["id"] == cid)
            used = cid in d["turn"]["used"] and current
            pygame.draw.rect(surf, (236, 224, 200) if not used else (210, 204, 190), crect, border_radius=ui.s(6))
            pygame.draw.rect(surf, INK, crect, 1, border_radius=ui.s(6))
            pic = _char_glyph(ch, crect.w)
            surf.blit(pic, pic.get_rect(center=crect.center))

    def _domain_surface(self, seat: int, rect: pygame.Rect, *, margin: int, grid: bool, key: str, max_cell: int,
                        skip=frozenset()):
        dom = self.d["domains"][seat]
        sig = domain_signature(dom)
        x0, y0, x1, y1 = dom["bounds"]
        bounds = (x0 - margin, y0 - margin, x1 + margin, y1 + margin)
        cache_key = (key, seat)
        full = (sig, tuple(rect), bounds, skip, max_cell)
        hit = self.domain_cache.get(cache_key)
        if hit is not None and hit[0] == full:
            return hit[1]
        frame = IsoFrame(bounds, pygame.Rect(0, 0, rect.w, rect.h), max_height(dom) + (1 if margin else 0),
                         max_cell=max_cell)
        surf = render_domain(dom, frame, seat, grid=grid, skip=skip)
        self.domain_cache[cache_key] = (full, surf, frame)
        return surf

    def _fit_rect(self) -> pygame.Rect:
        """Where the big domain fits at zoom 1: its panel less the title line and the status line (the legend sits
        in the panel's top right corner, which the diamond of an isometric domain leaves free)."""
        dom = self.rects["domain"]
        top = dom.y + self.ui.s(40)
        bottom = self.rects["status"].y - self.ui.s(22)
        return pygame.Rect(dom.x + self.ui.s(14), top, dom.w - self.ui.s(28), max(10, bottom - top))

    def _big_frame(self) -> IsoFrame:
        """The big domain's frame: the domain and a cell around it (where extensions go; the walk over the spots
        moves the view to one further out) as large as the panel allows, times the zoom, moved by the pan."""
        seat = self.shown_seat
        if seat != self._view_seat:  # each domain keeps its own zoom and pan (a new one is seen whole)
            if self._view_seat is not None:
                self._views[self._view_seat] = (self.zoom, self.pan)
            self._view_seat = seat
            self.zoom, self.pan = self._views.get(seat, (1.0, (0.0, 0.0)))
        rect = self._fit_rect()
        dom = self.d["domains"][seat]
        key = (seat, domain_signature(dom), tuple(rect), self.zoom, self.pan)
        if self.frame_key != key or self.frame_big is None:
            x0, y0, x1, y1 = dom["bounds"]
            cells = {(c["x"], c["y"]) for c in dom["cells"]}
            halo = {(x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            self.frame_big = IsoFrame((x0 - 2, y0 - 2, x1 + 2, y1 + 2), rect, max_height(dom) + 1,
                                      max_cell=self.ui.s(150), fit_cells=halo, zoom=self.zoom, pan=self.pan)
            self.frame_key = key
        return self.frame_big

    def draw(self, surface: pygame.Surface) -> None:
        if self.size != surface.get_size():
            self._build(surface.get_size())
        ui = self.ui
        if self.static is None:
            self.static = self._render_static()
            self.middle = None
        key = self._middle_key()
        if self.middle is None or self.middle_key != key:  # the table without what moves: one opaque layer
            layer = self.static.copy()
            self._render_middle(layer)
            self.middle = layer
            self.middle_key = key
        surface.blit(self.middle, (0, 0))
        self._bubble_rect = None
        self._draw_hover(surface)
        clip = surface.get_clip()
        self._bubble = None
        surface.set_clip(self.rects["domain"].inflate(-ui.s(4), -ui.s(4)))
        self._draw_big_domain(surface)
        surface.set_clip(clip)
        bubble = self._payout_bubble(*self._bubble) if self._bubble is not None else None
        self._bubble_rect = bubble[1] if bubble is not None else None  # the legend fades where it would cover it
        self._draw_domain_labels(surface)
        if bubble is not None:
            surface.blit(*bubble)
        self._bubble = None
        self._draw_status(surface)
        self._draw_final_scores(surface)
        self._draw_log(surface)
        for b in self.buttons.values():
            b.draw(surface, ui)
        self._draw_flyers(surface)
        domain = self.rects["domain"]
        low = self._compass_bottom() - 3 * ui.s(34) - ui.s(8)  # above the compass
        band = pygame.Rect(domain.x + ui.s(20), domain.y + ui.s(40), domain.w - ui.s(40), low - domain.y - ui.s(40))
        draw_toasts(surface, self.toasts, band, ui, avoid=self._bubble_rect)
        self._draw_panels(surface)
        self._draw_tooltip(surface)
        self._narrator_draw(surface)

    # -- "Learn to play": the pieces a lesson points at (docs/APP.md, "Tutorials") -------------------------------
    def tutorial_rect(self, name: str) -> pygame.Rect | None:
        """The on-screen rect of the piece ``name`` as drawn now, or None when it is not shown. Llama Land's
        pieces: ``domain`` (the big domain's panel), ``spot:X,Y`` (cell X, Y of the big domain: its top face, at
        level 1 outside the domain; a click on its middle picks that cell), ``legend`` (the placement legend),
        ``stacks``, ``stack:<i or shape>``, ``llamas`` (the llama-card columns), ``column:<crop>``, ``characters``
        (the row and the deck), ``character:<i>`` / ``character:deck``, ``supply``, ``round``, ``objectives``,
        ``objective:<i>``, ``space:<i>,<s>`` (space s of objective card i), ``plate:<seat>`` (a player's panel),
        ``crops`` / ``crops:<seat>`` (the crops and coins held), ``markers`` / ``markers:<seat>`` (foundations and
        markers left), ``log``, ``button:<name>`` (``feed``, ``marker``, ``end``, ``rotate``, ``confirm``...),
        ``advisor``, ``scores`` (the final scoring card of a lesson's finished game), and while the feeding or
        characters choice is open ``feed:<crop>`` (the row feeding that crop with the fewest coins) and
        ``choice:<i>``."""
        if self.ui is None or not self.rects:
            return None
        kind, _, arg = name.partition(":")
        r = self.rects
        plain = {"domain": "domain", "stacks": "stacks", "llamas": "columns", "characters": "chars",
                 "supply": "supply", "objectives": "objectives", "log": "log"}
        if kind in plain and not arg:
            return pygame.Rect(r[plain[kind]])
        try:
            if kind == "spot":
                x, y = (int(v) for v in arg.split(","))
                return self._spot_rect(x, y)
            if kind == "stack":
                index = SHAPES.index(arg) if arg in SHAPES else int(arg)
                return pygame.Rect(r[f"stack{index}"]) if 0 <= index < len(SHAPES) else None
            if kind == "column":
                return pygame.Rect(r[f"column{CROPS.index(arg)}"]) if arg in CROPS else None
            if kind == "character":
                if arg == "deck":
                    return pygame.Rect(r["char5"]) if self.d["character_deck"] else None
                index = int(arg)
                return pygame.Rect(r[f"char{index}"]) if 0 <= index < len(self.d["character_row"]) else None
            if kind == "objective":
                rect = r.get(f"obj{int(arg)}")
                return pygame.Rect(rect) if rect is not None else None
            if kind == "space":
                index, space = (int(v) for v in arg.split(","))
                rect = r.get(f"obj{index}")
                if rect is None or not 0 <= space < 3:
                    return None
                cx, cy, rad = space_centers(rect, rect.w, rect.h)[space]
                return pygame.Rect(cx - rad, cy - rad, 2 * rad + 1, 2 * rad + 1)
            if kind == "plate":
                rect = r.get(f"panel{int(arg)}")
                return pygame.Rect(rect) if rect is not None else None
            if kind in ("crops", "markers"):
                seat = int(arg) if arg else (self.viewer if self.viewer is not None else 0)
                return self._panel_piece(seat, kind) if 0 <= seat < self.n else None
        except (ValueError, KeyError, IndexError):
            return None
        if kind == "scores" and not arg:  # a lesson's final scoring card
            layout = self._final_scores_layout()
            return pygame.Rect(layout[0]) if layout is not None else None
        if kind == "round" and not arg:
            rect = self._label_rects.get("round")
            return pygame.Rect(rect) if rect is not None else None
        if kind == "legend" and not arg:
            shown = (self.mode == "place" and self.placer is not None and not self.foundation_mode
                     and self.my_seat() == self.shown_seat and self.inspect is None and self.can_act())
            return self.legend_rect() if shown else None
        if kind == "button":
            button = self.buttons.get(arg)
            return pygame.Rect(button.rect) if button is not None and button.rect is not None else None
        if kind == "advisor" and not arg:
            rect = self.advisor.button.rect
            return pygame.Rect(rect) if rect is not None and rect.w > 0 else None
        if kind in ("feed", "choice") and self.choice_overlay is not None:
            rows = self.choice_overlay.rows
            if kind == "choice":
                index = int(arg) if arg.isdigit() else -1
            else:  # the row feeding that crop with the fewest coins
                feeds = [(int(m.split()[2]), i) for i, m in enumerate(self.choice_moves)
                         if m.split()[:2] == ["feed", arg]]
                index = min(feeds)[1] if feeds else -1
            return pygame.Rect(rows[index]) if 0 <= index < len(rows) else None
        return None

    # -- a lesson's game over: the scoring on the table (a real game shows it on the results screen) -----------
    def _final_score_rows(self):
        """(label, points per seat) of the final scoring: llama cards, crops, coins, each objective that paid
        someone, the total; None unless a lesson's game is over (a real game leaves for the results screen)."""
        if self.session.lesson is None or not self.session.is_over:
            return None
        from lama_desktop.games.llama_land.results import score_rows

        breakdown = self.d["breakdown"]
        rows = score_rows(breakdown, [o["id"] for o in self.d["objectives"]])
        return [(label, points) for key, label, points in rows if not key.startswith("objective:") or any(points)]

    def _final_scores_layout(self):
        """(card rect, row height, label column width, seat column width) of the scoring card: in the domain's
        panel, right-aligned above the status line."""
        rows = self._final_score_rows()
        if rows is None:
            return None
        ui = self.ui
        pad, row_h = ui.s(14), ui.font(17).get_linesize() + ui.s(6)
        label_w = max(ui.font(17).size(label)[0] for label, _ in rows)
        seat_w = max(ui.s(70), max(ui.font(17, True).size(self._name(s))[0] for s in range(self.n)) + ui.s(16))
        title_h = ui.font(17, True).get_linesize() + ui.s(8)
        dom, status = self.rects["domain"], self.rects["status"]
        width = min(dom.w - ui.s(32), 2 * pad + label_w + self.n * seat_w)
        label_w = width - 2 * pad - self.n * seat_w
        height = 2 * pad + title_h + row_h * (len(rows) + 1)
        rect = pygame.Rect(0, 0, width, height)
        rect.bottomright = (dom.right - ui.s(16), status.y - ui.s(12))
        rect.top = max(rect.top, dom.y + ui.s(44))
        return rect, row_h, label_w, seat_w

    def _draw_final_scores(self, surface) -> None:
        layout = self._final_scores_layout()
        if layout is None:
            return
        rect, row_h, label_w, seat_w = layout
        ui = self.ui
        rows = self._final_score_rows()
        draw_panel(surface, rect, ui)
        pad = ui.s(14)
        title = ui.text_fit(t("llama_land.results.subtitle"), 17, rect.w - 2 * pad, INK, bold=True)
        surface.blit(title, (rect.x + pad, rect.y + pad))
        y = rect.y + pad + ui.font(17, True).get_linesize() + ui.s(8)
        x0 = rect.x + pad + label_w
        for s in range(self.n):  # the seats' names over their columns, in their colours
            name = ui.text_fit(self._name(s), 17, seat_w - ui.s(6), iso.seat_rgb(s), bold=True)
            surface.blit(name, name.get_rect(midtop=(x0 + s * seat_w + seat_w // 2, y)))
        y += row_h
        for i, (label, points) in enumerate(rows):
            last = i == len(rows) - 1
            if last:
                pygame.draw.line(surface, PAPER_EDGE, (rect.x + pad, y - ui.s(3)), (rect.right - pad, y - ui.s(3)),
                                 max(1, ui.s(2)))
            img = ui.text_fit(label, 17, label_w - ui.s(8), INK, bold=last)
            surface.blit(img, (rect.x + pad, y))
            for s, value in enumerate(points):
                num = ui.text(str(value), 17, INK, bold=last)
                surface.blit(num, num.get_rect(midtop=(x0 + s * seat_w + seat_w // 2, y)))
            y += row_h

    def tutorial_clear(self) -> list[pygame.Rect]:
        """What a lesson's narrator box would rather not cover (it goes where it covers least of these): the big
        domain as drawn (its cells, the icons standing on them, the spots around), the status line, the buttons and
        the learner's panel; the stacks, llama cards, characters, objectives, log and the others' panels may give
        way (the box never covers the piece it points at)."""
        if self.ui is None or not self.rects:
            return []
        clear = [pygame.Rect(self.rects["status"]), pygame.Rect(self.rects["buttons"])]
        if self.viewer is not None:
            clear.append(pygame.Rect(self.rects[f"panel{self.viewer}"]))
        frame = self._big_frame()
        heights = self._big_heights()
        if heights:
            tops = [frame.top_rhombus(x, y, h) for (x, y), h in heights.items()]
            xs = [px for top in tops for px, _ in top]
            ys = [py for top in tops for _, py in top]
            drawn = pygame.Rect(min(xs), min(ys) - frame.headroom, max(xs) - min(xs),
                                max(ys) - min(ys) + frame.headroom + frame.rise)
            clear.append(drawn.inflate(frame.cell, frame.cell // 2).clip(self.rects["domain"]))
        return clear

    def _tip_pieces(self) -> list[pygame.Rect]:
        """The stacks, llama-card columns, characters, objective cards and every player's panel: a tip about one
        keeps clear of the others when it can (the domain and the buttons come from ``tutorial_clear``)."""
        if not self.rects:
            return []
        names = [f"stack{i}" for i in range(5)] + [f"column{i}" for i in range(3)] + [f"char{i}" for i in range(6)]
        names += [f"obj{i}" for i in range(len(self.d["objectives"]))] + [f"panel{s}" for s in range(self.n)]
        return [pygame.Rect(self.rects[name]) for name in names if name in self.rects]

    def _lesson_points_at(self, name: str) -> bool:
        """A lesson's narrator shows a step pointing at the piece ``name`` now."""
        lesson = self.session.lesson
        return lesson is not None and lesson.shown and lesson.current.point == name

    def _spot_rect(self, x: int, y: int) -> pygame.Rect | None:
        """The bounding box of cell (x, y)'s top face on the big domain (level 1 where the domain has no cell),
        inside the domain's panel; None when that cell is off the panel."""
        frame = self._big_frame()
        heights = self._big_heights()
        pts = frame.top_rhombus(x, y, heights.get((x, y), 1))
        xs, ys = [px for px, _ in pts], [py for _, py in pts]
        rect = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                           math.ceil(max(ys) - min(ys)) + 1)
        return rect if self.rects["domain"].contains(rect) else None

    def _panel_piece(self, seat: int, kind: str) -> pygame.Rect:
        """In a player's panel: ``crops``, the row of crops and coins; ``markers``, the line of foundations and
        markers left."""
        geo = self._panel_geometry(seat)
        right = self.rects[f"panel{seat}"].right - self.ui.s(4)
        pad = self.ui.s(3)
        if kind == "crops":
            num_w = self.ui.font(17, True).size("88")[0]
            width = min(3 * geo["step"] + geo["isz"] + self.ui.s(2) + num_w, right - geo["x0"]) + 2 * pad
            return pygame.Rect(geo["x0"] - pad, geo["y_res"] - pad, width, geo["isz"] + 2 * pad)
        col = self.d["collections"][seat]
        text = t("llama_land.ui.kit", foundations=col["foundations"], markers=col["markers"])
        width = min(self.ui.font(13).size(text)[0], right - geo["x0"])
        return pygame.Rect(geo["x0"] - pad, geo["y_info"] - pad, width + 2 * pad,
                           self.ui.font(13).get_height() + 2 * pad)

    def _log_rect(self):
        return self.rects["log"]

    def _history_round(self) -> int:
        """The round the moves being shown were played in (the one the status bar named before them: the turn the
        player to move was playing), so the history groups Llama Land's lines by round like the other tables'."""
        return self._line_round

    # -- the advisor (table/advisor_panel.py) -------------------------------------------------------------------
    #: how many of the advisor's best placements are drawn as ghost tiles
    ADVICE_GHOSTS = 3

    def _advice_anchor(self):
        button, area = advice_anchor(self.ui, self.rects["log"])
        log_rect = self.rects["log"]
        return button, area.union(area.move(0, -log_rect.h))  # more room: the answer lists ten placements

    def _draw_advice(self, surface, estimates) -> None:
        """The advisor's best placements as ghost tiles on the player's domain, each with its rank and chance (the
        best one brightest); a foundation or a llama spot as a marked cell."""
        seat = self.my_seat()
        if seat < 0 or self.shown_seat != seat or self.inspect is not None:
            return
        frame = self._big_frame()
        key = (id(estimates), frame.rect.topleft, frame.rect.size, frame.cell, self.version)
        cached = self.domain_cache.get("advice")
        if cached is None or cached[0] != key:
            cached = (key, self._render_advice(frame, estimates, seat))
            self.domain_cache["advice"] = cached
        layer, origin, badges = cached[1]
        surface.blit(layer, origin)
        ui = self.ui
        for rank, (center, text) in enumerate(badges):
            img = ui.text(text, 15, INK, True)
            badge = pygame.Rect(0, 0, img.get_width() + ui.s(14), img.get_height() + ui.s(6))
            badge.midbottom = (round(center[0]), round(center[1]))
            pygame.draw.rect(surface, GOLD if rank == 0 else CREAM, badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, INK, badge, max(1, ui.s(1)), border_radius=badge.h // 2)
            surface.blit(img, img.get_rect(center=badge.center))

    def _render_advice(self, frame, estimates, seat):
        """(a layer round the domain frame with the ghosts, its top left, [(badge anchor, "1 · 34 %")] best
        first)."""
        area = frame.rect.inflate(2 * frame.cell, 2 * frame.cell)
        local = copy.copy(frame)  # the same frame, drawn into the layer
        local.rect = frame.rect.move(-area.x, -area.y)
        local.ox, local.oy = frame.ox - area.x, frame.oy - area.y
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        badges = []
        state = self.session.state
        shown = [e for e in estimates if e.move.kind in ("build", "extend", "foundation", "llama")]
        shown = shown[:self.ADVICE_GHOSTS]
        heights = {(c["x"], c["y"]): c["height"] for c in self.d["domains"][seat]["cells"]}
        for rank in range(len(shown) - 1, -1, -1):
            e = shown[rank]
            kind, args = e.move.kind, e.move.args
            ghost = pygame.Surface(area.size, pygame.SRCALPHA)
            if kind in ("build", "extend"):
                shape, rot, mirror, x, y = args
                placer = Placer(state, seat)
                placer.select(shape)
                placer.rotation, placer.mirror = int(str(rot)[1]), mirror == "m"
                ax, ay = placer.anchor()
                placer.cursor = (x + ax, y + ay)
                ev = placer.evaluate()
                lift = frame.rise * 0.35
                draw_ghost(ghost, local, ev["cells"], ev["level"], True, lift=lift, kind=ev["kind"],
                           edge=(255, 204, 84))
                top = min((frame.top_center(cx, cy, ev["level"]) for cx, cy, _i in ev["cells"]),
                          key=lambda p: p[1])
                anchor = (top[0], top[1] - lift - frame.cell * 0.15)
            else:
                x, y = args[0], args[1]
                level = heights.get((x, y), 0)
                iso.draw_spot(ghost, local, x, y, level, (255, 236, 150, 230), 0, 0.8)
                top = frame.top_center(x, y, level)
                anchor = (top[0], top[1] - frame.cell * 0.2)
            ghost.set_alpha(255 if rank == 0 else 150)
            layer.blit(ghost, (0, 0))
            badges.append((anchor, f"{rank + 1} · {percent(e.win)}"))
        badges.reverse()
        return layer, area.topleft, badges

    def _draw_big_domain(self, surface) -> None:
        ui = self.ui
        seat = self.shown_seat
        frame = self._big_frame()
        drop = self.drop if (self.drop is not None and self.drop["seat"] == seat) else None
        skip = frozenset(drop["cells"]) if drop else frozenset()
        frame_rect = frame.rect
        img = self._domain_cached_big(seat, frame, skip)
        surface.blit(img, frame_rect.topleft)
        dom = self.d["domains"][seat]
        cells = {(c["x"], c["y"]): c for c in dom["cells"]}
        if drop:
            k = min(1.0, drop["k"])
            lift = (1 - k) ** 2 * frame.cell * 1.6
            for (x, y) in sorted(drop["cells"], key=lambda c: (c[0] + c[1], c[0])):
                c = cells.get((x, y))
                if c is None:
                    continue
                bx, by = frame.block_pos(x, y, c["height"])
                block = art.land_block(c["icon"] if c["icon"] in art.LAND_ICONS else "none", min(c["height"], 9),
                                       frame.cell)
                surface.blit(block, (bx, by - lift))
            self._redraw_front(surface, frame, cells, seat,
                               [(x, y, cells[(x, y)]["height"]) for x, y in drop["cells"] if (x, y) in cells])
        if self.flash is not None and self.flash["seat"] == seat and drop is None:
            a = max(0, 1 - self.flash["age"] / 1.2)
            if a > 0:
                glow = pygame.Surface(frame_rect.size, pygame.SRCALPHA)
                for (x, y) in self.flash["cells"]:
                    c = cells.get((x, y))
                    if c is None:
                        continue
                    pts = [(px - frame_rect.x, py - frame_rect.y) for px, py in frame.top_rhombus(x, y, c["height"])]
                    pygame.draw.polygon(glow, (255, 236, 150, int(120 * a)), pts)
                surface.blit(glow, frame_rect.topleft)
        mine = self.my_seat() == seat and self.inspect is None and self.can_act()
        if not mine:
            return
        if self.mode == "place" and self.placer is not None:
            if self.foundation_mode:
                spots = [(x, y, cells[(x, y)]["height"] if (x, y) in cells else 1) for x, y in self._foundation_cells()]
                self._blit_cell_layer(surface, frame, ("found", self.version), spots, (200, 196, 186, 150),
                                      (70, 64, 58, 230))
                cx, cy = self.cursor
                h = cells[(cx, cy)]["height"] if (cx, cy) in cells else 1
                pts = frame.top_rhombus(cx, cy, h)
                pygame.draw.polygon(surface, (255, 255, 255), pts, max(2, ui.s(3)))
                return
            self._draw_spots(surface, frame, cells)
            ev = self.placer.evaluate()
            lift = frame.rise * 0.6 + 2 * abs(((self.time * 1.6) % 2) - 1)
            if not ev["legal"]:  # not a spot where it fits: a faint outline (the status line says why)
                iso.draw_outline(surface, frame, ev["cells"], ev["level"])
                return
            draw_ghost(surface, frame, ev["cells"], ev["level"], True, lift=lift, kind=ev["kind"])
            front = self._redraw_front(surface, frame, cells, seat, [(x, y, ev["level"]) for x, y, _i in ev["cells"]])
            self._draw_spots_again(surface, frame, front)  # the spots on the cells drawn again over the ghost
            if ev["kind"] == "build":
                self._bubble = (frame, ev, lift)  # drawn over the legend, after the labels
        elif self.mode == "llama":
            spots = self._llama_spots()
            self._blit_cell_layer(surface, frame, ("llama", self.version),
                                  [(x, y, cells[(x, y)]["height"]) for x, y in spots], (255, 236, 150, 120),
                                  (255, 246, 200, 230))
            cx, cy = self.cursor
            if (cx, cy) in cells:
                h = cells[(cx, cy)]["height"]
                pts = frame.top_rhombus(cx, cy, h)
                pygame.draw.polygon(surface, (255, 255, 255), pts, max(2, ui.s(3)))
                if (cx, cy) in spots:
                    fig = art.llama_figure(max(10, round(frame.cell * 0.62)), "cream",
                                           blanket=iso.seat_color_name(seat))
                    tx, ty = frame.top_center(cx, cy, h)
                    ghost = fig.copy()
                    ghost.set_alpha(190)
                    surface.blit(ghost, ghost.get_rect(midbottom=(round(tx), round(ty + frame.cell * 0.06))))

    def _draw_domain_labels(self, surface) -> None:
        """Over the big domain (not clipped by it): whose domain it is, the compass and the placement legend."""
        ui = self.ui
        seat = self.shown_seat
        title = about("llama_land.ui.domain_of", seat, name=self._name(seat))
        img = ui.text(title, 20, CREAM, bold=True)
        dom_rect = self.rects["domain"]
        surface.blit(img, (dom_rect.x + ui.s(16), dom_rect.y + ui.s(12)))
        if self.inspect is not None:
            hint = ui.text(t("llama_land.ui.inspecting"), 15, (200, 226, 216))
            surface.blit(hint, (dom_rect.x + ui.s(16), dom_rect.y + ui.s(40)))
        pygame.draw.circle(surface, iso.seat_rgb(seat), (dom_rect.x + ui.s(8), dom_rect.y + ui.s(24)), ui.s(5))
        if not (self.my_seat() == seat and self.inspect is None and self.can_act()):
            return
        if self.mode in ("place", "llama"):
            self._draw_compass(surface)
        if self.mode == "place" and self.placer is not None and not self.foundation_mode:
            self._draw_legend(surface)
            hint = ui.text(t("llama_land.legend.view"), 15, (190, 214, 206))
            status = self.rects["status"]
            surface.blit(hint, hint.get_rect(bottomright=(dom_rect.right - ui.s(14),
                                                          status.y - ui.s(4) - ui.font(14).get_linesize())))

    def legend_lines(self) -> list[tuple[str, str]]:
        """The placement legend: (swatch, text) rows; swatch ``extend`` / ``build`` (the spot colours) or ``""``."""
        p = self.placer
        total = len(p.state.placements(p.shape))
        if not total:
            return [("", t("llama_land.legend.nowhere"))]
        rows = [("extend", t("llama_land.legend.extend")), ("build", t("llama_land.legend.build"))]
        rows.append(("", plural("llama_land.legend.cycle", total)))
        return rows

    def legend_rect(self) -> pygame.Rect:
        """Where the legend goes: right of the domain's title, left of the pause button; under the title when that
        leaves too little room (a narrow panel, a large interface). Its height follows its wrapped lines."""
        ui = self.ui
        dom, menu = self.rects["domain"], self.rects["menu"]
        seat = self.shown_seat
        title = ui.text(about("llama_land.ui.domain_of", seat, name=self._name(seat)), 20, CREAM, bold=True)
        right = menu.x - ui.s(10)
        width = min(ui.s(400), round(dom.w * 0.45))  # the panel's top right corner, which the domain leaves free
        top = menu.y
        if right - width < dom.x + ui.s(16) + title.get_width() + ui.s(16):
            top = dom.y + ui.s(12) + title.get_height() + ui.s(6)
        self._legend_compact = False
        height = self._legend_layout(width)[1]
        if height > dom.h * 0.24:  # a narrow panel or a large interface: the spot names alone
            self._legend_compact = True
            height = self._legend_layout(width)[1]
        return pygame.Rect(right - width, top, width, height)

    def _legend_layout(self, width: int):
        """The legend's rows wrapped to ``width``: ([(swatch, [lines])], height). Compact: a spot row keeps its
        name (what comes before its first colon)."""
        ui = self.ui
        pad, swatch_w = ui.s(10), ui.s(30)
        rows, height = [], 2 * pad
        line_h = ui.font(16).get_linesize()
        for swatch, text in self.legend_lines():
            if swatch and self._legend_compact:
                text = text.split(":")[0].strip()
            lines = ui.wrap(text, 16, width - 2 * pad - swatch_w, bold=bool(swatch))
            rows.append((swatch, lines))
            height += line_h * len(lines) + ui.s(3)
        return rows, height

    def _draw_legend(self, surface) -> None:
        ui = self.ui
        p = self.placer
        memo = (p.shape, id(p.state), self.version, tuple(self.rects["domain"]), ui.scale, self.shown_seat,
                language())
        hit = self.domain_cache.get("legend_layout")
        if hit is None or hit[0] != memo:  # the engine's placements and the wrapping: once per position
            rect = self.legend_rect()
            hit = (memo, rect, self._legend_layout(rect.w)[0])
            self.domain_cache["legend_layout"] = hit
        _memo, rect, rows = hit
        key = ("legend", tuple((s, tuple(lines)) for s, lines in rows), tuple(rect))
        img = self.domain_cache.get(key)
        if img is None:
            img = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(img, (6, 30, 28, 205), img.get_rect(), border_radius=ui.s(12))
            pygame.draw.rect(img, (255, 255, 255, 50), img.get_rect(), max(1, ui.s(2)), border_radius=ui.s(12))
            pad, swatch_w = ui.s(10), ui.s(30)
            line_h = ui.font(16).get_linesize()
            y = pad
            for swatch, lines in rows:
                if swatch:
                    w, cy = ui.s(22), y + line_h / 2
                    pts = [(pad + w / 2, cy - w / 4), (pad + w, cy), (pad + w / 2, cy + w / 4), (pad, cy)]
                    pygame.draw.polygon(img, SPOT_COLORS[swatch], pts)
                    pygame.draw.polygon(img, (30, 80, 50), pts, 1)
                for line in lines:
                    label = ui.text(line, 16, CREAM if swatch else (200, 226, 216), bold=bool(swatch))
                    img.blit(label, (pad + swatch_w, y))
                    y += line_h
                y += ui.s(3)
            img = finish(img)
            self.domain_cache[key] = img
        frame = self.frame_big
        ev = self.placer.evaluate()
        # the tile in hand under the legend: the legend fades (not while a lesson points at it)
        if frame is not None and ev["cells"] and not self._lesson_points_at("legend"):
            tops = [frame.top_rhombus(x, y, ev["level"]) for x, y, _i in ev["cells"]]
            xs = [px for top in tops for px, _ in top]
            ys = [py for top in tops for _, py in top]
            lift = frame.headroom + frame.rise  # the icons stand up, the tile in hand floats a little
            under = pygame.Rect(min(xs), min(ys) - lift, max(xs) - min(xs), max(ys) - min(ys) + lift)
            if under.colliderect(rect) or (self._bubble_rect is not None and self._bubble_rect.colliderect(rect)):
                img = img.copy()
                img.set_alpha(70)
        surface.blit(img, rect.topleft)

    def _redraw_front(self, surface, frame, cells: dict, seat: int, picked) -> None:
        """Draw again the columns standing in front of ``picked`` (a ghost or falling tile): true occlusion."""
        key = ("front", self.version, seat, tuple(picked), frame.cell, frame.bounds, frame.ox, frame.oy)
        front = self.domain_cache.get("front")
        if front is None or front[0] != key:
            front = (key, cells_in_front(frame, cells, picked))
            self.domain_cache["front"] = front
        for x, y in front[1]:
            draw_cell(surface, frame, cells, x, y, seat)
        return front[1]

    def _payout_bubble(self, frame, ev, lift):
        """What the build would bring, as icons in a little bubble above the tile in hand: (picture, rect), or
        None when it brings nothing."""
        gains: dict = {}
        for _src, g in ev["gains"]:
            for k, v in g.items():
                k = "coin" if k in ("coin", "coins") else k
                gains[k] = gains.get(k, 0) + v
        items = [(k, gains[k]) for k in ("corn", "cacao", "potato", "coin") if gains.get(k)]
        if ev["huts"]:
            items.append(("hut", ev["huts"]))
        if not items:
            return None
        ui = self.ui
        key = ("bubble", tuple(items), ui.scale)
        img = self.domain_cache.get(key)
        if img is None:
            isz = ui.s(26)
            parts = []
            for name, n in items:
                parts.append((ui.text(f"+{n}", 19, INK, bold=True), icon(name, isz)))
            pad = ui.s(10)
            w = sum(a.get_width() + b.get_width() + ui.s(10) for a, b in parts) + 2 * pad - ui.s(10)
            h = isz + 2 * ui.s(6)
            img = pygame.Surface((w, h + ui.s(8)), pygame.SRCALPHA)
            body = pygame.Rect(0, 0, w, h)
            pygame.draw.rect(img, (255, 250, 236), body, border_radius=h // 2)
            pygame.draw.rect(img, (92, 170, 110), body, max(2, ui.s(2)), border_radius=h // 2)
            pygame.draw.polygon(img, (255, 250, 236), [(w // 2 - ui.s(7), h - 2), (w // 2 + ui.s(7), h - 2),
                                                       (w // 2, h + ui.s(7))])
            x = pad
            for text, pic in parts:
                img.blit(text, text.get_rect(midleft=(x, h // 2)))
                x += text.get_width() + ui.s(2)
                img.blit(pic, pic.get_rect(midleft=(x, h // 2)))
                x += pic.get_width() + ui.s(10)
            img = finish(img)
            self.domain_cache[key] = img
        tops = [frame.top_rhombus(x, y, ev["level"])[0] for x, y, _i in ev["cells"]]
        top = min(tops, key=lambda p: p[1])
        cx = sum(p[0] for p in tops) / len(tops)
        rect = img.get_rect(midbottom=(round(cx), round(top[1] - lift - frame.cell * 0.35)))
        rect.clamp_ip(self.rects["domain"])
        return img, rect

    def _draw_compass(self, surface) -> None:
        """Which way each arrow key moves the cursor on the isometric grid (bottom-left of the domain)."""
        ui = self.ui
        key = ("compass", ui.scale)
        img = self.domain_cache.get(key)
        if img is None:
            r = ui.s(34)
            size = (r * 4, r * 3)
            img = pygame.Surface(size, pygame.SRCALPHA)
            cx, cy = size[0] // 2, size[1] // 2
            pygame.draw.polygon(img, (255, 255, 255, 40), [(cx, cy - r / 2), (cx + r, cy), (cx, cy + r / 2),
                                                           (cx - r, cy)])
            pygame.draw.polygon(img, (255, 255, 255, 90), [(cx, cy - r / 2), (cx + r, cy), (cx, cy + r / 2),
                                                           (cx - r, cy)], 1)
            for glyph, (dx, dy) in (("→", (1, 0.5)), ("↓", (-1, 0.5)), ("←", (-1, -0.5)), ("↑", (1, -0.5))):
                end = (cx + dx * r * 0.95, cy + dy * r * 0.95)
                pygame.draw.line(img, (220, 236, 228), (cx, cy), end, max(2, ui.s(3)))
                pygame.draw.circle(img, (220, 236, 228), end, max(2, ui.s(3)))
                label = ui.text(glyph, 18, (255, 255, 255), bold=True)
                img.blit(label, label.get_rect(center=(cx + dx * r * 1.45, cy + dy * r * 1.45)))
            img = finish(img)
            self.domain_cache[key] = img
        surface.blit(img, img.get_rect(bottomleft=(self.rects["domain"].x + ui.s(10), self._compass_bottom())))

    def _compass_bottom(self) -> int:
        """The compass's bottom: above the keys line over the status pill, whatever the scale."""
        ui, dom = self.ui, self.rects["domain"]
        bottom = dom.bottom - ui.s(60)
        status = self.rects.get("status")
        if status is not None:
            bottom = min(bottom, status.y - ui.s(8) - ui.font(14).get_linesize())
        return bottom

    def _domain_cached_big(self, seat, frame, skip):
        dom = self.d["domains"][seat]
        sig = domain_signature(dom)
        full = (sig, frame.bounds, frame.cell, tuple(frame.rect), frame.ox, frame.oy, skip)
        hit = self.domain_cache.get(("big", seat))
        if hit is not None and hit[0] == full:
            return hit[1]
        surf = render_domain(dom, frame, seat, grid=True, skip=skip)
        self.domain_cache[("big", seat)] = (full, surf, frame)
        return surf

    def _blit_cell_layer(self, surface, frame, key, spots, fill, edge) -> None:
        """Translucent highlights on the top faces of ``spots`` [(x, y, level)], cached until the view changes."""
        full = (key, frame.cell, frame.bounds, tuple(frame.rect), frame.ox, frame.oy)
        hit = self.domain_cache.get("cell_layer")
        if hit is None or hit[0] != full:
            layer = pygame.Surface(frame.rect.size, pygame.SRCALPHA)
            for x, y, level in spots:
                top = [(px - frame.rect.x, py - frame.rect.y) for px, py in frame.top_rhombus(x, y, level)]
                cx = sum(p[0] for p in top) / 4
                cy = sum(p[1] for p in top) / 4
                inner = [(cx + (px - cx) * 0.82, cy + (py - cy) * 0.82) for px, py in top]
                pygame.draw.polygon(layer, fill, inner)
                pygame.draw.polygon(layer, edge, inner, max(2, frame.cell // 40))
            hit = (full, finish(layer))
            self.domain_cache["cell_layer"] = hit
        surface.blit(hit[1], frame.rect.topleft)

    def _draw_spots(self, surface, frame, cells) -> None:
        p = self.placer
        key = (p.shape, p.rotation, p.mirror, self.version, frame.cell, frame.bounds, tuple(frame.rect), frame.ox,
               frame.oy)
        if self.spots_cache[0] != key:
            layer = pygame.Surface(frame.rect.size, pygame.SRCALPHA)
            off = (-frame.rect.x, -frame.rect.y)
            diamonds = {}
            for (x, y), kind in p.legal_anchors().items():
                h = cells[(x, y)]["height"] if (x, y) in cells else (0 if kind == "extend" else 1)
                if kind == "extend" and (x, y) not in cells:
                    h = 1
                cx, cy = frame.top_center(x, y, h)
                c = frame.cell * 0.36
                pts = [(cx + off[0], cy - c / 4 + off[1]), (cx + c / 2 + off[0], cy + off[1]),
                       (cx + off[0], cy + c / 4 + off[1]), (cx - c / 2 + off[0], cy + off[1])]
                pygame.draw.polygon(layer, SPOT_COLORS[kind], pts)
                pygame.draw.polygon(layer, (30, 80, 50, 200), pts, 1)
                diamonds[(x, y)] = ([(px - off[0], py - off[1]) for px, py in pts], kind)
            self.spots_cache = (key, finish(layer), diamonds)
        surface.blit(self.spots_cache[1], frame.rect.topleft)

    def _draw_spots_again(self, surface, frame, front) -> None:
        """The spot diamonds of the domain cells drawn again in front of the tile in hand (``_redraw_front``):
        without this, the cells standing in front of the tile would hide their spots (a build spot the player is
        told to click would not show)."""
        diamonds = self.spots_cache[2]
        for cell in front:
            hit = diamonds.get(cell)
            if hit is None:
                continue
            pts, kind = hit
            left, top = math.floor(min(x for x, _ in pts)), math.floor(min(y for _, y in pts))
            small = pygame.Surface((math.ceil(max(x for x, _ in pts)) - left + 2,
                                    math.ceil(max(y for _, y in pts)) - top + 2), pygame.SRCALPHA)
            local = [(x - left, y - top) for x, y in pts]
            pygame.draw.polygon(small, SPOT_COLORS[kind], local)  # alpha: blended like the spots' layer
            pygame.draw.polygon(small, (30, 80, 50, 200), local, 1)
            surface.blit(small, (left, top))

    def _status_text(self) -> tuple[str, tuple]:
        s = self.session
        cur = s.current_player
        if s.is_over or self.finished:
            return t("llama_land.status.over"), CREAM
        if self.hold is not None:
            return about("llama_land.status.playing", self.hold["seat"], name=self._name(self.hold["seat"])), CREAM
        if self.my_seat() < 0:
            key = "llama_land.status.thinking" if s.thinking else "llama_land.status.playing"
            return t(key, name=self._name(cur)), CREAM
        mode = self.mode
        if mode == "place" and self.placer is not None:
            if self.inspect is not None:
                return t("llama_land.status.inspect_back"), CREAM
            if self.foundation_mode:
                return t("llama_land.status.foundation", left=self.d["collections"][cur]["foundations"]), CREAM
            ev = self.placer.evaluate()
            if not ev["legal"]:
                return refusal_text(ev["refusal"]), (255, 170, 150)
            if ev["kind"] == "extend":
                return t("llama_land.status.extend"), (180, 240, 200)
            gains = {}
            for _src, g in ev["gains"]:
                for k, v in g.items():
                    gains[k] = gains.get(k, 0) + v
            text = _gains_text(gains) or t("llama_land.status.nothing")
            if ev["huts"]:
                text += " · " + plural("llama_land.status.huts", ev["huts"])
            return t("llama_land.status.build", level=ev["level"], gains=text), (180, 240, 200)
        if mode == "hut":
            return t("llama_land.status.hut"), CREAM
        if mode == "llama":
            return t("llama_land.status.llama"), CREAM
        if mode == "after":
            if self.marker_mode:
                return t("llama_land.status.marker"), CREAM
            if self.d["turn"]["must_feed"]:
                return t("llama_land.status.must_feed"), (255, 200, 150)
            return t("llama_land.status.after"), CREAM
        return "", CREAM

    def _draw_status(self, surface) -> None:
        ui = self.ui
        rect = self.rects["status"]
        text, color = self._status_text()
        lesson = self._lesson_status()
        if lesson is not None:
            text, color = lesson[0], CREAM
        self.status_said = text
        self._status_rect = None
        if not text:
            return
        img = ui.text_fit(text, 19, rect.w - ui.s(30), color, bold=True)
        pill = pygame.Rect(0, 0, img.get_width() + ui.s(36), rect.h)
        pill.center = rect.center
        key = ("pill", pill.size)
        bg = self.domain_cache.get(key)
        if bg is None:
            bg = pygame.Surface(pill.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (6, 30, 28, 200), bg.get_rect(), border_radius=pill.h // 2)
            pygame.draw.rect(bg, (255, 255, 255, 50), bg.get_rect(), max(1, ui.s(2)), border_radius=pill.h // 2)
            self.domain_cache[key] = bg
        self._status_rect = surface.blit(bg, pill.topleft)
        surface.blit(img, img.get_rect(center=pill.center))
        if self.mode == "place" and self.my_seat() >= 0 and not self.foundation_mode:
            text = t("llama_land.status.keys")
            keys = self.domain_cache.get(("keys", text, rect.w))
            if keys is None:  # as wide as the status pill at most (a large UI scale, a long language)
                keys = ui.text_fit(text, 14, rect.w, (190, 214, 206))
                self.domain_cache[("keys", text, rect.w)] = keys
            self._status_rect = self._status_rect.union(
                surface.blit(keys, keys.get_rect(midbottom=(rect.centerx, rect.y - ui.s(4)))))

    def _draw_hover(self, surface) -> None:
        """A light ring on what a click would pick (a stack, a character, an objective space)."""
        if not self.can_act():
            return
        pos = self.hover_pos
        ui = self.ui
        ring = None
        if self.mode == "place":
            for i, st in enumerate(self.d["stacks"]):
                if st["count"] and self.rects[f"stack{i}"].collidepoint(pos):
                    ring = self.rects[f"stack{i}"]
        elif self.mode == "hut":
            count = len(self.d["character_row"])
            for i in range(6):
                if (i < count or (i == 5 and self.d["character_deck"])) and self.rects[f"char{i}"].collidepoint(pos):
                    ring = self.rects[f"char{i}"]
        elif self.mode == "after":
            hit = self._objective_space_at(pos)
            if hit is not None and hit[1] is not None:
                index, space = hit
                if any(m.args[0] == index and m.args[1] == space for m in self._marker_moves()):
                    rect = self.rects[f"obj{index}"]
                    cx, cy, rad = space_centers(rect, rect.w, rect.h)[space]
                    pygame.draw.circle(surface, (255, 255, 255), (cx, cy), rad + ui.s(4), max(2, ui.s(3)))
        if ring is not None:
            pygame.draw.rect(surface, (255, 255, 255), ring.inflate(ui.s(8), ui.s(8)), max(2, ui.s(3)),
                             border_radius=ui.s(14))

    # -- tooltips (table/tooltip.py) ---------------------------------------------------------------------------
    button_tips = {"rotate": "tooltips.button.llama_land.rotate", "mirror": "tooltips.button.llama_land.mirror",
                   "foundation": "tooltips.button.llama_land.foundation",
                   "characters": "tooltips.button.llama_land.characters", "feed": "tooltips.button.llama_land.feed",
                   "marker": "tooltips.button.llama_land.marker", "end": "tooltips.button.llama_land.end",
                   "confirm": "tooltips.button.llama_land.confirm", "place": "tooltips.button.llama_land.place"}

    def _button_tip(self, name: str, button) -> str:
        if name == "confirm" and self.mode == "place":  # Enter places the tile (else it confirms a choice)
            name = "place"
        return super()._button_tip(name, button)

    def _piece_tip(self, pos):
        if self.ui is None or not getattr(self, "rects", None):
            return None
        d, r = self.d, self.rects
        for i, ch in enumerate(d["character_row"]):
            if r[f"char{i}"].collidepoint(pos):
                return Tip(t(f"llama_land.char.{ch['type']}.text", **_char_fmt(ch)), tuple(r[f"char{i}"]))
        if d["character_deck"] and r["char5"].collidepoint(pos):
            return Tip(plural("tooltips.llama_land.char_deck", d["character_deck"]), tuple(r["char5"]))
        for seat in range(self.n):
            for cid, rect in self._char_chip_rects(seat):
                if rect.collidepoint(pos):
                    ch = next(c for c in d["collections"][seat]["characters"] if c["id"] == cid)
                    return Tip(t(f"llama_land.char.{ch['type']}.text", **_char_fmt(ch)), tuple(rect))
        for i, st in enumerate(d["stacks"]):
            if r[f"stack{i}"].collidepoint(pos):
                text = plural("tooltips.llama_land.stack", st["count"], shape=st["shape"])
                return Tip(text + "\n" + t("tooltips.llama_land.stack_how"), tuple(r[f"stack{i}"]))
        for i, crop in enumerate(CROPS):
            rect = r[f"column{i}"]
            strip = pygame.Rect(rect.x, rect.y, rect.w, r["columns"].bottom - rect.y)  # the card and its values
            if strip.collidepoint(pos):
                values = d["llama_columns"][crop]
                text = t("tooltips.llama_land.column", crop=t(f"llama_land.res.{crop}"))
                if values:
                    text += "\n" + plural("tooltips.llama_land.column_top", values[0])
                return Tip(text + "\n" + t("tooltips.llama_land.feed"), tuple(rect))
        for i, obj in enumerate(d["objectives"]):
            rect = r.get(f"obj{i}")
            if rect is not None and rect.collidepoint(pos):
                return Tip(self._objective_tip(obj, pos, rect), tuple(rect))
        sections = (("stacks", "tooltips.llama_land.section_stacks"), ("columns", "tooltips.llama_land.feed"),
                    ("chars", "tooltips.llama_land.section_chars"),
                    ("objectives", "tooltips.llama_land.section_objectives"))
        for name, key in sections:  # a section's title and background: what the section is for
            if r[name].collidepoint(pos):
                return Tip(t(key), tuple(r[name]))
        for rect, what in getattr(self, "_supply_hits", ()):
            if rect.collidepoint(pos):
                return Tip(self._supply_tip(what), tuple(rect))
        if r["supply"].collidepoint(pos):
            return Tip(t("tooltips.llama_land.supply"), tuple(r["supply"]))
        if r["domain"].collidepoint(pos):
            return self._domain_tip(pos)
        for seat in range(self.n):
            rect = r.get(f"panel{seat}")
            if rect is not None and rect.collidepoint(pos):
                col = d["collections"][seat]
                return Tip("\n".join([self._name(seat), plural("tooltips.common.points", int(d["scores"][seat])),
                                      t("tooltips.llama_land.kit", foundations=col["foundations"],
                                        markers=col["markers"])]), tuple(rect))
        return None

    def _objective_tip(self, obj: dict, pos, rect) -> str:
        """An objective: its name and condition, the points of its spaces (the game's data), a marker's owner."""
        a, b, c = obj["spaces"]
        lines = [t(f"llama_land.objective.{obj['id']}.name"), t(f"llama_land.objective.{obj['id']}.text")]
        if obj["colour"] == "gold":
            lines.append(t("tooltips.llama_land.objective_gold", a=a, b=b, c=c))
        else:
            lines.append(t("tooltips.llama_land.objective_spaces", a=a, b=b, c=c))
            if self.n == 2:
                lines.append(t("tooltips.llama_land.objective_two"))
        for space, (cx, cy, rad) in enumerate(space_centers(rect, rect.w, rect.h)):
            if (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= (rad + 4) ** 2:
                owner = obj["markers"][space]
                if owner is not None:
                    lines.append(plural("tooltips.llama_land.marker", obj["spaces"][space], name=self._name(owner)))
        return "\n".join(lines)

    def _supply_tip(self, what: str) -> str:
        d = self.d
        end = t("tooltips.llama_land.end", tiles=LAND_DATA.end_tiles_left)
        if what == "tiles":
            return plural("tooltips.llama_land.tiles_left", d["tiles_left"]) + "\n" + end
        if what == "round":
            return t("tooltips.llama_land.round", n=round_number(d)) + "\n" + end
        return t("tooltips.llama_land.supply")

    def _spots(self) -> dict:
        """The legal spots drawn on the shown domain now: ``{(x, y): "extend"|"build"}`` (none when not placing)."""
        if self.mode != "place" or self.placer is None or self.foundation_mode or self.shown_seat != self.my_seat():
            return {}
        return self.placer.legal_anchors()

    def _domain_tip(self, pos):
        """A cell of the big domain (its level, what lies on it, what covering it gives, and the spot drawn on
        it), free ground (what a tile placed there would do), else the domain itself (whose, and how to look)."""
        frame, seat = self.frame_big, self.shown_seat
        status = getattr(self, "_status_rect", None)
        if status is not None and status.collidepoint(pos):
            return None  # the status line says itself what it says
        cell = frame.pick(pos, self._big_heights()) if frame is not None else None
        if cell is not None:
            return self._cell_tip(cell)
        return Tip(about("tooltips.llama_land.domain", seat, name=self._name(seat)), tuple(self.rects["domain"]))

    def _cell_tip(self, cell):
        """A cell of the big domain: its level, what lies on it and what covering it gives, or free ground (what a
        tile there would do); and the legal spot drawn on it, if any."""
        frame, seat = self.frame_big, self.shown_seat
        cells = {(c["x"], c["y"]): c for c in self.d["domains"][seat]["cells"]}
        spot = self._spots().get(cell)
        c = cells.get(cell)
        level = c["height"] if c is not None else 1
        points = frame.top_rhombus(cell[0], cell[1], level)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        rect = (round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
        if c is not None:
            # i18n-keys: tooltips.llama_land.under_* tooltips.llama_land.icon_* llama_land.legend.*
            under = c["levels"][-1]["shape"] if c["levels"] else "board"
            piece = t(f"tooltips.llama_land.under_{under}") if under in ("board", "foundation") else \
                t("tooltips.llama_land.under_tile", shape=under)
            lines = [t("tooltips.llama_land.cell", level=level, piece=piece)]
            lines.append(t("tooltips.llama_land.llama_here") if c["llama"]
                         else t(f"tooltips.llama_land.icon_{c['icon']}"))
        else:
            lines = [t("tooltips.llama_land.ground")]
        if spot is not None:
            lines.append(t(f"llama_land.legend.{spot}"))
        return Tip("\n".join(lines), rect)

    def _placement_tip(self):
        """The tile in hand where the keys put it (arrows, N / Shift+N): an extension or a build, and what it
        gives (as the status line says it), or why it cannot go there; over the tile's cells."""
        ev = self.placer.evaluate()
        frame = self.frame_big
        points = [p for x, y, _icon in ev["cells"] for p in frame.top_rhombus(x, y, ev["level"])]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        rect = (round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys)))
        if not ev["legal"]:
            return Tip(refusal_text(ev["refusal"]), rect)
        text = t(f"llama_land.legend.{ev['kind']}")
        if ev["kind"] == "build":
            text += "\n" + self._status_text()[0]
        return Tip(text, rect)

    def _focus_tip(self):
        """What the keys are on: the tile in hand (arrows, N / Shift+N), the character to take, the cell for the new
        llama, the objective space for the marker."""
        if self.frame_big is None:
            return None
        if self.mode == "place" and self.placer is not None and not self.foundation_mode and self.placer.cells():
            return self._placement_tip()
        if self.mode == "place" and self.foundation_mode:
            return self._cell_tip(tuple(self.cursor))
        row = self.d["character_row"]
        if self.mode == "hut" and isinstance(self.choice, int):
            if 0 <= self.choice < len(row):
                ch = row[self.choice]
                return Tip(t(f"llama_land.char.{ch['type']}.text", **_char_fmt(ch)),
                           tuple(self.rects[f"char{self.choice}"]))
            if self.choice == len(row) and self.d["character_deck"]:
                return Tip(plural("tooltips.llama_land.char_deck", self.d["character_deck"]), tuple(self.rects["char5"]))
        if self.mode == "llama":
            return self._cell_tip(tuple(self.cursor))
        if self.mode == "after" and self.marker_mode:
            moves = self._marker_moves()
            if moves:
                index, space = moves[self.choice % len(moves)].args[:2]
                rect = self.rects.get(f"obj{index}")
                if rect is not None:
                    cx, cy, _rad = space_centers(rect, rect.w, rect.h)[space]
                    return Tip(self._objective_tip(self.d["objectives"][index], (cx, cy), rect), tuple(rect))
        return None

# -- small helpers ----------------------------------------------------------------------------------------------
def _values_strip(ui, values, more: bool, room: int) -> str:
    """The values of the llama cards under the top one, as many as fit ``room`` pixels at a legible size."""
    font = ui.font(12)
    shown = [str(v) for v in values]
    while shown:
        text = " ".join(shown) + (" …" if more or len(shown) < len(values) else "")
        if font.size(text)[0] <= room:
            return text
        shown.pop()
    return "…" if values else ""


def _char_fmt(ch: dict) -> dict:
    crops = [t(f"llama_land.res.{c}") for c in ch.get("crops", [])] + ["", ""]
    return {"a": crops[0], "b": crops[1]}


_GLYPHS: dict = {}


def _char_glyph(ch: dict, size: int) -> pygame.Surface:
    key = (ch["type"], tuple(ch.get("crops", [])), size)
    img = _GLYPHS.get(key)
    if img is None:
        from lama_desktop.games.llama_land.pieces import pictogram

        pic = pictogram(ch["type"], ch.get("crops", []), max(8, int(size * 0.42)))
        scale = min(1.0, (size - 4) / max(1, pic.get_width()))
        img = pygame.transform.smoothscale_by(pic, scale) if scale < 1 else pic
        _GLYPHS[key] = img
    return img


def _gains_lazy(gains: dict) -> LazyJoin:
    """``_gains_text`` for a log line: translated when the log is drawn."""
    parts = []
    for res in ("corn", "cacao", "potato", "coins", "coin"):
        n = gains.get(res, 0)
        if n:
            name = "coin" if res == "coins" else res
            # a count of its own ("+1 coin", "+2 coins", "+2 Kartoffeln", "+5 monet"): the language's plural rule
            parts.append(lazy.plural(f"llama_land.gain.{name}", n))  # i18n-keys: llama_land.gain.*
    return LazyJoin(", ", parts)


def _gains_text(gains: dict) -> str:
    """What a payout brought, in the current language ("+2 corn, +1 coin")."""
    return str(_gains_lazy(gains))


# -- an overlay for choices (feeding, characters) -------------------------------------------------------------------
class ChoiceOverlay(Scene):
    """A modal list of options, each a label with icons: mouse or Up/Down/Tab + Enter; Esc cancels."""

    opaque = False
    name = "llama_land_choice"
    #: a lesson's narrator stays over it and may point at ``choices`` (the panel) or ``choice:<i>`` (a row)
    narrated = True

    def __init__(self, title: str, options, on_close=None):
        super().__init__()
        self.title = title
        self.options = list(options)  # (label, [(icon, count)], callback[, accent colour])
        self.on_close = on_close
        self.focus = 0
        self.rows: list[pygame.Rect] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.cancel = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        self._layout()

    def resize(self, size) -> None:
        self._layout()

    def _layout(self) -> None:
        ui = self.app.ui
        w, h = self.app.size
        row_h = ui.s(58)
        width = ui.s(560)
        height = ui.s(96) + row_h * len(self.options) + ui.s(80)
        self.panel = pygame.Rect(0, 0, width, min(height, h - ui.s(40)))
        self.panel.center = (w // 2, h // 2)
        self.rows = [pygame.Rect(self.panel.x + ui.s(24), self.panel.y + ui.s(80) + i * row_h, width - ui.s(48),
                                 row_h - ui.s(8)) for i in range(len(self.options))]
        self.cancel = pygame.Rect(0, 0, ui.s(200), ui.s(48))
        self.cancel.midbottom = (self.panel.centerx, self.panel.bottom - ui.s(18))

    def tutorial_rect(self, name: str):
        if name == "choices":
            return pygame.Rect(self.panel)
        kind, _, arg = name.partition(":")
        if kind == "choice" and arg.isdigit() and int(arg) < len(self.rows):
            return pygame.Rect(self.rows[int(arg)])
        return None

    def _close(self, callback=None) -> None:
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()
        if self.on_close:
            self.on_close()
        if callback:
            callback()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._close()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
                step = -1 if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT else 1
                self.focus = (self.focus + step) % len(self.options)
            elif event.key in (pygame.K_UP, pygame.K_LEFT):
                self.focus = (self.focus - 1) % len(self.options)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._close(self.options[self.focus][2])
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.options):
                self._close(self.options[event.key - pygame.K_1][2])
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.focus = i
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self._close(self.options[i][2])
                    return True
            if self.cancel.collidepoint(event.pos) or not self.panel.collidepoint(event.pos):
                self._close()
            return True
        return True

    def draw(self, surface) -> None:
        ui = self.app.ui
        surface.fill((105, 118, 118), special_flags=pygame.BLEND_RGB_MULT)
        draw_panel(surface, self.panel, ui)
        title = ui.text(self.title, 30, INK, bold=True)
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + ui.s(22))))
        for i, option in enumerate(self.options):
            label, icons = option[0], option[1]
            r = self.rows[i]
            focused = i == self.focus
            pygame.draw.rect(surface, (255, 236, 180) if focused else (243, 232, 208), r, border_radius=ui.s(12))
            if len(option) > 3:  # an accent colour (the crop a feeding pays with)
                pygame.draw.rect(surface, option[3], (r.x, r.y, ui.s(10), r.h), border_top_left_radius=ui.s(12),
                                 border_bottom_left_radius=ui.s(12))
            pygame.draw.rect(surface, GOLD if focused else PAPER_EDGE, r, max(1, ui.s(3 if focused else 2)),
                             border_radius=ui.s(12))
            num = ui.text(str(i + 1), 16, INK_SOFT, bold=True)
            surface.blit(num, num.get_rect(midleft=(r.x + ui.s(12), r.centery)))
            x = r.x + ui.s(40)
            isz = ui.s(30)
            for name, count in icons:
                if count == 0:
                    arrow = ui.text(name, 24, INK, bold=True)
                    surface.blit(arrow, arrow.get_rect(midleft=(x, r.centery)))
                    x += arrow.get_width() + ui.s(8)
                    continue
                for _ in range(count):
                    surface.blit(icon(name, isz), (x, r.centery - isz // 2))
                    x += int(isz * 0.72)
                x += ui.s(14)
            text = ui.text(label, 20, INK, bold=True)
            surface.blit(text, text.get_rect(midright=(r.right - ui.s(14), r.centery)))
        cancel = ui.text(t("llama_land.button.cancel") + "  (Esc)", 20, INK_SOFT, bold=True)
        pygame.draw.rect(surface, CREAM, self.cancel, border_radius=ui.s(12))
        pygame.draw.rect(surface, PAPER_EDGE, self.cancel, max(1, ui.s(2)), border_radius=ui.s(12))
        surface.blit(cancel, cancel.get_rect(center=self.cancel.center))


def round_number(d: dict) -> int:
    """The round of the player to move (not the most turns anyone has had: that ran a round ahead)."""
    turns = d.get("turns") or [0]
    current = d.get("current_player", -1)
    if not d.get("over") and 0 <= current < len(turns):
        return turns[current] + 1
    return max(turns)


def open_table(app, config: GameConfig, saved=None) -> LlamaLandTableScene:
    options = {"first_player": int(config.first_dealer)} if config.first_dealer else {}
    return LlamaLandTableScene(open_session(app, config, saved, options), config)

