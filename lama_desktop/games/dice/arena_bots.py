"""Arena-only LAMA Dice opponents: ``hard`` as it played in November 2026, frozen (issue 30).

The menus never offer it (``bots.levels_for`` lists the descriptor's levels only); ``python -m lama_desktop.arena``
finds it through ``ARENA_BOTS`` (``bots.arena_levels``), so a stronger ``hard`` can be measured against something
that does not move when ``hard`` changes. Every knob is pinned here: the look-ahead (3 rolls, 2 with a wide row),
the game-aware costs and the hand-set model (normal round gains 6.2 ± 5, opponents still in scoring 65% ± 3 of
their open rows and rolling with probability 0.8). The shared search code (``bots.RoundSearch``, ``game_cost``)
is guarded by a fingerprint test (``tests/test_dice_arena_bots.py``): a change to it that moves this level must
copy the old code here first.
"""

from __future__ import annotations

from lama_desktop.games.dice.bots import GuessedModel, HardDiceBot


class FrozenHardDiceBot(HardDiceBot):
    """``hard`` of November 2026 with every knob pinned (the shared code is guarded by a fingerprint test)."""

    level = "hard-2026-11"
    model = GuessedModel(gain_mean=6.2, gain_sd=5.0, keep=0.65, keep_sd=3.0, roll=0.8)
    advisor_depth = 4

    def __init__(self, seed: int = 0):
        super().__init__(seed, depth=3, game_aware=True)


#: level -> factory(seed) of the bots only the arena plays (found by ``lama_desktop.bots.arena_levels``)
ARENA_BOTS = {"hard-2026-11": FrozenHardDiceBot}

__all__ = ["ARENA_BOTS", "FrozenHardDiceBot"]
