"""Bots for LAMA Dice (game id ``lama-dice``, with or without ``lama20``).

Levels:

- ``easy``: rolls while its row is worth more than a few points, discards every card it may, takes the cheapest
  card; now and then it quits a little early or late. A beginner's opponent.
- ``medium``: a hand-written heuristic. It knows how likely its row is to be matched (a table built once from
  the dice faces), and quits when its row is cheap, when a miss is likely, when the llama row is nearly gone (a
  blow-up is near) or when it is alone; it discards every card it may, takes the cheapest card and always
  returns its largest token.
- ``hard``: computes expectations over the **exact** dice distribution (the 216 outcomes merged into 72 by the
  values they show, then grouped by their effect on the row in question). It solves its own round as an
  expectimax over its next few turns — roll or quit; every discard choice and every take choice — with
  memoisation of (row, llama row, depth). Between its turns the round may end without it: that *hazard* is
  computed exactly from each opponent's open row and the llama row (the chance that the opponent empties the
  row, blows it or takes the last llama-row card with its roll). Three llamas and an emptied row are worth the
  token it would return (from its score and the variant). While no seat can reach 40 this round it minimises
  its expected points; once the round may end the game, every result is weighed by the estimated chance of
  winning the game instead (``game_cost``: decided now if the game ends, else a race to 40), so it takes risks
  when behind and plays safe when ahead. Depth 3 (2 for a row of five or more values); p95 well under 100 ms.
  The race to 40, what an opponent still in the round adds and how often it rolls come from a model fitted on
  self-play (``model.FittedModel``, data ``data/model.json``, written by ``fit_model``); the hand-set guesses it
  replaced (``GuessedModel``) are pinned by the frozen arena level ``hard-2026-11`` (``arena_bots``).

All bots see only a ``DiceView`` and are deterministic for a seed (no time budgets).
"""

from __future__ import annotations

import math

from lama_desktop.engine.core import Move
from lama_desktop.games.dice.model import FittedModel
from lama_desktop.games.dice.view import DiceView
from lama_desktop.games.dice.rules import (
    END_POINTS, KEEP, LABELS, LLAMA, MERGED_OUTCOMES, NUM_DICE, NV, POINTS, QUIT, RETURN, ROLL, TAKE, discard_counts,
    discard_options, returnable
)
from lama_desktop.bots.base import Bot, Estimate, best_first
from lama_desktop.bots.search import normal_cdf

INF = float("inf")

# -- tables built once from the dice data ----------------------------------------------------------------------
#: points of a row by the mask of values it holds (bit v = value index v)
MASK_POINTS = tuple(sum(POINTS[v] for v in range(NV) if m >> v & 1) for m in range(1 << NV))
#: probability that a roll shows at least one value of the mask, three llamas excluded
P_MATCH = tuple(
    sum(p for _f, p, counts, mask in MERGED_OUTCOMES if mask & m and counts[LLAMA] != NUM_DICE)
    for m in range(1 << NV)
)
P_THREE_LLAMAS = sum(p for _f, p, counts, _m in MERGED_OUTCOMES if counts[LLAMA] == NUM_DICE)
_TAKE_VALUE = {m: m.args[0] for m in TAKE}


def row_mask(row) -> int:
    m = 0
    for v in range(NV):
        if row[v]:
            m |= 1 << v
    return m


def best_return(moves) -> Move:
    """Returning a token only lowers one's score: the largest one held."""
    for d in (20, 10, 1):
        if RETURN[d] in moves:
            return RETURN[d]
    return KEEP


def token_value(score: int, lama20: bool) -> int:
    held = returnable(score, lama20)
    return held[0] if held else 0


def _take_index(move: Move) -> int:
    arg = move.args[0]
    return LLAMA if arg == "L" else int(arg) - 1


def _cheapest_take(moves) -> Move:
    return min(moves, key=lambda m: (POINTS[_take_index(m)], _take_index(m)))


class EasyDiceBot(Bot):
    """Rolls while the row is expensive, discards all it may, takes the cheapest card."""

    level = "easy"

    def choose(self, view: DiceView) -> Move:
        moves = view.legal_moves()
        phase = view.phase
        if phase == "turn":
            row = view.row_counts(view.seat)
            points = MASK_POINTS[row_mask(row)]
            threshold = 5 + self.rng.randrange(5)
            return ROLL if points > threshold else QUIT
        if phase == "discard":
            return moves[0]  # most cards first
        if phase == "take":
            return _cheapest_take(moves)
        return best_return(moves)


class MediumDiceBot(Bot):
    """A hand-written heuristic (see the module docstring)."""

    level = "medium"

    def choose(self, view: DiceView) -> Move:
        moves = view.legal_moves()
        phase = view.phase
        seat = view.seat
        row = view.row_counts(seat)
        if phase == "turn":
            return ROLL if self._wants_roll(view, row) else QUIT
        if phase == "discard":
            return moves[0]  # every card it may: the engine lists the biggest discard first
        if phase == "take":
            return _cheapest_take(moves)
        return best_return(moves)

    @staticmethod
    def _wants_roll(view: DiceView, row) -> bool:
        mask = row_mask(row)
        points = MASK_POINTS[mask]
        cards = sum(row)
        p_match = P_MATCH[mask]
        llama_left = sum(view.llama_row_counts())
        quit_flags = view.quit
        alone = all(quit_flags[s] for s in range(view.num_players) if s != view.seat)
        if points <= 2:
            return False
        if alone:
            # a miss blows it: roll only while the row is expensive and likely matched
            return p_match >= 0.75 and points >= 8 or p_match >= 0.9 and points >= 4
        if cards == 1 and p_match >= 0.3 and points >= 4:
            return True  # one lucky roll ends the round with no points
        if llama_left <= 2 and points <= 12 and p_match < 0.85:
            return False
        if points <= 5:
            return p_match >= 0.75
        if points <= 9:
            return p_match >= 0.5
        return True

# -- the exact round search ----------------------------------------------------------------------------------------
_GROUPS: dict = {}


def outcome_groups(row: tuple) -> tuple:
    """The roll's outcomes for ``row`` grouped by their effect: (p three llamas, [(p, caps)], [(p, mask)]).

    ``caps``: per value, how many cards the roll allows to discard; ``mask``: the values shown when nothing
    matches (the take or the blow-up depends on the llama row). Depends only on the row's counts capped at the
    number of dice, so it is cached across decisions (a pure function of the dice data).
    """
    key = tuple(c if c < NUM_DICE else NUM_DICE for c in row)
    groups = _GROUPS.get(key)
    if groups is not None:
        return groups
    p3 = 0.0
    match: dict = {}
    miss: dict = {}
    for _faces, p, counts, mask in MERGED_OUTCOMES:
        if counts[LLAMA] == NUM_DICE:
            p3 += p
            continue
        caps = tuple(counts[v] if counts[v] < key[v] else key[v] for v in range(NV))
        if any(caps):
            match[caps] = match.get(caps, 0.0) + p
        else:
            miss[mask] = miss.get(mask, 0.0) + p
    groups = (p3,
              tuple((p, tuple(discard_counts(m) for m in discard_options(caps))) for caps, p in match.items()),
              tuple(miss.items()))
    _GROUPS[key] = groups
    return groups


#: a round's result for the searching seat, ``x`` (points its row scores, negative for a returned token), is
#: looked up as ``cost[x + COST_OFFSET]``
COST_OFFSET = 20
COST_RANGE = range(-COST_OFFSET, MASK_POINTS[-1] + 1)
#: per-round points of a LAMA Dice player and their spread (measured over medium-bot games, 4 players)
ROUND_GAIN_MEAN = 6.2
ROUND_GAIN_SD = 5.0
#: share of its open row an opponent still in the round is expected to score, and the spread around it
OPPONENT_KEEP = 0.65
OPPONENT_SD = 3.0
POINTS_TIEBREAK = 1e-4


def points_cost() -> list:
    return [float(x) for x in COST_RANGE]


#: a discretised standard normal (nodes, weights) for integrating over one's own future gains
_Z_NODES = tuple(z / 2.0 for z in range(-7, 8))
_Z_WEIGHTS = tuple(w / sum(math.exp(-z * z / 2.0) for z in _Z_NODES)
                   for w in (math.exp(-z * z / 2.0) for z in _Z_NODES))


def race_win(totals, seat: int, gain_mean: float = ROUND_GAIN_MEAN, gain_sd: float = ROUND_GAIN_SD) -> float:
    """Chance that ``seat`` ends the race to 40 with the fewest points, every seat gaining independent normal
    points per round (``ROUND_GAIN_MEAN`` ± ``ROUND_GAIN_SD``) for as many rounds as the leader needs. The
    rivals are independent *given our own future gain*, which is integrated over (a plain product of pairwise
    chances would count our own luck once per rival)."""
    top = max(totals)
    rounds = max(1.0, (END_POINTS - top) / gain_mean)
    sd = gain_sd * math.sqrt(rounds)
    mine = totals[seat]
    others = [t for s, t in enumerate(totals) if s != seat]
    total = 0.0
    for z, weight in zip(_Z_NODES, _Z_WEIGHTS, strict=False):
        me = mine + z * sd
        p = weight
        for t in others:
            p *= normal_cdf((t - me) / sd)
        total += p
    return total


def game_may_end(view: DiceView) -> bool:
    """Whether this round can end the game: some seat could reach 40 (a row still in the round could grow by
    the whole llama row)."""
    llama = row_mask(view.llama_row_counts())
    scores = view.scores
    quit_flags = view.quit
    for s in range(view.num_players):
        mask = row_mask(view.row_counts(s))
        worst = MASK_POINTS[mask] if quit_flags[s] else MASK_POINTS[mask | llama]
        if scores[s] + worst >= END_POINTS:
            return True
    return False


class GuessedModel:
    """The game's model as first written (November 2026), by hand: each seat gains normal points per round
    (``gain_mean`` ± ``gain_sd``), an opponent still in the round scores ``keep`` of its open row ± ``keep_sd``
    and rolls with probability ``roll``. Every knob is an argument, so a frozen level can pin them."""

    def __init__(self, gain_mean: float = ROUND_GAIN_MEAN, gain_sd: float = ROUND_GAIN_SD,
                 keep: float = OPPONENT_KEEP, keep_sd: float = OPPONENT_SD, roll: float = 0.8):
        self.gain_mean, self.gain_sd, self.keep, self.keep_sd, self.roll = gain_mean, gain_sd, keep, keep_sd, roll

    def roll_probability(self, points: int) -> float:
        """How likely an opponent with an open row of ``points`` rolls rather than quits (weighs the hazard)."""
        return self.roll

    def opponent(self, points: int) -> tuple[float, float]:
        """An opponent still in with an open row of ``points``: its expected gain this round and the spread."""
        return self.keep * points, self.keep_sd

    def race(self, totals, seat: int) -> float:
        return race_win(totals, seat, self.gain_mean, self.gain_sd)


GUESSED = GuessedModel()
#: the model ``hard`` uses: fitted from self-play, shipped as data (``data/model.json``)
FITTED = FittedModel.load()


def game_cost(view: DiceView, tiebreak: float = POINTS_TIEBREAK, model=GUESSED) -> list:
    """Cost (minus the estimated chance of winning the game, plus a tiny points tie-break) of each result ``x``.

    The opponents' totals are their scores plus their rows' points if they quit, or an expected share of them
    if they are still in. If the round's end would end the game, the win is decided now: each opponent is
    beaten with a normal tail around its estimate. Otherwise the race to 40 is estimated with
    ``race_win`` (per-round gains measured for this game).
    """
    seat = view.seat
    scores = view.scores
    quit_flags = view.quit
    totals, spreads = [], []
    for s in range(view.num_players):
        if s == seat:
            totals.append(0.0)
            spreads.append(0.0)
            continue
        pts = MASK_POINTS[row_mask(view.row_counts(s))]
        if quit_flags[s]:
            totals.append(scores[s] + pts)
            spreads.append(0.5)
        else:
            gain, spread = model.opponent(pts)
            totals.append(scores[s] + gain)
            spreads.append(spread)
    top_other = max(t for s, t in enumerate(totals) if s != seat)
    cost = []
    for x in COST_RANGE:
        mine = max(0, scores[seat] + x)
        totals[seat] = mine
        if mine >= END_POINTS or top_other >= END_POINTS:
            w = 1.0
            for s in range(view.num_players):
                if s != seat:
                    w *= normal_cdf((totals[s] - mine) / spreads[s])
        else:
            w = model.race(totals, seat)
        cost.append(-w + tiebreak * x)
    return cost


_ROW_INFO: dict = {}
_BITS = tuple(tuple(v for v in range(NV) if m >> v & 1) for m in range(1 << NV))


def row_info(row: tuple) -> tuple:
    """Everything the search needs about a row, cached (a pure function of the row and the dice data):
    (mask, p three llamas, [(p, children after each allowed discard; None = emptied)], [(values shown, p)],
    per value: (row with that card taken, its mask))."""
    info = _ROW_INFO.get(row)
    if info is None:
        p3, match, miss = outcome_groups(row)
        cards = sum(row)
        groups = []
        for p, options in match:
            children = []
            for d in options:
                if sum(d) == cards:
                    children.append(None)
                else:
                    child = tuple(row[v] - d[v] for v in range(NV))
                    children.append((child, row_mask(child)))
            groups.append((p, tuple(children)))
        adds = []
        for v in range(NV):
            child = list(row)
            child[v] += 1
            child = tuple(child)
            adds.append((child, row_mask(child)))
        info = (row_mask(row), p3, tuple(groups), miss, tuple(adds))
        _ROW_INFO[row] = info
    return info


class RoundSearch:
    """Expectimax of one seat's round over the exact dice distribution; values are costs (lower is better).

    ``value(row, llama, k)``: at the start of the seat's turn with ``k`` more rolls of look-ahead (0: it quits);
    ``cont``: after its action, before its next turn, the round ends without it with probability ``hazard``.
    """

    def __init__(self, row, llama_mask: int, hazard: float, solo: bool, token_triple: int, token_empty: int,
                 depth: int, cost: list | None = None):
        self.row = tuple(row)
        self.llama = llama_mask
        self.hazard = hazard
        self.solo = solo
        self.token_triple = token_triple
        self.token_empty = token_empty
        self.memo: dict = {}
        self.depth = depth
        self.cost = cost if cost is not None else points_cost()
        #: cost of having a row with these values scored
        self.mask_cost = tuple(self.cost[MASK_POINTS[m] + COST_OFFSET] for m in range(1 << NV))

    @classmethod
    def from_view(cls, view: DiceView, depth: int, game_aware: bool = True, cost: list | None = None,
                  model=GUESSED) -> "RoundSearch":
        """The search of ``view.seat``'s round; its costs are ``cost`` when given (the advisor's chance to win),
        else the game-aware cost when this round may end the game, else the round's points."""
        seat = view.seat
        row = view.row_counts(seat)
        llama_mask = row_mask(view.llama_row_counts())
        quit_flags = view.quit
        opponents = [s for s in range(view.num_players) if s != seat and not quit_flags[s]]
        survive = 1.0
        for s in opponents:
            row_s = view.row_counts(s)
            survive *= 1.0 - model.roll_probability(MASK_POINTS[row_mask(row_s)]) * round_end_chance(row_s, llama_mask)
        tok = token_value(view.scores[seat], view.lama20)
        if cost is None and game_aware and game_may_end(view):
            cost = game_cost(view, model=model)
        search = cls(row, llama_mask, 1.0 - survive, not opponents, tok, tok, depth, cost)
        if sum(1 for c in row if c) >= 5 and depth > 2:
            search.depth = depth - 1  # a wide row: one roll less of look-ahead keeps the decision fast
        return search

    def move_cost(self, move: Move, phase: str) -> float:
        """The cost of one legal ``move`` of this seat in ``phase`` (``turn``, ``discard``, ``take``, ``return``),
        lower is better: the hard bot's choice and the advisor's estimates both come from here."""
        row, llama, k = self.row, self.llama, self.depth
        if phase == "turn":
            return self.q_roll(row, llama, k) if move == ROLL else self.quit_value(row)
        if phase == "discard":
            return self.after_discard(row, discard_counts(move), llama, k)
        if phase == "take":
            return self.after_take(row, _take_index(move), llama, k)
        token = int(move.args[0]) if move.kind == "return" else 0  # an emptied row ends the round, 3 llamas don't
        if not any(row):
            return self.cost[COST_OFFSET - token]
        here = MASK_POINTS[row_mask(row)] + COST_OFFSET
        return self.value(row, row_mask(row), llama, k) + self.cost[here - token] - self.cost[here]

    def quit_value(self, row: tuple) -> float:
        return self.mask_cost[row_mask(row)]

    def value(self, row: tuple, mask: int, llama: int, k: int) -> float:
        quit_cost = self.mask_cost[mask]
        if k <= 0:
            return quit_cost
        key = (row, llama, k)
        v = self.memo.get(key)
        if v is None:
            q = self.q_roll(row, llama, k)
            v = q if q < quit_cost else quit_cost
            self.memo[key] = v
        return v

    def cont(self, row: tuple, mask: int, llama: int, k: int) -> float:
        scored = self.mask_cost[mask]
        if k <= 1:
            return scored
        h = self.hazard
        return h * scored + (1.0 - h) * self.value(row, mask, llama, k - 1)

    def q_roll(self, row: tuple, llama: int, k: int) -> float:
        cost = self.cost
        mask_cost = self.mask_cost
        rmask, p3, match, miss, adds = row_info(row)
        here = MASK_POINTS[rmask] + COST_OFFSET
        cont = self.cont
        # three llamas: a token back (its worth measured where the row stands now), then go on
        total = p3 * (cont(row, rmask, llama, k) + cost[here - self.token_triple] - cost[here])
        emptied = cost[COST_OFFSET - self.token_empty]
        for p, children in match:
            best = INF
            for child in children:
                val = emptied if child is None else cont(child[0], child[1], llama, k)
                if val < best:
                    best = val
            total += p * best
        blow = mask_cost[rmask | llama]
        solo = self.solo
        for shown, p in miss:
            takeable = shown & llama
            if solo or not takeable:
                total += p * blow
                continue
            best = INF
            for v in _BITS[takeable]:
                rest = llama & ~(1 << v)
                child, cmask = adds[v]
                val = cont(child, cmask, rest, k) if rest else mask_cost[cmask]
                if val < best:
                    best = val
            total += p * best
        return total

    def after_discard(self, row, d, llama: int, k: int) -> float:
        new = tuple(row[v] - d[v] for v in range(NV))
        if not any(new):
            return self.cost[COST_OFFSET - self.token_empty]
        return self.cont(new, row_mask(new), llama, k)

    def after_take(self, row, v: int, llama: int, k: int) -> float:
        child, cmask = row_info(tuple(row))[4][v]
        rest = llama & ~(1 << v)
        if not rest:
            return self.mask_cost[cmask]  # the last card: the round ends
        return self.cont(child, cmask, rest, k)


_END_CHANCE: dict = {}


def round_end_chance(row, llama_mask: int) -> float:
    """Exact chance that a player with ``row`` ends the round with one roll: empties the row (assuming they
    discard all they can), blows it, or must take the last llama-row card."""
    key = (tuple(row), llama_mask)
    chance = _END_CHANCE.get(key)
    if chance is not None:
        return chance
    cards = sum(row)
    rmask = row_mask(row)
    last_card = llama_mask & (llama_mask - 1) == 0
    chance = 0.0
    for _f, p, counts, mask in MERGED_OUTCOMES:
        if counts[LLAMA] == NUM_DICE:
            continue
        if mask & rmask:
            if sum(min(counts[v], row[v]) for v in range(NV)) == cards:
                chance += p
        elif not mask & llama_mask or last_card:
            chance += p
    _END_CHANCE[key] = chance
    return chance


class HardDiceBot(Bot):
    """Exact expectimax over the dice distribution for its own round, weighed by the game's score situation."""

    level = "hard"
    #: the model the search's costs rest on (the race to 40, the opponents), fitted from self-play
    #: (``model.FittedModel``); a class attribute, so a frozen level pins its own
    model = FITTED

    def __init__(self, seed: int = 0, depth: int = 3, game_aware: bool = True):
        super().__init__(seed)
        self.depth = depth
        self.game_aware = game_aware

    def choose(self, view: DiceView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        phase = view.phase
        if phase == "return":
            return best_return(moves)
        search = RoundSearch.from_view(view, self.depth, self.game_aware, model=self.model)
        if phase == "turn":
            quit_value = search.move_cost(QUIT, phase)
            roll_value = search.move_cost(ROLL, phase)
            return ROLL if roll_value < quit_value - 1e-12 else QUIT
        best, best_value = moves[0], INF
        for move in moves:  # discard or take
            value = search.move_cost(move, phase)
            if value < best_value - 1e-12:
                best, best_value = move, value
        return best


    # -- the advisor --------------------------------------------------------------------------------------
    #: the advisor looks this many of its own rolls ahead (the hard bot: 3, 2 with a wide row)
    advisor_depth = 4

    def advise(self, view: DiceView, depth: int | None = None) -> list[Estimate]:
        """Every legal move of ``view.seat`` with its estimated chance of winning the game, its expected points
        this round and a reason, best first. The same per-move evaluation as ``choose``
        (``RoundSearch.move_cost``), one roll deeper: once weighed by the chance to win the game (always, where
        the hard bot does it only when the round can end the game) and once by the round's points."""
        moves = view.legal_moves()
        if not moves:
            raise ValueError("the advisor was asked about a seat that is not to move")
        depth = depth or self.advisor_depth
        phase = view.phase
        game = RoundSearch.from_view(view, depth, cost=game_cost(view, 0.0, self.model), model=self.model)
        points = RoundSearch.from_view(view, depth, False, model=self.model)
        row = view.row_counts(view.seat)
        now = MASK_POINTS[row_mask(row)]
        out = []
        for move in moves:
            win = -game.move_cost(move, phase)
            expected = points.move_cost(move, phase)
            if move == ROLL:
                reason, params = "roll_row", {"points": now, "chance": round(100 * P_MATCH[row_mask(row)])}
            elif move == QUIT:
                reason, params = "quit_row", {"points": now}
            elif phase == "discard":
                left = tuple(row[v] - c for v, c in enumerate(discard_counts(move)))
                reason, params = "discard_row", {"points": MASK_POINTS[row_mask(left)]}
            elif phase == "take":
                v = _take_index(move)
                grown = list(row)
                grown[v] += 1
                reason, params = "take_row", {"card": str(LABELS[v]), "points": MASK_POINTS[row_mask(grown)]}
            elif move.kind == "return":
                reason, params = "return_token", {"token": int(move.args[0])}
            else:
                reason, params = "keep_token", {}
            out.append(Estimate(move, min(1.0, max(0.0, win)), expected, reason, params))
        return best_first(out)


#: level -> bot factory (the registry: lama_desktop/games/dice/__init__.py)
BOTS = {
    "easy": EasyDiceBot,
    "medium": MediumDiceBot,
    "hard": HardDiceBot,
}
