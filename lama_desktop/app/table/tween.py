"""Non-blocking tweens in the spirit of pgzero's ``animate``: the frame loop calls ``update(dt)``; nothing waits.

``tweener.animate(obj, duration=0.25, tween="ease_out", delay=0.0, on_finished=None, x=…, y=…)`` changes the
numeric attributes of ``obj`` (any object, e.g. a ``Sprite``) from their current values to the targets.
Durations and delays are divided by ``speed`` (the animation-speed setting: 2.0 plays twice as fast).
``skip()`` jumps every running animation to its end (a click or key skips), calling each ``on_finished`` in
order. ``busy`` is True while anything runs. ``after(delay, callback)`` runs a callback later (a timer).
``clock`` is the time of play the animations have shown, in seconds at speed 1: it runs ``speed`` times as fast
as the frames, and a ``skip`` moves it on by what the skipped animations had left (the screenshot tool, which
stages a game by skipping or speeding up the animations, lets the table's toasts age on it).
"""

from __future__ import annotations

import math
from typing import Any, Callable


def linear(t: float) -> float:
    return t


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def back_out(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def bounce_out(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def arc(t: float) -> float:
    """0 → 1 → 0 (a hop), for lifting something along the way."""
    return math.sin(math.pi * t)


TWEENS: dict[str, Callable[[float], float]] = {
    "linear": linear, "ease_out": ease_out, "ease_in_out": ease_in_out, "back_out": back_out,
    "bounce_out": bounce_out,
}


class Animation:
    __slots__ = ("obj", "duration", "delay", "tween", "targets", "starts", "elapsed", "on_finished", "done",
                 "on_start")

    def __init__(self, obj: Any, duration: float, tween: Callable[[float], float], delay: float,
                 targets: dict[str, float], on_finished: Callable[[], Any] | None,
                 on_start: Callable[[], Any] | None = None):
        self.obj = obj
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.tween = tween
        self.targets = targets
        self.starts: dict[str, float] | None = None
        self.elapsed = 0.0
        self.on_finished = on_finished
        self.on_start = on_start
        self.done = False

    def _begin(self) -> None:
        self.starts = {k: float(getattr(self.obj, k)) for k in self.targets}
        if self.on_start:
            self.on_start()

    def step(self, dt: float) -> None:
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        if self.starts is None:
            self._begin()
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        k = self.tween(t)
        for name, end in self.targets.items():
            start = self.starts[name]
            setattr(self.obj, name, start + (end - start) * k)
        if t >= 1.0:
            self.finish()

    def finish(self) -> None:
        if self.done:
            return
        if self.starts is None:
            self._begin()
        for name, end in self.targets.items():
            setattr(self.obj, name, end)
        self.done = True
        if self.on_finished:
            self.on_finished()


class Tweener:
    def __init__(self, speed: float = 1.0):
        self.speed = max(0.05, float(speed))
        self._running: list[Animation] = []
        self.clock = 0.0

    def animate(self, obj: Any, duration: float = 0.25, tween: str | Callable = "ease_out", delay: float = 0.0,
                on_finished: Callable[[], Any] | None = None, on_start: Callable[[], Any] | None = None,
                **targets: float) -> Animation:
        fn = TWEENS[tween] if isinstance(tween, str) else tween
        anim = Animation(obj, duration / self.speed, fn, delay / self.speed, targets, on_finished, on_start)
        self._running.append(anim)
        if anim.delay <= 0:
            anim._begin()  # visible from the very next frame
        return anim

    def after(self, delay: float, callback: Callable[[], Any]) -> Animation:
        return self.animate(_Timer(), duration=0.0, delay=delay, on_finished=callback)

    def update(self, dt: float) -> None:
        self.clock += dt * self.speed
        if not self._running:
            return
        for anim in list(self._running):
            if not anim.done:
                anim.step(dt)
        self._running = [a for a in self._running if not a.done]

    def skip(self) -> None:
        """Finish everything now (callbacks may start new animations: those are finished too)."""
        for _ in range(50):
            if not self._running:
                return
            # what these had left (chained ones start when they end): play time that passes at once
            self.clock += max(a.delay + a.duration - a.elapsed for a in self._running) * self.speed
            running, self._running = self._running, []
            running.sort(key=lambda a: a.delay)
            for anim in running:
                anim.finish()

    def cancel(self, obj: Any) -> None:
        self._running = [a for a in self._running if a.obj is not obj]

    @property
    def busy(self) -> bool:
        return bool(self._running)


class _Timer:
    pass


class Sprite:
    """A moving picture on the table: position (centre), rotation, scale, alpha and a flip (0 back → 1 face)."""

    __slots__ = ("image", "back", "x", "y", "angle", "scale", "alpha", "flip", "lift", "layer")

    def __init__(self, image, x: float, y: float, *, back=None, angle: float = 0.0, scale: float = 1.0,
                 alpha: float = 255.0, flip: float = 1.0, layer: int = 0):
        self.image = image
        self.back = back
        self.x, self.y = x, y
        self.angle = angle
        self.scale = scale
        self.alpha = alpha
        self.flip = flip
        self.lift = 0.0
        self.layer = layer
