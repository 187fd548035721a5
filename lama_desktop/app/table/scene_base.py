"""What every game table scene shares: its life cycle around the pause menu, window resizes and settings.

A table owns a ``GameSession`` (``self.session``) and a ``Tweener`` (``self.tween``) and builds its layout in
``_build(size)``. Coming back from the pause menu the settings may have changed (animation speed, bot pace, palette,
language, UI scale) and the window may have been resized: ``resume`` applies them and rebuilds what depends on
them. Leaving the table closes the session (its bot worker thread).

It also holds what the tables do alike: the pause menu, sounds, seat names, the refusal toast, cards and tokens
flying over the table (``_fly``), the toasts, the round line, the end of the game (``_ev_game_end`` /
``_to_results``) and opening a table's session (``open_session``).
"""

from __future__ import annotations

from collections import deque
from typing import Callable

import pygame

from lama_desktop.app import art
from lama_desktop.core import i18n
from lama_desktop.engine.core import Event
from lama_desktop.engine.record import round_of
from lama_desktop.core.gameconfig import GameConfig, GameResults, SeatConfig, as_seated
from lama_desktop.core.i18n import plural, t
from lama_desktop.games import GAMES
from lama_desktop.app.scene import Scene
from lama_desktop.core.session import GameSession
from lama_desktop.app.widgets import Button
from lama_desktop.app.table.advisor_panel import AdvisorPanel, draw_advice_rects
from lama_desktop.app.table.history_panel import HistoryPanel
from lama_desktop.app.table.layout import table_ui_scale
from lama_desktop.app.table.log_panel import LogPanel, expand_icon_rect
from lama_desktop.app.table.palette import finish
from lama_desktop.app.table.pieces import token_kind
from lama_desktop.app.table.toasts import Toast, draw_toasts, toast_band
from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.app.table.seats import level_text, log_title, seat_plate, table_plate_words
from lama_desktop.app.table.tooltip import Tip, Tooltip
from lama_desktop.app.table.tween import Sprite, Tweener


class TableEvent:
    """A table-made event (the opening deal of a fresh game, hiding a hot-seat hand, the end of a game resumed
    when over): it is queued and animated like the engine's."""

    def __init__(self, kind: str, data: dict):
        self.kind, self.data = kind, data


#: a bot's level in the player's language (an unknown level as it is)
t_level = level_text


def open_session(app, config: GameConfig, saved=None, options: dict | None = None) -> GameSession:
    """The session of a table opened from the setup screen (``saved`` is None: a new game, with the engine's
    ``options``) or from a save."""
    pace = app.settings.bot_pace
    if saved is not None and saved.meta.get("replay"):  # the replay viewer's table: read-only, never saved
        session = GameSession.from_save(saved, storage=None, pace=pace, record_stats=False,
                                        extra_meta={"config": config.to_dict()})
        session.frozen = True
        return session
    if saved is not None:
        return GameSession.from_save(saved, storage=app.storage, pace=pace, record_stats=False,
                                     extra_meta={"config": config.to_dict()})
    return GameSession.new(config.game_id, config.seats, config.variants, config.seed, options or {},
                           storage=app.storage, pace=pace, record_stats=False,
                           extra_meta={"config": config.to_dict()})


def advice_anchor(ui, log_rect):
    """The advisor's button (above ``log_rect``, right-aligned) and the area of its panel (over the log, growing
    upwards by at most one and a half times the log's height)."""
    log_rect = pygame.Rect(log_rect)
    text_w = ui.font(18).size(t("advisor.button"))[0]
    w, h = text_w + ui.s(40), ui.s(40)
    button = pygame.Rect(log_rect.right - w, log_rect.top - h - ui.s(12), w, h)
    grow = round(1.5 * log_rect.h)
    area = pygame.Rect(log_rect.x, log_rect.top - grow, log_rect.w, log_rect.h + grow)
    return button, area


class TableScene(Scene):
    #: the largest UI scale the table's layout can honour (see ``layout.table_ui_scale``)
    ui_scale_top: float | None = None
    #: how long a refusal shows
    refusal_seconds = 2.6
    #: the engine option that names the first player, for the results' replay config
    first_option = "first_player"
    #: the events whose mover becomes the current player as they are shown
    movers: tuple = ()
    #: the kinds of move a player cannot take back: asked for a confirmation first (``common.confirm.<kind>_*``)
    confirm_kinds: tuple = ("quit",)
    #: fast-forwarding the bots' moves to the round's end (``skip_round``), and the pace to go back to
    skipping = False
    _skip_pace: float | None = None
    #: False: the table draws no history box of its own (the replay viewer shows the whole history beside it)
    log_shown = True

    def exit(self) -> None:
        self.close()

    def close(self) -> None:
        advisor = getattr(self, "advisor", None)
        if advisor is not None:
            advisor.close()
        self.session.close()
        if i18n.reader_is(self):
            i18n.set_reader(None)

    def _speak_to_viewer(self) -> None:
        """Words about the viewing seat are said to it ("You play 3"): this table tells ``i18n`` who reads."""
        i18n.set_reader(i18n.ReaderOf(self))

    def resize(self, size) -> None:
        self._build(size)

    def pause(self) -> None:
        """A scene opens over the table (the pause menu, a message, the round summary): the tip showing goes with
        it (the table is still drawn under it, but no longer updated: a tip would stay frozen there)."""
        self.tooltip.hide()

    def resume(self) -> None:
        self._apply_settings()
        self._forget_cached_layers()  # the language or the palette may have changed under the pause menu
        if self.app is not None and self._needs_rebuild():
            self._build(self.app.size)  # a new window size, or the UI scale changed under the pause menu
        else:
            self._settings_applied()

    def _apply_settings(self) -> None:
        settings = self.app.settings
        self.tween.speed = float(settings.animation_speed)
        self.session.set_pace(settings.bot_pace)
        if self.skipping:  # a pace chosen under the pause menu applies once the skip is over
            self._skip_pace = self.session.pace
            self.session.set_pace(0.0)
        self.colorblind = bool(settings.colorblind)

    def _table_size(self):
        return self.layout.size if getattr(self, "layout", None) is not None else None

    def _needs_rebuild(self) -> bool:
        size = self._table_size()
        return size is not None and (size != self.app.size
                                     or self.ui_scale != table_ui_scale(self.app.settings, self.ui_scale_top))

    # hooks ------------------------------------------------------------------------------------------------------
    def _forget_cached_layers(self) -> None:
        self.static = None
        self._layer = None

    def _settings_applied(self) -> None:
        """Called by ``resume`` when no rebuild was needed: refresh what follows the settings (labels...)."""
        self._build_buttons()

    # the status line -------------------------------------------------------------------------------------------
    def _draw_status(self, surface) -> None:
        """The status line (``self._status_text()``) as a pill in the layout's ``status`` rect: warm when the
        player may act, cached until its text changes."""
        r = self.layout["status"]
        text = self._status_text()
        mine = self.can_act()
        lesson = self._lesson_status()
        if lesson is not None:
            text, mine = lesson[0], lesson[1] and mine
        self.status_said = text
        key = (text, mine, r.size)
        cached = getattr(self, "_status_cache", None)
        if cached is None or cached[0] != key:
            img = self.ui.text_fit(text, 24 if mine else 21, r.w, (255, 240, 200) if mine else (214, 234, 226), mine)
            pad_x, pad_y = self.layout.s(15), self.layout.s(6)
            pill = pygame.Surface((img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y), pygame.SRCALPHA)
            pygame.draw.rect(pill, (6, 30, 28, 150) if not mine else (70, 44, 10, 170), pill.get_rect(),
                             border_radius=pill.get_height() // 2)
            pill.blit(img, (pad_x, pad_y))
            self._status_cache = (key, finish(pill))
        pill = self._status_cache[1]
        self._status_rect = surface.blit(pill, pill.get_rect(center=r.center))

    def _setup(self, session: GameSession, config: GameConfig | None) -> None:
        """What every card or dice table starts with: its session and config, seat count and variants, tweens,
        sprites, the event queue, toasts, the log; no layout, buttons or cached layer until it is built."""
        self.session = session
        self.config = config
        self.n = session.record.players
        self.variants = set(session.record.variants)
        self.tween = Tweener(1.0)
        self.sprites: list[Sprite] = []
        self.queue: deque = deque()
        self.toasts: list[Toast] = []
        self.log = LogPanel()
        self._speak_to_viewer()
        self.layout = None
        self.ui = None
        self.static: pygame.Surface | None = None
        self.buttons: dict = {}
        self.modal = False
        self.finished = False
        self.time = 0.0
        self.reason_toast: Toast | None = None
        self.colorblind = False
        self.advisor = AdvisorPanel(self)
        self.log.round = round_of(session.state)  # the round the table opens in (the game's opening lines)
        self.history = HistoryPanel(self)
        self.tooltip = Tooltip()

    # a lesson's narrator (``narrator.py``): every table calls these three like the advisor --------------------------
    #: the narrator of a lesson's table (made on the first update once the layout exists), else None
    narrator = None

    def _lesson_narrator(self):
        if self.narrator is None and getattr(self.session, "lesson", None) is not None \
                and getattr(self, "ui", None) is not None:
            from lama_desktop.app.table.narrator import Narrator

            self.narrator = Narrator(self)
        return self.narrator

    #: the words of the status line as last drawn (the tests read what the player read)
    status_said = ""

    def _lesson_status(self) -> tuple[str, bool] | None:
        """The status line while a lesson holds the game (``Narrator.status``): the line never says "your turn"
        while the narrator says "read this, press Next", nor invites a move the step would refuse. None: the
        table's own line."""
        narrator = self._lesson_narrator()
        return narrator.status() if narrator is not None else None

    def _narrator_event(self, event) -> bool:
        """First in ``handle_event``: True when the lesson's narrator took the event (Next, its buttons)."""
        narrator = self._lesson_narrator()
        return narrator is not None and narrator.handle_event(event)

    def _panels_event(self, event) -> bool:
        """First in every table's ``handle_event``: the lesson's narrator, the tooltip (it sees every event), the
        history and the advisor panels (the open advisor's first: its panel lies over the history); True when one
        of them took the event."""
        if self._narrator_event(event):
            return True
        self.tooltip.event(event)
        if self.advisor.open and not self.history.expanded:
            return self.advisor.handle_event(event) or self.history.handle_event(event)
        return self.history.handle_event(event) or self.advisor.handle_event(event)

    def _narrator_update(self, dt: float) -> None:
        """At the end of ``update``: the lesson's next step shows when the table is idle."""
        narrator = self._lesson_narrator()
        if narrator is not None:
            narrator.update(dt)

    def _narrator_draw(self, surface) -> None:
        """Last in ``draw`` (while a narrated overlay is on top, the scene stack draws it over that instead)."""
        narrator = self.narrator
        if narrator is not None and (self.stack is None or self.stack.top is self):
            narrator.draw(surface)
            if narrator.box is not None and getattr(self, "_status_rect", None) is not None:
                # the status line speaks for the lesson ("read the box, then press Enter"): drawn again over the
                # dimming, the ring and the arrow, so it is never greyed or struck through (the box keeps off it)
                self._draw_status(surface)

    def tutorial_rect(self, name: str):
        """The on-screen rect of the piece a lesson names (``docs/APP.md``, "Tutorials"), as drawn now, or None.
        This answers the names every table shares from its layout and buttons: ``hand`` (the own seat's hand
        area), ``plate:<seat>``, ``tokens:<seat>``, ``log``, ``round``, ``status``, ``button:<id>`` (a move kind
        or button name: ``button:draw``); a table adds its own pieces and calls this for the rest."""
        layout = getattr(self, "layout", None)
        if layout is None:
            return None
        kind, _, arg = name.partition(":")
        if kind == "button":  # a button's name with spaces is written with "_" ("button:return_10")
            buttons = getattr(self, "buttons", {})
            button = buttons.get(arg) or buttons.get(arg.replace("_", " "))
            return pygame.Rect(button.rect) if button is not None and button.rect is not None else None
        if kind in ("plate", "tokens"):
            try:
                seat = int(arg)
            except ValueError:
                return None
            if not 0 <= seat < self.n:
                return None
            rect = layout.get(f"seat{self.pos_of(seat)}.{kind}")
            return pygame.Rect(rect) if rect is not None else None
        simple = {"hand": "seat0.hand", "log": "log", "round": "round_info", "status": "status"}
        if kind in simple and not arg:
            rect = layout.get(simple[kind])
            return pygame.Rect(rect) if rect is not None else None
        return None

    def tutorial_clear(self) -> list:
        """What a lesson's narrator box would rather not cover (it goes where it covers least of these): every
        seat's plate, hand and tokens, the status line, the log and the buttons."""
        layout = getattr(self, "layout", None)
        if layout is None:
            return []
        names = [f"seat{k}.{part}" for k in range(self.n) for part in ("plate", "hand", "tokens")]
        names += ["status", "log", "buttons", "discard", "draw_pile"]
        return [pygame.Rect(layout[name]) for name in names if layout.get(name) is not None]

    def tutorial_protect(self, point=None) -> list:
        """(name, rect) a lesson's box and arrow never cover on a step pointing at ``point`` (the narrator adds the
        piece, the hand, the status line): the history and the buttons; a table adds its own text and labels."""
        from lama_desktop.app.table.narrator import shared_protect

        return shared_protect(self)

    # tooltips (``tooltip.py``): the table answers what lies under a point and under the keyboard focus ----------
    #: the tip of each button, by its name's first word (the move's kind): the key in the ``tooltips`` domain and
    #: its fields from the button's name (``return 10`` -> value=10); the pause menu, the skip and the panels'
    #: buttons are the same on every table (``common_button_tips``)
    button_tips: dict = {}
    common_button_tips = {"menu": "tooltips.button.menu", "skip": "tooltips.button.skip",
                          "return": "tooltips.button.return"}

    def _tooltip_at(self, pos) -> Tip | None:
        """The tip of what lies under ``pos``: a button or a panel's control, the game's pieces (``_piece_tip``),
        a seat's plate (with its badge), the round line (``_round_tip``)."""
        if self.ui is None or getattr(self, "modal", False):
            return None
        tip = self._control_tip(pos)
        if tip is not None:
            return tip
        tip = self._piece_tip(pos)
        if tip is not None:
            return tip
        layout = getattr(self, "layout", None)
        if layout is None:
            return None
        for seat in range(self.n):
            rect = layout.get(f"seat{self.pos_of(seat)}.plate")
            if rect is not None and self._plate_hit(seat, rect).collidepoint(pos):
                return Tip(self._plate_tip(seat), tuple(rect))
        rect = layout.get("round_info")
        if rect is not None and rect.collidepoint(pos):
            return Tip(self._round_tip(), tuple(rect))
        return None

    def _control_tip(self, pos) -> Tip | None:
        """The buttons (what each does, and its key), the advisor's button, the history's Undo and enlarge icon,
        the history's title row."""
        for name, button in self.buttons.items():
            if button.rect.collidepoint(pos):
                return Tip(self._button_tip(name, button), tuple(button.rect))
        advisor = getattr(self, "advisor", None)
        if advisor is not None and not advisor.open and advisor.available() and advisor.button.rect.collidepoint(pos):
            return Tip(t("tooltips.button.advice"), tuple(advisor.button.rect))
        history = getattr(self, "history", None)
        log_rect = history._log_rect() if history is not None else None
        if log_rect is not None:
            if history.offered() and not self.session.is_over and history.undo_button.rect.collidepoint(pos):
                return Tip(history.tip(), tuple(history.undo_button.rect))  # why not, when disabled
            icon = expand_icon_rect(self.ui, log_rect)
            if icon.collidepoint(pos):
                return Tip(t("tooltips.button.history"), tuple(icon))
            title = pygame.Rect(log_rect.x, log_rect.y, log_rect.w, self.ui.s(28))
            if title.collidepoint(pos):
                return Tip(t("tooltips.common.log"), tuple(log_rect))
        return None

    def _button_tip(self, name: str, button) -> str:
        """What a button does (``button_tips``), then its key."""
        kind, _, arg = name.partition(" ")
        key = self.button_tips.get(kind) or self.common_button_tips.get(kind)
        if key is None:
            return button.text
        text = t(key, **self._button_fields(kind, arg))
        if kind == "menu":
            return text + "\n" + t("tooltips.button.key", hint=t("common.keys.escape"))
        if button.hint:
            text += "\n" + t("tooltips.button.key", hint=button.hint)
        return text

    def _button_fields(self, kind: str, arg: str) -> dict:
        """The fields of a button's tip: ``value`` (``return 10``), ``name`` (``give 2``: that seat's name)."""
        return {"value": arg, "name": self._name(int(arg)) if kind == "give" and arg.isdigit() else ""}

    def _plate_hit(self, seat: int, rect) -> pygame.Rect:
        """Where a seat's plate answers the pointer: the plate, and its badge above it when it wears one."""
        rect = pygame.Rect(rect)
        if self._plate_badge(seat):
            return rect.union(pygame.Rect(rect.x, rect.y - rect.h // 2, rect.h * 2, rect.h // 2))
        return rect

    def _round_tip(self) -> str:
        """The round line (top left): the round, and when the game ends."""
        return t("tooltips.common.round", round=self.shown.round, end=self.end_points)

    #: the points that end the game (the round line's tip)
    end_points = 40

    def _piece_tip(self, pos) -> Tip | None:
        """Hook: the tip of the game's piece under ``pos`` (cards, piles, tokens, dice...), or None."""
        return None

    def _tooltip_focus(self) -> Tip | None:
        """The tip of what the keyboard focus is on: a focused button, else the table's own focus
        (``_focus_tip``: a hand card, a placement)."""
        for name, button in self.buttons.items():
            if button.focused:
                return Tip(self._button_tip(name, button), tuple(button.rect))
        return self._focus_tip()

    def _focus_tip(self) -> Tip | None:
        """Hook: the tip of the piece under the table's keyboard focus, or None."""
        return None

    def _plate_tip(self, seat: int) -> str:
        """A seat's plate: who, their points, still in the round or out, and its badge's meaning."""
        lines = [self._name(seat), plural("tooltips.common.points", int(self.shown.scores[seat]))]
        if not self.session.is_over:
            lines.append(t("tooltips.common.out") if self._seat_out(seat) else t("tooltips.common.still_in"))
        badge = self._badge_tip(seat)
        if badge:
            lines.append(badge)
        return "\n".join(lines)

    def _badge_tip(self, seat: int) -> str:
        """Hook: what the badge on a seat's plate means, or ""."""
        return ""

    def _update_tooltip(self, dt: float) -> None:
        if self._tooltip_covered():
            self.tooltip.hide()
            return
        self.tooltip.update(dt, self)

    def _tooltip_covered(self) -> bool:
        """The enlarged history, or the advisor's panel under the pointer, covers the pieces: no tip."""
        history = getattr(self, "history", None)
        if history is not None and history.expanded:
            return True
        advisor, pos = getattr(self, "advisor", None), self.tooltip.pos
        if advisor is not None and advisor.open and pos is not None and self.tooltip.source == "mouse":
            try:
                rect = advisor._panel_rect()
            except (AttributeError, KeyError, TypeError):
                return False
            return rect is not None and pygame.Rect(rect).collidepoint(pos)
        return False

    def _draw_panels(self, surface) -> None:
        """The history (its Undo in the log's header) and the advisor's panel, whichever is on top last: the open
        advisor's panel covers the log and must cover its Undo too (it was drawn over the advice); the enlarged
        history covers everything."""
        if self.history.expanded:
            self.advisor.draw(surface)
            self.history.draw(surface)
        else:
            self.history.draw(surface)
            self.advisor.draw(surface)

    def _draw_tooltip(self, surface) -> None:
        """Last of the frame: over everything the table drew, clear of what ``_tooltip_avoid`` names."""
        if not self.tooltip.showing:
            return
        try:
            avoid = self._tooltip_avoid()
        except (KeyError, IndexError, AttributeError, TypeError):  # a layout being rebuilt: no tip this frame
            self.tooltip.hide()
            return
        self.tooltip.draw(surface, self.ui, avoid)

    def _tooltip_avoid(self) -> list:
        """Rects a tip keeps clear of when it can: the status line (where it was last drawn), the table's pieces
        (``tutorial_clear``: the plates, hands or rows, tokens, piles, log and each game's own; ``_tip_pieces``: the
        single cards and dice inside those groups) every button, the history's title row and icons (its lines may give way)."""
        rects = [getattr(self, "_status_rect", None)] + list(self.tutorial_clear()) + list(self._tip_pieces())
        rects += [button.rect for button in self.buttons.values()]
        advisor = getattr(self, "advisor", None)
        if advisor is not None and not advisor.open and advisor.available():
            rects.append(advisor.button.rect)
        layout = getattr(self, "layout", None)
        hint = layout.get("seat0.hint") if layout is not None else None
        band = layout.get("status") if layout is not None and rects[0] is not None else None  # the drawn line is kept
        history = getattr(self, "history", None)
        log = history._log_rect() if history is not None else None
        # the keys line under your hand and the history's lines are text to read: they may give way
        rects = [r for r in rects if r is None or pygame.Rect(r) not in (log, hint, band)]
        if log is not None:  # the history's title row and icons do not
            rects += [pygame.Rect(log.x, log.y, log.w, self.ui.s(28)), expand_icon_rect(self.ui, log)]
            if history.offered():
                rects.append(history.undo_button.rect)
        return [pygame.Rect(r) for r in rects if r is not None]

    def _tip_pieces(self) -> list:
        """The single pieces inside the groups ``tutorial_clear`` names (each card of a hand, each die): a tip about
        one of them keeps clear of the others (``tooltip.place_box`` lets the group holding the piece give way)."""
        return []

    # what every table does alike ------------------------------------------------------------------------------
    def pos_of(self, seat: int) -> int:
        """A seat's place round the table: 0 at the bottom (``self.focus``), then clockwise."""
        return (seat - self.focus) % self.n

    def legal(self) -> list:
        """The moves the player at the bottom may make now (none while the table is busy or it is not their turn)."""
        if not self.can_act():
            return []
        return self.session.view(self.focus).legal_moves()

    def _tokens_anchor(self, seat: int):
        return self.layout[f"seat{self.pos_of(seat)}.tokens"].center

    @property
    def idle(self) -> bool:
        """Nothing left to show: no queued event, nothing moving, no summary or screen holding the table."""
        return not self.queue and not self.tween.busy and not self.modal and not self._held()

    def _held(self) -> bool:
        """Hook: something of the table's own holds the event queue (a privacy screen, dice in the air)."""
        return False

    def _take_moves(self) -> None:
        """Let a bot move (never while something is still moving: ``session.poll(busy)``), queue the events of the
        moves applied since, show them one after the other, and sync with the engine once all is shown. While
        skipping to the round's end, every move the bots have chosen is shown at once (``_skip_step``)."""
        if self.skipping:
            self._skip_step()
        self.session.poll(busy=not self.idle)  # a bot's move lands in take_played() below
        for played in self.session.take_played():
            self._queue_events(played)
            self._after_played(played)
        self._advance_queue()
        if self.idle:
            self._settle()

    # skipping to the round's end ------------------------------------------------------------------------------
    #: the key of the "Skip to the round's end" button
    skip_key = pygame.K_s

    def can_skip(self) -> bool:
        """Every human at the table is out of the round (quit) while bots play on: their remaining moves may be
        fast-forwarded. Never in a game without humans, nor while a summary or screen holds the table."""
        s = self.session
        if self.skipping or self.finished or s.is_over or self.modal or getattr(self, "shown", None) is None \
                or self._held():
            return False
        humans = s.human_seats
        if not humans or any(not self._seat_out(h) for h in humans):
            return False
        if all(self._seat_out(seat) for seat in range(self.n)):
            return False  # everybody is out: the round is over already
        # the engine is still in the round the table shows (not already in the next one, its deal to come)
        return s.view(self.focus).round_no == self.shown.round

    def skip_round(self) -> None:
        """Fast-forward the bots' remaining moves of this round: no pace, no animations, no sounds; the bots still
        think on their worker thread (the window keeps drawing), every event goes through the queue and its
        handler as usual (log, model), and skipping ends when the round's summary opens."""
        if not self.can_skip():
            return
        self.skipping = True
        self._skip_pace = self.session.pace
        self.session.set_pace(0.0)
        self.toasts.clear()
        self._build_buttons()

    def _skip_step(self) -> None:
        """One frame of skipping: show everything the bots have played so far, finishing each animation as it
        starts, until a bot is still thinking (next frame) or the round is over."""
        for _ in range(500):  # a bound per frame; a round never has that many moves waiting
            self.skip_animations()
            self.session.poll(busy=not self.idle)
            played = self.session.take_played()
            for p in played:
                self._queue_events(p)
                self._after_played(p)
            self._advance_queue()
            self.skip_animations()
            if self.modal or self.finished or self.session.is_over or (self._round_changed() and self.idle):
                self._stop_skipping()  # the round's summary is open (or the round is over and all of it shown)
                return
            if not played and not self.queue:
                return  # a bot is thinking: the next frame goes on

    def _round_changed(self) -> bool:
        return self.session.view(self.focus).round_no != self.shown.round

    def _stop_skipping(self) -> None:
        if not self.skipping:
            return
        self.skipping = False
        if self._skip_pace is not None:
            self.session.set_pace(self._skip_pace)
        self._skip_pace = None
        self._build_buttons()

    def skip_animations(self) -> None:
        """Finish everything that moves at once (a click or key while things move; skipping)."""
        self.tween.skip()

    def _skip_buttons(self) -> None:
        """While the skip is offered, the table's buttons (all disabled: the player has no move this round) make
        room for "Skip to the round's end"; call at the end of ``_build_buttons``."""
        if not self.can_skip() or self.layout is None:
            return
        rect = self.layout["buttons"]
        gap = self.layout.s(12)
        bh = min((rect.h - gap * 2) // 3, self.layout.s(64))
        r = pygame.Rect(rect.x, rect.bottom - bh, rect.w, bh)
        menu = self.buttons.get("menu")
        self.buttons = {"skip": Button(t("common.table.skip"), self.skip_round, style="primary", size=22,
                                       hint=pygame.key.name(self.skip_key).upper(), rect=r, name="skip")}
        if menu is not None:
            self.buttons["menu"] = menu

    def _update_skip(self) -> None:
        """Each frame: show the skip button when it becomes available, take it away when it no longer is."""
        if ("skip" in self.buttons) != self.can_skip():
            self._build_buttons()

    def _skip_event(self, event) -> bool:
        """The skip key (shown on the button) or a click on the button, even while something moves: True when
        handled."""
        button = self.buttons.get("skip")
        if button is None:
            return False
        if event.type == pygame.KEYDOWN and event.key == self.skip_key:
            self.skip_round()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and button.rect.collidepoint(event.pos):
            button.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and button.pressed:
            button.pressed = False
            if button.rect.collidepoint(event.pos):
                self._sound("click")
                self.skip_round()
            return True
        return False

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the table shows: the player at the bottom (``focus``), or ``None`` (a spectator: no
        hand is anybody's) while a hot-seat table has its hand turned down behind the privacy screen."""
        return self.focus if getattr(self, "revealed", True) else None

    def _queue_events(self, played) -> None:
        """Queue a move's events as the viewing seat may see them (``session.events_for``), each under its own
        seat: the seat a rule acted on (Cadabra's "next player draws") is not the player who moved. A mark before
        them tells the history which move its next lines belong to (undo cuts it there) and the round it was played
        in (the engine's: the same lines under the same rounds live and in a replay)."""
        self.queue.append((None, TableEvent("history_mark", {"move": played.index,
                                                            "round": getattr(played, "round", 0)})))
        for event in self.session.events_for(played.events, self.viewer):
            self.queue.append((event.seat, event))

    def _ev_history_mark(self, seat, d) -> None:
        self.log.mark(d["move"], d.get("round", 0))

    def _log_rect(self):
        return self.layout["log"]

    def _after_played(self, played) -> None:
        """Hook: queue a table event after a move's own (the L.A.M.A. table hides a hot-seat hand)."""

    def _advance_queue(self) -> None:
        """Show the queued events (``_ev_<kind>(seat, data)``) until one of them starts an animation."""
        while self.queue and not self.tween.busy and not self.modal and not self._held():
            seat, event = self.queue.popleft()
            if isinstance(event, Event) and not self.session.omniscient:  # the viewer may have changed: redact again
                event = event.for_seat(self.viewer)
            if event.kind in self.movers and seat is not None:
                self.shown.current = seat
            handler = getattr(self, f"_ev_{event.kind}", None)
            if handler is not None:
                toasts = len(self.toasts)
                with self.log.acting(seat, event):  # the log's lines say whom they are about
                    handler(seat, event.data)
                for toast in self.toasts[toasts:]:  # and so do the toasts it popped up
                    toast.seat, toast.source = seat, event

    def try_move(self, text: str, confirmed: bool = False) -> None:
        """Ask the session (the engine decides); show the reason of a refusal. A move that cannot be taken back is
        confirmed first (``_confirm_first``) unless ``confirmed``."""
        if not self.idle:
            return
        if not self.can_act():
            cur = self.session.current_player
            if cur >= 0 and not self.session.is_human(cur):
                self._toast_reason(lambda: self._wait_text(self.session.seats[cur].name))
            return
        if not confirmed and self._confirm_first(text):
            return
        outcome = self.session.play(text)
        if not outcome.ok:
            self._toast_reason(lambda: refusal_text(outcome))
            return
        self._moved()

    def _confirm_first(self, text: str) -> bool:
        """A move the player cannot take back (its kind in ``confirm_kinds``: quitting the round) asks first, in a
        modal message: Enter (or its first button) plays it, Escape (or "Keep playing") leaves the turn as it was.
        True when the question was asked. A move the engine would refuse is not asked about (its refusal shows), nor
        one a lesson refuses now (its step's words show at once: no "Quit this round?" for a quit it will refuse)."""
        kind = text.split(" ", 1)[0]
        if kind not in self.confirm_kinds or self.stack is None:
            return False
        legal = {str(m): m for m in self.legal()}
        if text not in legal or self.session.gate(legal[text]) is not None:
            return False
        from lama_desktop.app.scenes.message import MessageScene

        buttons = [(t(f"common.confirm.{kind}_yes"), lambda: self.try_move(text, confirmed=True), "primary",
                    t("common.keys.enter")),
                   (t(f"common.confirm.{kind}_no"), None, "secondary", t("common.keys.escape"))]
        self.stack.push(MessageScene(t(f"common.confirm.{kind}_title"), t(f"common.confirm.{kind}_text"), buttons,
                                     icon="question"))
        return True

    def _wait_text(self, name: str) -> str:
        """What a click says while a bot (``name``) is to move."""
        raise NotImplementedError

    def _moved(self) -> None:
        """Hook: the player's move was accepted (reset the selection or the focus)."""

    def _press_button(self, pos, explain) -> bool:
        """A left click on a button: an enabled one is pressed (it acts when released), a disabled one calls
        ``explain(name)`` (why not). False when no button is under ``pos``."""
        for b in self.buttons.values():
            if b.rect.collidepoint(pos):
                if b.enabled:
                    b.pressed = True
                elif b.name != "menu":
                    explain(b.name)
                return True
        return False

    def _release_button(self, pos) -> bool:
        """The left button released: a pressed button acts if the pointer is still on it. False when none was
        pressed."""
        for b in self.buttons.values():
            if b.pressed:
                b.pressed = False
                if b.rect.collidepoint(pos) and b.enabled:
                    self._sound("click")
                    b.activate()
                return True
        return False

    def open_pause(self) -> None:
        from lama_desktop.app.scenes.pause import PauseScene

        if self.stack is not None:
            self.stack.push(PauseScene(self.session.game_id, on_quit=self.close))

    def _sound(self, name: str) -> None:
        if self.app is not None and not self.skipping:
            self.app.play_sound(name)

    def _name(self, seat) -> str:
        return self.session.seats[seat].name if seat is not None and seat >= 0 else "?"

    # toasts ------------------------------------------------------------------------------------------------------
    #: what the toasts age on: "frames" (play: the seconds of the frame loop) or "play" (``tween.clock``: the
    #: screenshot tool, which stages moves by skipping or speeding up the animations; a toast then fades when it
    #: would have in play, not frozen over a later moment)
    toast_clock = "frames"
    _toast_clock_seen = None

    def age_toasts(self, dt: float) -> None:
        """Once per frame (each table's ``update``): the toasts grow older (on ``toast_clock``); the ones past
        their life go."""
        if self.toast_clock == "play":
            now = self.tween.clock
            seen = self._toast_clock_seen if self._toast_clock_seen is not None else now - dt * self.tween.speed
            dt, self._toast_clock_seen = max(0.0, now - seen), now
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [x for x in self.toasts if not x.done]

    def _toast_reason(self, reason: str | Callable[[], str]) -> None:
        """A refusal (or a "wait for ...") in the one red toast: a new one replaces the last. ``reason`` is best
        lazy (a function giving the words: ``lambda: refusal_text(outcome)``): the toast, and the lesson's narrator
        that takes it over, then speak the language of the moment they are drawn, not of the moment they were
        made."""
        words = reason if callable(reason) else (lambda: reason)

        def text() -> str:
            said = words()
            return self._refused(said[:1].upper() + said[1:])

        if self.reason_toast is not None and self.reason_toast in self.toasts:
            self.toasts.remove(self.reason_toast)
        self.reason_toast = Toast(text, self.refusal_seconds, False, (217, 83, 74))
        self.toasts.append(self.reason_toast)

    def _refused(self, reason: str) -> str:
        """The refusal's sentence as the toast shows it (a table may frame it: "Not allowed: ...")."""
        return reason

    def _fly(self, name, start, end, w0, w1, duration, *, delay=0.0, flip=None, angle=None, on_start=None,
             on_finished=None, tween="ease_out", kind="card"):
        """A card (``kind`` "card"; ``name`` None: its back) or a token flying from ``start`` to ``end`` while its
        width goes from ``w0`` to ``w1``; ``flip`` and ``angle`` (from, to) turn it over and round on the way."""
        extra, targets = {}, {}
        if flip is not None:
            extra["flip"], targets["flip"] = flip
        if angle is not None:
            extra["angle"], targets["angle"] = angle
        sprite = Sprite(name, start[0], start[1], scale=w0, **extra)
        sprite.back = kind

        def begin():
            self.sprites.append(sprite)
            if on_start:
                on_start()

        def done():
            if sprite in self.sprites:
                self.sprites.remove(sprite)
            if on_finished:
                on_finished()

        self.tween.animate(sprite, duration, tween, delay=delay, on_start=begin, on_finished=done,
                           x=end[0], y=end[1], scale=w1, **targets)
        return sprite

    def _token_kind(self, token) -> str:
        return token_kind(token)

    def _fly_round_tokens(self, seat: int, held: dict, center, time: float) -> None:
        """The tokens a seat gains at a round's end (``held``: count per value, at most 8 shown) fly to it."""
        tokens = [20] * held[20] + [10] * held[10] + [1] * held[1]
        for i, token in enumerate(tokens[:8]):
            self._fly(self._token_kind(token), center, self._tokens_anchor(seat), self.token_d, self.token_d,
                      time, delay=0.05 * i + 0.08 * seat, kind="token")

    def _open_round_summary(self, scene_type, d, delay: float, **kwargs) -> None:
        """The round's summary (``scene_type(d, names, on_close=..., auto_close=..., colorblind=..., **kwargs)``)
        after ``delay``; the queue waits for it to close, then the round's tokens fly (``_round_tokens``). With
        bots only it closes itself."""
        self.modal = True

        def closed():
            self.modal = False
            self._round_tokens(d)

        auto = 0.0 if self.session.human_seats else 3.2
        scene = scene_type(d, self.session.names, on_close=closed, auto_close=auto, colorblind=self.colorblind,
                           **kwargs)
        self.tween.after(delay, lambda: self.stack.push(scene) if self.stack is not None else closed())

    def _ev_game_end(self, seat, d) -> None:
        self._game_end = dict(d)  # the results show the engine's final scores and winners from this event
        toast, line = self._winner_texts(list(d.get("winners", self.session.winners())))
        self.toasts.append(Toast(toast, 2.5, True))
        self.log.add(line, (255, 214, 110))
        self._sound("win")
        self.finished = True
        self.tween.after(1.6, self._to_results)

    def _winner_texts(self, winners: list):
        """The toast (text) and the log line (lazy text) that name the ``winners`` (seats; ``i18n.winners``)."""
        raise NotImplementedError

    def _results_config(self) -> GameConfig:
        """The game's config ("play again"): the one it was opened with, named as seated now, or the session's."""
        s = self.session
        return as_seated(self.config, s.names) if self.config is not None else GameConfig(
            s.game_id, [SeatConfig(x.name, x.kind, x.level) for x in s.seats], tuple(s.record.variants),
            int(s.record.options.get(self.first_option, 0)), s.record.seed)

    def _to_results(self) -> None:
        s = self.session
        if getattr(s, "lesson", None) is not None:
            return  # a lesson ends with its recap (the narrator): no results, nothing counted or kept
        end = getattr(self, "_game_end", None) or {}  # a game resumed when already over has no event: the engine's
        scores, winners = list(end.get("scores", s.scores)), list(end.get("winners", s.winners()))
        results = GameResults(self._results_config(), self._score_history(), scores, winners,
                              advised=tuple(sorted(s.advised)), practice=s.practice,
                              start_scores=s.start_scores)  # the chart starts there
        results.record = s.record
        self.close()
        if self.app is not None:
            self.app.game_over(results)

    def _score_history(self) -> list:
        return [list(h) for h in self.session.score_history]

    # the advisor (advisor_panel.py) -------------------------------------------------------------------------------
    def _advice_anchor(self):
        """(the advisor button's rect, the area its panel may fill): the button just above the log, right-aligned;
        the panel over the log, growing upwards by at most one and a half times the log's height."""
        button, area = advice_anchor(self.ui, self.layout["log"])
        for position in range(1, self.n):  # never over a seat's name plate (its score stays readable)
            plate = self.layout.get(f"seat{position}.plate")
            if plate is not None and plate.colliderect(area) and plate.bottom < area.bottom:
                top = plate.bottom + self.ui.s(8)
                area = pygame.Rect(area.x, top, area.w, area.bottom - top)
        return button, area

    def _advice_rects(self, move) -> list:
        """Where ``move`` is played on the table (rects to outline): its button, if it has one."""
        button = self.buttons.get(str(move))
        return [button.rect] if button is not None else []

    def _draw_advice(self, surface, estimates, focus: int = 0) -> None:
        """Mark the move looked at in the panel (the best one until another is) where it is played."""
        look = estimates[focus]
        draw_advice_rects(surface, self.ui, self._advice_rects(look.move), self.time, i18n.percent(look.win))

    # drawing ------------------------------------------------------------------------------------------------------
    def _model_layer(self, size) -> pygame.Surface:
        """The frame's base: the static felt (``_render_static``) with all that only changes with the model drawn
        over it (``_draw_middle``, the opponents, the own seat, the round line, the log), cached until
        ``_layer_key()`` changes. The layout is rebuilt first when the window's size changed."""
        if self.layout is None or self.layout.size != size:
            self._build(size)
        if self.static is None or self.static.get_size() != size:
            self.static = self._render_static(size)
            self._layer = None
        key = self._layer_key()
        if getattr(self, "_layer", None) is None or self._layer_cached_key != key:
            layer = self.static.copy()
            self._draw_middle(layer)
            for seat in range(self.n):
                if self.pos_of(seat) != 0:
                    self._draw_opponent(layer, seat)
            self._draw_me_seat(layer)
            self._draw_round_info(layer)
            self._draw_log(layer)
            self._layer, self._layer_cached_key = layer, key
        return self._layer

    def _draw_middle(self, layer) -> None:
        """Hook: the middle of the table in the cached layer (piles, the llama row...), under the seats."""

    def _log_title(self) -> str:
        """The log panel's title: the same on every table."""
        return log_title()

    def _draw_log(self, surface) -> None:
        """The table's history box (none when ``log_shown`` is False: the replay viewer draws the history)."""
        if self.log_shown:
            self.log.draw(surface, self._log_rect(), self.ui, self._log_title())

    def _log_key(self) -> tuple | None:
        """What of the history a cached layer shows (nothing when the table draws no history box)."""
        return (self.log.version, self.log.scroll, self.log.viewer, self.log.pending) if self.log_shown else None

    def _plate(self, seat: int, rect: pygame.Rect) -> pygame.Surface:
        """The seat's name plate (``seats.seat_plate``: the same on every table), lit on the seat's turn; the game
        says whether the seat is out (``_seat_out``) and its badge (``_plate_badge``: the dealer, the starter)."""
        s, shown = self.session, self._plate_seat(seat)
        lit = self.shown.current == seat and not s.is_over
        thinking = lit and shown.is_bot and not getattr(s, "frozen", False) and (s.thinking or self.idle)
        return seat_plate(self.ui, rect.size, seat, shown, self.shown.scores[seat], lit=lit, out=self._seat_out(seat),
                          thinking=thinking, badge=self._plate_badge(seat), words=table_plate_words(self))

    def _plate_seat(self, seat: int):
        """The seat as its plate describes it (``session.seat_shown``: as it was played, in a replay)."""
        return self.session.seat_shown(seat)

    def _blit_plate(self, surface, seat: int, rect: pygame.Rect) -> None:
        """The seat's plate over its layout ``rect`` (its shadow and glow spill around it). A badge lifted above a
        small plate's name (``pieces.name_plate``) may reach past a plate at the window's top: the plate then moves
        down the few pixels that keep its badge in the window."""
        plate = self._plate(seat, rect)
        pad = (plate.get_width() - rect.w) // 2
        dest = plate.get_rect(topleft=(rect.x - pad, rect.y - pad))
        if dest.top < 0 and self._plate_badge(seat):
            dest.top = 0
        surface.blit(plate, dest)

    def _seat_out(self, seat: int) -> bool:
        """Hook: the seat is out of the round (its plate greys)."""
        return False

    def _plate_badge(self, seat: int) -> str:
        """Hook: the little badge over a seat's plate ("Dealer"), or ""."""
        return ""

    def _draw_round_info(self, surface) -> None:
        """Top left: the round, then the game and its variants."""
        r = self.layout.get("round_info")
        if r is None:
            return
        game = GAMES[self.session.game_id]
        title, extras = game.title(), [game.variant_title(v) for v in sorted(self.variants)]
        line1 = self.ui.text(self._round_text().upper(), 15, (150, 200, 188), True)
        line2 = self.ui.text_fit(" · ".join([title] + extras), 17, r.w, (226, 238, 232), True)
        surface.blit(line1, (r.x + self.layout.s(6), r.y + self.layout.s(6)))
        surface.blit(line2, (r.x + self.layout.s(6), r.y + self.layout.s(6) + line1.get_height()))

    def _round_text(self) -> str:
        raise NotImplementedError

    def _draw_toasts(self, surface) -> None:
        """The last three toasts, wrapped to the layout's ``toast`` band and stacked down from its top."""
        draw_toasts(surface, self.toasts, toast_band(self.layout, self.ui), self.ui)

    def _draw_return_buttons(self, surface, lift: bool = True) -> None:
        """The buttons; a "return <token>" one shows the token itself (raised with the button when ``lift``)."""
        for name, b in self.buttons.items():
            b.draw(surface, self.ui)
            if name.startswith("return"):
                img = art.token(self._token_kind(int(name.split()[1])), round(b.rect.h * 0.72))
                up = -self.ui.s(2) if lift and (b.hovered or b.focused) and not b.pressed else 0
                surface.blit(img, img.get_rect(midleft=(b.rect.x + self.ui.s(14), b.rect.centery + up)))
