"""A LAMA Dice seat's view read from its ``DiceView.to_dict`` (a network client's view).

LAMA Dice keeps nothing hidden but chance: the dict shows the open rows, the llama row, the discard pile, the dice
on the table and the scores, and the cards nobody was dealt are the rest of the deck. ``view_from_dict(view_dict)``
rebuilds from it, with nothing drawn, the very state a ``DiceView`` holds (every field but the chance source) and
answers with that view; its ``sample_state(rng)`` gives the future rolls and deals a chance source seeded from
``rng``.
"""

from __future__ import annotations

from lama_desktop.engine.core import SAVE_FORMAT
from lama_desktop.games.dice.engine import GAME_ID, DiceState
from lama_desktop.games.dice.saves import STATE_VERSION
from lama_desktop.games.dice.view import DiceView


def view_from_dict(view: dict) -> DiceView:
    """The ``DiceView`` whose ``to_dict()`` is ``view``; ``StateFormatError`` (or ``ValueError``, ``KeyError``,
    ``TypeError``) when the view cannot come from a game of LAMA Dice."""
    if view["game"] != GAME_ID:
        raise ValueError(f"not a view of LAMA Dice (game {view['game']!r})")
    current = int(view["current"])
    starter = int(view["starter"])
    data = {
        "format": SAVE_FORMAT, "game": GAME_ID, "version": STATE_VERSION, "players": int(view["players"]),
        "variants": list(view["variants"]), "seed": 0, "first_player": starter, "rng": 0,
        "round": view["round"], "starter": starter, "last_actor": current if current >= 0 else starter,
        "current": current, "phase": view["phase"], "reason": view["reason"], "dice": view["dice"],
        "scores": list(view["scores"]), "active": [not q for q in view["quit"]],
        "rows": [list(r) for r in view["rows"]], "llama_row": list(view["llama_row"]),
        "discarded": list(view["discarded"]), "aside": "rest",
    }
    return DiceState.from_dict(data).view(int(view["seat"]))
