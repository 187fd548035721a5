"""What every game table scene shares: the frame that drives it, and its life cycle around the pause menu, window
resizes and settings.

The frame owns the order of every frame (``update``, ``draw``, ``handle_event`` are the frame's; a table never
writes them): input goes to the overlay over the whole table first (``overlay_event``: a network game's
reactions), then the lesson's narrator, the tooltip and the history and advisor panels, then Escape and the skip to
the round's end, then the table (``handle_table_event``); an update moves the clocks and the table's own
animations (``update_table``), takes the moves, eases the pieces (``update_pieces``), then the skip button, the
buttons, the advisor, the history, the tooltip, the narrator and last the overlay (``update_overlay``); a frame is
the table's picture (``draw_table``), then the toasts, the panels, the narrator, the tooltip (over it) and the overlay
(``draw_overlay``: a network game's bubbles) over it all.

A table owns a ``GameSession`` (``self.session``) and a ``Tweener`` (``self.tween``) and builds its layout in
``_build(size)``. Coming back from the pause menu the settings may have changed (animation speed, bot pace, palette,
language, UI scale) and the window may have been resized: ``resume`` applies them and rebuilds what depends on
them. Leaving the table closes the session (its bot worker thread).

What the tables do alike lives in one module per responsibility, mixed in here: the event queue and the player's
moves (``event_queue``), skipping to the round's end (``round_skip``), toasts and flying pieces
(``table_effects``), the end of a round and of the game (``table_end``), the drawing every table shares
(``table_drawing``), the advisor's place (``table_advice``), the tooltips (``table_tips``) and a lesson's
narrator and pieces (``table_lesson``).
"""

from __future__ import annotations

from collections import deque
from typing import final

import pygame

from lama_desktop.core import i18n
from lama_desktop.core.gameconfig import GameConfig
from lama_desktop.app.scene import Scene
from lama_desktop.core.session import GameSession
from lama_desktop.app.table.advisor_panel import AdvisorPanel
from lama_desktop.app.table.event_queue import EventQueue, TableEvent
from lama_desktop.app.table.history_panel import HistoryPanel
from lama_desktop.app.table.layout import table_ui_scale
from lama_desktop.app.table.log_panel import LogPanel
from lama_desktop.app.table.round_skip import RoundSkip
from lama_desktop.app.table.seats import level_text
from lama_desktop.app.table.table_advice import AdviceHooks, advice_anchor
from lama_desktop.app.table.table_drawing import TableDrawing
from lama_desktop.app.table.table_effects import TableEffects
from lama_desktop.app.table.table_end import TableEnd
from lama_desktop.app.table.table_lesson import LessonHooks
from lama_desktop.app.table.table_tips import TableTips
from lama_desktop.app.table.toasts import Toast
from lama_desktop.app.table.tooltip import Tooltip
from lama_desktop.app.table.tween import Sprite, Tweener
from lama_desktop.app.scenes.pause import PauseScene

__all__ = ["TableEvent", "TableScene", "advice_anchor", "open_session", "t_level"]

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


class TableScene(EventQueue, RoundSkip, TableEffects, TableEnd, TableDrawing, AdviceHooks, TableTips, LessonHooks,
                 Scene):
    """A game's table: the frame's loop (``update``, ``draw``, ``handle_event``) and the hooks a table fills."""

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

    def _setup(self, session: GameSession, config: GameConfig | None) -> None:
        """What every table starts with: its session and config, seat count and variants, tweens, sprites, the
        event queue, toasts, the log and its panels; no layout, buttons or cached layer until it is built."""
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
        self.log.round = session.round  # the round the table opens in (the game's opening lines)
        self.history = HistoryPanel(self)
        self.tooltip = Tooltip()

    # the frame: one loop owns the order; a table fills the hooks below and never writes these three ----------------
    @final
    def handle_event(self, event) -> bool:
        """Input, in the frame's order: the overlay (``overlay_event``), the lesson's narrator, the tooltip and the
        panels (``_panels_event``), then Escape (the table's own use of it, ``_escape``, else the pause menu), then
        the skip to the round's end, then the table's ``handle_table_event``. True when the event was used."""
        if self.overlay_event(event):
            return True
        if self._panels_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not self._escape():
                self.open_pause()
            return True
        if self._skip_event(event):
            return True
        return self.handle_table_event(event)

    @final
    def update(self, dt: float) -> None:
        """One frame of time: the clocks and the table's own animations, the moves taken and shown, the pieces
        eased, then the buttons, the advisor, the history, the tooltip, the lesson's narrator and the overlay."""
        self.time += dt
        self.tween.update(dt)
        self.age_toasts(dt)
        self.update_table(dt)
        if not self.finished:
            self._take_moves()
        self.update_pieces(dt)
        self._update_skip()
        self._refresh_buttons()
        self.advisor.update(dt)
        self.history.update(dt)
        self._update_tooltip(dt)
        self._narrator_update(dt)
        self.update_overlay(dt)

    @final
    def draw(self, surface: pygame.Surface) -> None:
        """The table's picture (``draw_table``), then over it the toasts, the history and advisor panels, the
        lesson's narrator, the tooltip (a tip is the piece's: no lesson frame or arrow runs through it) and, last,
        the overlay."""
        self.draw_table(surface)
        self._draw_toasts(surface)
        self._draw_panels(surface)
        self._narrator_draw(surface)
        self._draw_tooltip(surface)  # over the lesson's box, ring and arrow, placed clear of them
        self.draw_overlay(surface)

    #: a summary or screen holds the table (set by ``_setup``; a table without a round summary keeps this)
    modal = False

    def handle_table_event(self, event) -> bool:
        """Hook: the table's own input (its pieces, keys and buttons), once the frame's panels, Escape and the
        skip did not take the event. True when used."""
        return False

    def overlay_event(self, event) -> bool:
        """Hook: input for what lies over the whole table (a network game's reactions), before every panel and
        the narrator. True when used."""
        return False

    def update_overlay(self, dt: float) -> None:
        """Hook: last in ``update``, once the table and its panels are up to date (a network game's reactions,
        refusals and who is away)."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Hook: drawn last, over the narrator too (a network game's bubbles and reactions)."""

    def _escape(self) -> bool:
        """Hook: Escape's own use at this table before the pause menu (leaving a mode); True when used."""
        return False

    def update_table(self, dt: float) -> None:
        """Hook: the table's own clocks and animations, before the moves are taken (dice tumbling, a shake)."""

    def update_pieces(self, dt: float) -> None:
        """Hook: after the moves were taken and shown, the pieces easing towards their place (lifted cards)."""

    def _refresh_buttons(self) -> None:
        """Hook: each frame, the buttons follow the moves the player may make now."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Hook: the table's picture, everything but the toasts, panels, tooltip and narrator the frame draws."""
        raise NotImplementedError

    def _panels_event(self, event) -> bool:
        """First in ``handle_event``: the lesson's narrator, the tooltip (it sees every event), the
        history and the advisor panels (the open advisor's first: its panel lies over the history); True when one
        of them took the event."""
        if self._narrator_event(event):
            return True
        self.tooltip.event(event)
        if self.advisor.open and not self.history.expanded:
            return self.advisor.handle_event(event) or self.history.handle_event(event)
        return self.history.handle_event(event) or self.advisor.handle_event(event)

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
        if self.stack is not None:
            self.stack.push(PauseScene(self.session.game_id, on_quit=self.close))

    def _sound(self, name: str) -> None:
        if self.app is not None and not self.skipping:
            self.app.play_sound(name)

    def _name(self, seat) -> str:
        return self.session.seats[seat].name if seat is not None and seat >= 0 else "?"

