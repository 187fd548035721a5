"""A L.A.M.A. / L.A.M.A. Party seat's view read from its ``LamaView.to_dict`` (a network client's view).

``view_from_dict(view_dict)`` answers as ``LamaView`` does from what the dict shows (the seat's hand, every hand's
size, the discard pile, the pile's size, scores, the Drama board, this round's public moves, the legal moves);
nothing is dealt. Its ``sample_state(rng)`` (``state_from_view``) deals what the seat cannot see (the other hands,
the pile's order) at random from the rest of the deck: a full state whose ``view(seat).to_dict()`` is the dict.
"""

from __future__ import annotations

from lama_desktop.engine.core import SAVE_FORMAT, Move
from lama_desktop.engine.dict_view import HandDictView
from lama_desktop.engine.hands import deal_unseen
from lama_desktop.games.lama.engine import CARDS, PHASE_NAMES, STATE_VERSION, VALUE, LamaState, deck_counts


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


class LamaDictView(HandDictView):
    """``LamaView``'s members, read from its dict."""

    CARDS = CARDS
    PHASE_NAMES = PHASE_NAMES

    def __init__(self, data: dict):
        if data["game"] not in ("lama", "lama-party"):
            raise ValueError(f"not a view of L.A.M.A. (game {data['game']!r})")
        # JSON has text keys only: the token holdings come back keyed by their values, as the engine's view has them
        data = {**data, "tokens": [{int(value): int(n) for value, n in held.items()} for held in data["tokens"]]}
        super().__init__(data)
        self._round_log = [(int(seat), Move.parse(str(move)), int(top)) for seat, move, top in data["round_log"]]
        tokens = [int(t) for t in data["board"]]
        self._board = [tokens.count(1), tokens.count(10), tokens.count(20)]
        if any(t not in (1, 10, 20) for t in tokens) or not self._discard:
            raise ValueError("the Drama board holds tokens of 1, 10 and 20 only, the discard pile a card at least")

    @property
    def top(self) -> int:
        return VALUE[self._discard[-1]]

    @property
    def top_card(self) -> int:
        return self._discard[-1]

    @property
    def scores(self) -> list[int]:
        return [int(s) for s in self._data["scores"]]

    @property
    def board(self) -> list[int]:
        return self._board[:]

    @property
    def drama(self) -> bool:
        return bool(self._data["drama"])

    @property
    def party(self) -> bool:
        return self.game_id == "lama-party"

    @property
    def variants(self) -> frozenset[str]:
        return frozenset(self._data["variants"])

    @property
    def dealer(self) -> int:
        return int(self._data["dealer"])

    @property
    def round_log(self) -> list:
        """This round's public moves: (seat, Move, top value before the move)."""
        return self._round_log[:]

    def _deck_counts(self) -> list[int]:
        return deck_counts(self.party)

    def sample_state(self, rng) -> LamaState:
        """A full state consistent with this view, what the seat cannot see dealt with ``rng``."""
        return state_from_view(self._data, rng)


def view_from_dict(data: dict) -> LamaDictView:
    """The view whose ``to_dict()`` is ``data``; ``ValueError``/``KeyError``/``TypeError`` for a dict no seat of
    L.A.M.A. is shown."""
    return LamaDictView(data)
