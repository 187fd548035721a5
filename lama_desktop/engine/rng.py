"""A tiny, explicit, seedable random source whose whole state is one int.

Cheap to clone (search bots clone states thousands of times), JSON-safe, and identical in every process and on
every platform (unlike ``hash()``-salted or version-dependent generators). SplitMix64.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform int in ``[0, n)`` (n ≤ 2**32; the modulo bias is below 2**-32)."""
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        return self.next64() % n

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq):
        return seq[self.next64() % len(seq)]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates in place."""
        self.partial_shuffle(items, len(items))

    def partial_shuffle(self, items: list, k: int) -> None:
        """Shuffle so that the last ``k`` items are a uniformly random ordered sample of ``items``.

        The first steps of Fisher–Yates from the end, with SplitMix64 inlined (this is the deal's hot path).
        """
        state = self.state
        n = len(items)
        for i in range(n - 1, max(0, n - k) - 1 if k < n else 0, -1):
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def copy(self) -> "Rng":
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
