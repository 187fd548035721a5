"""Bots for LAMA Dice (game id ``lama-dice``, with or without ``lama20``).

Levels:

- ``easy``: rolls while its row is worth more than a few points, discards every card it may, takes the cheapest
  card; now and then it quits a little early or late. A beginner's opponent.
- ``medium``: a hand-written heuristic. It knows how likely its row is to be matched (a table built once from
  the dice faces), and quits when its row is cheap, when a miss is likely, when the llama row is nearly gone (a
  blow-up is near) or when it is alone; it keeps a llama when the rest of its row is cheap to keep matched,
  takes the cheapest card (a llama only when the numbers cost more), and always returns its largest token.
- ``hard``: computes expectations over the **exact** dice distribution (the 216 outcomes merged into 72 by the
  values they show, then grouped by their effect on the row in question). It solves its own round as an
  expectimax over its next few turns — roll or quit; every discard choice and every take choice — with
  memoisation of (row, llama row, depth). Between its turns the round may end without it: that *hazard* is
  computed exactly from each opponent's open row and the llama row (the chance that the opponent empties the
  row, blows it or takes the last llama-row card with its roll). Three llamas and an emptied row are worth the
  token it would return (from its score and the variant). The points are finally weighed by the game situation:
  near the end of the game it takes or avoids risk according to whether it leads (``_game_risk_weight``).

All bots see only a ``DiceView`` and are deterministic for a seed (no time budgets).
"""

from __future__ import annotations

from ..engine.core import Move
from ..engine.dice import (
    END_POINTS,
    KEEP,
    LLAMA,
    MERGED_OUTCOMES,
    NUM_DICE,
    NV,
    POINTS,
    QUIT,
    RETURN,
    ROLL,
    TAKE,
    DiceView,
    discard_counts,
    discard_options,
    returnable,
)
from . import register_bots
from .base import Bot

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
            return self._discard(moves, row)
        if phase == "take":
            # the cheapest card, but a llama over a 6 or 5 is not worth its 10 points
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

    @staticmethod
    def _discard(moves, row) -> Move:
        # every card allowed, except: keep one llama while it is the row's only way to be matched cheaply
        best = moves[0]
        k = discard_counts(best)
        if k[LLAMA] and k[LLAMA] == row[LLAMA] and sum(row) > sum(k):
            rest = [row[v] - k[v] for v in range(NV)]
            if MASK_POINTS[row_mask(rest)] <= 6:
                # the rest is cheap: drop the llama (10 points) anyway
                return best
        return best


class HardDiceBot(Bot):
    """Exact expectimax over the dice distribution for its own round, with the opponents' hazard."""

    level = "hard"

    def __init__(self, seed: int = 0, depth: int = 3, max_nodes: int = 2500):
        super().__init__(seed)
        self.depth = depth
        self.max_nodes = max_nodes

    def choose(self, view: DiceView) -> Move:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        phase = view.phase
        if phase == "return":
            return best_return(moves)
        search = RoundSearch.from_view(view, self.depth, self.max_nodes)
        row = search.row
        llama = search.llama
        if phase == "turn":
            quit_value = MASK_POINTS[row_mask(row)]
            roll_value = search.q_roll(row, llama, search.depth)
            return ROLL if roll_value < quit_value - 1e-9 else QUIT
        k = search.depth
        best, best_value = moves[0], INF
        if phase == "discard":
            for move in moves:
                d = discard_counts(move)
                value = search.after_discard(row, d, llama, k)
                if value < best_value - 1e-9:
                    best, best_value = move, value
            return best
        # take
        for move in moves:
            value = search.after_take(row, _take_index(move), llama, k)
            if value < best_value - 1e-9:
                best, best_value = move, value
        return best


# -- the exact round search ----------------------------------------------------------------------------------------
_GROUPS: dict = {}


def outcome_groups(row: tuple) -> tuple:
    """The roll's outcomes for ``row`` grouped by their effect: (p three llamas, [(p, caps)], [(p, mask)]).

    ``caps``: per value, how many cards the roll allows to discard; ``mask``: the values shown when nothing
    matches (the take or the blow-up depends on the llama row). Depends only on the row's counts capped at the
    number of dice that can show a value, so it is cached across decisions.
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


class RoundSearch:
    """Expectimax of one seat's round: values are expected penalty points (lower is better)."""

    def __init__(self, row, llama_mask: int, hazard: float, solo: bool, token_triple: float, token_empty: float,
                 depth: int, max_nodes: int = 2500):
        self.row = tuple(row)
        self.llama = llama_mask
        self.hazard = hazard
        self.solo = solo
        self.token_triple = token_triple
        self.token_empty = token_empty
        self.memo: dict = {}
        self.depth = depth
        self.max_nodes = max_nodes

    @classmethod
    def from_view(cls, view: DiceView, depth: int, max_nodes: int) -> "RoundSearch":
        seat = view.seat
        row = view.row_counts(seat)
        llama = view.llama_row_counts()
        llama_mask = row_mask(llama)
        quit_flags = view.quit
        opponents = [s for s in range(view.num_players) if s != seat and not quit_flags[s]]
        solo = not opponents
        survive = 1.0
        for s in opponents:
            survive *= 1.0 - ROLL_PROBABILITY * round_end_chance(view.row_counts(s), llama_mask)
        scores = view.scores
        tok = token_value(scores[seat], view.lama20)
        search = cls(row, llama_mask, 1.0 - survive, solo, tok, tok, depth, max_nodes)
        # a big row needs a shallower look (the tree grows with the number of distinct values)
        distinct = sum(1 for c in row if c)
        if distinct >= 5 and depth > 2:
            search.depth = depth - 1
        return search

    def value(self, row: tuple, llama: int, k: int) -> float:
        """Value at the start of this seat's turn with ``k`` rolls of look-ahead left (0: quit now)."""
        points = MASK_POINTS[row_mask(row)]
        if k <= 0:
            return points
        key = (row, llama, k)
        v = self.memo.get(key)
        if v is None:
            q = self.q_roll(row, llama, k)
            v = q if q < points else points
            self.memo[key] = v
        return v

    def cont(self, row: tuple, llama: int, k: int) -> float:
        """After this seat's action, before its next turn: the round may end (hazard) with this row scored."""
        h = self.hazard
        points = MASK_POINTS[row_mask(row)]
        if k <= 1:
            return points
        return h * points + (1.0 - h) * self.value(row, llama, k - 1)

    def q_roll(self, row: tuple, llama: int, k: int) -> float:
        p3, match, miss = outcome_groups(row)
        rmask = row_mask(row)
        total = p3 * (self.cont(row, llama, k) - self.token_triple)
        cards = sum(row)
        for p, options in match:
            best = INF
            for d in options:
                if sum(d) == cards:
                    val = -self.token_empty
                else:
                    val = self.cont(tuple(row[v] - d[v] for v in range(NV)), llama, k)
                if val < best:
                    best = val
            total += p * best
        blow = MASK_POINTS[rmask | llama]
        solo = self.solo
        for mask, p in miss:
            takeable = mask & llama
            if solo or not takeable:
                total += p * blow
                continue
            best = INF
            for v in range(NV):
                if takeable >> v & 1:
                    val = self.after_take(row, v, llama, k)
                    if val < best:
                        best = val
            total += p * best
        return total

    def after_discard(self, row, d, llama: int, k: int) -> float:
        new = tuple(row[v] - d[v] for v in range(NV))
        if not any(new):
            return -self.token_empty
        return self.cont(new, llama, k)

    def after_take(self, row, v: int, llama: int, k: int) -> float:
        new = list(row)
        new[v] += 1
        new = tuple(new)
        rest = llama & ~(1 << v)
        if not rest:
            return MASK_POINTS[row_mask(new)]  # the last card: the round ends
        return self.cont(new, rest, k)


#: how likely an opponent is to roll rather than quit (used only to weigh the hazard)
ROLL_PROBABILITY = 0.8
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


register_bots("lama-dice", {
    "easy": EasyDiceBot,
    "medium": MediumDiceBot,
    "hard": HardDiceBot,
})
