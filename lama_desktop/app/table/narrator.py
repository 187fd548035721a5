"""The narrator of a "Learn to play" lesson: the box that says each step, the ring and arrow on the piece it names.

A table whose session runs a lesson (``session.lesson``, ``tutorial/lesson.py``) has a ``Narrator``; the table's frame
calls it like the advisor: first in ``handle_event`` (``TableScene._narrator_event``), at the end of ``update``
(``_narrator_update``) and in ``draw`` over the table (``_narrator_draw``; a tooltip comes over it). While one of
the table's own overlays is on top (a scene with ``narrated = True``: the round summary, Llama Land's choices), the
scene stack calls the same three on it (``scene.SceneStack``), so the narrator stays over them, and a step may point
into them (the overlay's ``tutorial_rect`` answers first).

What it shows
    * The table dimmed a little, the named piece (``tutorial_rect(point)``) left bright with a pulsing ring round
      it and an arrow from the box to it; on a step with a move, the hand stays bright too.
    * The box: the lesson's title and the step counter ("3/12"), the step's words, the last refusal (a gate's
      ``_wrong`` text, or the engine's reason), "Next (Enter)" on a narration step, "Skip tutorial" (asks first).
      It is placed where it covers neither the piece nor the hand, inside the window.
    * The recap: a larger box in the middle with the recap's bullets, "Play a real game" and "Back to the title";
      the lesson is remembered as done (``settings.tutorials_done``) when it shows.
"""

from __future__ import annotations

import logging
import math

import pygame

from lama_desktop.core.i18n import language, t, t_game
from lama_desktop.app.widgets import BAD, GOLD, GOLD_DARK, INK, INK_SOFT, Button, draw_panel
from lama_desktop.app.art.cache import picture_store
from lama_desktop.app.scenes.message import MessageScene
from lama_desktop.app.table.lesson_place import place
from lama_desktop.engine.core import Move
from lama_desktop.engine.registry import plugins

log = logging.getLogger("lama_desktop.tutorial")

#: how dim the table goes behind a narration / a step with a move (multiplier of each colour channel)
DIM_NARRATION = 150
DIM_MOVE = 200
#: seconds a step whose piece is not on screen waits for it before it shows without a ring (then logged)
POINT_GRACE = 2.0
ARROW = (255, 214, 110)
OUTLINE = (40, 24, 14)


class Narrator:
    def __init__(self, table):
        self.table = table
        self.lesson = table.session.lesson
        self.tutorial = self.lesson.tutorial
        self.time = 0.0
        self.fade = 0.0
        #: the rect the ring is drawn round now (``tutorial_rect(point)`` of the shown step), or None
        self.highlight: pygame.Rect | None = None
        #: the box as placed now (None when nothing shows), its shape (``_shape``), its arrow's points (from the
        #: box to the piece; empty: none) and what it keeps clear of on this step (``protected``)
        self.box: pygame.Rect | None = None
        self.shape: dict | None = None
        self.arrow: list = []
        self.guarded: list[tuple[str, pygame.Rect]] = []
        #: how far the ring may stand off the piece on this step (None: as far as it pulses): never over the words
        #: and figures beside the piece (``_ring_room``)
        self._ring_cap: int | None = None
        #: the refusal the box shows, lazy (a function giving the step's ``_wrong`` words or the engine's reason in
        #: the language of the moment: the box is laid out again when the language changes), or None
        self._message = None
        self.buttons: dict[str, Button] = {}
        self._lines: list[str] = []
        self._message_lines: list[str] = []
        self._layout_key = None
        self._toast_seen = None
        #: the toasts on the table (id -> where it stands) the box was last laid out round: a new one lays it out
        #: again, one fading away does not (the box stays where the learner is reading)
        self._toasts_kept: dict[int, pygame.Rect] = {}
        self._refusals_seen = 0
        self._waiting = 0.0
        self._warned = False
        self._stored = False
        self._step_index = -1

    # -- queries ----------------------------------------------------------------------------------------------------
    @property
    def ui(self):
        return self.table.ui

    @property
    def step(self):
        return self.lesson.current

    @property
    def showing(self) -> bool:
        return self.lesson.shown

    def text(self) -> str:
        """The shown step's words in the player's language."""
        return t(self.tutorial.key(self.step))

    @property
    def message(self) -> str:
        """The refusal the box shows, in the player's language now ("" when none)."""
        return self._message() if self._message is not None else ""

    def status(self) -> tuple[str, bool] | None:
        """What the table's status line says while the lesson holds the game: ``(words, asks_a_move)``, or None
        when the table's own line is the truth (the lesson lets every move through then, or it is not the learner's
        turn). Never a move the lesson would refuse (``invited``): a narration or the recap "press Enter" (no move);
        a step with a move names that move."""
        lesson = self.lesson
        if self.table.session.gatekeeper is None:  # skipped: the game runs free
            return None
        step = lesson.current
        n, count = lesson.number, lesson.count
        if step.recap:
            return (t("tutorial.status.done"), False) if lesson.shown else self._held(n, count)
        if step.narration:
            if lesson.shown:
                return t("tutorial.status.read", n=n, count=count), False
            return self._held(n, count)
        session = self.table.session
        if not session.is_over and session.current_player == 0:
            return t("tutorial.status.move", n=n, count=count, what=self._what(step.do)), True
        return None

    def _held(self, n: int, count: int) -> tuple[str, bool] | None:
        """A narration about to show (the bots wait for it): the table's own line unless it would invite a move
        (the learner's turn while the lesson refuses every move until the box has been read)."""
        if self.table.session.hold and self.table.can_act():
            return t("tutorial.status.wait", n=n, count=count), False
        return None

    def invited(self) -> tuple[str, ...] | None:
        """The moves the status line invites now: the step's own (a step with a move), none (the lesson talks), or
        None: the table's own line, which invites whatever is legal when the learner may act."""
        said = self.status()
        if said is None:
            return None
        return tuple(self.step.do) if said[1] else ()

    def _what(self, moves) -> str:
        """The step's move as an order (``play your 4``, ``roll the dice``), or "do what the box asks" when the
        step accepts several."""
        if len(moves) != 1:
            return t("tutorial.do.any")
        move = Move.parse(moves[0])
        plugin = plugins().get(self.tutorial.game_id)
        own = plugin.lesson_order(move, self.table._name) if plugin is not None else None
        if own is not None:
            return own
        kind, args = move.kind, [str(a) for a in move.args]

        def card(value: str) -> str:
            return plugin.say({"card": value})["card"] if plugin is not None else value

        # i18n-keys: tutorial.do.*
        if kind == "play":
            return t("tutorial.do.play", card=card(args[0]))
        if kind == "return" and args and args[0] in ("1", "10", "20"):
            return t(f"tutorial.do.return_{args[0]}")
        if kind in ("draw", "quit"):
            return t(f"tutorial.do.{kind}")
        return t("tutorial.do.any")

    def target(self, overlay=None) -> pygame.Rect | None:
        """Where the shown step points now: the overlay's piece, else the table's (None: nothing named, or not on
        screen)."""
        point = self.step.point
        if point is None:
            return None
        rect = None
        if overlay is not None and hasattr(overlay, "tutorial_rect"):
            rect = overlay.tutorial_rect(point)
        if rect is None and overlay is None:
            rect = self.table.tutorial_rect(point)
        return pygame.Rect(rect) if rect is not None else None

    def _idle(self, overlay) -> bool:
        if overlay is not None:
            return not getattr(overlay, "busy", False)
        return self.table.idle and self.table.stack is not None and self.table.stack.top is self.table

    # -- frame ------------------------------------------------------------------------------------------------------
    def update(self, dt: float, overlay=None) -> None:
        self.time += dt
        lesson = self.lesson
        idle = self._idle(overlay)
        if not lesson.shown and idle and lesson.ready(idle) and self.step.point is not None:
            # the piece must be on screen before the step shows: over an overlay, in it (a step about the table
            # waits for the overlay to close); on the table, a piece that never shows is a lesson bug (logged)
            if self.target(overlay) is None:
                self._waiting += dt
                if overlay is not None or self._waiting < POINT_GRACE:
                    idle = False
                elif not self._warned:
                    self._warned = True
                    log.warning("lesson %s: step %s points at %s, which is not on screen",
                                self.tutorial.game_id, self.step.id, self.step.point)
        if lesson.update(idle):
            self._waiting, self._warned = 0.0, False
        if self._step_index != lesson.index or not lesson.shown:
            if self._step_index != lesson.index:
                self._message = None
                self._message_lines = []
                self._toasts_kept = {}
            self._step_index = lesson.index
            if not lesson.shown:
                self.fade = 0.0
        if lesson.shown:
            self.fade = min(1.0, self.fade + dt / 0.25)
        self._take_refusal()
        if lesson.finished and not self._stored:
            self._stored = True
            self._remember_done()
        self.highlight = self.target(overlay) if lesson.shown else None
        self._layout(overlay)

    def _take_refusal(self) -> None:
        """A new refusal toast of the table moves into the box (its words, or the step's ``_wrong`` words)."""
        toast = getattr(self.table, "reason_toast", None)
        if toast is None or toast is self._toast_seen or toast not in self.table.toasts:
            return
        self._toast_seen = toast
        refusals = self.lesson.refusals
        if refusals != self._refusals_seen and self.lesson.refused_key:
            key = self.lesson.refused_key
            self._message = lambda: t(key)
        else:
            self._message = lambda: toast.text  # the toast's words are lazy too (``_toast_reason``)
        self._refusals_seen = refusals
        self.table.toasts.remove(toast)
        self._layout_key = None

    def _remember_done(self) -> None:
        app = self.table.app
        if app is None:
            return
        done = set(getattr(app.settings, "tutorials_done", ()) or ())
        if self.tutorial.game_id not in done:
            app.update_settings(tutorials_done=sorted(done | {self.tutorial.game_id}))

    # -- layout -----------------------------------------------------------------------------------------------------
    def _layout(self, overlay) -> None:
        if not self.lesson.shown or self.ui is None:
            self.box, self.buttons, self.arrow = None, {}, []
            return
        size = self.ui.size
        shown = {id(toast): pygame.Rect(toast.rect) for toast in getattr(self.table, "toasts", ())
                 if getattr(toast, "rect", None) is not None} if overlay is None else {}
        if any(self._toasts_kept.get(key) != rect for key, rect in shown.items()):  # a new one, or one moved
            self._toasts_kept = shown
        key = (self.lesson.index, size, self.ui.scale, self.message, self._t_key(),
               tuple(self.highlight) if self.highlight is not None else None, overlay is not None,
               tuple(getattr(self.table, "_status_rect", None) or ()),
               tuple(tuple(rect) for name, rect in self.protected(overlay) if name != "toast"),
               tuple((key, tuple(rect)) for key, rect in self._toasts_kept.items()))
        if key == self._layout_key:
            return
        self._layout_key = key
        if self.step.recap:
            self._layout_recap(size)
        else:
            self._layout_step(size, overlay)

    def _t_key(self):
        return language()

    def _avoid(self, overlay) -> list[tuple[pygame.Rect, int]]:
        """(rect, weight) the box would rather not cover: what the table (or the overlay) would keep in sight
        (``tutorial_clear``); what it must never cover is ``protected``."""
        source = overlay if overlay is not None else self.table
        clear = getattr(source, "tutorial_clear", None)
        return [(pygame.Rect(r), 1) for r in clear()] if clear is not None else []

    def protected(self, overlay=None) -> list[tuple[str, pygame.Rect]]:
        """(name, rect) the box and its arrow never cover on the step shown: the piece the step points at (with
        its ring), the hand and the status line on the table, and what the table or the overlay names for that
        step (``tutorial_protect(point)``: what holds the piece, the history, the buttons and labels, the
        summary's rows, the placement hint...). The arrow may end inside a rect holding the piece."""
        ui = self.ui
        out = []
        if self.highlight is not None:
            out.append(("piece", self.highlight.inflate(ui.s(36), ui.s(36))))
        if overlay is None:
            hand = self.table.tutorial_rect("hand")
            if hand is not None:
                out.append(("hand", pygame.Rect(hand).inflate(ui.s(16), ui.s(16))))
            status = getattr(self.table, "_status_rect", None)
            if status is not None:  # the status line speaks for the lesson too (``status``): keep it readable
                out.append(("status", pygame.Rect(status).inflate(ui.s(8), ui.s(8))))
            # the toasts shown when the step came (what just happened: "Bruno takes a llama card: 11")
            out += [("toast", rect.inflate(ui.s(8), ui.s(8))) for rect in self._toasts_kept.values()]
        source = overlay if overlay is not None else self.table
        own = getattr(source, "tutorial_protect", None)
        if own is not None:
            out.extend((name, pygame.Rect(rect)) for name, rect in own(self.step.point) if rect is not None)
        window = pygame.Rect((0, 0), self.ui.size)
        return [(name, rect.clip(window)) for name, rect in out if rect.clip(window).w > 0]

    def _shape(self, width: int, buttons: str) -> dict:
        """The box at ``width``: its lines and height, with the buttons side by side under the words
        (``buttons="row"``), in a column on their right (``"side"``: a wide, low box for a crowded screen) or one
        above the other under them (``"stack"``: a narrow box for a strip of free room)."""
        ui = self.ui
        pad, button_h, gap = ui.s(22), ui.s(46), ui.s(12)
        count = 2 if self.step.narration else 1
        column = self._buttons_width() + ui.s(18) if buttons == "side" else 0
        inner = width - 2 * pad - column
        lines = ui.wrap(self.text(), 21, inner, max_lines=12)
        message = ui.wrap(self.message, 19, inner, bold=True, max_lines=4) if self.message else []
        line_h, small_h = ui.font(21).get_linesize(), ui.font(19, True).get_linesize()
        head = pad + ui.font(16, True).get_linesize() + ui.s(10)
        words = head + len(lines) * line_h + (ui.s(10) + len(message) * small_h if message else 0)
        if buttons == "side":  # under the title row (the counter stands there)
            height = max(words + pad, head + count * button_h + (count - 1) * gap + pad)
        elif buttons == "stack":
            height = words + ui.s(16) + count * button_h + (count - 1) * gap + pad
        else:
            height = words + ui.s(16) + button_h + pad
        return {"w": width, "h": height, "buttons": buttons, "lines": lines, "message": message, "inner": inner}

    def _buttons_width(self) -> int:
        ui = self.ui
        skip_w = max(ui.s(150), ui.font(17, True).size(t("tutorial.skip"))[0] + ui.s(36))
        next_w = max(ui.s(170), ui.font(20, True).size(t("tutorial.next"))[0] + ui.s(110))
        return max(skip_w, next_w) if self.step.narration else skip_w

    def _layout_step(self, size, overlay) -> None:
        ui = self.ui
        w, h = size
        bw = max(ui.s(380), min(ui.s(560), int(w * 0.4)))
        m = ui.s(18)
        window = pygame.Rect(0, 0, w, h).inflate(-2 * m, -2 * m)
        top = m + ui.s(56)  # under the round line and the menu button
        shapes = []
        for shape in (self._shape(bw, "row"), self._shape(min(w - 2 * m, max(bw, ui.s(980))), "side"),
                      self._shape(min(bw, ui.s(400)), "stack")):
            sw, sh = shape["w"], shape["h"]
            xs = (w // 2 - sw // 2, m, w - m - sw, w // 4 - sw // 2, 3 * w // 4 - sw // 2)
            ys = (top, h // 2 - sh // 2, h // 3 - sh // 2, 2 * h // 3 - sh // 2, h - m - sh, m)
            shapes.append((shape, sw, sh, xs, ys))
        self.guarded = self.protected(overlay)
        self._ring_cap = self._ring_room()
        goal = self.highlight.inflate(ui.s(34), ui.s(34)) if self.highlight is not None else None
        source = overlay if overlay is not None else self.table
        uncrossed = getattr(source, "tutorial_uncrossed", None)
        placed = place(shapes, window, [r for _, r in self.guarded],
                       self._avoid(overlay), self.highlight, goal, gap=ui.s(10), room=ui.s(28), head=ui.s(30),
                       shortest=ui.s(40), uncrossed=[pygame.Rect(r) for r in uncrossed()] if uncrossed else ())
        if placed.clashes:
            log.debug("lesson %s: step %s: the box or its arrow covers %s", self.tutorial.game_id, self.step.id,
                      placed.clashes)
        self.box, self.arrow, self.shape = placed.box, placed.arrow, placed.shape
        self._lines, self._message_lines = self.shape["lines"], self.shape["message"]
        self._place_buttons()

    def _ring_room(self) -> int | None:
        """How far the ring may stand off the piece: short of every guarded rect beside it (a summary's next
        figure, its heading, a neighbouring button), down to lying on the piece's own edge; None: free to pulse."""
        piece = self.highlight
        if piece is None:
            return None
        half = (self.ui.s(4) + 1) // 2  # the outline round the ring
        cap = None
        for name, rect in self.guarded:
            if name == "piece" or rect.colliderect(piece):
                continue  # what holds the piece
            gap = max(rect.left - piece.right, piece.left - rect.right, rect.top - piece.bottom,
                      piece.top - rect.bottom)
            room = gap - half - 1
            cap = room if cap is None else min(cap, room)
        return None if cap is None else max(cap, -self.ui.s(6))

    def _place_buttons(self) -> None:
        ui, box, shape = self.ui, self.box, self.shape
        pad, button_h = ui.s(22), ui.s(46)
        self.buttons = {}
        skip_w = max(ui.s(150), ui.font(17, True).size(t("tutorial.skip"))[0] + ui.s(36))
        next_w = max(ui.s(170), ui.font(20, True).size(t("tutorial.next"))[0] + ui.s(110))
        if shape["buttons"] == "side":  # a column on the right: Next on top, Skip under it
            column = self._buttons_width()
            skip = pygame.Rect(box.right - pad - column, box.bottom - pad - button_h, column, button_h)
            nxt = pygame.Rect(skip.x, skip.y - ui.s(12) - button_h, column, button_h)
        elif shape["buttons"] == "stack":  # across the box, Next over Skip
            skip = pygame.Rect(box.x + pad, box.bottom - pad - button_h, box.w - 2 * pad, button_h)
            nxt = pygame.Rect(skip.x, skip.y - ui.s(12) - button_h, skip.w, button_h)
        else:
            skip = pygame.Rect(box.x + pad, box.bottom - pad - button_h, skip_w, button_h)
            nxt = pygame.Rect(0, 0, next_w, button_h)
            nxt.bottomright = (box.right - pad, box.bottom - pad)
        self.buttons["skip"] = Button(t("tutorial.skip"), self.ask_skip, style="secondary", size=17, rect=skip,
                                      name="skip")
        if self.step.narration:
            self.buttons["next"] = Button(t("tutorial.next"), self.next, style="primary", size=20, hint="Enter",
                                          rect=nxt, name="next")

    def _layout_recap(self, size) -> None:
        ui = self.ui
        w, h = size
        pad = ui.s(34)
        bw = min(w - ui.s(80), ui.s(760))
        inner = bw - 2 * pad
        line_h = ui.font(22).get_linesize()
        self._lines = ui.wrap(self.text(), 22, inner - ui.s(10), max_lines=16)
        title_h = ui.font(34, True).get_linesize()
        button_h = ui.s(58)
        bh = pad + title_h + ui.s(18) + len(self._lines) * line_h + ui.s(28) + button_h + pad
        self.box = pygame.Rect(0, 0, bw, bh)
        self.arrow, self.guarded = [], []
        self.box.center = (w // 2, h // 2)
        self.box.clamp_ip(pygame.Rect(0, 0, w, h))
        gap = ui.s(20)
        each = (inner - gap) // 2
        real = pygame.Rect(self.box.x + pad, self.box.bottom - pad - button_h, each, button_h)
        title = pygame.Rect(real.right + gap, real.y, each, button_h)
        self.buttons = {
            "real": Button(t("tutorial.play_real"), self.play_real, style="primary", size=22, hint="Enter",
                           rect=real, name="real"),
            "title": Button(t("tutorial.back_title"), self.to_title, style="secondary", size=22, hint="Esc",
                            rect=title, name="title"),
        }

    def words_fit(self) -> bool:
        """Every line of the box within its width, and the words above its buttons (beside them in a wide box:
        the tests ask)."""
        if self.box is None:
            return True
        ui, recap = self.ui, self.step.recap
        pad = ui.s(34) if recap else ui.s(22)
        size = 22 if recap else 21
        font = ui.font(size)
        inner = self.box.w - 2 * pad if recap else self.shape["inner"]
        if any(font.size(line)[0] > inner for line in self._lines):
            return False
        if self._lines and len(self._lines) >= (16 if recap else 12) and self._lines[-1].endswith("…"):
            return False  # cut short
        top = min((b.rect.top for b in self.buttons.values()), default=self.box.bottom)
        line_h = font.get_linesize()
        if recap:
            bottom = self.box.y + pad + ui.font(34, True).get_linesize() + ui.s(18) + len(self._lines) * line_h
        else:
            small_h = ui.font(19, True).get_linesize()
            bottom = (self.box.y + pad + ui.font(16, True).get_linesize() + ui.s(10) + len(self._lines) * line_h
                      + (ui.s(10) + len(self._message_lines) * small_h if self._message_lines else 0))
            if self.shape["buttons"] == "side":  # the words end above the box's bottom, left of the buttons' column
                left = min(b.rect.left for b in self.buttons.values())
                return bottom <= self.box.bottom - pad + 1 and self.box.x + pad + inner <= left
        return bottom <= top

    # -- input ------------------------------------------------------------------------------------------------------
    def handle_event(self, event, overlay=None) -> bool:
        """True when the narrator took the event (Next, its buttons, a click inside its box)."""
        if not self.lesson.shown or self.box is None:
            return False
        recap = self.step.recap
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if recap:
                    self.play_real()
                    return True
                if self.step.narration:
                    self.next()
                    return True
                return False
            if event.key == pygame.K_ESCAPE and recap:
                self.to_title()
                return True
            return recap  # the recap is modal; otherwise the table's keys work as ever
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons.values():
                b.hovered = b.rect.collidepoint(event.pos)
            return self.box.collidepoint(event.pos) or recap
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons.values():
                if b.rect.collidepoint(event.pos):
                    b.pressed = True
                    return True
            return self.box.collidepoint(event.pos) or recap
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = False
            for b in list(self.buttons.values()):
                if b.pressed:
                    b.pressed = False
                    if b.rect.collidepoint(event.pos):
                        b.activate()
                    hit = True
            return hit or self.box.collidepoint(event.pos) or recap
        return recap and event.type in (pygame.MOUSEWHEEL, pygame.TEXTINPUT)

    def next(self) -> None:
        if self.lesson.next():
            self.table._sound("click")
            self._message = None
            self._layout_key = None

    def ask_skip(self) -> None:
        stack = self.table.stack
        if stack is None:
            return
        stack.push(MessageScene(t("tutorial.skip_title"), t("tutorial.skip_text"),
                                [(t("tutorial.skip_yes"), self.leave, "danger", "Enter"),
                                 (t("tutorial.skip_no"), None, "secondary", "Esc")], icon="question"))

    def leave(self) -> None:
        """Out of the lesson, back to the title (nothing was saved, nothing is counted)."""
        self.lesson.skip()
        app = self.table.app
        self.table.close()
        if app is not None:
            app.to_title()

    def to_title(self) -> None:
        self.leave()

    def play_real(self) -> None:
        """The recap's "Play a real game": the setup screen for this game, over the title."""
        app = self.table.app
        game_id = self.tutorial.game_id
        self.lesson.skip()
        self.table.close()
        if app is not None:
            app.open_setup(game_id)

    # -- drawing ----------------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, overlay=None) -> None:
        if not self.lesson.shown or self.box is None:
            return
        ui = self.ui
        recap = self.step.recap
        spots = [] if recap else [r for r in (self.highlight,) if r is not None]
        if not recap and self.step.do and overlay is None:
            hand = self.table.tutorial_rect("hand")
            if hand is not None:
                spots.append(pygame.Rect(hand))
        level = DIM_NARRATION if (self.step.narration or recap) else DIM_MOVE
        v = round(255 - (255 - level) * self.fade)
        lit = tuple(tuple(rect.inflate(ui.s(12), ui.s(12))) for rect in spots)
        key = (surface.get_size(), lit, v, ui.s(14), ui.s(18))
        if getattr(self, "_dimmer_key", None) != key:  # made again only when the lit areas or the level change
            self._dimmer_key, self._dimmer = key, dimmer(surface.get_size(), lit, v, ui.s(14), ui.s(18))
        surface.blit(self._dimmer, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        if self.highlight is not None and not recap:
            self._draw_ring(surface, self.highlight)
            self._draw_arrow(surface, self.arrow)
        if recap:
            self._draw_recap(surface)
        else:
            self._draw_box(surface)

    def _draw_ring(self, surface, rect: pygame.Rect) -> None:
        ui = self.ui
        pulse = 0.5 + 0.5 * math.sin(self.time * 4.0)
        grow = min(ui.s(8) + round(ui.s(6) * pulse), self.ring_grow)
        ring = rect.inflate(2 * grow, 2 * grow)
        radius = max(0, min(ui.s(14), ring.w // 2, ring.h // 2))
        pygame.draw.rect(surface, OUTLINE, ring.inflate(ui.s(4), ui.s(4)), max(2, ui.s(7)), border_radius=radius)
        pygame.draw.rect(surface, ARROW, ring, max(2, ui.s(4)), border_radius=radius)

    @property
    def ring_grow(self) -> int:
        """How far the ring stands off the piece at most: its pulse's widest, less where words stand close by."""
        widest = self.ui.s(8) + self.ui.s(6)
        return widest if self._ring_cap is None else min(widest, self._ring_cap)

    def ring_rect(self, grow: int | None = None) -> pygame.Rect | None:
        """The outer edge of the ring round the piece at its widest (``grow``: how far it stands off the piece;
        None: as far as it pulses now at most), or None when no ring shows."""
        if self.highlight is None or self.box is None or self.step.recap:
            return None
        ui = self.ui
        grow = self.ring_grow if grow is None else grow
        return self.highlight.inflate(2 * grow + ui.s(4), 2 * grow + ui.s(4))

    def covers(self) -> list[pygame.Rect]:
        """What the lesson draws over the table on the step shown (its box, the ring round the piece, the arrow, as
        small squares along each leg): a tooltip keeps clear of these (``TableTips._draw_tooltip``) and is drawn over
        them, so neither the frame nor the arrow ever runs through a tip's words."""
        if not self.lesson.shown or self.box is None:
            return []
        out = [pygame.Rect(self.box)]
        ring = self.ring_rect()
        if ring is not None:
            out.append(ring)
        side = max(4, self.ui.s(14))
        for a, b in zip(self.arrow, self.arrow[1:], strict=False):
            steps = max(1, math.ceil(math.dist(a, b) / side))
            for k in range(steps + 1):
                x, y = a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps
                out.append(pygame.Rect(round(x - side / 2), round(y - side / 2), side, side))
        return out

    def _draw_arrow(self, surface, path) -> None:
        """The arrow along ``path`` (from the box to the piece, straight or with a bend, ``lesson_place.route``):
        an outlined shaft, round joints, the head on the last leg."""
        if len(path) < 2:
            return
        ui = self.ui
        (ax, ay), end = path[-2], path[-1]
        dx, dy = end[0] - ax, end[1] - ay
        length = math.hypot(dx, dy)
        if length < 1:
            return
        ux, uy = dx / length, dy / length
        head = ui.s(22)
        shaft = list(path[:-1]) + [(end[0] - ux * head * 0.8, end[1] - uy * head * 0.8)]
        width = max(3, ui.s(6))
        left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
        right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
        outline = width + max(2, ui.s(4))
        for colour, thick in ((OUTLINE, outline), (ARROW, width)):
            for a, b in zip(shaft, shaft[1:], strict=False):
                pygame.draw.line(surface, colour, a, b, thick)
            for joint in shaft[1:-1]:
                pygame.draw.circle(surface, colour, joint, thick / 2)
            if colour == OUTLINE:
                pygame.draw.polygon(surface, OUTLINE, [_push(end, ux, uy, ui.s(3)), _push(left, -ux, -uy, ui.s(2)),
                                                       _push(right, -ux, -uy, ui.s(2))])
        pygame.draw.polygon(surface, ARROW, [end, left, right])

    def _draw_box(self, surface) -> None:
        ui, box = self.ui, self.box
        pad = ui.s(22)
        draw_panel(surface, box, ui)
        pygame.draw.rect(surface, GOLD, box, max(2, ui.s(3)), border_radius=ui.s(18))
        game = t_game(self.tutorial.game_id)
        counter = f"{self.lesson.number}/{self.lesson.count}"
        counter_img = ui.text(counter, 16, INK_SOFT, True)
        head_w = box.w - 2 * pad - counter_img.get_width() - ui.s(12)
        head = ui.text_fit(t("tutorial.learn_game", game=game).upper(), 16, head_w, GOLD_DARK, True)
        y = box.y + pad
        surface.blit(head, (box.x + pad, y))
        surface.blit(counter_img, counter_img.get_rect(topright=(box.right - pad, y)))
        y += ui.font(16, True).get_linesize() + ui.s(10)
        line_h = ui.font(21).get_linesize()
        for line in self._lines:
            surface.blit(ui.text(line, 21, INK), (box.x + pad, y))
            y += line_h
        if self._message_lines:
            y += ui.s(10)
            small_h = ui.font(19, True).get_linesize()
            for line in self._message_lines:
                surface.blit(ui.text(line, 19, BAD, True), (box.x + pad, y))
                y += small_h
        for b in self.buttons.values():
            b.draw(surface, ui)

    def _draw_recap(self, surface) -> None:
        ui, box = self.ui, self.box
        pad = ui.s(34)
        draw_panel(surface, box, ui)
        pygame.draw.rect(surface, GOLD, box, max(2, ui.s(3)), border_radius=ui.s(18))
        game = t_game(self.tutorial.game_id)
        title = ui.text_fit(t("tutorial.recap_title", game=game), 34, box.w - 2 * pad, INK, True)
        y = box.y + pad
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += ui.font(34, True).get_linesize() + ui.s(18)
        line_h = ui.font(22).get_linesize()
        for line in self._lines:
            surface.blit(ui.text(line, 22, INK), (box.x + pad + ui.s(10), y))
            y += line_h
        for b in self.buttons.values():
            b.draw(surface, ui)


def shared_protect(table) -> list[tuple[str, pygame.Rect]]:
    """What every table keeps clear of a lesson's box and arrow (``TableScene.tutorial_protect``): the history's
    lines and every button with its label."""
    out = []
    history = getattr(table, "history", None)
    log = history._log_rect() if history is not None else None
    if log is not None:
        out.append(("log", pygame.Rect(log)))
    out += [(f"button:{name}", pygame.Rect(button.rect)) for name, button in getattr(table, "buttons", {}).items()
            if button.rect is not None and button.rect.w > 0]
    return out


#: the soft-edged light masks, by (width, height, corner radius, feather): a mask depends on its size only
_LIGHTS: dict = picture_store()


def light_mask(size: tuple[int, int], radius: int, feather: int) -> pygame.Surface:
    """White with an alpha of 255 over a rounded rect of ``size`` (corners of ``radius``), falling smoothly to 0
    across ``feather`` pixels all round it: the mask is ``feather`` larger on every side. Cached per size."""
    key = (size[0], size[1], radius, feather)
    mask = _LIGHTS.get(key)
    if mask is None:
        if len(_LIGHTS) > 48:
            _LIGHTS.clear()
        w, h = size[0] + 2 * feather, size[1] + 2 * feather
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        # concentric rounded rects, each a little brighter, from the border in to the rect itself (a smoothstep ramp
        # in bands of about 2 px)
        steps = max(2, feather // 2)
        for i in range(1, steps + 1):
            inset = round(feather * i / steps)
            k = i / steps
            level = round(255 * k * k * (3 - 2 * k))
            band = pygame.Rect(0, 0, w, h).inflate(-2 * inset, -2 * inset)
            pygame.draw.rect(mask, (255, 255, 255, level), band, border_radius=max(0, radius + feather - inset))
        _LIGHTS[key] = mask
    return mask


def dimmer(size, lit, v: int, radius: int, feather: int) -> pygame.Surface:
    """What the table is multiplied by (``BLEND_RGB_MULT``): ``v`` everywhere, full light (255) over each rect of
    ``lit`` with rounded corners, falling off softly round it (``light_mask``). One blit a frame, as cheap as the
    plain dimming it replaces."""
    out = pygame.Surface(size)
    out.fill((v, v, v))
    for rect in lit:
        mask = light_mask(tuple(rect[2:]), radius, feather)
        out.blit(mask, mask.get_rect(center=pygame.Rect(rect).center))  # white over v by the mask's alpha
    return out


def _push(point, ux, uy, by):
    return point[0] + ux * by, point[1] + uy * by

