"""A full L.A.M.A. / L.A.M.A. Party state rebuilt from one seat's view (a network client's shadow state).

``state_from_view(view_dict, rng)`` reads what ``LamaView.to_dict`` shows (the seat's hand, every hand's size, the
discard pile, the pile's size, scores, the Drama board, this round's public moves...) and deals what the seat cannot
see (the other hands, the pile's order) at random from the rest of the deck. The result's ``view(seat).to_dict()``
equals the view it came from and its legal moves are the real ones; the hidden parts are invented.
"""

from __future__ import annotations

from lama_desktop.engine.core import SAVE_FORMAT
from lama_desktop.engine.hands import deal_unseen
from lama_desktop.games.lama.engine import CARDS, STATE_VERSION, LamaState, deck_counts


def state_from_view(view: dict, rng) -> LamaState:
    """A ``LamaState`` whose ``view(view["seat"]).to_dict()`` is ``view``; ``StateFormatError`` (or ``ValueError``)
    when the view cannot come from a game of L.A.M.A."""
    game_id = view["game"]
    seat = int(view["seat"])
    sizes = [int(n) for n in view["hand_sizes"]]
    players = len(sizes)
    current = int(view["current"])
    round_log = [list(entry) for entry in view["round_log"]]
    cards = deal_unseen(CARDS, deck_counts(game_id == "lama-party"), seat, view["hand"], view["discard"], sizes,
                        int(view["pile"]), rng)
    data = {
        "format": SAVE_FORMAT, "game": game_id, "version": STATE_VERSION, "players": players,
        "variants": list(view["variants"]), "rng": rng.randrange(1 << 62), **cards,
        "active": list(view["active"]), "current": current if current >= 0 else 0,
        "dealer": view["dealer"], "first_dealer": view["dealer"], "round": view["round"],
        "scores": list(view["scores"]), "board": list(view["board"]), "drama": view["drama"],
        "phase": view["phase"], "returner": current if view["phase"] == "returning" else -1,
        "history": [list(h) for h in view["history"]], "round_log": round_log,
        "last_player": int(round_log[-1][0]) if round_log else -1,
    }
    return LamaState.from_dict(data)
