"""What pops up and flies over a table: the toasts (the one red refusal among them) and cards or tokens flying
from one place to another (``_fly``)."""

from __future__ import annotations

from typing import Callable

from lama_desktop.app.table.pieces import token_kind
from lama_desktop.app.table.toasts import Toast
from lama_desktop.app.table.tween import Sprite


class TableEffects:
    """Mixed into ``TableScene`` (``scene_base.py``)."""

    # toasts ------------------------------------------------------------------------------------------------------
    #: what the toasts age on: "frames" (play: the seconds of the frame loop) or "play" (``tween.clock``: the
    #: screenshot tool, which stages moves by skipping or speeding up the animations; a toast then fades when it
    #: would have in play, not frozen over a later moment)
    toast_clock = "frames"
    _toast_clock_seen = None

    def age_toasts(self, dt: float) -> None:
        """Once per frame (the frame's ``update``): the toasts grow older (on ``toast_clock``); the ones past
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
        self._attempt_error = (self.attempt_key(), words)

    #: (``attempt_key()`` when it was refused, its words): the last refused attempt (``attempt_error``)
    _attempt_error: tuple | None = None

    def attempt_key(self) -> tuple:
        """What an attempt's refusal belongs to: the position (moves played, the player to move); a table adds
        what the player has selected (Llama Land: the tile in hand, its turn, its spot, the step's mode)."""
        session = self.session
        return (session.moves_played, session.current_player)

    def attempt_error(self) -> str | None:
        """The refusal of the player's last attempt while it still is the attempt in front of them, else None: it
        goes as soon as a move is played, the turn passes or the selection changes, so a hint line that shows it
        never starts a turn (or a new selection) with an error left over from an earlier try."""
        noted = self._attempt_error
        if noted is None:
            return None
        if noted[0] != self.attempt_key():
            self._attempt_error = None
            return None
        said = noted[1]()
        return said[:1].upper() + said[1:]

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
