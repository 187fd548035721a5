"""The soundness check of a L.A.M.A. state it did not play itself (a save, a past game's start, a position):
``check_state`` is the ``GameSpec.check_state`` of ``lama`` and ``lama-party``, and the random-play tests
(``games/lama/tests/test_lama_invariants.py``) run this same code after every move."""

from __future__ import annotations

from lama_desktop.engine.core import Refusal, state_problem
from lama_desktop.engine.tokens import holdings


def check_state(state) -> Refusal | None:
    """The first invariant ``state`` (a ``LamaState``) breaks, or None: the cards of the deck each in one place,
    seats and phase in range, the player giving a token back (``returner``) a seat only while one is given back,
    the tokens each seat holds adding up to its score (exchanged as the rules exchange them), the Drama board
    empty without the Drama variant, and a move for the player to move."""
    OVER, PLAYING, RETURNING, END_POINTS = state.OVER, state.PLAYING, state.RETURNING, state.END_POINTS
    problem = state.card_problem(3)
    if problem is not None:
        return problem
    n = state.num_players
    if len(state.points) != n or min(state.points) < 0:
        return state_problem("core.state_tokens", "a score is missing or below zero")
    for seat in range(n):
        held = holdings(state.points[seat], state.pinks)
        if sum(value * count for value, count in held.items()) != state.points[seat] or held[1] >= 10 or (
                state.pinks and held[10] >= 2):
            return state_problem("core.state_tokens", f"seat {seat}'s tokens do not add up to its score")
    if len(state.board) != 3 or min(state.board) < 0 or (not state.drama_on and state.board != [0, 0, 0]) or (
            state.board[2] and not state.pinks):
        return state_problem("core.state_tokens", "the Drama board holds tokens this game has not")
    if not 0 <= state.dealer < n or not 0 <= state.first_dealer < n:
        return state_problem("core.state_seats", "the dealer is not at the table")
    if state.phase == RETURNING:
        if not 0 <= state.returner < n or state.returner != state.cur:
            return state_problem("core.state_seats", f"the player giving a token back ({state.returner!r}) is "
                                                     "not the seat to move")
    elif state.returner != -1:
        return state_problem("core.state_seats", f"a player giving a token back ({state.returner!r}) while "
                                                 "nobody gives one back")
    if state.phase == PLAYING and not state.active[state.cur]:
        return state_problem("core.state_seats", "the player to move has left the round")
    if state.phase == OVER and max(state.points) < END_POINTS:
        return state_problem("core.state_phase", f"the game is over before anybody reached {END_POINTS} points")
    return None
