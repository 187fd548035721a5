"""The narrator of a "Learn to play" lesson: the box that says each step, the ring and arrow on the piece it names.

A table whose session runs a lesson (``session.lesson``, ``tutorial/lesson.py``) has a ``Narrator``; the table calls
it like the advisor: first in ``handle_event`` (``TableScene._narrator_event``), at the end of ``update``
(``_narrator_update``) and last in ``draw`` (``_narrator_draw``). While one of the table's own overlays is on top
(a scene with ``narrated = True``: the round summary, Llama Land's choices), the scene stack calls the same three
on it (``scene.SceneStack``), so the narrator stays over them, and a step may point into them (the overlay's
``tutorial_rect`` answers first).

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

from lama_desktop.app.i18n import t, t_or
from lama_desktop.app.widgets import BAD, GOLD, GOLD_DARK, INK, INK_SOFT, Button, draw_panel

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
        #: the box as placed now (None when nothing shows)
        self.box: pygame.Rect | None = None
        #: the refusal the box shows, lazy (a function giving the step's ``_wrong`` words or the engine's reason in
        #: the language of the moment: the box is laid out again when the language changes), or None
        self._message = None
        self.buttons: dict[str, Button] = {}
        self._lines: list[str] = []
        self._message_lines: list[str] = []
        self._layout_key = None
        self._toast_seen = None
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
        state = self.table.session.state
        if not state.is_over and state.current_player == 0:
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
        from lama_desktop.engine.core import Move
        from lama_desktop.games import GAMES

        if len(moves) != 1:
            return t("tutorial.do.any")
        move = Move.parse(moves[0])
        plugin = GAMES.get(self.tutorial.game_id)
        own = plugin.lesson_order(move, self.table._name) if plugin is not None else None
        if own is not None:
            return own
        kind, args = move.kind, [str(a) for a in move.args]

        def card(value: str) -> str:
            return plugin.say({"card": value})["card"] if plugin is not None else value

        # i18n-keys: tutorial.do.*
        if kind == "play":
            return t("tutorial.do.play", card=card(args[0]))
        if kind == "discard":
            return t("tutorial.do.discard", cards=" ".join(card(a) for a in args))
        if kind == "return" and args and args[0] in ("1", "10", "20"):
            return t(f"tutorial.do.return_{args[0]}")
        if kind == "give":
            return t("tutorial.do.give", name=self.table._name(int(args[0])))
        if kind in ("draw", "quit", "roll", "take", "exchange", "pass", "extend", "build", "marker", "hut", "feed",
                    "llama"):
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
            self.box, self.buttons = None, {}
            return
        size = self.ui.size
        key = (self.lesson.index, size, self.ui.scale, self.message, self._t_key(),
               tuple(self.highlight) if self.highlight is not None else None, overlay is not None,
               tuple(getattr(self.table, "_status_rect", None) or ()))
        if key == self._layout_key:
            return
        self._layout_key = key
        if self.step.recap:
            self._layout_recap(size)
        else:
            self._layout_step(size, overlay)

    def _t_key(self):
        from lama_desktop.app.i18n import language

        return language()

    def _avoid(self, overlay) -> list[tuple[pygame.Rect, int]]:
        """(rect, weight) the box should not cover: the piece and the hand at any cost, then what the table (or
        the overlay) would rather keep in sight (``tutorial_clear``)."""
        ui = self.ui
        avoid = []
        if self.highlight is not None:
            avoid.append((self.highlight.inflate(ui.s(36), ui.s(36)), 1000))
        if overlay is None:
            hand = self.table.tutorial_rect("hand")
            if hand is not None:
                avoid.append((pygame.Rect(hand).inflate(ui.s(16), ui.s(16)), 1000))
        if overlay is None:  # the status line speaks for the lesson too (``status``): keep it readable
            status = getattr(self.table, "_status_rect", None)
            if status is not None:
                avoid.append((pygame.Rect(status).inflate(ui.s(8), ui.s(8)), 1000))
        source = overlay if overlay is not None else self.table
        clear = getattr(source, "tutorial_clear", None)
        if clear is not None:
            avoid.extend((pygame.Rect(r), 1) for r in clear())
        return avoid

    def _layout_step(self, size, overlay) -> None:
        ui = self.ui
        w, h = size
        pad = ui.s(22)
        bw = max(ui.s(380), min(ui.s(560), int(w * 0.4)))
        inner = bw - 2 * pad
        self._lines = ui.wrap(self.text(), 21, inner, max_lines=12)
        self._message_lines = ui.wrap(self.message, 19, inner, bold=True, max_lines=4) if self.message else []
        line_h, small_h = ui.font(21).get_linesize(), ui.font(19, True).get_linesize()
        head_h = ui.font(16, True).get_linesize()
        button_h = ui.s(46)
        bh = (pad + head_h + ui.s(10) + len(self._lines) * line_h
              + (ui.s(10) + len(self._message_lines) * small_h if self._message_lines else 0)
              + ui.s(16) + button_h + pad)
        m = ui.s(18)
        window = pygame.Rect(0, 0, w, h)
        top = m + ui.s(56)  # under the round line and the menu button
        xs = (w // 2 - bw // 2, m, w - m - bw, w // 4 - bw // 2, 3 * w // 4 - bw // 2)
        ys = (top, h // 2 - bh // 2, h // 3 - bh // 2, 2 * h // 3 - bh // 2, h - m - bh, m)
        avoid = self._avoid(overlay)
        gap = ui.s(10)  # besides the fixed places, the places just beside each thing to keep clear
        xs += tuple(x for a, weight in avoid if weight >= 20 for x in (a.left - gap - bw, a.right + gap))
        ys += tuple(y for a, weight in avoid if weight >= 20 for y in (a.top - gap - bh, a.bottom + gap))
        best, best_cost = None, None
        for y in ys:
            for x in xs:
                rect = pygame.Rect(x, y, bw, bh).clamp(window.inflate(-2 * m, -2 * m))
                cost = sum(weight * _area(rect.clip(a)) for a, weight in avoid)
                if self.highlight is not None:  # of two equally clear places, the one nearer the piece
                    cost += 20 * math.dist(rect.center, self.highlight.center)
                if best is None or cost < best_cost:
                    best, best_cost = rect, cost
        self.box = best
        self.buttons = {}
        skip_w = max(ui.s(150), ui.font(17, True).size(t("tutorial.skip"))[0] + ui.s(36))
        skip = pygame.Rect(self.box.x + pad, self.box.bottom - pad - button_h, skip_w, button_h)
        self.buttons["skip"] = Button(t("tutorial.skip"), self.ask_skip, style="secondary", size=17, rect=skip,
                                      name="skip")
        if self.step.narration:
            next_w = max(ui.s(170), ui.font(20, True).size(t("tutorial.next"))[0] + ui.s(110))
            nxt = pygame.Rect(0, 0, next_w, button_h)
            nxt.bottomright = (self.box.right - pad, self.box.bottom - pad)
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
        """Every line of the box within its width, and the words above its buttons (the tests ask)."""
        if self.box is None:
            return True
        ui, recap = self.ui, self.step.recap
        pad = ui.s(34) if recap else ui.s(22)
        size = 22 if recap else 21
        font = ui.font(size)
        inner = self.box.w - 2 * pad
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
        from lama_desktop.app.scenes.message import MessageScene

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
            self._draw_arrow(surface, self.box, self.highlight)
        if recap:
            self._draw_recap(surface)
        else:
            self._draw_box(surface)

    def _draw_ring(self, surface, rect: pygame.Rect) -> None:
        ui = self.ui
        pulse = 0.5 + 0.5 * math.sin(self.time * 4.0)
        grow = ui.s(8) + round(ui.s(6) * pulse)
        ring = rect.inflate(2 * grow, 2 * grow)
        radius = ui.s(14)
        pygame.draw.rect(surface, OUTLINE, ring.inflate(ui.s(4), ui.s(4)), max(2, ui.s(7)), border_radius=radius)
        pygame.draw.rect(surface, ARROW, ring, max(2, ui.s(4)), border_radius=radius)

    def _draw_arrow(self, surface, box: pygame.Rect, target: pygame.Rect) -> None:
        ui = self.ui
        goal = target.inflate(ui.s(34), ui.s(34))
        start = _edge_point(box, goal.center)
        end = _edge_point(goal, box.center)
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = math.hypot(dx, dy)
        if length < ui.s(40) or box.colliderect(goal):
            return
        ux, uy = dx / length, dy / length
        head = ui.s(22)
        shaft_end = (end[0] - ux * head * 0.8, end[1] - uy * head * 0.8)
        width = max(3, ui.s(6))
        left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
        right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
        pygame.draw.line(surface, OUTLINE, start, shaft_end, width + max(2, ui.s(4)))
        pygame.draw.polygon(surface, OUTLINE, [_push(end, ux, uy, ui.s(3)), _push(left, -ux, -uy, ui.s(2)),
                                               _push(right, -ux, -uy, ui.s(2))])
        pygame.draw.line(surface, ARROW, start, shaft_end, width)
        pygame.draw.polygon(surface, ARROW, [end, left, right])

    def _draw_box(self, surface) -> None:
        ui, box = self.ui, self.box
        pad = ui.s(22)
        draw_panel(surface, box, ui)
        pygame.draw.rect(surface, GOLD, box, max(2, ui.s(3)), border_radius=ui.s(18))
        # i18n-keys: common.games.*
        game = t_or(f"common.games.{self.tutorial.game_id}", self.tutorial.game_id)
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
        # i18n-keys: common.games.*
        game = t_or(f"common.games.{self.tutorial.game_id}", self.tutorial.game_id)
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


#: the soft-edged light masks, by (width, height, corner radius, feather): a mask depends on its size only
_LIGHTS: dict = {}


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


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _edge_point(rect: pygame.Rect, toward) -> tuple[float, float]:
    """Where the line from ``rect``'s centre toward ``toward`` leaves ``rect``."""
    cx, cy = rect.center
    dx, dy = toward[0] - cx, toward[1] - cy
    if dx == 0 and dy == 0:
        return float(cx), float(cy)
    sx = (rect.w / 2) / abs(dx) if dx else math.inf
    sy = (rect.h / 2) / abs(dy) if dy else math.inf
    k = min(sx, sy, 1.0)
    return cx + dx * k, cy + dy * k


def _push(point, ux, uy, by):
    return point[0] + ux * by, point[1] + uy * by

