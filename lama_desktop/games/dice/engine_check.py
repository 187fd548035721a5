"""The soundness check of a LAMA Dice state it did not play itself (a save, a past game's start, a position):
``check_state`` is the ``GameSpec.check_state`` of ``lama-dice``, and the random-play tests
(``games/dice/tests/test_dice_random.py``) run this same code after every move."""

from __future__ import annotations

from lama_desktop.engine.core import Refusal, state_problem
from lama_desktop.games.dice.rules import CARD_COUNTS, END_POINTS, holding


def check_state(state) -> Refusal | None:
    """The first invariant ``state`` (a ``DiceState``) breaks, or None: the 43 cards each in one place, each seat's
    tokens adding up to its score (exchanged as the rules exchange them), seats and phase in range and, while the
    game goes on, a llama row of single cards, a player to move still in the round with a move, and every seat
    still in holding cards (outside a token's return)."""
    PH_RETURN, PHASE_NAMES = state.PH_RETURN, state.PHASE_NAMES
    n = state.num_players
    if len(state.rows) != n or len(state.out) != n or len(state._scores) != n:
        return state_problem("core.state_cards", "the rows do not match the seats")
    if state.card_totals() != list(CARD_COUNTS) or min(min(row) for row in state.rows) < 0 or min(
            state.llama + state.discarded + state.unused) < 0:
        return state_problem("core.state_cards", "the cards do not add up to the deck")
    for seat in range(n):
        held = holding(state._scores[seat], state.lama20)
        if (held[20] * 20 + held[10] * 10 + held[1] != state._scores[seat] or not 0 <= held[1] <= 9
                or (held[20] if not state.lama20 else held[10] > 1)):
            return state_problem("core.state_tokens", f"seat {seat}'s tokens do not add up to its score")
    if not 0 <= state.phase < len(PHASE_NAMES):
        return state_problem("core.state_phase", f"phase {state.phase!r} is not one of the game's")
    if not 0 <= state.starter < n or not 0 <= state.last_actor < n or not 0 <= state.first_player < n:
        return state_problem("core.state_seats", "the starting player is not at the table")
    if state.is_over:
        if state.current_player != -1 or max(state.scores) < END_POINTS or state.legal_moves():
            return state_problem("core.state_phase", f"the game is over before anybody reached {END_POINTS} points")
        return None
    if not 0 <= state.current_player < n or state.out[state.current_player]:
        return state_problem("core.state_seats", "the player to move is not in the round")
    if not any(state.llama) or any(c > 1 for c in state.llama):
        return state_problem("core.state_cards", "the llama row holds no card or a card twice")
    if not state.legal_moves():
        return state_problem("core.state_no_move", "the player to move has no move")
    if state.phase != PH_RETURN and any(not state.out[seat] and not any(state.rows[seat]) for seat in range(n)):
        return state_problem("core.state_cards", "a player still in the round has no card")
    return None
