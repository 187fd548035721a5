"""The soundness check of a LAMA Cadabra state it did not play itself (a save, a past game's start, a position):
``check_state`` is the ``GameSpec.check_state`` of ``lama-cadabra``, and the random-play tests
(``games/cadabra/tests/test_cadabra_random.py``) run this same code after every move."""

from __future__ import annotations

from lama_desktop.engine.core import Refusal, state_problem


def check_state(state) -> Refusal | None:
    """The first invariant ``state`` (a ``CadabraState``) breaks, or None: the 60 cards each in one place, seats
    and phase in range, no negative tokens and the scores their tokens, the magic token in exactly one place (the
    supply, the board or a seat), the player to move in the round while a card is played, and a move for them."""
    BOARD, MAGIC_TOKEN, SUPPLY, OVER = state.BOARD, state.MAGIC_TOKEN, state.SUPPLY, state.OVER
    PHASE_NAMES, END_POINTS = state.PHASE_NAMES, state.END_POINTS
    problem = state.card_problem(len(PHASE_NAMES))
    if problem is not None:
        return problem
    n = state.num_players
    if len(state.whites) != n or len(state.blacks) != n or min(state.whites + state.blacks) < 0 or (
            state.scores != [w + 10 * b for w, b in zip(state.whites, state.blacks, strict=True)]):
        return state_problem("core.state_tokens", "the tokens do not add up to the scores")
    if not SUPPLY <= state.magic < n and state.magic != BOARD or (
            state.board.count(MAGIC_TOKEN) != (1 if state.magic == BOARD else 0)):
        return state_problem("core.state_tokens", "the magic token is in two places or none")
    if not -1 <= state.first_player < n:
        return state_problem("core.state_seats", "the first player is not at the table")
    if state.phase == 0 and not state.active[state.cur]:
        return state_problem("core.state_seats", "the player to move has left the round")
    if state.show and state.phase == 0 and not state.board:
        return state_problem("core.state_tokens", "the Lamagic Show is on with an empty board")
    if state.phase == OVER and max(state.scores) < END_POINTS:
        return state_problem("core.state_phase", f"the game is over before anybody reached {END_POINTS} points")
    return None
