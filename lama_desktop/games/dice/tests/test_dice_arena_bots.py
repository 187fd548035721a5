"""The arena-only LAMA Dice level (issue 30): today's ``hard`` frozen as ``hard-2026-11``, kept out of the menus
and fingerprinted so that a change of the shared search code cannot move it silently."""

from __future__ import annotations

import hashlib

import pytest

from lama_desktop.bots import arena_levels, levels_for, make_arena_bot, make_bot
from lama_desktop.games.dice.arena_bots import FrozenHardDiceBot
from lama_desktop.games.dice.bots import RoundSearch
from lama_desktop.games.dice.engine import DiceState


def test_the_frozen_level_is_not_offered_by_the_menus():
    offered = levels_for("lama-dice")
    assert offered == ["random", "easy", "medium", "hard"]
    assert arena_levels("lama-dice") == [*offered, "hard-2026-11"]
    with pytest.raises(ValueError):
        make_bot("lama-dice", "hard-2026-11")
    assert isinstance(make_arena_bot("lama-dice", "hard-2026-11", 3), FrozenHardDiceBot)


def frozen_fingerprint(games: int = 2, players: int = 4) -> str:
    """Every move cost the frozen level's search gives (to 9 places) and the move it picks, at every decision of
    ``games`` seeded games that it plays against itself (with and without Lama 20)."""
    seen = []
    for game in range(games):
        state = DiceState(players, ("lama20",) if game % 2 else (), 2026 + game)
        bots = [FrozenHardDiceBot(11 + seat) for seat in range(players)]
        while not state.is_over:
            view = state.view(state.current_player)
            bot = bots[view.seat]
            moves = view.legal_moves()
            if len(moves) > 1 and view.phase != "return":
                search = RoundSearch.from_view(view, bot.depth, bot.game_aware, model=bot.model)
                seen.append(",".join(f"{search.move_cost(m, view.phase):.9f}" for m in moves))
            move = bot.choose(view)
            seen.append(str(move))
            state.apply(move)
    return hashlib.sha256(" ".join(seen).encode()).hexdigest()[:16]


def test_the_frozen_hard_level_plays_as_it_did():
    """If this changes, the shared search code moved the frozen level: copy the old code into arena_bots.py rather
    than update the fingerprint."""
    assert frozen_fingerprint() == FROZEN_FINGERPRINT


FROZEN_FINGERPRINT = "0648f9ad9a01188d"
