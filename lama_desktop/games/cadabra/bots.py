"""Bots for LAMA Cadabra: ``easy``, ``medium`` (hand-written heuristic), ``hard`` (determinized Monte Carlo).

All of them decide from a ``CadabraView`` only. The heuristic (``heuristic_action``) reads a state but only
what the acting seat may know (its own hand, hand sizes, the discard's top, tokens, the magic token, the board),
so it runs unchanged on a state sampled from a view (``view.sample_state``) and inside the hard bot's rollouts.

What the heuristic knows about the game:
- exchanging 10 whites for a black is free and never hurts (it makes a black your lowest token sooner, so a
  circle or a llama gets rid of 10 points at once): always do it first;
- in the Lamagic Show: play a llama (it also sheds a token), else pass with the magic token (which also sheds
  its 10-point liability), else take the board;
- the magic token costs 10 at the round's end: pass with it when there is nothing good to play or the round
  may end soon; a star card (take the magic token) is a cost, unless you can pass it on;
- circle cards shed a token onto the leader; square cards make the next player draw (but make *you* draw
  when you are alone); llamas shed a token onto the board and can start the show for the next player;
- play the card that lowers the hand's points most and keeps a follow-up in hand; with nothing to play, draw
  when the hand is costly and nobody is about to go out, else quit; return a black when emptying the hand.

The hard bot plays flat Monte Carlo over determinizations (``view.sample_state``) with common random numbers:
each candidate move is tried on the same sampled deals, the round is played out with the heuristic, and the
end of the round is valued as an estimated share of the *game* win from everybody's scores (a soft-min whose
temperature falls as the game nears 40 points; the exact win share once the game is over). Budgets are counted
in playouts, never in time, so a seed replays the same game.

Measured (4 players, 95% intervals): ``python -m lama_desktop.arena lama-cadabra --players
hard,medium,medium,medium --games 2000 --seed 1 --json`` gives hard 39.0% [36.8%, 41.1%] (26 Nov 2026, the
code after the engine and bot refactors; 38.0% on 24 Nov); medium vs three random bots 91.8% [90.5%, 92.9%]
(same command with ``--players medium,random,random,random``).
"""

from __future__ import annotations

import math

from lama_desktop.games.cadabra.components import (
    ACTIONS, A_DRAW, A_EXCHANGE, A_GIVE, A_PASS, A_PLAY, A_QUIT, A_RETURN, A_TAKE, DRAW, DRAWS, END_POINTS, EXCHANGE,
    EXCHANGE_WHITES, GIVE, GIVES, GIVING, IS_LLAMA, LLAMA_KINDS, MAGICS, MAGIC_POINTS, MAGIC_TOKEN, NUM_KINDS, OVER,
    PASS, PLAY, PLAYABLE, QUIT, RETURN, RETURNING, SHOW_THRESHOLD, TAKE, VALUES, hand_points, hand_value
)
from lama_desktop.games.cadabra.engine import CadabraState, CadabraView
from lama_desktop.engine.core import Move
from lama_desktop.engine.rng import Rng
from lama_desktop.bots.base import Bot, Estimate, best_first

GAME_ID = "lama-cadabra"

_ACTION_MOVE = {A_DRAW: DRAW, A_QUIT: QUIT, A_PASS: PASS, A_TAKE: TAKE, A_EXCHANGE: EXCHANGE}


def action_move(action: tuple[int, int]) -> Move:
    kind, arg = action
    if kind == A_PLAY:
        return PLAY[arg]
    if kind == A_GIVE:
        return GIVE[arg]
    if kind == A_RETURN:
        return RETURN[arg]
    return _ACTION_MOVE[kind]


class Params:
    """Tunable weights of the heuristic (the rollout policy uses a copy with its own values)."""

    __slots__ = ("draw_threshold", "draw_threshold_danger", "give_bonus", "square_bonus", "magic_cost",
                 "llama_bonus", "chain_bonus", "reduction_weight", "danger_size", "plan_weight", "solo_search")

    def __init__(self, **kw):
        self.draw_threshold = 10         # with nothing to play, draw when the hand is worth at least this
        self.draw_threshold_danger = 13  # ... or this much when an opponent is about to go out
        self.give_bonus = 2.5
        self.square_bonus = 1.5
        self.magic_cost = 4.0
        self.llama_bonus = 1.5
        self.chain_bonus = 2.5
        self.reduction_weight = 1.0
        self.danger_size = 2             # an opponent with this many cards or fewer may end the round soon
        self.plan_weight = 0.6           # weight of the points a run of further plays from this card could shed
        self.solo_search = True          # alone in the round: search the best line of plays (else greedy)
        for key, value in kw.items():
            setattr(self, key, value)


DEFAULT = Params()
#: the hard bot's playout policy: the same heuristic without its two searches (about ten times faster)
ROLLOUT = Params(plan_weight=0.0, solo_search=False)


def _lowest(state: CadabraState, p: int) -> int:
    """Value of seat ``p``'s lowest token: 1, 10, 10 for the magic token (its cost), or 0 when none."""
    if state.whites[p]:
        return 1
    if state.blacks[p]:
        return 10
    if state.magic == p:
        return MAGIC_POINTS
    return 0


def give_target(state: CadabraState, p: int) -> int:
    """The opponent still in the round who should receive the token: the game's leader (fewest points)."""
    best = -1
    best_key = None
    whites, blacks, sizes, active = state.whites, state.blacks, state.hand_sizes, state.active
    for s in range(state.num_players):
        if s == p or not active[s]:
            continue
        key = (whites[s] + 10 * blacks[s], sizes[s], s)
        if best_key is None or key < best_key:
            best, best_key = s, key
    return best


def heuristic_action(state: CadabraState, params: Params = DEFAULT) -> tuple[int, int]:
    """The heuristic's action for the player to move (reads only what that seat may know)."""
    p = state.cur
    phase = state.phase
    if state.whites[p] >= EXCHANGE_WHITES:
        return (A_EXCHANGE, 0)
    if phase == GIVING:
        return (A_GIVE, give_target(state, p))
    if phase == RETURNING:
        return (A_RETURN, 10 if state.blacks[p] else 1)
    hand = state.hands[p]
    alone = state.n_active == 1
    has_magic = state.magic == p
    if state.show:
        for k in LLAMA_KINDS:
            if hand[k]:
                return (A_PLAY, k)
        if has_magic and not alone:
            return (A_PASS, 0)
        return (A_TAKE, 0)
    size = state.hand_sizes[p]
    if alone and params.solo_search:
        return solo_action(state, p)
    danger = _danger(state, p)
    top = state.discard[-1]
    playable = []
    for k in PLAYABLE[top]:
        if hand[k]:
            playable.append(k)
    if not playable:
        if has_magic and not alone:
            return (A_PASS, 0)
        if state.pile and not alone:
            threshold = params.draw_threshold_danger if danger <= params.danger_size else params.draw_threshold
            if hand_value(hand) >= threshold:
                return (A_DRAW, 0)
        return (A_QUIT, 0)
    if size == 1:
        return (A_PLAY, playable[0])
    best_k, best_score = _best_play(state, p, playable, alone, danger, params)
    if has_magic and not alone and (danger <= params.danger_size or best_score < 0.5):
        return (A_PASS, 0)
    if alone and best_score < 0:
        return (A_QUIT, 0)
    return (A_PLAY, best_k)


def _danger(state: CadabraState, p: int) -> int:
    """How close the round is to its end: the smallest hand among the others still in (99: nobody)."""
    danger = 99
    sizes = state.hand_sizes
    active = state.active
    for s in range(state.num_players):
        if s != p and active[s] and sizes[s] < danger:
            danger = sizes[s]
    return danger


def _best_play(state: CadabraState, p: int, playable: list[int], alone: bool, danger: int,
               params: Params) -> tuple[int, float]:
    """The best of the ``playable`` kinds for seat ``p`` and its score: what it sheds, the run it leaves, and its
    symbol's or llama's worth now."""
    hand = state.hands[p]
    best_k = -1
    best_score = -1e9
    # how many cards of the hand have each value (index 7: llamas)
    cover = [0] * 8
    for k in range(NUM_KINDS):
        c = hand[k]
        if c:
            for v in VALUES[k]:
                cover[v] += c
    plan = params.plan_weight
    hv = hand_value(hand) if plan else 0
    for k in playable:
        reduction = 0
        if hand[k] == 1:
            for v in VALUES[k]:
                if cover[v] == 1:
                    reduction += 10 if v == 7 else v
        chain = -1
        for j in PLAYABLE[k]:
            chain += hand[j]
        score = params.reduction_weight * reduction + params.chain_bonus * (chain if chain < 2 else 2)
        if plan:
            hand[k] -= 1
            after = hv - reduction
            score += plan * (after - shed_value(hand, k, after, {}))
            hand[k] += 1
        if GIVES[k]:
            if not alone and _lowest(state, p):
                score += params.give_bonus + (1.0 if not state.whites[p] else 0.0)
        elif DRAWS[k]:
            if state.pile:
                score += -3.0 if alone else params.square_bonus
        elif MAGICS[k]:
            if state.magic != p:
                score -= params.magic_cost * 2 if alone else params.magic_cost if danger <= params.danger_size \
                    else params.magic_cost * 0.5
        elif IS_LLAMA[k]:
            if _lowest(state, p):
                score += params.llama_bonus
            if len(state.board) + 1 >= SHOW_THRESHOLD and not alone:
                score += 1.0
        if score > best_score:
            best_score, best_k = score, k
    return best_k, best_score


def shed_value(hand: list[int], top: int, value: int, memo: dict, depth: int = 0) -> int:
    """The lowest hand value reachable by playing cards of ``hand`` one after another from ``top`` (no effects,
    nobody else playing in between): how much a run from here could shed."""
    key = (tuple(hand), top)
    known = memo.get(key)
    if known is not None:
        return known
    best = value
    if depth < 8:
        for k in PLAYABLE[top]:
            if hand[k]:
                hand[k] -= 1
                v = hand_value(hand)
                if v < best:
                    best = v
                if best > 0:
                    r = shed_value(hand, k, v, memo, depth + 1)
                    if r < best:
                        best = r
                hand[k] += 1
                if best == 0:
                    break
    memo[key] = best
    return best


#: expected points a random unseen card adds to a hand (the square makes the lone player draw)
SOLO_DRAW_COST = 4.0


def solo_action(state: CadabraState, p: int) -> tuple[int, int]:
    """Alone in the round (only play or quit): search the best sequence of plays from the known hand.

    The value of a line is the hand's points when stopping (quitting), minus a token when the hand empties,
    with the effects a lone player suffers: a square makes you draw (an expected cost), a star hands you the
    magic token (10 points, no pass possible alone), a llama sheds your lowest token onto the board and may
    start the show, which then asks you for another llama or the whole board.
    """
    hand = state.hands[p][:]
    low = _lowest(state, p)
    tokens = state.whites[p] + state.blacks[p] + (1 if state.magic == p else 0)
    board_value = sum(10 if t == 0 else t for t in state.board)
    memo: dict = {}

    def best(top: int, magic_cost: int, tokens: int, board_len: int, board_value: int, show: bool, depth: int):
        key = (tuple(hand), top, magic_cost, tokens, board_len, show)
        if key in memo:
            return memo[key]
        # stopping now (quitting); in the show you must take the board first
        if show:
            stop = hand_value(hand) + magic_cost + board_value
        else:
            stop = hand_value(hand) + magic_cost
        result = (stop, (A_TAKE, 0) if show else (A_QUIT, 0))
        if depth < 12:
            kinds = LLAMA_KINDS if show else PLAYABLE[top]
            for k in kinds:
                if not hand[k]:
                    continue
                hand[k] -= 1
                extra = 0.0
                m_cost, tok, blen, bval, sh = magic_cost, tokens, board_len, board_value, show
                if IS_LLAMA[k]:
                    if tok:
                        extra -= low if low else 1
                        tok -= 1
                        blen += 1
                        bval += low if low else 1
                    if blen >= SHOW_THRESHOLD:
                        sh = True
                elif MAGICS[k]:
                    m_cost = MAGIC_POINTS
                elif DRAWS[k] and state.pile:
                    extra += SOLO_DRAW_COST
                if sum(hand) == 0:
                    value = extra + m_cost - (min(low, 10) if (tok or low) else 0)
                else:
                    value = extra + best(k, m_cost, tok, blen, bval, sh, depth + 1)[0]
                hand[k] += 1
                if value < result[0]:
                    result = (value, (A_PLAY, k))
        memo[key] = result
        return result

    magic_cost = MAGIC_POINTS if state.magic == p else 0
    return best(state.discard[-1], magic_cost, tokens, len(state.board), board_value, state.show, 0)[1]


class EasyBot(Bot):
    """A beginner: plays the first card it can (lowest value), draws when it cannot, quits with a small hand;
    in the show it plays a llama if it has one, otherwise takes the tokens. Never exchanges tokens unless it
    holds 20 whites."""

    level = "easy"

    def choose(self, view: CadabraView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        whites = view.whites[view.seat]
        if EXCHANGE in moves and whites >= 2 * EXCHANGE_WHITES:
            return EXCHANGE
        kinds = [ACTIONS[m] for m in moves]
        if view.phase == "giving":
            gives = [m for m, a in zip(moves, kinds, strict=False) if a[0] == A_GIVE]
            return self.rng.choice(gives)
        if view.phase == "returning":
            return RETURN[10] if RETURN[10] in moves else RETURN[1]
        plays = [a[1] for a in kinds if a[0] == A_PLAY]
        if view.show:
            if plays:
                return PLAY[plays[0]]
            return TAKE
        if plays:
            if self.rng.random() < 0.2:
                return PLAY[self.rng.choice(plays)]
            return PLAY[min(plays, key=lambda k: (min(VALUES[k]), k))]
        if PASS in moves and self.rng.random() < 0.5:
            return PASS
        if DRAW in moves and hand_value(view.hand) >= 10:
            return DRAW
        return QUIT


class _HeuristicBot(Bot):
    """A bot that runs the heuristic (with ``params``) on states sampled from its view with its own ``Rng``."""

    def __init__(self, seed: int = 0, params: Params = DEFAULT):
        super().__init__(seed)
        self.params = params
        self._rng = Rng(seed)


class MediumBot(_HeuristicBot):
    """The hand-written heuristic (``heuristic_action``) on a state consistent with the view."""

    level = "medium"

    def choose(self, view: CadabraView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        # the heuristic reads only this seat's knowledge, so any consistent state gives the same answer
        state = view.sample_state(self._rng)
        move = action_move(heuristic_action(state, self.params))
        return move if move in moves else moves[0]


def _value(scores: list[int], me: int) -> float:
    """Estimated share of the game win for ``me`` from everybody's points (lower is better)."""
    worst = max(scores)
    if worst >= END_POINTS:
        best = min(scores)
        if scores[me] != best:
            return 0.0
        return 1.0 / scores.count(best)
    temperature = 4.0 + 0.3 * (END_POINTS - worst)
    mine = scores[me]
    total = 0.0
    for s in scores:
        total += math.exp((mine - s) / temperature)
    return 1.0 / total


def rollout(state: CadabraState, me: int, params: Params, round_no: int, limit: int = 400) -> float:
    """Play ``state`` to the end of round ``round_no`` with the heuristic for everybody; value it for ``me``."""
    do = state._do
    for _ in range(limit):
        phase = state.phase
        if phase == OVER or state.round_no != round_no:
            break
        if phase == RETURNING:
            # value the round's end as if the emptier gives back their best token
            p = state.cur
            scores = state.scores
            scores[p] -= 10 if state.blacks[p] else 1
            return _value(scores, me)
        do(heuristic_action(state, params), None)
    else:  # pragma: no cover - a round always ends well within the limit
        return _value(state.scores, me)
    if phase == OVER or state.phase == OVER:
        return _value(state.scores, me)
    # the round ended and the next one was dealt: the scores are the round's end
    return _value(state.history[-1] if state.history else state.scores, me)


def evaluate_move(base: CadabraState, action: tuple[int, int], seed: int, me: int, params: Params,
                  round_no: int) -> float:
    """One determinization's value of one move: ``action`` is played on a copy of the sampled state ``base``
    (its chance drawn from ``seed``, the same for every move of this determinization) and the round is played
    out with the heuristic; the estimated share of the game win for ``me``. The hard bot's choice and the advisor
    both evaluate their moves here."""
    s = base.clone()
    s.rng = Rng(seed)
    s._do(action, None)
    return rollout(s, me, params, round_no)


class HardBot(_HeuristicBot):
    """Flat Monte Carlo over determinizations with common random numbers and heuristic playouts.

    ``playouts`` is the budget per decision, shared among the candidate moves (at least ``min_rounds`` and at
    most ``max_rounds`` determinizations each). The heuristic's own choice gets a small head start (``prior``,
    in win share per determinization), so sampling noise alone never overrules a sound move.
    """

    level = "hard"

    def __init__(self, seed: int = 0, playouts: int = 300, min_rounds: int = 12, max_rounds: int = 120,
                 prior: float = 0.02, params: Params = DEFAULT, rollout_params: Params = ROLLOUT):
        super().__init__(seed, params)
        self.playouts = playouts
        self.min_rounds = min_rounds
        self.max_rounds = max_rounds
        self.prior = prior
        self.rollout_params = rollout_params

    def choose(self, view: CadabraView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if EXCHANGE in moves:
            return EXCHANGE
        rng = self._rng
        base = view.sample_state(rng)
        suggested = action_move(heuristic_action(base, self.params))
        if view.phase != "playing" or suggested not in moves:
            return suggested if suggested in moves else moves[0]
        if suggested.kind == "play" and view.hand_sizes[view.seat] == 1:
            return suggested  # the last card: emptying the hand is never worse than anything else
        candidates = moves
        n = len(candidates)
        rounds = max(self.min_rounds, min(self.max_rounds, self.playouts // n))
        totals = [self.prior * rounds if m == suggested else 0.0 for m in candidates]
        actions = [ACTIONS[m] for m in candidates]
        me = view.seat
        round_no = view.round_no
        params = self.rollout_params
        for r in range(rounds):
            if r:
                base = view.sample_state(rng)
            seed = rng.next64()
            for i in range(n):
                totals[i] += evaluate_move(base, actions[i], seed, me, params, round_no)
        best = max(range(n), key=lambda i: (totals[i], -i))
        return candidates[best]


    # -- the advisor --------------------------------------------------------------------------------------
    #: the advisor's budget: determinizations per legal move (the hard bot: 300 playouts shared by its
    #: candidates, 12 to 120 per move)
    advisor_rounds = 160

    def advise(self, view: CadabraView, rounds: int | None = None) -> list[Estimate]:
        """Every legal move of ``view.seat`` with its estimated share of the game win and a reason, best first:
        the hard bot's per-move evaluation (``evaluate_move`` on the same sampled deals for every move), over
        every legal move, ``advisor_rounds`` determinizations each."""
        moves = view.legal_moves()
        if not moves:
            raise ValueError("the advisor was asked about a seat that is not to move")
        rounds = rounds or self.advisor_rounds
        rng = self._rng
        me = view.seat
        round_no = view.round_no
        params = self.rollout_params
        actions = [ACTIONS[m] for m in moves]
        totals = [0.0] * len(moves)
        for _ in range(rounds):
            base = view.sample_state(rng)
            seed = rng.next64()
            for i, action in enumerate(actions):
                totals[i] += evaluate_move(base, action, seed, me, params, round_no)
        hand = view.hand
        now = hand_points(hand)[0]
        board_points = sum(t for t in view.board if t != MAGIC_TOKEN)
        out = []
        for move, (kind, arg), total in zip(moves, actions, totals, strict=False):
            if kind == A_PLAY:
                after = hand[:]
                after[arg] -= 1
                reason, params = "play_hand", {"card": str(move.args[0]), "points": hand_points(after)[0]}
            elif kind == A_DRAW:
                reason, params = "draw_hand", {"points": now}
            elif kind == A_QUIT:
                reason, params = "quit_hand", {"points": now}
            elif kind == A_PASS:
                reason, params = "pass_magic", {"points": MAGIC_POINTS}
            elif kind == A_TAKE:
                reason, params = "take_board", {"points": board_points}
            elif kind == A_EXCHANGE:
                reason, params = "exchange_whites", {"whites": EXCHANGE_WHITES}
            elif kind == A_GIVE:
                reason, params = "give_token", {"seat": arg}
            else:
                reason, params = "return_token", {"token": arg}
            out.append(Estimate(move, min(1.0, max(0.0, total / rounds)), None, reason, params))
        return best_first(out)


#: level -> bot factory (the registry: lama_desktop/games/cadabra/__init__.py)
BOTS = {
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
