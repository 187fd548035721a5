"""A LAMA Cadabra seat's view read from its ``CadabraView.to_dict`` (a network client's view).

``view_from_dict(view_dict)`` answers as ``CadabraView`` does from what the dict shows (the seat's hand, every
hand's size, the discard pile, the pile's size, tokens, the magic token, the show board, the legal moves...);
nothing is dealt. Its ``sample_state(rng)`` (``state_from_view``) deals what the seat cannot see (the other hands,
the pile's order) at random from the rest of the deck: a full state whose ``view(seat).to_dict()`` is the dict.
"""

from __future__ import annotations

from lama_desktop.engine.core import SAVE_FORMAT
from lama_desktop.engine.dict_view import HandDictView
from lama_desktop.engine.hands import deal_unseen
from lama_desktop.games.cadabra.components import (
    CARDS, DECK_COUNTS, PHASE_NAMES, magic_from_text, token_from_text
)
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


class CadabraDictView(HandDictView):
    """``CadabraView``'s members, read from its dict."""

    CARDS = CARDS
    PHASE_NAMES = PHASE_NAMES

    def __init__(self, data: dict):
        if data["game"] != GAME_ID:
            raise ValueError(f"not a view of LAMA Cadabra (game {data['game']!r})")
        super().__init__(data)
        self._magic = magic_from_text(data["magic"])
        self._board = [token_from_text(t) for t in data["board"]]
        if not self._discard:
            raise ValueError("the discard pile holds a card at least")

    @property
    def top(self) -> int:
        """The kind of the discard pile's top card."""
        return self._discard[-1]

    @property
    def n_active(self) -> int:
        return sum(1 for a in self._data["active"] if a)

    @property
    def scores(self) -> list[int]:
        return [int(s) for s in self._data["scores"]]

    @property
    def whites(self) -> list[int]:
        return [int(n) for n in self._data["whites"]]

    @property
    def blacks(self) -> list[int]:
        return [int(n) for n in self._data["blacks"]]

    @property
    def magic(self) -> int:
        """Where the magic token is: a seat, ``SUPPLY`` (-1) or ``BOARD`` (-2)."""
        return self._magic

    @property
    def board(self) -> list[int]:
        """The show board's tokens in placement order (1, 10, or 0 for the magic token)."""
        return self._board[:]

    @property
    def show(self) -> bool:
        return bool(self._data["show"])

    def _deck_counts(self) -> list[int]:
        return list(DECK_COUNTS)

    def sample_state(self, rng) -> CadabraState:
        """A full state consistent with this view, what the seat cannot see dealt with ``rng``."""
        return state_from_view(self._data, rng)


def view_from_dict(data: dict) -> CadabraDictView:
    """The view whose ``to_dict()`` is ``data``; ``ValueError``/``KeyError``/``TypeError`` for a dict no seat of
    LAMA Cadabra is shown."""
    return CadabraDictView(data)
