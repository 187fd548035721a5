"""Point tokens as the LAMA card games hold them: 1s and 10s (and pink 20s in L.A.M.A. Party and Lama 20), always
fully exchanged to the largest denominations. Pure: the engines and the round summary both read it."""

from __future__ import annotations


def holdings(score: int, pinks: bool) -> dict[int, int]:
    """The tokens a player holds for ``score`` points: always fully exchanged (largest denominations)."""
    if pinks:
        return {20: score // 20, 10: (score % 20) // 10, 1: score % 10}
    return {20: 0, 10: score // 10, 1: score % 10}


def lowest_token(score: int, pinks: bool) -> int:
    """Denomination of a player's lowest token (0 when they have none)."""
    if score <= 0:
        return 0
    if score % 10:
        return 1
    if not pinks or score % 20:
        return 10
    return 20
