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
Enter confirms (after the tile: ends the turn), C characters, E end the turn, K markers (after an extension), V
looks at the next player's domain, Esc the pause menu. Hot-seat needs no privacy screen: everything is open information.

What has its own state and clock is an object the table owns: the camera (zoom and pan of the big domain,
``camera.Camera``), the motion (the falling tile, its flash, a bot's domain held in view, the flying pictures,
``animation.Motion``), the feeding and characters choices (``choice.Choices``) and the placement legend
(``render_legend.Legend``). What fills the frame's hooks with the table's own state is mixed in, one module each:
``input``, ``events`` (the log and toasts of each event), ``render_middle`` / ``render_panels`` / ``render_domain`` /
``render_status`` (the drawing), ``advice``, ``tips`` and ``lesson``; ``layout`` holds the numbers. The frame
(``TableScene``) drives it: the table fills its hooks (``handle_table_event``, ``_escape``, ``update_table``,
``_take_moves``, ``draw_table``, ``_draw_toasts``).
"""

from __future__ import annotations

import random

import pygame

from lama_desktop.core.gameconfig import GameConfig, GameResults, SeatConfig, as_seated
from lama_desktop.core.i18n import about, t
from lama_desktop.core.session import GameSession
from lama_desktop.app.table.layout import table_ui_scale
from lama_desktop.app.table.pieces import Toast, draw_toasts, lazy
from lama_desktop.app.table.scene_base import TableScene, open_session
from lama_desktop.app.widgets import UI, Button
from lama_desktop.games.llama_land.advice import AdviceMixin
from lama_desktop.games.llama_land.animation import Motion
from lama_desktop.games.llama_land.camera import Camera
from lama_desktop.games.llama_land.choice import Choices
from lama_desktop.games.llama_land.events import EventsMixin, round_number  # noqa: F401 - named here too
from lama_desktop.games.llama_land.input import InputMixin
from lama_desktop.games.llama_land.lesson import LessonMixin
from lama_desktop.games.llama_land.layout import table_rects
from lama_desktop.games.llama_land.placement import Placer
from lama_desktop.games.llama_land.results import LlamaLandResultsScene
from lama_desktop.games.llama_land.render_domain import DomainMixin
from lama_desktop.games.llama_land.render_legend import Legend
from lama_desktop.games.llama_land.render_middle import MiddleMixin
from lama_desktop.games.llama_land.render_panels import PanelsMixin
from lama_desktop.games.llama_land.render_status import StatusMixin
from lama_desktop.games.llama_land.tips import TipsMixin


class LlamaLandTableScene(InputMixin, EventsMixin, MiddleMixin, PanelsMixin, DomainMixin, StatusMixin, AdviceMixin,
                          TipsMixin, LessonMixin, TableScene):
    name = "llama_land_table"
    refusal_seconds = 2.8

    # -- lifecycle ---------------------------------------------------------------------------------------------
    def __init__(self, session: GameSession, config: GameConfig | None = None):
        super().__init__()
        self._setup(session, config)  # what every table starts with: tweens, toasts, the log, the panels
        self.size = (0, 0)
        self.rects: dict[str, pygame.Rect] = {}
        self.middle: pygame.Surface | None = None
        self.middle_key = None
        self.domain_cache: dict = {}
        self._mini_bounds: dict = {}  # seat -> (mini domain surface, its drawn area): the "shown" plate hugs it
        reader = self.viewer  # the reading seat's own view (a network seat may read no other, nobody to move yet)
        self.d = session.view(max(0, session.current_player) if reader is None else reader).to_dict()
        self.version = 0
        self.inspect: int | None = None
        self.placer: Placer | None = None
        self.mode = "wait"
        self.foundation_mode = False
        self.cursor = (1, 1)  # llama / foundation cursor (the placer has its own)
        self.choice = 0  # hut choice / marker choice index
        self.marker_mode = False
        self.hover_pos = (-1, -1)
        self.mouse_on_domain = False
        self.motion = Motion(self)  # the falling tile, its flash, a bot's domain held in view, the flying pictures
        self._bubble_rect: pygame.Rect | None = None  # the payout bubble of the last frame (toasts keep off it)
        self.camera = Camera(self)  # the big domain's view: its frame, zoom and pan
        self.spots_cache = (None, None, {})  # (key, (layer, where in the panel), {cell: (diamond points, kind)})
        self.drag = None  # {"start", "pan", "moved"}: a press on the domain, a click or a drag of the view
        self._bubble = None  # (frame, evaluation, lift): the payout bubble of the build in hand, this frame
        self.legend = Legend(self)  # the placement legend over the big domain
        self.choices = Choices(self)  # the feeding and characters choices, over the table while one is open
        self._label_rects: dict[str, pygame.Rect] = {}  # texts of the middle layer a lesson may point at
        self._was_my_turn = False
        self.results_open = False
        self._legal_cache = (None, [])

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
        self.choices.open = False
        self._apply_settings()
        if self.app is not None and (self.size != self.app.size
                                     or self.ui_scale != table_ui_scale(self.app.settings)):
            self._build(self.app.size)  # a new window size, or the UI scale changed under the pause menu
        self._sync()

    # -- layout (layout.py) and the buttons --------------------------------------------------------------------
    def _build(self, size) -> None:
        self.size = tuple(size)
        self.ui_scale = table_ui_scale(self.app.settings) if self.app is not None else 1.0
        self.ui = UI(self.size, self.ui_scale)
        self.rects = table_rects(self.size, self.ui_scale, self.n, len(self.d["objectives"]), self.ui)
        self.static = None
        self.middle = None
        self.domain_cache.clear()
        self.camera.frame_key = None
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
                    ("end", t("llama_land.button.end"), t("llama_land.button.enter_key"), "primary")]
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

    # -- who does what -----------------------------------------------------------------------------------------
    @property
    def idle(self) -> bool:
        return not self.tween.busy and not self.motion.busy and not self.choices.open

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

    def seen_world(self, seat: int):
        """A world consistent with what ``seat`` sees (the order under the stacks' tops and of the character deck
        dealt again, seeded by the move number so it holds still between frames): the placer previews and the
        advisor draws its ghosts on it, never on the live state."""
        s = self.session
        return s.view(seat).sample_state(random.Random(s.moves_played))

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
        if self.motion.hold is not None:
            return self.motion.hold["seat"]
        cur = self.d["current_player"]
        return cur if cur >= 0 else 0

    def _sync(self) -> None:
        """Re-read the engine's public picture and decide what the player to move may do."""
        s = self.session
        reader = self.viewer  # the reading seat's own view (a network seat may read no other)
        self.d = s.view(max(0, s.current_player) if reader is None else reader).to_dict()
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
                world = self.seen_world(me)
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

    def seat_rects(self, seat: int) -> list[pygame.Rect]:
        """A seat's own part of the screen: its panel, and while the domain shown is its own, the domain under its
        title row and the title itself (whose domain it is)."""
        rects = getattr(self, "rects", None) or {}
        own = [rects.get(f"panel{seat}")]
        domain, menu = rects.get("domain"), rects.get("menu")
        if seat == self.shown_seat and domain is not None and menu is not None:
            strip = menu.bottom - domain.top
            own.append(pygame.Rect(domain.x, domain.y + strip, domain.w, domain.h - strip))
            own.append(self._domain_title_rect())
        return [pygame.Rect(r) for r in own if r is not None]

    def _domain_title_rect(self) -> pygame.Rect | None:
        """Where the domain's title ("Your domain") is drawn (``render_domain._draw_domain_labels``)."""
        domain = (getattr(self, "rects", None) or {}).get("domain")
        if domain is None:
            return None
        title = about("llama_land.ui.domain_of", self.shown_seat, name=self._name(self.shown_seat))
        w, h = self.ui.font(20, True).size(title)
        return pygame.Rect(domain.x + self.ui.s(16), domain.y + self.ui.s(12), w, h)

    def banner_spots(self) -> list[tuple[str, tuple[int, int]]]:
        """A banner over the table (a network game's "Waiting for Zoe") sits in the domain's title row, between
        the domain's name and the pause button, clear of the shared pieces above: centred on the domain, else
        against the pause button (issue 32: French at 130 % the centred one covered "Votre domaine")."""
        rects = getattr(self, "rects", None) or {}
        domain, menu = rects.get("domain"), rects.get("menu")
        if domain is None or menu is None:
            return []
        return [("midtop", (domain.centerx, menu.top)), ("midright", (menu.left - self.ui.s(10), menu.centery))]

    def _marker_moves(self):
        moves = [m for m in self._legal() if m.kind == "marker"]
        moves.sort(key=lambda m: (len(m.args), m.args))
        return moves

    def _llama_spots(self) -> list:
        if self.my_seat() < 0:
            return []
        return [(m.args[0], m.args[1]) for m in self._moves_now() if m.kind == "llama"]

    def _foundation_cells(self) -> list:
        return [(m.args[0], m.args[1]) for m in self._legal() if m.kind == "foundation"]

    # -- frame -------------------------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.motion.age(dt)

    def _take_moves(self) -> None:
        """Its own: a move's events are shown at once (the domain redrawn from the engine's dict), no queue."""
        self.session.poll(busy=not self.idle)
        played = self.session.take_played()
        if played:
            self._sync()
            for item in played:
                # the history's lines of this move (undo cuts there), under the round it was played in
                self.log.mark(item.index, item.round)
                # the viewing seat's copy of each event, under the event's own seat (a refill has none)
                for event in self.session.events_for(item.events, self.viewer):
                    toasts = len(self.toasts)
                    with self.log.acting(event.seat, event):
                        self._on_event(event.seat, event)
                    for toast in self.toasts[toasts:]:
                        toast.seat, toast.source = event.seat, event
                    if item.by_bot and event.kind in ("place", "llama", "foundation") and self.session.pace > 0:
                        self.motion.hold_view(item.seat)

    def _to_results(self) -> None:
        if self.results_open or self.stack is None:
            return
        self.results_open = True
        s = self.session
        config = as_seated(self.config, s.names) if self.config is not None else GameConfig(
            s.game_id, [SeatConfig(x.name, x.kind, x.level) for x in s.seats], tuple(s.record.variants), 0,
            s.record.seed)
        end = getattr(self, "_game_end", None) or {}
        view = s.view(self.viewer if self.viewer is not None else 0)
        breakdown = end.get("breakdown") or view.score_breakdown()  # resumed when already over: the engine's
        scores = [int(x) for x in end.get("scores", [b["total"] for b in breakdown])]
        results = GameResults(config, [scores], scores, list(end.get("winners", s.winners())),
                              lower_score_wins=False, advised=tuple(sorted(s.advised)), record=s.record,
                              practice=s.practice, save_key=s.save_key)
        self.close()
        self.stack.clear_to(LlamaLandResultsScene(results, breakdown, list(view.objectives), view.to_dict()))

    def draw_table(self, surface: pygame.Surface) -> None:
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
        self.legend.shown = None  # where the placement legend is drawn this frame, if it is
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
        self.motion.draw_flyers(surface)

    def _draw_toasts(self, surface) -> None:
        """Over the big domain, above its compass and under the placement legend, clear of the payout bubble."""
        ui = self.ui
        domain = self.rects["domain"]
        low = self._compass_bottom() - 3 * ui.s(34) - ui.s(8)  # above the compass
        top = domain.y + ui.s(40)
        if self.legend.shown is not None:  # the toasts start under the placement legend
            top = max(top, self.legend.shown.bottom + ui.s(8))
        band = pygame.Rect(domain.x + ui.s(20), top, domain.w - ui.s(40), low - top)
        draw_toasts(surface, self.toasts, band, ui, avoid=self._bubble_rect)

    def _log_rect(self):
        return self.rects["log"]


def open_table(app, config: GameConfig, saved=None) -> LlamaLandTableScene:
    options = {"first_player": int(config.first_dealer)} if config.first_dealer else {}
    return LlamaLandTableScene(open_session(app, config, saved, options), config)


#: the table scene of this game (its descriptor's ``table()``)
SCENE = LlamaLandTableScene
