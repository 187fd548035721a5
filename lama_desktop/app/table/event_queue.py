"""The events a table shows: the moves taken from the session, their events queued as the viewer may see them and
shown one after the other (``_ev_<kind>(seat, data)``), and the player's own moves asked of the engine
(``try_move``: a refusal's reason, a confirmation first for a move that cannot be taken back)."""

from __future__ import annotations

from lama_desktop.engine.core import Event
from lama_desktop.core.i18n import t
from lama_desktop.app.table.reasons import refusal_text
from lama_desktop.app.scenes.message import MessageScene


class TableEvent:
    """A table-made event (the opening deal of a fresh game, hiding a hot-seat hand, the end of a game resumed
    when over): it is queued and animated like the engine's."""

    def __init__(self, kind: str, data: dict):
        self.kind, self.data = kind, data


class EventQueue:
    """Mixed into ``TableScene`` (``scene_base.py``)."""

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
            self.events_shown += 1  # a tip not naming its piece is dropped (``TableTips._tip_state``)
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
