"""Race to 10, the toy game of the contract suite: a game defined only inside ``tests/``, to prove that a game is one
folder that registers through ``lama_desktop.games.register`` and passes ``tests/contract`` like the real ones.

Rules (2 to 4 players): a pile of 24 face-down cards (eight each of 1, 2 and 3) is shuffled and every player is
dealt two. On your turn you either ``play <v>`` a card of your hand (your score goes up by its value, then you draw
a card if the pile has one) or ``draw`` a card without playing (only while you hold fewer than four). Your card is
seen by all when you play it; the card you draw only by you. The first to reach 10 ends the game at once; when
nobody holds a card and the pile is empty it ends too. The highest score wins (ties share). A player with an empty
hand and no pile to draw from is skipped.
"""

from __future__ import annotations

import random

from lama_desktop.engine.core import (
    Event,
    GameSpec,
    GameState,
    IllegalMove,
    Move,
    Refusal,
    StateView,
    as_move,
    read_saved,
    refusal_of_any,
    state_header,
    state_problem,
    unknown_move,
)
from lama_desktop.engine.rng import Rng

GAME_ID = "toy-race"
VERSION = 1
VALUES = (1, 2, 3)
COPIES = 8
GOAL = 10
DEAL = 2
MAX_HAND = 4
DRAW = Move("draw")


class ToyState(GameState):
    """One game of Race to 10: hands are lists of card values, the pile is drawn from its end."""

    game_id = GAME_ID

    def __init__(self, hands: list[list[int]], pile: list[int], scores: list[int], current: int):
        self.num_players = len(hands)
        self.hands = hands
        self.pile = pile
        self._scores = scores
        self._current = current

    @classmethod
    def deal(cls, players: int, variants=frozenset(), seed: int = 0) -> "ToyState":
        pile = [v for v in VALUES for _ in range(COPIES)]
        Rng(seed).shuffle(pile)
        hands = [sorted(pile.pop() for _ in range(DEAL)) for _ in range(players)]
        return cls(hands, pile, [0] * players, 0)

    # -- the contract -------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._current

    @property
    def is_over(self) -> bool:
        return self._current == -1

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        hand = self.hands[self._current]
        moves = [Move("play", (v,)) for v in sorted(set(hand))]
        if self.pile and len(hand) < MAX_HAND:
            moves.append(DRAW)
        return moves

    def refusal(self, move: Move) -> Refusal | None:
        if self.is_over:
            return refusal_of_any(self, move)
        if move.kind == "play" and len(move.args) == 1:
            return Refusal("toy.not_in_hand", f"you hold no {move.args[0]}", {"card": str(move.args[0])})
        if move == DRAW:
            return Refusal("toy.cannot_draw", "you cannot draw now (full hand or empty pile)")
        return unknown_move(move, "the moves are 'play <card>' and 'draw'")

    def apply(self, move: Move | str) -> list[Event]:
        move = as_move(move)
        if move not in self.legal_moves():
            raise self.refusal(move).error(move)
        seat = self._current
        events = []
        if move.kind == "play":
            card = move.args[0]
            self.hands[seat].remove(card)
            self._scores[seat] += card
            events.append(Event("play", seat, {"card": card, "score": self._scores[seat]}))
        if self.pile and (move == DRAW or self._scores[seat] < GOAL):
            card = self.pile.pop()
            self.hands[seat] = sorted(self.hands[seat] + [card])
            events.append(Event("draw", seat, {"card": card, "pile": len(self.pile)}, ("card",)))
        self._current = self._next(seat)
        if self.is_over:
            events.append(Event("game_end", None, {"scores": self.scores, "winners": self.winners()}))
        return events

    def _next(self, seat: int) -> int:
        if self._scores[seat] >= GOAL or not (self.pile or any(self.hands)):
            return -1
        for step in range(1, self.num_players + 1):
            other = (seat + step) % self.num_players
            if self.hands[other] or self.pile:
                return other
        raise AssertionError("somebody holds a card")  # pragma: no cover

    def view(self, seat: int) -> "ToyView":
        return ToyView(self, seat)

    def clone(self) -> "ToyState":
        return ToyState([list(h) for h in self.hands], list(self.pile), list(self._scores), self._current)

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        best = max(self._scores)
        return [seat for seat, points in enumerate(self._scores) if points == best]

    def to_dict(self) -> dict:
        return {**state_header(self, (), VERSION), "hands": [list(h) for h in self.hands], "pile": list(self.pile),
                "scores": list(self._scores), "current": self._current}

    @classmethod
    def from_dict(cls, data: dict) -> "ToyState":
        return read_saved(data, GAME_ID, VERSION, cls._read)

    @classmethod
    def _read(cls, data: dict) -> "ToyState":
        hands = [[int(v) for v in hand] for hand in data["hands"]]
        pile = [int(v) for v in data["pile"]]
        scores = [int(s) for s in data["scores"]]
        current = int(data["current"])
        if len(hands) != data["players"] or len(scores) != len(hands) or not -1 <= current < len(hands):
            raise ValueError("seats, scores and the player to move do not match")
        if any(v not in VALUES for v in pile + [v for h in hands for v in h]):
            raise ValueError("a card that is not 1, 2 or 3")
        return cls(hands, pile, scores, current)


class ToyView(StateView):
    """What one seat sees: its own hand, how many cards everybody holds, the pile's size and the scores."""

    __slots__ = ()

    def sample_state(self, rng: random.Random) -> ToyState:
        state = self._state
        # sorted: what the seat cannot see, never in an order that tells it
        hidden = sorted(state.pile + [v for seat, hand in enumerate(state.hands) if seat != self.seat for v in hand])
        rng.shuffle(hidden)
        hands = []
        for seat, hand in enumerate(state.hands):
            if seat == self.seat:
                hands.append(list(hand))
            else:
                hands.append(sorted(hidden.pop() for _ in hand))
        return ToyState(hands, hidden, state.scores, state.current_player)

    def to_dict(self) -> dict:
        state = self._state
        return {"game": GAME_ID, "seat": self.seat, "hand": list(state.hands[self.seat]),
                "hand_sizes": [len(h) for h in state.hands], "pile": len(state.pile), "scores": state.scores,
                "current": state.current_player}


def check_state(state: ToyState) -> Refusal | None:
    """The first invariant a state it did not play breaks (a save, a position), or None: the seats, every card of
    the deck in one place (a hand, the pile, or played: the scores), the player to move."""
    n = state.num_players
    if not 2 <= n <= 4 or len(state._scores) != n or min(state._scores) < 0:
        return state_problem("core.state_seats", "the hands and scores do not match the seats")
    held = state.pile + [v for hand in state.hands for v in hand]
    played = len(VALUES) * COPIES - len(held)  # each scored its value, 1 to 3
    if any(held.count(v) > COPIES for v in VALUES) or not played <= sum(state._scores) <= max(VALUES) * played:
        return state_problem("core.state_cards", "the cards do not add up to the deck")
    if state.is_over != (max(state._scores) >= GOAL or not held):
        return state_problem("core.state_phase", "the game is over before anybody reached 10, or goes on after")
    if not state.is_over and not (0 <= state._current < n and state.legal_moves()):
        return state_problem("core.state_no_move", "the player to move has no move")
    return None


def _new(players: int, variants=frozenset(), seed: int = 0, **options) -> ToyState:
    if options:
        raise IllegalMove(f"Race to 10 has no options ({', '.join(options)})", code="core.malformed")
    return ToyState.deal(players, variants, seed)


SPEC = GameSpec(id=GAME_ID, title="Race to 10", min_players=2, max_players=4, variants=(), new_state=_new,
                state_from_dict=ToyState.from_dict, lower_score_wins=False, hidden_information=True,
                description="a test game: play cards to reach 10 points first",
                revealing_events=frozenset({"draw"}), check_state=check_state)
