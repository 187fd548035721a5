"""The hand-written L.A.M.A. heuristic: which card to play and when a stuck hand quits (``medium``'s whole play,
``easy``'s with other knobs, and the policy of every seat in the hard bot's rollouts), and the action codes the
fast round simulator (``bots.simulate_round``) speaks. Pure functions of a hand of counts, so the rollouts can
memoise them.
"""

from __future__ import annotations

from lama_desktop.engine.core import Move
from lama_desktop.games.lama.engine import (
    CARD_TYPE, DRAW, END_POINTS, LLAMA, PINK, PLAY, PLAYABLE, QUIT, TAKE, VALUE,
)

# action codes of the fast simulator: a card type 1..14 is "play that card"
A_DRAW, A_QUIT, A_TAKE = 0, -1, -2


def hand_points_fast(h: list[int], each_llama: bool) -> int:
    """Points of a hand of counts (same result as ``engine.lama.hand_points``, without the breakdown)."""
    s = 0
    if h[1] or h[8]:
        s += 1
    if h[2] or h[9]:
        s += 2
    if h[3] or h[10]:
        s += 3
    if h[4] or h[11]:
        s += 4
    if h[5] or h[12]:
        s += 5
    if h[6] or h[13]:
        s += 6
    if each_llama:
        return s + 10 * h[7] + 20 * h[14]
    if h[14]:
        return s + 20
    if h[7]:
        return s + 10
    return s


def _saving(h: list[int], t: int, each_llama: bool) -> int:
    """Points saved by giving up one card of type ``t``."""
    if t == LLAMA or t == PINK:
        if each_llama:
            return 10 if t == LLAMA else 20
        llamas, pink = h[LLAMA], h[PINK]
        if t == PINK:
            return 20 if llamas == 0 else 10
        return 10 if (llamas == 1 and not pink) else 0
    v = VALUE[t]
    other = t + 7 if t < 7 else t - 7
    return v if h[t] == 1 and h[other] == 0 else 0


def largest_token(score: int, pinks: bool) -> int:
    if pinks and score >= 20:
        return 20
    if score >= 10:
        return 10
    return 1 if score > 0 else 0


class Params:
    """Knobs of the heuristic policy (shared by ``medium``, ``easy`` and the search's rollouts)."""

    __slots__ = ("quit_base", "quit_danger", "quit_danger2", "quit_low_pile", "follow_bonus", "plus_bonus",
                 "score_aware")

    def __init__(self, quit_base=3.0, quit_danger=0.0, quit_danger2=0.0, quit_low_pile=2.0, follow_bonus=6.0,
                 plus_bonus=6.0, score_aware=True):
        self.quit_base = quit_base        # quit a stuck hand worth at most this many points
        self.quit_danger = quit_danger    # ... plus this when a rival holds 1 or 2 cards
        self.quit_danger2 = quit_danger2  # ... plus this when a rival holds 3 cards
        self.quit_low_pile = quit_low_pile  # ... plus this when the pile is nearly empty
        self.follow_bonus = follow_bonus  # worth of each card of the run a play leaves us (see chain_length)
        self.plus_bonus = plus_bonus      # how much a plus card's extra turn is worth
        self.score_aware = score_aware    # adjust the quit threshold to the game's score situation


MEDIUM = Params()


def _value_count(h: list[int], v: int) -> int:
    """Cards of value ``v`` (1–6, 7 for llamas) in a hand of counts."""
    if v == 7:
        return h[LLAMA] + h[PINK]
    return h[v] + h[v + 7]


_NEXT = (0, 2, 3, 4, 5, 6, 7, 1)


def chain_length(h: list[int], v: int) -> int:
    """How many more cards we could play in a row on a top of value ``v`` if nobody else moved it."""
    total = _value_count(h, v)
    w = _NEXT[v]
    for _ in range(6):
        c = _value_count(h, w)
        if not c:
            break
        total += c
        w = _NEXT[w]
    return total


def choose_play(h: list[int], top: int, party: bool, each_llama: bool, follow_bonus: float, plus_bonus: float,
                playable_table) -> int:
    """The heuristic's card to play on ``top`` (a card type), or 0 when nothing in ``h`` can be played.

    Score: points saved by this card + ``follow_bonus`` per card of the run it leaves us (so a 3 is played before
    the 4 when we hold both) + the extra turn of a plus card.
    """
    best_t = 0
    best = -1e9
    for t in playable_table[top]:
        if h[t]:
            score = _saving(h, t, each_llama) + 0.01 * VALUE[t]
            h[t] -= 1
            score += follow_bonus * chain_length(h, VALUE[t])
            h[t] += 1
            if t >= 8 and t <= 13:
                score += plus_bonus
            elif t == PINK and h[LLAMA] == 0 and not h[1] and not h[8]:
                score -= 3.0  # a pink llama with nothing to follow it blocks us too
            if score > best:
                best, best_t = score, t
    return best_t


def quit_threshold(params: Params, sizes, active, me: int, pile: int, extra: float) -> float:
    """Hand points at or below which a stuck player quits rather than draws."""
    thr = params.quit_base + extra
    smallest = 99
    for q in range(len(sizes)):
        if q != me and active[q] and sizes[q] < smallest:
            smallest = sizes[q]
    if smallest <= 2:
        thr += params.quit_danger
    elif smallest == 3:
        thr += params.quit_danger2
    if pile <= 3:
        thr += params.quit_low_pile
    return thr


def score_adjustment(scores, me: int, params: Params) -> float:
    """Raise the quit threshold when a game lead is worth protecting, lower it when we must catch up."""
    if not params.score_aware:
        return 0.0
    top = max(scores)
    if top < END_POINTS - 15:
        return 0.0
    mine = scores[me]
    best_other = min(s for q, s in enumerate(scores) if q != me)
    if mine < best_other:
        return 3.0   # leading near the end: bank the lead
    if mine > best_other + 8:
        return -3.0  # far behind near the end: gamble on emptying the hand
    return 0.0


def heuristic_action(h, size: int, top: int, party: bool, each_llama: bool, drama: bool, can_draw: bool,
                     threshold: float, params: Params) -> int:
    """The heuristic's move as an action code (card type to play, or A_DRAW / A_QUIT / A_TAKE)."""
    playable = PLAYABLE[party]
    if drama:
        if h[LLAMA]:
            return LLAMA
        if h[PINK]:
            return PINK
        return A_TAKE
    t = choose_play(h, top, party, each_llama, params.follow_bonus, params.plus_bonus, playable)
    if t:
        return t
    if not can_draw:
        return A_QUIT
    if hand_points_fast(h, each_llama) <= threshold:
        return A_QUIT
    return A_DRAW


def action_to_move(code: int) -> Move:
    if code > 0:
        return PLAY[code]
    return {A_DRAW: DRAW, A_QUIT: QUIT, A_TAKE: TAKE}[code]


def move_to_action(move: Move) -> int:
    if move.kind == "play":
        return CARD_TYPE[str(move.args[0])]
    return {"draw": A_DRAW, "quit": A_QUIT, "take": A_TAKE}[move.kind]
