"""What L.A.M.A. and LAMA Cadabra share: hidden hands of cards.

Both keep a hand as a list of counts indexed by card kind, a draw pile and a discard pile (lists of kinds, the
last item on top), the cards out of this round (``aside``: what a crafted position leaves out of the hands and
piles, as kinds; a dealt round has none), which seats are still in the round (``active``, ``n_active``) and whose
turn it is (``cur``).
This module holds what those games do alike with these: card names in saves and views, the next seat still in
the round, the saved fields they share, and the view of a seat that sees its own hand only (``unseen_cards``,
``sample_state``). Each game module keeps its own rules.
"""

from __future__ import annotations

from typing import Callable, Sequence

from lama_desktop.engine.core import (
    Event, GameState, Refusal, StateFormatError, StateView, lowest_scores, state_problem, state_property
)
from lama_desktop.engine.rng import Rng


class CardNames:
    """Card kinds ↔ the names saves and views use. ``names[k]`` is kind ``k``'s name; kinds ``first``… are cards
    (L.A.M.A. keeps kind 0 unused); ``unknown(name)`` is the message for a name that is not a card."""

    __slots__ = ("names", "kinds", "kind", "unknown")

    def __init__(self, names: Sequence[str], first: int, unknown: Callable[[str], str]):
        self.names = tuple(names)
        self.kinds = range(first, len(self.names))
        self.kind = {self.names[k]: k for k in self.kinds}
        self.unknown = unknown

    def hand_to_names(self, hand: list[int]) -> list[str]:
        names = self.names
        return [names[k] for k in self.kinds for _ in range(hand[k])]

    def names_to_hand(self, names) -> list[int]:
        hand = [0] * len(self.names)
        kind = self.kind
        for name in names:
            try:
                hand[kind[str(name)]] += 1
            except KeyError:
                raise ValueError(self.unknown(name)) from None
        return hand

    def kinds_of(self, names) -> list[int]:
        """A pile by names → kinds (``KeyError`` on an unknown name)."""
        kind = self.kind
        return [kind[str(name)] for name in names]


def deal_unseen(cards: CardNames, deck: Sequence[int], seat: int, own: Sequence[str], discard: Sequence[str],
                hand_sizes: Sequence[int], pile_size: int, rng) -> dict:
    """What a seat cannot see, dealt at random from what is left (a bot's sample of a network client's view, made
    from its dict: ``engine/dict_view.py``): the deck's counts (``deck``) less ``own`` hand and the ``discard``
    pile (card names) are shuffled with ``rng`` into the other seats' hands (``hand_sizes``) and a pile of
    ``pile_size``; what is left over is out of the round. The saved fields ``hands``, ``pile``, ``discard`` and
    ``aside`` (names); ``ValueError`` when the view holds more cards than the deck or fewer than the hands and pile
    need."""
    counts = list(deck)
    for name in [*own, *discard]:
        counts[cards.kind[str(name)]] -= 1
    if min(counts) < 0:
        raise ValueError("the view shows more cards of some kind than the deck has")
    unseen = [k for k in cards.kinds for _ in range(counts[k])]
    rng.shuffle(unseen)
    names = cards.names
    hands = []
    for other, size in enumerate(hand_sizes):
        if other == seat:
            hands.append([str(name) for name in own])
            continue
        if size > len(unseen):
            raise ValueError("the view's hands and pile hold more cards than the deck has left")
        hands.append(sorted((names[k] for k in unseen[:size]), key=cards.kind.__getitem__))
        del unseen[:size]
    if pile_size > len(unseen):
        raise ValueError("the view's hands and pile hold more cards than the deck has left")
    return {"hands": hands, "pile": [names[k] for k in unseen[:pile_size]], "discard": [str(n) for n in discard],
            "aside": sorted((names[k] for k in unseen[pile_size:]), key=cards.kind.__getitem__)}


class HandsState(GameState):
    """Base of the hidden-hand games. Subclasses set ``CARDS`` (their ``CardNames``) and ``OVER`` (their phase
    number for a finished game), say what the whole deck is (``deck_counts``) and hold the slots ``rng``,
    ``hands``, ``hand_sizes``, ``pile``, ``discard``, ``aside``, ``active``, ``n_active``, ``cur`` and ``phase``.
    Fewest points win."""

    __slots__ = ()
    CARDS: CardNames
    OVER: int

    @property
    def current_player(self) -> int:
        return -1 if self.phase == self.OVER else self.cur

    @property
    def is_over(self) -> bool:
        return self.phase == self.OVER

    def winners(self) -> list[int]:
        return lowest_scores(self.scores) if self.phase == self.OVER else []

    def deck_counts(self) -> list[int]:
        """How many cards of each kind this game's whole deck has (a fresh list)."""
        raise NotImplementedError

    def _rest_of_deck(self) -> list[int]:
        """The kinds of the deck that are in no hand and no pile (sorted); ``ValueError`` if some kind is placed
        more often than the deck has it."""
        counts = self.deck_counts()
        for hand in self.hands:
            for k, c in enumerate(hand):
                counts[k] -= c
        for k in self.pile:
            counts[k] -= 1
        for k in self.discard:
            counts[k] -= 1
        names = self.CARDS.names
        over = [names[k] for k in self.CARDS.kinds if counts[k] < 0]
        if over:
            raise ValueError(f"more {', '.join(over)} cards than the deck has")
        return [k for k in self.CARDS.kinds for _ in range(counts[k])]

    @classmethod
    def _empty(cls, players: int, seed: int):
        """A state with ``players`` empty hands, empty piles, everybody in, no round played; the caller sets the
        rest (its own fields and ``phase``)."""
        s = cls.__new__(cls)
        s.num_players = players
        s.rng = Rng(seed)
        s.hands = [[0] * len(cls.CARDS.names) for _ in range(players)]
        s.hand_sizes = [0] * players
        s.pile = []
        s.discard = []
        s.aside = []
        s.active = [True] * players
        s.n_active = players
        s.cur = 0
        s.round_no = 0
        s.last_player = -1
        s.history = []
        return s

    def _craft(self, hands, pile, discard, active, current: int) -> None:
        """Set the hands, piles, who is in and whose turn it is from names, for a crafted state (scenario tests);
        the rest of the deck is out of the round (``aside``)."""
        cards = self.CARDS
        self.hands = [cards.names_to_hand(h) for h in hands]
        self.hand_sizes = [sum(h) for h in self.hands]
        self.pile = cards.kinds_of(pile)
        self.discard = cards.kinds_of(discard)
        self.aside = self._rest_of_deck()
        self.active = list(active) if active is not None else [True] * len(hands)
        self.n_active = sum(self.active)
        self.cur = current

    def _copy(self):
        """A new state of this class with the shared fields copied; the caller copies its own (and ``history``)."""
        s = type(self).__new__(type(self))
        s.num_players = self.num_players
        s.rng = Rng(self.rng.state)
        s.hands = [h[:] for h in self.hands]
        s.hand_sizes = self.hand_sizes[:]
        s.pile = self.pile[:]
        s.discard = self.discard[:]
        s.aside = self.aside[:]
        s.active = self.active[:]
        s.n_active = self.n_active
        s.cur = self.cur
        s.phase = self.phase
        s.round_no = self.round_no
        s.last_player = self.last_player
        return s

    def _next_active(self, p: int) -> int:
        """The next seat after ``p`` (clockwise) still in the round."""
        n = self.num_players
        active = self.active
        q = (p + 1) % n
        while not active[q]:
            q = (q + 1) % n
        return q

    def _advance(self, p: int) -> None:
        """The turn passes to the next seat still in the round."""
        self.cur = self._next_active(p)

    def _deal_hands(self, deck: list[int], hand_size: int) -> int:
        """Deal ``hand_size`` cards to each seat from the end of the shuffled ``deck``, then one card face up; the
        rest is the draw pile and everybody is in the round. Returns the face-up card."""
        n = self.num_players
        hands = [[0] * len(self.CARDS.names) for _ in range(n)]
        for hand in hands:
            for _ in range(hand_size):
                hand[deck.pop()] += 1
        self.hands = hands
        self.hand_sizes = [hand_size] * n
        first = deck.pop()
        self.discard = [first]
        self.pile = deck
        self.aside = []
        self.active = [True] * n
        self.n_active = n
        return first

    def _quit(self, p: int, events: list | None) -> bool:
        """Seat ``p`` leaves the round (a ``quit`` event); ``True`` when nobody is left in it."""
        self.active[p] = False
        self.n_active -= 1
        if events is not None:
            events.append(Event("quit", p, {"hand_size": self.hand_sizes[p]}))
        return self.n_active == 0

    def _record_round(self, events: list | None, end_points: int) -> bool:
        """Add the scores after a round to the history; ``True`` (the game is over, a ``game_end`` event) once a
        seat has ``end_points`` or more."""
        scores = self.scores
        self.history.append(scores)
        if max(scores) < end_points:
            return False
        self.phase = self.OVER
        if events is not None:
            events.append(Event("game_end", None, {"scores": list(scores), "winners": self.winners()}))
        return True

    def total_cards(self) -> int:
        """The cards in this round: hands and piles (not ``aside``)."""
        return sum(self.hand_sizes) + len(self.pile) + len(self.discard)

    def _cards_dict(self) -> dict:
        """The saved fields every hidden-hand game has, in the order their saves list them (after the header)."""
        names = self.CARDS.names
        hand_to_names = self.CARDS.hand_to_names
        return {
            "rng": self.rng.state,
            "hands": [hand_to_names(h) for h in self.hands],
            "pile": [names[k] for k in self.pile],
            "discard": [names[k] for k in self.discard],
            "aside": [names[k] for k in self.aside],
            "active": list(self.active),
            "current": self.cur,
        }

    def _load_cards(self, data: dict, game: str) -> None:
        """Read back what ``_cards_dict`` saved (errors as ``KeyError``/``ValueError``: the loader reports them).
        ``aside`` may be ``"rest"``: every card in no hand and no pile. Every card of the deck must be somewhere
        (``StateFormatError`` naming ``game`` otherwise)."""
        cards = self.CARDS
        self.rng = Rng(int(data["rng"]))
        self.hands = [cards.names_to_hand(h) for h in data["hands"]]
        self.hand_sizes = [sum(h) for h in self.hands]
        self.pile = cards.kinds_of(data["pile"])
        self.discard = cards.kinds_of(data["discard"])
        aside = data["aside"]
        try:
            rest = self._rest_of_deck()
        except ValueError as error:
            raise StateFormatError(f"a saved {game} game with {error}") from None
        if aside == "rest":
            self.aside = rest
        else:
            self.aside = sorted(cards.kinds_of(aside))
            if self.aside != rest:
                raise StateFormatError(f"a saved {game} game whose cards do not add up to the deck "
                                       f"(out of the round: {' '.join(cards.names[k] for k in rest) or 'none'})")
        self.active = [bool(a) for a in data["active"]]
        self.n_active = sum(self.active)
        self.cur = int(data["current"])

    def card_problem(self, phases: int) -> Refusal | None:
        """The invariants every hidden-hand state keeps (``GameSpec.check_state`` of L.A.M.A. and Cadabra start
        here): a hand of counts per seat and its size, every card of the deck in exactly one place (a hand, a pile
        or ``aside``), who is in the round, the phase one of ``phases`` and, while the game goes on, the seat to
        move a seat at the table that has a move."""
        n = self.num_players
        kinds = len(self.CARDS.names)
        if (len(self.hands) != n or len(self.hand_sizes) != n or len(self.active) != n
                or any(len(hand) != kinds or min(hand) < 0 for hand in self.hands)
                or self.hand_sizes != [sum(hand) for hand in self.hands]):
            return state_problem("core.state_cards", "the hands do not match the seats")
        counts = [0] * kinds
        for hand in self.hands:
            for k, c in enumerate(hand):
                counts[k] += c
        for pile in (self.pile, self.discard, self.aside):
            for k in pile:
                if k not in self.CARDS.kinds:
                    return state_problem("core.state_cards", f"no card of kind {k!r}")
                counts[k] += 1
        if counts != self.deck_counts():
            return state_problem("core.state_cards", "the cards do not add up to the deck")
        if self.n_active != sum(self.active):
            return state_problem("core.state_seats", "the players still in the round do not add up")
        if not 0 <= self.phase < phases:
            return state_problem("core.state_phase", f"phase {self.phase!r} is not one of the game's")
        if not -1 <= self.last_player < n or self.round_no < 1 or any(len(row) != n for row in self.history):
            return state_problem("core.state_seats", "the rounds played do not match the seats")
        if self.phase != self.OVER:
            if not 0 <= self.cur < n:
                return state_problem("core.state_seats", f"the player to move ({self.cur!r}) is not at the table")
            if not self.legal_moves():
                return state_problem("core.state_no_move", "the player to move has no move")
        return None

    def __eq__(self, other) -> bool:
        return isinstance(other, type(self)) and self.to_dict() == other.to_dict()

    __hash__ = None  # mutable


class HandView(StateView):
    """A seat of a hidden-hand game: its own hand, everybody's hand size, the piles, who is still in. Subclasses
    set ``PHASE_NAMES`` and say what the full deck is (``_deck_counts``)."""

    __slots__ = ()
    PHASE_NAMES: tuple[str, ...] = ()

    hand_sizes = state_property("hand_sizes", copy=True)
    discard = state_property("discard", copy=True)
    active = state_property("active", copy=True)
    round_no = state_property("round_no")

    @property
    def hand(self) -> list[int]:
        """This seat's hand as counts per card kind (a copy)."""
        return self._state.hands[self.seat][:]

    @property
    def pile_size(self) -> int:
        return len(self._state.pile)

    @property
    def history(self) -> list[list[int]]:
        return [h[:] for h in self._state.history]

    @property
    def phase(self) -> str:
        return self.PHASE_NAMES[self._state.phase]

    def _deck_counts(self) -> list[int]:
        """How many cards of each kind the whole deck has (a fresh list)."""
        raise NotImplementedError

    def unseen_cards(self) -> list[int]:
        """Card kinds this seat has not seen: in other hands or in the pile (a multiset as a sorted list; cards
        out of the round are not among them)."""
        state = self._state
        counts = self._deck_counts()
        own = state.hands[self.seat]
        for k in range(len(counts)):
            counts[k] -= own[k]
        for k in state.discard:
            counts[k] -= 1
        for k in state.aside:  # out of the round (a crafted position): known to be nowhere in play
            counts[k] -= 1
        return [k for k in range(len(counts)) for _ in range(counts[k])]

    def sample_state(self, rng):
        """A full state consistent with this view: the unseen cards dealt again at random to the other hands and
        the pile (every hand and the pile keep their sizes).

        The result's own chance source is reseeded from ``rng`` too, so the future deals are not the real ones.
        """
        state = self._state
        s = state.clone()
        unseen = self.unseen_cards()
        rng.shuffle(unseen)
        kinds = len(state.hands[self.seat])
        position = 0
        for seat in range(state.num_players):
            if seat == self.seat:
                continue
            size = state.hand_sizes[seat]
            hand = [0] * kinds
            for k in unseen[position:position + size]:
                hand[k] += 1
            position += size
            s.hands[seat] = hand
            s.hand_sizes[seat] = sum(hand)
        s.pile = unseen[position:position + len(state.pile)]
        s.rng = Rng(rng.randrange(1 << 62))
        return s
