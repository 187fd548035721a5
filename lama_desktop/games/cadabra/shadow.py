"""A full LAMA Cadabra state rebuilt from one seat's view (a network client's shadow state).

``state_from_view(view_dict, rng)`` reads what ``CadabraView.to_dict`` shows (the seat's hand, every hand's size,
the discard pile, the pile's size, tokens, the magic token, the show board, who played last...) and deals what the
seat cannot see (the other hands, the pile's order) at random from the rest of the deck. The result's
``view(seat).to_dict()`` equals the view it came from and its legal moves are the real ones; the hidden parts are
invented.
"""

from __future__ import annotations

from lama_desktop.engine.core import SAVE_FORMAT
from lama_desktop.engine.hands import deal_unseen
from lama_desktop.games.cadabra.components import CARDS, DECK_COUNTS
from lama_desktop.games.cadabra.engine import GAME_ID, CadabraState
from lama_desktop.games.cadabra.saves import STATE_VERSION


def state_from_view(view: dict, rng) -> CadabraState:
    """A ``CadabraState`` whose ``view(view["seat"]).to_dict()`` is ``view``; ``StateFormatError`` (or
    ``ValueError``) when the view cannot come from a game of LAMA Cadabra."""
    seat = int(view["seat"])
    sizes = [int(n) for n in view["hand_sizes"]]
    current = int(view["current"])
    cards = deal_unseen(CARDS, DECK_COUNTS, seat, view["hand"], view["discard"], sizes, int(view["pile"]), rng)
    data = {
        "format": SAVE_FORMAT, "game": GAME_ID, "version": STATE_VERSION, "players": len(sizes), "variants": [],
        "rng": rng.randrange(1 << 62), **cards, "active": list(view["active"]),
        "current": current if current >= 0 else 0, "scores": list(view["scores"]), "whites": list(view["whites"]),
        "blacks": list(view["blacks"]), "magic": view["magic"], "board": list(view["board"]), "show": view["show"],
        "phase": view["phase"], "round": view["round"], "last_player": view["last_player"],
        "first_player": view["first_player"], "history": [list(h) for h in view["history"]],
    }
    return CadabraState.from_dict(data)
