"""Sound effects: ``Sounds(volume, muted).play(name)`` picks one of a few takes at random.

Names: ``card_play card_draw shuffle deal token dice_roll blowup show_start turn click win`` (files
``assets/sounds/NAME_N.wav``, made by ``assets/sounds/generate.py``). When the mixer cannot start (no audio device,
CI) every call is a silent no-op; an unknown name is always a ``ValueError`` so typos surface in tests.
"""

from __future__ import annotations

import random

import pygame

from lama_desktop.resources import ResourceError, data_root

NAMES = ("card_play", "card_draw", "shuffle", "deal", "token", "dice_roll", "blowup", "show_start", "turn",
         "click", "win")

#: Per-name level under the master volume, so UI ticks sit below table sounds.
LEVELS = {"click": 0.6, "deal": 0.8, "card_draw": 0.85, "shuffle": 0.85}


def _start_mixer() -> bool:
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.pre_init(44100, -16, 2, 512)
        pygame.mixer.init()
    except pygame.error:
        return False
    pygame.mixer.set_num_channels(max(pygame.mixer.get_num_channels(), 16))
    return bool(pygame.mixer.get_init())


class Sounds:
    """The game's sound board. ``volume`` 0..1 is the master volume; ``muted`` silences without unloading."""

    def __init__(self, volume: float = 0.8, muted: bool = False, *, seed: int | None = None):
        self._volume = self._clamp(volume)
        self.muted = bool(muted)
        self._rng = random.Random(seed)
        self._takes: dict[str, list[pygame.mixer.Sound]] = {}
        self._last: dict[str, int] = {}
        self.available = _start_mixer()
        if self.available:
            try:
                self._load()
            except (pygame.error, ResourceError, OSError):
                self._takes.clear()
                self.available = False

    @staticmethod
    def _clamp(volume: float) -> float:
        return max(0.0, min(1.0, float(volume)))

    def _load(self) -> None:
        folder = data_root("assets") / "sounds"
        for name in NAMES:
            files = sorted(folder.glob(f"{name}_[0-9]*.wav"))
            if not files:
                raise ResourceError(f"no sound files for {name!r} in {folder}")
            self._takes[name] = [pygame.mixer.Sound(str(path)) for path in files]

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = self._clamp(value)

    def set_volume(self, value: float) -> None:
        self.volume = value

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        if self.muted and self.available:
            pygame.mixer.stop()

    def takes(self, name: str) -> int:
        """How many takes of ``name`` are loaded (0 when the mixer is unavailable)."""
        self._check(name)
        return len(self._takes.get(name, ()))

    @staticmethod
    def _check(name: str) -> None:
        if name not in NAMES:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(NAMES)}")

    def play(self, name: str, volume: float = 1.0) -> pygame.mixer.Channel | None:
        """Play a random take of ``name`` (never the same take twice in a row); returns its channel or None."""
        self._check(name)
        if self.muted or not self.available or self._volume <= 0:
            return None
        takes = self._takes.get(name)
        if not takes:
            return None
        choices = [i for i in range(len(takes)) if i != self._last.get(name)] or [0]
        index = self._rng.choice(choices)
        self._last[name] = index
        sound = takes[index]
        level = self._volume * LEVELS.get(name, 1.0) * self._clamp(volume)
        try:
            channel = sound.play()
        except pygame.error:
            return None
        if channel is not None:
            channel.set_volume(level)
        return channel

    def stop(self) -> None:
        if self.available:
            pygame.mixer.stop()
