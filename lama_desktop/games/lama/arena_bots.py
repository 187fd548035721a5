"""Arena-only L.A.M.A. opponents: published play, a perfect-information bound and a frozen ``hard``.

The menus never offer these (``bots.levels_for`` lists the descriptor's levels only); ``python -m
lama_desktop.arena`` finds them through ``ARENA_BOTS`` (``bots.arena_levels``). They measure the real bots
against something that does not move when the real bots change (issue 30):

- ``never-quit``: plays a card whenever one fits (a card of the top's own value first, else the next value),
  otherwise draws; it quits only when quitting is its one legal move.
- ``tue``: the quit rule of the TU/e 2022 study, written from its published formula: stuck (no card fits), it
  quits when f(x, y, z) = g(x) + (y - C) + D*z < 0, with x the distinct values in its hand, y the hand's points,
  z the fewest cards any player holds (itself included), g(x) = -A if x = 1 else B*x; otherwise it plays like
  ``never-quit``. A card that fits is always played (quitting on a playable last card would throw away a token).
- ``perfect``: the hard bot's own search, handed the whole state by the arena (``omniscient``): it rolls out on
  the true hands instead of sampled ones (only the draw order stays chance, as it is for the engine). Not perfect
  play, but the headroom an exact reading of the hands would give the hard bot's model. It refuses a view.
- ``hard-2026-11``: ``hard`` as it played in November 2026, every knob pinned here, so a stronger ``hard`` can be
  measured against it. Its moves are fingerprinted by a test (``tests/test_arena_opponents.py``): a change to
  the shared search code that moves them must copy the old code here first.
"""

from __future__ import annotations

from lama_desktop.bots.base import Bot
from lama_desktop.engine.core import GameState, Move
from lama_desktop.games.lama.bots import HardBot
from lama_desktop.games.lama.heuristic import A_DRAW, Params, hand_points_fast
from lama_desktop.games.lama.engine import CARD_TYPE, DRAW, QUIT, VALUE, LamaView

#: the TU/e 2022 constants of f(x, y, z) = g(x) + (y - C) + D*z, g(x) = -A if x == 1 else B*x
TUE_A, TUE_B, TUE_C, TUE_D = 17.576, 12.242, 3.920, 1.222


def distinct_values(hand: list[int]) -> int:
    """How many different values (1-6, llama) a hand of counts holds: a plus card has its plain card's value,
    the pink llama a llama's."""
    return len({VALUE[t] for t, count in enumerate(hand) if count and t})


def tue_f(x: int, y: float, z: int) -> float:
    """The TU/e rule's f: negative means quit."""
    g = -TUE_A if x == 1 else TUE_B * x
    return g + (y - TUE_C) + TUE_D * z


class NeverQuitBot(Bot):
    """Plays whenever a card fits, same value first; else draws; quits only when it must."""

    level = "never-quit"

    def choose(self, view: LamaView) -> Move:
        moves = view.legal_moves()
        if not moves:
            raise ValueError(f"the {self.level} bot was asked to move when it has no legal move")
        if moves[0].kind == "return":  # the round is scored: give back the largest token
            return max(moves, key=lambda m: int(m.args[0]))
        plays = [m for m in moves if m.kind == "play"]
        if plays:
            return self._play(view, plays)
        if view.drama:
            return moves[-1]  # no llama to play: take the board
        if self.quits(view):
            return QUIT
        return DRAW if DRAW in moves else QUIT

    @staticmethod
    def _play(view: LamaView, plays: list[Move]) -> Move:
        """A card of the top's own value if one fits, else the first that does (engine order: plain before plus,
        the pink llama last)."""
        if view.drama:
            return plays[0]  # a llama: the only cards that may go on the board's drama
        top = view.top
        for move in plays:
            if VALUE[_card_type(move)] == top:
                return move
        return plays[0]

    def quits(self, view: LamaView) -> bool:
        """Whether to quit, stuck with no card that fits (drawing legal or not): never, for this bot."""
        return False


class TueBot(NeverQuitBot):
    """Never-quit play with the TU/e 2022 quit rule when stuck."""

    level = "tue"

    def quits(self, view: LamaView) -> bool:
        hand = view.hand
        each_llama = "llama-each-10" in view.variants
        return tue_f(distinct_values(hand), hand_points_fast(hand, each_llama), min(view.hand_sizes)) < 0


def _card_type(move: Move) -> int:
    return CARD_TYPE[str(move.args[0])]


class FrozenHardBot(HardBot):
    """``hard`` of November 2026 with every knob pinned (the shared code is guarded by a fingerprint test)."""

    level = "hard-2026-11"
    params = Params(quit_base=3.0, quit_danger=0.0, quit_danger2=0.0, quit_low_pile=2.0, follow_bonus=6.0,
                    plus_bonus=6.0, score_aware=True)
    iterations = 80
    inference_weight = 0.3
    sample_tries = 8
    points_only = False
    own_plans: tuple[float, ...] = ()
    plan_codes = (A_DRAW,)
    calibrated_gains = True
    default_margin = 1.0
    calibrated_race = False
    learned_race = False
    PRIOR_LOG_ODDS = 2.0


class PerfectBot(HardBot):
    """The hard bot's search on the true hands: the arena hands it the state (``choose_state``); a view alone is
    refused, so it can never sit at a table."""

    level = "perfect"
    omniscient = True

    def __init__(self, seed: int = 0, iterations: int | None = None):
        super().__init__(seed, iterations)
        self._truth: GameState | None = None

    def choose(self, view: LamaView) -> Move:
        if self._truth is None:
            raise ValueError("the perfect bot sees every hand: only the arena may seat it (choose_state)")
        return super().choose(view)

    def choose_state(self, state: GameState) -> Move:
        """The move for the seat to move in ``state``, read whole (hands and pile)."""
        self._truth = state
        try:
            return self.choose(state.view(state.current_player))
        finally:
            self._truth = None

    def _sampler(self, view: LamaView, rules, rng):
        """Deals that are the truth: every hand as it is, the pile's cards in a fresh random order (which card a
        draw brings is chance for the engine too)."""
        truth = self._truth
        hands = [h[:] for h in truth.hands]
        pile = list(truth.pile)
        rand = rng.random

        def sample():
            cards = pile[:]
            cards.sort(key=lambda _t: rand())
            return [h[:] for h in hands], cards

        return sample


#: level -> factory(seed) of the bots only the arena plays (found by ``lama_desktop.bots.arena_levels``)
ARENA_BOTS = {"never-quit": NeverQuitBot, "tue": TueBot, "hard-2026-11": FrozenHardBot, "perfect": PerfectBot}

__all__ = ["ARENA_BOTS", "NeverQuitBot", "TueBot", "FrozenHardBot", "PerfectBot", "tue_f", "distinct_values"]
