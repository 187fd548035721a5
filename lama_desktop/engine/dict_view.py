"""A seat's ``View`` built from its own ``to_dict()``: what a network client holds (``net/remote_session.py``).

The host sends each seat ``state.view(seat).to_dict()`` and nothing else of the state. A game played across
computers turns that dict back into a view of its own (``GamePlugin.view_from_dict``, the game's
``remote_view.py``) with the same members as the view its engine makes, so a table, the advisor and the bots read
it alike. Nothing is dealt to build one: ``to_dict()`` gives the received dict back, ``legal_moves()`` answers from
the moves the dict lists, and only ``sample_state(rng)`` (a bot's own determinization) deals what the seat cannot
see.

``DictView`` is the common part; ``HandDictView`` adds what a hidden-hand game's view shows (``HandView``'s members:
the own hand, hand sizes, piles, who is still in, phase, ``unseen_cards``). A game whose view hides nothing but
chance or an order (LAMA Dice, Llama Land) needs neither: its dict rebuilds, with nothing drawn, the very state its
engine's view holds, and that view is the answer.
"""

from __future__ import annotations

import copy
from typing import Sequence

from lama_desktop.engine.core import Move, View
from lama_desktop.engine.hands import CardNames


class DictView(View):
    """A seat's view read from its dict: ``seat``, ``game``, ``current`` (the seat to move) and ``legal`` (this
    seat's legal moves as texts). Subclasses add the game's own members and implement ``sample_state``
    (``View``'s, abstract here)."""

    def __init__(self, data: dict):
        self._data = data
        self.seat = int(data["seat"])
        self.game_id = str(data["game"])
        self._legal = tuple(Move.parse(str(text)) for text in data["legal"])

    @property
    def current_player(self) -> int:
        return int(self._data["current"])

    def legal_moves(self) -> list[Move]:
        """The moves the host listed for this seat (none when another seat is to move)."""
        return list(self._legal) if self.current_player == self.seat else []

    def to_dict(self) -> dict:
        """The dict this view was built from (a copy: a view never changes)."""
        return copy.deepcopy(self._data)


class HandDictView(DictView):
    """A seat of a hidden-hand game, read from its dict: the members of ``HandView``. Subclasses set ``CARDS``
    (the game's ``CardNames``) and ``PHASE_NAMES`` and say what the whole deck is (``_deck_counts``)."""

    CARDS: CardNames
    PHASE_NAMES: tuple[str, ...] = ()

    def __init__(self, data: dict):
        super().__init__(data)
        kinds = self.CARDS.kinds_of
        self._hand = self.CARDS.names_to_hand(data["hand"])
        self._discard = kinds(data["discard"])
        self.num_players = len(data["hand_sizes"])
        if data["phase"] not in self.PHASE_NAMES:
            raise ValueError(f"unknown phase {data['phase']!r}")

    @property
    def hand(self) -> list[int]:
        """This seat's hand as counts per card kind (a copy)."""
        return self._hand[:]

    @property
    def hand_sizes(self) -> list[int]:
        return [int(n) for n in self._data["hand_sizes"]]

    @property
    def discard(self) -> list[int]:
        return self._discard[:]

    @property
    def active(self) -> list[bool]:
        return [bool(a) for a in self._data["active"]]

    @property
    def round_no(self) -> int:
        return int(self._data["round"])

    @property
    def pile_size(self) -> int:
        return int(self._data["pile"])

    @property
    def history(self) -> list[list[int]]:
        return [list(h) for h in self._data["history"]]

    @property
    def phase(self) -> str:
        return str(self._data["phase"])

    def _deck_counts(self) -> Sequence[int]:
        """How many cards of each kind the whole deck has."""
        raise NotImplementedError

    def unseen_cards(self) -> list[int]:
        """Card kinds this seat has not seen: the deck less its own hand and the discard pile (a sorted multiset;
        a dealt round has no cards out of play, so they are the other hands and the pile)."""
        counts = list(self._deck_counts())
        for k, n in enumerate(self._hand):
            counts[k] -= n
        for k in self._discard:
            counts[k] -= 1
        return [k for k in range(len(counts)) for _ in range(counts[k])]
