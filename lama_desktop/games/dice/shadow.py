"""A full LAMA Dice state rebuilt from one seat's view (a network client's shadow state).

LAMA Dice keeps nothing hidden but chance: ``state_from_view(view_dict, rng)`` reads the open rows, the llama row,
the discard pile, the dice on the table and the scores from ``DiceView.to_dict``; the cards nobody was dealt are the
rest of the deck, and the future rolls and deals come from a chance source seeded from ``rng``. The result's
``view(seat).to_dict()`` equals the view it came from and its legal moves are the real ones.
"""

from __future__ import annotations

from lama_desktop.engine.core import SAVE_FORMAT
from lama_desktop.games.dice.engine import GAME_ID, DiceState
from lama_desktop.games.dice.saves import STATE_VERSION


def state_from_view(view: dict, rng) -> DiceState:
    """A ``DiceState`` whose ``view(view["seat"]).to_dict()`` is ``view``; ``StateFormatError`` when the view cannot
    come from a game of LAMA Dice."""
    current = int(view["current"])
    starter = int(view["starter"])
    data = {
        "format": SAVE_FORMAT, "game": GAME_ID, "version": STATE_VERSION, "players": int(view["players"]),
        "variants": list(view["variants"]), "seed": 0, "first_player": starter, "rng": rng.randrange(1 << 62),
        "round": view["round"], "starter": starter, "last_actor": current if current >= 0 else starter,
        "current": current, "phase": view["phase"], "reason": view["reason"], "dice": view["dice"],
        "scores": list(view["scores"]), "active": [not q for q in view["quit"]],
        "rows": [list(r) for r in view["rows"]], "llama_row": list(view["llama_row"]),
        "discarded": list(view["discarded"]), "aside": "rest",
    }
    return DiceState.from_dict(data)
