"""Bots for L.A.M.A. and L.A.M.A. Party (every variant: Drama, Lama 20, llama scoring).

Levels (see ``docs/bots-lama.md`` for how they think and what they measure):

- ``easy``: plays a card whenever it can, otherwise draws while its hand is expensive and quits when it is cheap;
  now and then it makes a casual choice. A beginner's opponent.
- ``medium``: a hand-written heuristic. Which card: the one that saves the most points and leaves the longest run
  of cards to play after it (plus cards first, for their extra turn). When stuck: quit or draw by comparing the
  hand's points with a threshold (tuned by self-play) that rises when few cards are left to draw and when a game
  lead is worth protecting, and falls when it must gamble to catch up. (Raising it when a rival is about to go
  out measured worse; the knob stays, at 0.)
- ``hard``: determinized Monte-Carlo search (``bots.search.determinized_root_search``): each iteration deals the
  unseen cards again (weighted by what the round log says: a player who drew instead of playing probably had no
  playable card), plays every candidate move on that same deal and rolls the round out to its end with the medium
  policy for every seat, then scores the round's end by the estimated chance of winning the *game*, not by this
  round's points: the race values learned from self-play (``race_values``, data in ``data/race-values.json``)
  where they were learned (no variants, L.A.M.A. or Party, the seat counts trained), else the hand-written race
  model (``bots.search.race_win_probability``). It starts believing its opponents careful (5%) and learns from
  their quits whether they play at random. Its budget is a number of iterations.

The heuristic itself (which card, when to quit, the action codes) is ``heuristic.py``.

All bots see only a ``LamaView`` and are deterministic for a seed.
"""

from __future__ import annotations

import math
import random

from lama_desktop.engine.core import Move
from lama_desktop.games.lama.engine import (
    CARD_NAMES, CARD_TYPE, DRAW, END_POINTS, LLAMA, NUM_TYPES, PINK, PLAYABLE, VALUE, LamaView,
    lowest_token
)
from lama_desktop.bots.base import Bot, Estimate, best_first as _best_first
from lama_desktop.games.lama import race_values
from lama_desktop.games.lama.heuristic import (
    A_DRAW, A_QUIT, A_TAKE, MEDIUM, Params, action_to_move, choose_play, hand_points_fast, heuristic_action,
    largest_token, move_to_action, quit_threshold, score_adjustment
)
from lama_desktop.games.lama.race_values import RaceValues
from lama_desktop.bots.search import (
    determinized_root_search, race_win_chance, race_win_probability, race_win_probability_rates
)

_DRAMA_THRESHOLD = 5

# per-round gain model of a L.A.M.A. player (measured over medium-bot games: see docs/bots-lama.md)
ROUND_GAIN_MEAN = 6.0
ROUND_GAIN_SD = 7.0
# a careless (uniformly random) player's per-round gain, measured over 300 medium-vs-random games: 18.0 ± 5.7
CARELESS_GAIN_MEAN = 18.0
CARELESS_GAIN_SD = 5.7


class Rules:
    """The variant switches the simulator needs, read from a view."""

    __slots__ = ("party", "drama_on", "pinks", "each_llama", "n")

    def __init__(self, view: LamaView):
        variants = view.variants
        self.party = view.party
        self.drama_on = "drama" in variants
        self.pinks = self.party or "lama20" in variants
        self.each_llama = "llama-each-10" in variants
        self.n = view.num_players


_PLAY_CACHES: dict = {}


def _play_cache(party: bool, each: bool, follow_bonus: float, plus_bonus: float) -> dict:
    """Memo of ``choose_play`` (a pure function of the hand and the top) for the rollouts' hot loop."""
    key = (party, each, follow_bonus, plus_bonus)
    cache = _PLAY_CACHES.get(key)
    if cache is None:
        cache = _PLAY_CACHES[key] = {}
    return cache


def _random_action(h, top: int, drama: bool, playable, can_draw: bool, rand) -> int:
    """A uniformly random legal action (``rand()`` in [0, 1)): the model of a player seen to quit carelessly."""
    if drama:
        options = [t for t in (LLAMA, PINK) if h[t]]
        options.append(A_TAKE)
    else:
        options = [t for t in playable[top] if h[t]]
        if can_draw:
            options.append(A_DRAW)
        options.append(A_QUIT)
    return options[int(rand() * len(options))]


def _rollout_constants(rules: Rules, params: Params) -> tuple:
    """What a rollout reads on every move, fetched once: the variant switches, the playable table, the play
    bonuses and the memo of ``choose_play`` for them."""
    party, each = rules.party, rules.each_llama
    follow_bonus, plus_bonus = params.follow_bonus, params.plus_bonus
    return (party, rules.drama_on, rules.pinks, each, rules.n, PLAYABLE[party], follow_bonus, plus_bonus,
            _play_cache(party, each, follow_bonus, plus_bonus))


def _token_to_drama(points, p: int, pinks: bool, bcount: int, bvalue: int) -> tuple[int, int]:
    """A llama played with Drama on: seat ``p``'s lowest token goes to the board (if it has one); the board's
    new count and value."""
    tok = lowest_token(points[p], pinks)
    if tok:
        points[p] -= tok
        bcount += 1
        bvalue += tok
    return bcount, bvalue


def _round_scores(hands, points, emptied: int, n: int, each: bool, pinks: bool) -> list[int]:
    """The scores after the round: every hand's points added, then the largest token of whoever emptied theirs
    (``emptied``; -1: nobody) returned."""
    for seat in range(n):
        points[seat] += hand_points_fast(hands[seat], each)
    if emptied >= 0:
        points[emptied] -= largest_token(points[emptied], pinks)
    return points


def simulate_round(rules: Rules, params: Params, hands, sizes, pile, top: int, active, n_active: int, cur: int,
                   points, bcount: int, bvalue: int, drama: bool, first: int | None, adjust,
                   erratic=None, rand=None, chooser=None, owner: int = -1) -> list[int]:
    """Play the round to its end from the given (mutable, private) position with the heuristic for every seat.

    ``first`` is the action code of the current player's first move (None: the heuristic's). ``pile`` must be
    in random order (cards are drawn from its end). ``adjust[seat]`` is each seat's score-situation quit
    adjustment. ``erratic[seat]`` true: that seat plays uniformly random legal moves (``rand()`` in [0, 1)), the
    model of a player seen to quit carelessly. ``chooser(hand, top, sizes, active, n_active, pile_size, drama)``,
    when given, is asked first for every move of seat ``owner`` (a search's tree policy; None: the heuristic's
    move). Returns the scores after the round, token return included.
    """
    party, drama_on, pinks, each, n, playable, follow_bonus, plus_bonus, cache = _rollout_constants(rules, params)
    action = first
    emptied = -1
    while True:
        p = cur
        h = hands[p]
        if action is None and p == owner and chooser is not None:
            action = chooser(h, top, sizes, active, n_active, len(pile), drama)
        if action is None and erratic is not None and erratic[p]:
            action = _random_action(h, top, drama, playable, bool(pile) and n_active > 1, rand)
        if action is None:
            if drama:
                action = LLAMA if h[LLAMA] else (PINK if h[PINK] else A_TAKE)
            else:
                key = (top, *h)
                t = cache.get(key)
                if t is None:
                    if len(cache) > 400_000:
                        cache.clear()
                    t = cache[key] = choose_play(h, top, party, each, follow_bonus, plus_bonus, playable)
                if t:
                    action = t
                elif n_active == 1 or not pile:
                    action = A_QUIT
                else:
                    thr = quit_threshold(params, sizes, active, p, len(pile), adjust[p])
                    action = A_QUIT if hand_points_fast(h, each) <= thr else A_DRAW
        if action > 0:
            t = action
            h[t] -= 1
            sizes[p] -= 1
            top = VALUE[t]
            llama = t == LLAMA or t == PINK
            if llama and drama_on:
                bcount, bvalue = _token_to_drama(points, p, pinks, bcount, bvalue)
            if sizes[p] == 0:
                emptied = p
                break
            if llama and drama_on and bcount >= _DRAMA_THRESHOLD:
                drama = True
            if 8 <= t <= 13:
                action = None
                continue  # plus card: the same player goes again
        elif action == A_DRAW:
            h[pile.pop()] += 1
            sizes[p] += 1
        elif action == A_QUIT:
            active[p] = False
            n_active -= 1
            if n_active == 0:
                break
        else:  # take the Drama board, then a normal turn
            points[p] += bvalue
            bcount = bvalue = 0
            drama = False
            action = None
            continue
        q = p + 1 if p + 1 < n else 0
        while not active[q]:
            q = q + 1 if q + 1 < n else 0
        cur = q
        action = None
    return _round_scores(hands, points, emptied, n, each, pinks)


# -- bots ----------------------------------------------------------------------------------------------------

def _returning_move(view: LamaView, moves: list[Move]) -> Move | None:
    """At a round's end, return the largest token (it is always the best: fewest points)."""
    if moves and moves[0].kind == "return":
        return max(moves, key=lambda m: int(m.args[0]))
    return None


class _LamaBot(Bot):
    def _context(self, view: LamaView):
        return Rules(view)

    def _legal(self, view: LamaView) -> tuple[list[Move], Move | None]:
        """The seat's legal moves, and the answer when the decision is trivial: the token to return at a round's
        end, or the only legal move (else ``None``)."""
        moves = view.legal_moves()
        if not moves:
            raise ValueError(f"the {self.level} bot was asked to move when it has no legal move")
        answer = _returning_move(view, moves)
        if answer is None and len(moves) == 1:
            answer = moves[0]
        return moves, answer

    def _heuristic_move(self, view: LamaView, moves: list[Move], threshold: float) -> Move:
        """The hand-written heuristic's move with this quit threshold (the last legal move if it is not legal)."""
        rules = self._context(view)
        h = view.hand
        code = heuristic_action(h, sum(h), view.top, rules.party, rules.each_llama, view.drama, DRAW in moves,
                                threshold, self.params)
        move = action_to_move(code)
        return move if move in moves else moves[-1]


class EasyBot(_LamaBot):
    """A beginner: plays whenever it can, otherwise draws with an expensive hand and quits with a cheap one."""

    level = "easy"
    params = Params(quit_base=7.0, quit_danger=0.0, quit_danger2=0.0, quit_low_pile=0.0, follow_bonus=0.0,
                    plus_bonus=3.0, score_aware=False)
    mistake_rate = 0.15

    def choose(self, view: LamaView) -> Move:
        moves, answer = self._legal(view)
        if answer is not None:
            return answer
        if self.rng.random() < self.mistake_rate:
            # a casual choice: any legal play, or else a draw; never a pointless quit with a playable card
            plays = [m for m in moves if m.kind == "play"]
            if plays:
                return self.rng.choice(plays)
        return self._heuristic_move(view, moves, self.params.quit_base)


class MediumBot(_LamaBot):
    """The hand-written heuristic (also the search's rollout policy)."""

    level = "medium"
    params = MEDIUM

    def choose(self, view: LamaView) -> Move:
        moves, answer = self._legal(view)
        if answer is not None:
            return answer
        me = view.seat
        thr = quit_threshold(self.params, view.hand_sizes, view.active, me, view.pile_size,
                             score_adjustment(view.scores, me, self.params))
        return self._heuristic_move(view, moves, thr)


class Decision:
    """What a search of one decision needs: the position seen from the seat, the candidate moves (action codes,
    the heuristic's first), the score-situation adjustments, the belief in careless opponents, the race model
    and a sampler of deals consistent with the view."""

    __slots__ = ("rules", "me", "scores", "sizes", "active", "n_active", "top", "drama",
                 "codes", "adjust", "believed", "rates", "mean_gain", "sd_gain", "bcount", "bvalue", "sample",
                 "params", "race")

    def __init__(self, view: LamaView, rules: Rules, codes, adjust, believed, rates, mean_gain, sd_gain,
                 bcount: int, bvalue: int, sample, params: Params = MEDIUM, race: RaceValues | None = None):
        self.rules, self.me = rules, view.seat
        self.scores, self.sizes, self.active = view.scores, view.hand_sizes, view.active
        self.n_active, self.top, self.drama = sum(self.active), view.top, view.drama
        self.codes, self.adjust, self.believed, self.rates = codes, adjust, believed, rates
        self.mean_gain, self.sd_gain, self.bcount, self.bvalue = mean_gain, sd_gain, bcount, bvalue
        self.sample, self.params, self.race = sample, params, race

    def rollout(self, hands, pile, first, adjust, erratic, rand, chooser=None) -> list[int]:
        """Play the round out from this position on a deal (private copies are made) and return the scores."""
        return simulate_round(self.rules, self.params, [x[:] for x in hands], self.sizes[:], pile[:], self.top,
                              self.active[:], self.n_active, self.me, self.scores[:], self.bcount, self.bvalue,
                              self.drama, first, adjust, erratic, rand, chooser, self.me)


class HardBot(_LamaBot):
    """Determinized Monte-Carlo search with heuristic rollouts and a whole-game evaluation.

    ``iterations`` determinizations per decision; on each one every candidate move is rolled out with the same
    deal and the same random stream. Trivial decisions (one legal move, the last card that empties the hand, the
    token to return) are answered without search.
    """

    level = "hard"
    params = MEDIUM
    iterations = 80
    inference_weight = 0.3   # likelihood of a deal in which a player drew although they could have played
    sample_tries = 8

    points_only = False      # evaluate by this seat's points only (an ablation: the game race is better)
    # other quit adjustments tried for our own later stuck turns against careless opponents (1000: quit when next
    # stuck, -1000: draw while possible); measured neutral (92.2% vs 92.4%, 1,000 games), so off: an ablation knob
    own_plans: tuple[float, ...] = ()
    plan_codes = (A_DRAW,)   # first moves that are also tried with those plans
    calibrated_gains = True  # per-seat round gains in the race evaluation (careless seats gain far more)
    default_margin = 1.0     # leave the heuristic's move only for a gain of more than this many standard errors
    calibrated_race = False  # value a round's end with search.race_win_chance (the advisor) instead of the product
    learned_race = True      # value a round's end with the race values learned from self-play (race_values.py)

    def __init__(self, seed: int = 0, iterations: int | None = None):
        super().__init__(seed)
        if iterations is not None:
            self.iterations = iterations
        self.rollouts = 0  # rollouts run so far (the budget's unit: iterations × candidate moves)
        # belief that each seat plays carelessly (at random), as log-odds, from the public moves seen this game
        self._log_odds: dict[int, float] = {}
        self._seen = (0, 0)  # (round, log entries already read)

    # Log-likelihood ratios (careless : sensible) of what a seat does. A careless player quits about a third of
    # its turns, whatever it holds; a sensible one quits only a cheap hand, which five cards almost never are.
    PRIOR_LOG_ODDS = -3.0               # at first 5% careless: most tables are careful (see docs/bots-lama.md)
    BIG_QUIT = math.log(0.8 / 0.02)     # quit holding 5 or more cards
    SMALL_QUIT = math.log(0.2 / 0.98)   # quit holding fewer
    NOT_QUIT = math.log(0.8)            # played or drew

    def _observe(self, view: LamaView) -> None:
        """Read the public moves not seen yet and update the belief about each opponent."""
        round_no, done = self._seen
        log = view.round_log
        if view.round_no != round_no:
            done = 0
        sizes = view.hand_sizes
        odds = self._log_odds
        for seat, move, _top in log[done:]:
            if seat == view.seat:
                continue
            if move.kind == "quit":
                delta = self.BIG_QUIT if sizes[seat] >= 5 else self.SMALL_QUIT
            elif move.kind in ("play", "draw"):
                delta = self.NOT_QUIT
            else:
                continue
            odds[seat] = min(12.0, max(-12.0, odds.get(seat, self.PRIOR_LOG_ODDS) + delta))
        self._seen = (view.round_no, len(log))

    def erratic_probability(self, seat: int) -> float:
        """Belief that ``seat`` plays at random (see ``_observe``)."""
        return 1.0 / (1.0 + math.exp(-self._log_odds.get(seat, self.PRIOR_LOG_ODDS)))

    # -- determinization ----------------------------------------------------------------------------------
    def _draw_constraints(self, view: LamaView, rules: Rules):
        """Per opponent, from their last draw this round: (forbidden card types, how many of them they played
        since). A player who drew when they could have played is unlikely (for a sensible player)."""
        log = view.round_log
        playable = PLAYABLE[rules.party]
        constraints = []
        seen = set()
        for index in range(len(log) - 1, -1, -1):
            seat, move, top_before = log[index]
            if seat == view.seat or seat in seen or move.kind != "draw":
                continue
            seen.add(seat)
            forbidden = playable[top_before]
            played_since = 0
            for later in log[index + 1:]:
                if later[0] == seat and later[1].kind == "play":
                    if CARD_TYPE[str(later[1].args[0])] in forbidden:
                        played_since += 1
            if played_since <= 1:
                constraints.append((seat, forbidden, played_since))
        return constraints

    def _sampler(self, view: LamaView, rules: Rules, rng: random.Random):
        me = view.seat
        unseen = view.unseen_cards()
        sizes = view.hand_sizes
        order = [q for q in range(rules.n) if q != me]
        constraints = [c for c in self._draw_constraints(view, rules) if self.erratic_probability(c[0]) < 0.5]
        own = view.hand
        weight = self.inference_weight
        tries = self.sample_tries
        rand = rng.random

        def deal():
            cards = unseen[:]
            cards.sort(key=lambda _t: rand())  # a uniform shuffle, much faster than random.shuffle
            hands = [None] * rules.n
            hands[me] = own[:]
            pos = 0
            for q in order:
                hand = [0] * NUM_TYPES
                for t in cards[pos:pos + sizes[q]]:
                    hand[t] += 1
                pos += sizes[q]
                hands[q] = hand
            return hands, cards[pos:]

        def sample():
            best = None
            for _ in range(tries):
                hands, pile = deal()
                violations = 0
                for seat, forbidden, played_since in constraints:
                    h = hands[seat]
                    if sum(h[t] for t in forbidden) + played_since > 1:
                        violations += 1
                if violations == 0:
                    return hands, pile
                if best is None or violations < best[0]:
                    best = (violations, hands, pile)
                if rng.random() < weight ** violations:
                    return hands, pile
            return best[1], best[2]

        return sample

    # -- decision -----------------------------------------------------------------------------------------
    def choose(self, view: LamaView) -> Move:
        decision = self.prepare(view)
        if isinstance(decision, Move):
            return decision
        return action_to_move(self.search(decision))

    def prepare(self, view: LamaView) -> "Move | Decision":
        """Answer a trivial decision at once (a Move), or gather what a search of this one needs (a Decision)."""
        moves, answer = self._legal(view)
        if answer is not None:
            return answer
        self._observe(view)
        if sum(view.hand) == 1:
            for m in moves:
                if m.kind == "play":
                    return m  # the last card: the round ends with 0 points and a token back
        codes = [move_to_action(m) for m in moves]
        plays = [c for c in codes if c > 0]
        if plays and not view.drama:
            # Playing a card never raises the hand's points and quitting stays possible next turn, so with a card
            # to play the only question is which one (drawing instead is not worth the search's budget).
            codes = plays
            if len(codes) == 1:
                return action_to_move(codes[0])
        return self.decision(view, codes, DRAW in moves)

    def decision(self, view: LamaView, codes: list[int], can_draw: bool) -> "Decision":
        """What a search over the action ``codes`` needs from this view (the heuristic's own choice is moved to
        the front: it wins ties). The hard bot's ``prepare`` and the advisor (``lama_desktop.advise``) both build
        their searches here."""
        me = view.seat
        h = view.hand
        rules = self._context(view)
        params = self.params
        scores = view.scores
        sizes = view.hand_sizes
        active = view.active
        adjust = [score_adjustment(scores, q, params) for q in range(rules.n)]
        codes = list(codes)
        default = heuristic_action(h, sum(h), view.top, rules.party, rules.each_llama, view.drama, can_draw,
                                   quit_threshold(params, sizes, active, me, view.pile_size, adjust[me]), params)
        if default in codes:
            codes.remove(default)
            codes.insert(0, default)
        believed = [self.erratic_probability(q) if q != me else 0.0 for q in range(rules.n)]
        rates = None
        if self.calibrated_gains and any(b > 0.5 for b in believed):
            # a seat believed careless gains about three times as many points per round as a careful one
            # (the fastest seat's rate, used when everyone is careful, is then a careless seat's rate)
            rates = ([ROUND_GAIN_MEAN + b * (CARELESS_GAIN_MEAN - ROUND_GAIN_MEAN) for b in believed],
                     [ROUND_GAIN_SD + b * (CARELESS_GAIN_SD - ROUND_GAIN_SD) for b in believed])
        mean_gain, sd_gain = self._gain_model(view)
        board = view.board
        return Decision(view, rules, codes, adjust, believed, rates, mean_gain, sd_gain,
                        board[0] + board[1] + board[2], board[0] + 10 * board[1] + 20 * board[2],
                        self._sampler(view, rules, self.rng), params, self._race_values(view, rules, believed))

    def _race_values(self, view: LamaView, rules: Rules, believed) -> RaceValues | None:
        """The learned race values for this table (None: the hand-written race model). They were learned from
        careful self-play without variants, so a table with Drama, Lama 20 or llamas worth 10 each, or one with a
        seat believed careless (whose rounds score three times as much), keeps the hand-written model."""
        if not self.learned_race or view.variants or any(b > 0.5 for b in believed):
            return None
        return race_values.for_game(RACE_TABLE[rules.party], rules.n)

    def evaluate_end(self, d: "Decision", final: list[int]) -> float:
        """The value of a round's end (scores after it) for this seat: the estimated chance of winning the game."""
        me = d.me
        if self.points_only:
            return -final[me]
        if d.race is not None:
            return d.race.value(final, me)
        if self.calibrated_race:  # the advisor: a probability, not just a ranking of moves
            if d.rates is not None:
                return race_win_chance(final, me, END_POINTS, d.rates[0], d.rates[1])
            n = len(final)
            return race_win_chance(final, me, END_POINTS, [d.mean_gain] * n, [d.sd_gain] * n)
        if d.rates is not None:
            return race_win_probability_rates(final, me, END_POINTS, d.rates[0], d.rates[1])
        return race_win_probability(final, me, END_POINTS, d.mean_gain, d.sd_gain)

    def search(self, d: "Decision") -> int:
        """Flat determinized search over ``d.codes`` (the first is the default); returns an action code."""
        best, _means = self.estimate(d, self.iterations)
        return best[0]

    def estimate(self, d: "Decision", iterations: int, on_final=None) -> tuple[tuple[int, float], list[float]]:
        """The search itself: ``iterations`` determinizations, every candidate rolled out on each; returns the
        chosen (action code, plan) and every candidate's mean estimated chance of winning the game (candidates
        in the order of ``d.codes``, then the plans). ``on_final(code, scores)``, when given, is told every
        rollout's scores at the round's end (the advisor's expected round points). The hard bot's ``search``
        and the advisor run exactly this code."""
        rng = self.rng
        me = d.me
        adjust, believed = d.adjust, d.believed
        sample = d.sample
        stream = random.Random()
        rand = stream.random
        # Candidates are (first move, our own quit adjustment for the rest of the round). Against careless
        # opponents the medium rule for our later decisions is not the best one (they soon all quit and leave
        # us alone), so a move is also tried with other plans for our later stuck turns.
        candidates = [(c, adjust[me]) for c in d.codes]
        if self.own_plans and any(b > 0.5 for b in believed):
            for plan in self.own_plans:
                for c in d.codes:
                    if c in self.plan_codes and plan != adjust[me]:
                        candidates.append((c, plan))

        def sample_with_types():
            hands, pile = sample()
            erratic = [rng.random() < b for b in believed]
            return hands, pile, (erratic if any(erratic) else None)

        def evaluate(det, candidate, seed):
            hands, pile, erratic = det  # the pile is already in random order: every move sees the same draws
            code, plan = candidate
            if erratic is not None:
                stream.seed(seed)
            self.rollouts += 1
            own_adjust = adjust
            if plan != adjust[me]:
                own_adjust = adjust[:]
                own_adjust[me] = plan
            final = d.rollout(hands, pile, code, own_adjust, erratic, rand)
            if on_final is not None:
                on_final(code, final)
            return self.evaluate_end(d, final)

        return determinized_root_search(candidates, sample_with_types, evaluate, iterations,
                                        lambda: rng.randrange(1 << 30), self.default_margin)

    # -- the advisor --------------------------------------------------------------------------------------
    #: the advisor's budget: determinizations per decision (the hard bot plays with ``iterations``, 80); every
    #: legal move is rolled out on each of them
    advisor_iterations = 600
    #: the advisor's opponents are sensible players (a 5% prior belief of carelessness, updated by this round's
    #: moves); the hard bot starts at 88% because it was tuned against random bots and learns over a whole game
    advisor_prior_log_odds = -3.0

    def advise(self, view: LamaView, iterations: int | None = None) -> list[Estimate]:
        """Every legal move of ``view.seat`` with its estimated chance of winning the game, its expected points
        this round and a reason, best first. The same search as ``choose`` (``decision`` + ``estimate``), over
        every legal move (the hard bot prunes draws and quits while it can play) with a larger budget."""
        moves = view.legal_moves()
        if not moves:
            raise ValueError("the advisor was asked about a seat that is not to move")
        self.PRIOR_LOG_ODDS = self.advisor_prior_log_odds
        self.calibrated_race = True
        self._observe(view)
        me = view.seat
        rules = self._context(view)
        hand = view.hand
        points_now = hand_points_fast(hand, rules.each_llama)
        scores = view.scores
        if moves[0].kind == "return":  # the round is scored: only the token to give back is left
            d = self.decision(view, [], False)
            out = []
            for m in moves:
                token = int(m.args[0])
                final = scores[:]
                final[me] -= token
                out.append(Estimate(m, self.evaluate_end(d, final), float(-token), "return_token", {"token": token}))
            return _best_first(out)
        codes = [move_to_action(m) for m in moves]
        d = self.decision(view, codes, DRAW in moves)
        gained = {c: 0.0 for c in d.codes}
        base = scores[me]

        def on_final(code, final):
            gained[code] += final[me] - base

        _best, means = self.estimate(d, iterations or self.advisor_iterations, on_final)
        n = max(1, iterations or self.advisor_iterations)
        out = []
        for code, win in zip(d.codes, means, strict=False):
            move = action_to_move(code)
            if code > 0:
                after = hand[:]
                after[code] -= 1
                reason, params = "play_hand", {"card": CARD_NAMES[code],
                                               "points": hand_points_fast(after, rules.each_llama)}
            elif code == A_DRAW:
                reason, params = "draw_hand", {"points": points_now}
            elif code == A_QUIT:
                reason, params = "quit_hand", {"points": points_now}
            else:
                board = view.board
                reason, params = "take_board", {"points": board[0] + 10 * board[1] + 20 * board[2]}
            out.append(Estimate(move, min(1.0, max(0.0, win)), gained[code] / n, reason, params))
        return _best_first(out)

    @staticmethod
    def _gain_model(view: LamaView) -> tuple[float, float]:
        """Points gained per round by the fastest-scoring seat so far (at least the medium-bot average)."""
        history = view.history
        mean_gain = ROUND_GAIN_MEAN
        if history:
            rounds = len(history)
            mean_gain = max(mean_gain, max(history[-1]) / rounds)
        return mean_gain, ROUND_GAIN_SD


#: the race values' table of a table: L.A.M.A.'s, or Party's (its own cards score differently)
RACE_TABLE = {False: "lama", True: "lama-party"}

#: level -> bot factory (the registry: lama_desktop/games/lama/__init__.py)
BOTS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}

__all__ = ["EasyBot", "MediumBot", "HardBot", "Params", "simulate_round", "hand_points_fast", "heuristic_action"]
