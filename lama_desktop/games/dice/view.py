"""What one seat of LAMA Dice sees: everything (rows are open) except the state's ``Rng``, i.e. future rolls and
deals."""

from __future__ import annotations

from lama_desktop.engine.core import GameState, StateView, state_property
from lama_desktop.engine.rng import Rng
from lama_desktop.games.dice.rules import DICE_IDS, LABELS, PHASE_NAMES, PH_OVER, cards_text, holding, row_points


class DiceView(StateView):
    """What a seat sees: everything (rows are open) except the Rng, i.e. future rolls and deals."""

    __slots__ = ()

    def sample_state(self, rng) -> GameState:  # a DiceState (engine.py makes the views)
        state = self._state._copy(with_rng=False)
        state.rng = Rng((rng.randrange(1 << 32) << 32) | rng.randrange(1 << 32))
        return state

    # read-only accessors for bots and the UI (copies: a view never changes)
    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._state.phase]

    lama20 = state_property("lama20")
    scores = state_property("_scores", copy=True)
    quit = state_property("out", copy=True)
    round_no = state_property("round_no")

    @property
    def dice(self) -> tuple | None:
        d = self._state.dice
        return None if d is None else tuple(LABELS[f] for f in d)

    def row_counts(self, seat: int) -> tuple:
        return tuple(self._state.rows[seat])

    def llama_row_counts(self) -> tuple:
        return tuple(self._state.llama)

    def to_dict(self) -> dict:
        s = self._state
        return {
            "game": s.game_id,
            "seat": self.seat,
            "players": s.num_players,
            "variants": ["lama20"] if s.lama20 else [],
            "round": s.round_no,
            "starter": s.starter,
            "current": s.cur,
            "phase": PHASE_NAMES[s.phase],
            "reason": s.reason,
            "dice": None if s.dice is None else [LABELS[f] for f in s.dice],
            "dice_ids": list(DICE_IDS),
            "scores": list(s._scores),
            "tokens": [{str(k): c for k, c in holding(sc, s.lama20).items()} for sc in s._scores],
            "quit": list(s.out),
            "rows": [cards_text(r) for r in s.rows],
            "row_points": [row_points(r) for r in s.rows],
            "llama_row": cards_text(s.llama),
            "discarded": cards_text(s.discarded),
            "unused_count": sum(s.unused),
            "legal_moves": [str(m) for m in self.legal_moves()],
            "over": s.phase == PH_OVER,
            "winners": s.winners(),
        }
