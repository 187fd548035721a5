"""One seat's view of a Llama Land state: the state with the stacks' hidden order and the deck's order forgotten
(a stack whose top this turn's tile uncovered is hidden whole until the turn ends)."""

from __future__ import annotations

from lama_desktop.engine.core import GameState, Refusal, StateView
from lama_desktop.engine.rng import Rng
from lama_desktop.games.llama_land.engine.moves import NOT_YOUR_TURN


class LlamaLandView(StateView):
    """One seat's view. Llama Land is open: the view hides only the order of the tile stacks under their top
    tiles and of the character deck. Public attributes mirror the state's (``players``, ``row``, ``columns``,
    ``objectives``, ``markers``, supplies, turn flags); stacks are exposed as ``stack_tops``/``stack_sizes``."""

    def __init__(self, state: GameState, seat: int):  # a LlamaLandState (state.py makes the views)
        s = state.clone()
        # forget what nobody may know: the order under each stack's top and the deck order (kept sorted here)
        for i, pile in enumerate(s.stacks):
            if i == s.t_covered:  # its new top is still face down: the whole pile is unknown
                pile.sort()
            elif len(pile) > 2:
                pile[:-1] = sorted(pile[:-1])
        s.deck.sort()
        s.objectives = list(s.objectives)  # a clone shares the game's objective list: the view's own copy
        super().__init__(s, seat)
        self.variants = s.variants
        self.players = s.players
        self.row = s.row
        self.columns = s.columns
        self.objectives = s.objectives
        self.markers = s.markers
        self.supply_crops = s.supply_crops
        self.supply_coins = s.supply_coins
        self.supply_llamas = s.supply_llamas
        self.turns = s.turns
        self.triggered = s.triggered
        self.phase = s.phase
        self.turn_foundations = s.turn_foundations
        self.stack_tops = [pile[-1] if pile and i != s.t_covered else None for i, pile in enumerate(s.stacks)]
        self.stack_sizes = [len(pile) for pile in s.stacks]
        self.deck_size = len(s.deck)

    @property
    def is_over(self) -> bool:
        return self._state.over

    def placements(self, shape: str | None = None) -> list[dict]:
        return self._state.placements(shape) if self._state.current_player == self.seat else []

    def compact_placements(self):
        return self._state.compact_placements() if self._state.current_player == self.seat else []

    def refusal(self, move) -> Refusal | None:
        if self._state.current_player != self.seat:
            return NOT_YOUR_TURN
        return self._state.refusal(move)

    def why_illegal(self, move) -> str:
        refusal = self.refusal(move)
        return refusal.text if refusal is not None else ""

    def must_feed(self) -> bool:
        return self._state.must_feed()

    def shapes_available(self) -> list[str]:
        return self._state.shapes_available()

    def compact_builds(self):
        return self._state.compact_builds() if self._state.current_player == self.seat else []

    def score_breakdown(self) -> list[dict]:
        return self._state.score_breakdown()

    def sample_state(self, rng) -> GameState:
        s = self._state.clone()
        for i, pile in enumerate(s.stacks):
            if i == s.t_covered:  # a face-down top is dealt again with the rest of its pile
                rng.shuffle(pile)
            elif len(pile) > 2:
                under = pile[:-1]
                rng.shuffle(under)
                pile[:-1] = under
        rng.shuffle(s.deck)
        s.rng = Rng(int(rng.random() * (1 << 53)))
        return s

    def to_dict(self) -> dict:
        return self._state.public_dict(self.seat)
