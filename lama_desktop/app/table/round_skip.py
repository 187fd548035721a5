"""Skipping to the round's end: once every human at the table is out of the round, the bots' remaining moves are
shown through the same queue with no pace, animations or sounds (key S, or the button that replaces the table's)."""

from __future__ import annotations

import pygame

from lama_desktop.core.i18n import t
from lama_desktop.app.widgets import Button


class RoundSkip:
    """Mixed into ``TableScene`` (``scene_base.py``)."""

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
