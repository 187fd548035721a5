"""Llama Land bots: ``easy``, ``medium`` (scores every legal placement), ``hard`` (looks ahead by simulation).

All of them read only the seat's view (open information: only stack and deck orders are hidden) and use the
engine's helpers: ``compact_placements()`` (every legal placement with the icons it covers), ``legal_moves()``,
``must_feed()``; ``hard`` simulates on ``view.sample_state(rng)`` (hidden orders dealt again).

Policy (``Policy``), shared by the levels, tuned by weights:
- place: score each placement. A build is worth what it covers (crops valued by how close they bring a feeding
  and by the card on top of their column; coins; huts as characters) plus the character bonuses it triggers; an
  extend is worth a little area plus the best objective marker it unlocks.
- huts: take the character worth most to this player (row, or the deck's top at the average value);
- feed whenever possible (the highest card, paying with coins only where needed); use traders and merchants when
  that makes a feeding possible; put the llama where it helps the objectives holding this player's markers;
- markers on the objective with the best points times an estimated chance of meeting it.
"""

from __future__ import annotations

import random

from lama_desktop.engine.core import Move
from lama_desktop.games.llama_land.engine.data import CACAO, COIN, CORN, HUT, NEIGHBOURS, NONE, POTATO, dec, enc, load
from lama_desktop.games.llama_land.engine.state import CHARS, HUT_PHASE, LLAMA_PHASE, PLACE
from lama_desktop.bots.base import Bot, Estimate, best_first
from lama_desktop.bots.search import normal_cdf

D = load()
END = Move("end")

CHAR_VALUE = {"merchant": 2.2, "trader": 1.6, "farmer": 1.8, "settler": 1.6, "miner": 1.6, "worker": 1.4}
LEVEL_OBJECTIVES = {"lowlands": 1, "plains": 2, "hills": 3, "mountains": 4, "summit": 5}


class Policy:
    """A greedy turn policy over a view or a state (both expose the same public attributes)."""

    def __init__(self, rng: random.Random, noise: float = 0.0, marker_bias: float = 1.0, crop_weight: float = 1.0,
                 foundation_cost: float | None = 4.0):
        self.rng = rng
        self.foundation_cost = foundation_cost
        self.noise = noise
        self.marker_bias = marker_bias
        self.crop_weight = crop_weight

    # -- valuation helpers -------------------------------------------------------------------------------------
    def crop_values(self, g, p, marks=()) -> list[float]:
        """What one more crop of each kind is worth now (1 point at the end, more when it brings a card)."""
        out = []
        special = [name in marks for name in ("corn_specialist", "cacao_specialist", "potato_specialist")]
        for k in range(3):
            col = g.columns[k]
            if not col:
                out.append(1.0)
                continue
            top = col[-1]
            have = p.crops[k]
            # the nearer a feeding, the more the next crop is worth
            share = (top - 4) / 4.0
            closeness = 0.6 + 0.15 * min(have, 4)
            out.append((1.0 + share * closeness + (0.4 if special[k] else 0.0)) * self.crop_weight)
        return out

    def objective_marks(self, g, seat) -> dict[str, int]:
        """Objectives carrying this seat's marker -> space index."""
        marks = {}
        for i, oid in enumerate(g.objectives):
            spaces = g.markers[i]
            if seat in spaces:
                marks[oid] = spaces.index(seat)
        return marks

    def chance(self, g, p, oid: str) -> float:
        """A rough chance of meeting an objective by the end, from what the player already has."""
        obj = D.objective(oid)
        llamas = len(p.llamas)
        if obj.colour == "gold":
            return 0.5
        params = obj.params
        rule = obj.rule
        if rule == "llama_cards_of":
            k = ("corn", "cacao", "potato").index(params["crop"])
            have = sum(1 for kind, _ in p.cards if kind == k)
            if have + len(g.columns[k]) < params["count"]:
                return 0.0
            return min(1.0, 0.2 + have * 0.2)
        if rule == "llama_cards_each":
            have = [0, 0, 0]
            for kind, _ in p.cards:
                have[kind] += 1
            return min(1.0, 0.35 + sum(min(h, 2) for h in have) * 0.1)
        if rule == "coins":
            return min(1.0, 0.15 + p.coins * 0.12)
        if rule == "characters":
            return min(1.0, 0.3 + len(p.chars) * 0.15)
        if rule == "llamas_on_level":
            level = params["level"]
            on = sum(1 for lv in p.llamas.values() if lv == level)
            base = {1: 0.55, 2: 0.4, 3: 0.3, 4: 0.15, 5: 0.08}.get(level, 0.05)
            return min(1.0, base + on / params["count"] * 0.5)
        if rule == "llama_levels":
            return min(1.0, 0.15 + len(set(p.llamas.values())) * 0.2)
        if rule in ("herd", "road"):
            return min(1.0, 0.45 + llamas * 0.08)
        if rule == "outposts":
            return 0.5
        if rule == "farms":
            return min(1.0, 0.2 + llamas * 0.06)
        return 0.3

    def marker_value(self, g, seat, p) -> tuple[float, Move | None]:
        """The best marker step available after an extend (value, move): a marker from the reserve onto a card,
        or (RULINGS §4) one of this seat's markers moved to a better free space of any card, its own included;
        a move is worth what the new space is worth less what the old one was."""
        if not g.objectives:
            return 0.0, None
        worth = {}  # card -> (space, expected points) of this seat's markers
        for i, oid in enumerate(g.objectives):
            spaces = g.markers[i]
            if seat in spaces:
                obj = D.objective(oid)
                sp = spaces.index(seat)
                points = obj.spaces[sp] if obj.colour != "gold" else obj.spaces[1]
                worth[i] = (sp, points * self.chance(g, p, oid))
        weakest = min(worth, key=lambda i: worth[i][1]) if worth else None
        best, best_move = 0.0, None
        for i, oid in enumerate(g.objectives):
            spaces = g.markers[i]
            obj = D.objective(oid)
            free = [sp for sp in range(3) if spaces[sp] < 0 and not (g.num_players == 2 and sp == 1)]
            if not free:
                continue
            space = free[0]
            if i in worth:  # up its own card (gold cards rank by measure: their spaces only break ties)
                if obj.colour == "gold" or space > worth[i][0]:
                    continue
                value = (obj.spaces[space] - obj.spaces[worth[i][0]]) * self.chance(g, p, oid)
                move = Move("marker", (i, space, i))
            else:
                value = obj.spaces[space] if obj.colour != "gold" else obj.spaces[min(2, sum(1 for s in spaces
                                                                                           if s >= 0))]
                value *= self.chance(g, p, oid)
                if p.markers > 0:
                    move = Move("marker", (i, space))
                elif weakest is not None:
                    value -= worth[weakest][1]
                    move = Move("marker", (i, space, weakest))
                else:
                    continue
            if value > best:
                best, best_move = value, move
        return best * self.marker_bias, best_move

    # -- placements ----------------------------------------------------------------------------------------------
    def score_placements(self, g, seat):
        p = g.players[seat]
        entries = g.compact_placements()
        if not entries:
            return []
        marks = self.objective_marks(g, seat)
        cv = self.crop_values(g, p, marks)
        coin_v = (1.0 if ("wealth" in marks or "wealth_master" in marks) else 0.6) if g.supply_coins else 0.0
        hut_v = 2.0 if (g.row or g.deck_size) else 0.0
        sup = g.supply_crops
        passives = [CHARS[c] for c in p.chars]
        level_marks = {LEVEL_OBJECTIVES[o] for o in marks if o in LEVEL_OBJECTIVES}
        marker_v, _ = self.marker_value(g, seat, p)
        heights = p.heights
        noise = self.noise
        rand = self.rng.random
        feed_now = self._feedable(g, p.crops, p.coins)
        scored = []
        for entry in entries:
            move, kind, shape, oi, origin, cells, covered = entry
            if kind == "build":
                n = [0, 0, 0, 0, 0, 0]
                for icon in covered:
                    n[icon] += 1
                value = self._icon_gain(n, cv, coin_v, hut_v, sup, passives)
                if not feed_now:
                    crops = p.crops
                    after = [crops[0] + n[CORN], crops[1] + n[CACAO], crops[2] + n[POTATO]]
                    if self._feedable(g, after, p.coins + n[COIN]):
                        value += 1.5
                level = heights[cells[0]] + 1
                if level in level_marks:
                    value += 0.6
                value -= 0.15 * n[NONE]
            else:
                contacts = 0
                for c in cells:
                    for step in NEIGHBOURS:
                        if c + step in heights:
                            contacts += 1
                value = 0.35 + 0.08 * contacts + marker_v
            if noise:
                value += noise * rand()
            else:
                value += 1e-6 * rand()
            scored.append((value, entry))
        scored.sort(key=lambda item: item[0], reverse=True)
        return scored

    @staticmethod
    def _icon_gain(n, cv, coin_v, hut_v, sup, passives) -> float:
        """Value of covering icons counted in ``n`` (by icon code), with the character bonuses they trigger."""
        value = (min(n[CORN], sup[0]) * cv[0] + min(n[CACAO], sup[1]) * cv[1]
                 + min(n[POTATO], sup[2]) * cv[2] + n[COIN] * coin_v + n[HUT] * hut_v)
        for ch in passives:
            t = ch.type
            if t == "farmer":
                if n[ch.crops[0] + 1] >= 2:
                    value += cv[ch.crops[0]]
            elif t == "settler":
                if n[CORN] and n[CACAO] and n[POTATO]:
                    value += 2 * coin_v
            elif t == "miner":
                if n[COIN]:
                    value += coin_v
            elif t == "worker":
                if n[HUT]:
                    value += coin_v
        return value

    def foundation_step(self, g, seat, best_plain: float):
        """A foundation worth placing now: the first cell of the best build that foundations make possible, when
        it beats the best plain placement (each foundation costs a point of value: there are only three)."""
        p = g.players[seat]
        if p.foundations <= 0 or self.foundation_cost is None:
            return None
        placed = {enc(x, y) for x, y in g.turn_foundations}
        H, L, top = p.heights, p.llamas, p.top
        marks = self.objective_marks(g, seat)
        cv = self.crop_values(g, p, marks)
        coin_v = 0.6 if g.supply_coins else 0.0
        hut_v = 2.0 if (g.row or g.deck_size) else 0.0
        sup = g.supply_crops
        passives = [CHARS[c] for c in p.chars]
        inside = p.footprint().inside
        rem = p.foundations
        best, best_cell = None, None
        for shape in g.shapes_available():
            for _oi, _origin, cells in inside[shape]:
                if placed and not placed.issubset(cells):
                    continue
                if L and any(c in L for c in cells):
                    continue
                hs = [H[c] for c in cells]
                mx = max(hs)
                deficit = 5 * mx - sum(hs)
                if deficit == 0 or deficit > rem:
                    continue
                n = [0, 0, 0, 0, 0, 0]
                low = None
                for c in cells:
                    if H[c] == mx:
                        n[top[c]] += 1
                    elif low is None:
                        low = c
                value = self._icon_gain(n, cv, coin_v, hut_v, sup, passives) - self.foundation_cost * deficit
                if best is None or value > best:
                    best, best_cell = value, low
        if best_cell is None:
            return None
        if not placed and best < best_plain + 0.5:
            return None
        return Move("foundation", dec(best_cell))

    def choose_place(self, g, seat, moves) -> Move:
        scored = self.score_placements(g, seat)
        best_plain = scored[0][0] if scored else -1e9
        step = self.foundation_step(g, seat, best_plain)
        if step is not None and (g.turn_foundations or step in moves):
            if step in moves:
                return step
        if scored:
            return scored[0][1][0]
        return moves[0]

    def _feedable(self, g, crops, coins) -> bool:
        for k in range(3):
            if g.columns[k] and crops[k] + coins // 2 >= 4:
                return True
        return False

    # -- the other steps ---------------------------------------------------------------------------------------
    def choose_hut(self, g, seat, moves):
        p = g.players[seat]
        best, best_move = -1.0, moves[0]
        for move in moves:
            arg = move.args[0]
            if arg == "deck":
                value = 1.5
            else:
                value = self.char_value(p, CHARS[g.row[arg]])
            if value > best:
                best, best_move = value, move
        return best_move

    def char_value(self, p, ch) -> float:
        value = CHAR_VALUE[ch.type]
        if ch.crops:
            value += 0.2 * sum(p.crops[k] for k in ch.crops) / 4.0
        same = sum(1 for c in p.chars if CHARS[c].type == ch.type)
        return value - 0.25 * same

    def choose_feed(self, g, p, moves, seat=None):
        """The highest card, steered by the objectives holding this player's markers (specialists, diversity,
        wealth); coins only where needed."""
        marks = self.objective_marks(g, seat) if seat is not None else {}
        have = [0, 0, 0]
        for kind, _ in p.cards:
            have[kind] += 1
        best, best_move = None, None
        for move in moves:
            k = ("corn", "cacao", "potato").index(move.args[0])
            coins = move.args[1]
            card = g.columns[k][-1]
            value = card - coins * 0.5
            if ("corn_specialist", "cacao_specialist", "potato_specialist")[k] in marks:
                value += 2.5
            if ("corn_master", "cacao_master", "potato_master")[k] in marks:
                value += 1.5
            if "diversity" in marks and have[k] < 2:
                value += 2.0
            if ("wealth" in marks or "wealth_master" in marks) and coins and p.coins - coins < 6:
                value -= coins * 1.5
            key = (value, -coins)
            if best is None or key > best:
                best, best_move = key, move
        return best_move

    def choose_llama(self, g, seat, moves):
        p = g.players[seat]
        marks = self.objective_marks(g, seat)
        llamas = p.llamas
        heights = p.heights
        levels_have = set(llamas.values())
        best, best_move = None, moves[0]
        for move in moves:
            x, y = move.args
            cell = enc(x, y)
            level = heights[cell]
            value = 0.0
            for oid in marks:
                obj = D.objective(oid)
                rule = obj.rule
                if rule == "llamas_on_level" and obj.params["level"] == level:
                    value += 3.0
                elif rule == "llama_levels" and level not in levels_have:
                    value += 2.5
                elif rule == "herd":
                    value += 1.5 * sum(1 for s in NEIGHBOURS if cell + s in llamas)
                elif rule == "road":
                    same = sum(1 for c in llamas if dec(c)[0] == x) or 0
                    same = max(same, sum(1 for c in llamas if dec(c)[1] == y))
                    value += 0.8 * same
                elif rule == "farms" and all(cell + s in heights for s in NEIGHBOURS):
                    value += 2.0
                elif rule == "outposts":
                    if llamas:
                        far = max(abs(dec(c)[0] - x) + abs(dec(c)[1] - y) for c in llamas)
                        value += 0.15 * far
            # otherwise keep good build spots free: prefer cells already high or on the rim
            value += 0.05 * level - 0.02 * sum(1 for s in NEIGHBOURS if cell + s in heights)
            value += 1e-6 * self.rng.random()
            if best is None or value > best:
                best, best_move = value, move
        return best_move

    def choose_after(self, g, seat, moves):
        p = g.players[seat]
        feeds = [m for m in moves if m.kind == "feed"]
        if feeds:
            return self.choose_feed(g, p, feeds, seat)
        uses = [m for m in moves if m.kind == "use"]
        if uses:
            move = self._enabling_use(g, p, uses)
            if move is not None:
                return move
        markers = [m for m in moves if m.kind == "marker"]
        if markers:
            value, move = self.marker_value(g, seat, p)
            if move is not None and move in markers and value >= 1.5:
                return move
        if END in moves:
            return END
        return moves[0]

    def _enabling_use(self, g, p, uses):
        """A trader/merchant use after which a feeding becomes possible, if any (best card)."""
        best, best_move = 0, None
        for move in uses:
            ch = CHARS[move.args[0]]
            give = move.args[1]
            crops = list(p.crops)
            coins = p.coins
            if ch.type == "trader":
                k = ("corn", "cacao", "potato").index(give)
                other = ch.crops[1] if ch.crops[0] == k else ch.crops[0]
                crops[k] -= 1
                crops[other] += 1
            elif give == "coin":
                coins -= 1
                crops[ch.crops[0]] += 1
            else:
                crops[ch.crops[0]] -= 1
                coins += 1
            for k in range(3):
                if g.columns[k] and crops[k] + coins // 2 >= 4:
                    card = g.columns[k][-1]
                    if card > best:
                        best, best_move = card, move
        return best_move

    def choose(self, g, seat) -> Move:
        moves = g.legal_moves()
        if len(moves) == 1:
            return moves[0]
        phase = g.phase
        if phase == PLACE:
            return self.choose_place(g, seat, moves)
        if phase == HUT_PHASE:
            return self.choose_hut(g, seat, moves)
        if phase == LLAMA_PHASE:
            return self.choose_llama(g, seat, moves)
        return self.choose_after(g, seat, moves)


class EasyBot(Bot):
    """Greedy with a lot of noise and, a third of the time, any legal placement: beatable but not silly."""

    level = "easy"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.policy = Policy(self.rng, noise=5.0, marker_bias=0.5)

    def choose(self, view) -> Move:
        if view.phase == PLACE and self.rng.random() < 0.33:
            moves = [m for m in view.legal_moves() if m.kind in ("build", "extend")]
            if moves:
                return self.rng.choice(moves)
        return self.policy.choose(view, view.seat)


class MediumBot(Bot):
    """Scores every legal placement and plays the rest of the turn greedily."""

    level = "medium"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.policy = Policy(self.rng)

    def choose(self, view) -> Move:
        return self.policy.choose(view, view.seat)




# -- hard: look ahead by simulation ------------------------------------------------------------------------------
class FastPolicy(Policy):
    """A cheap playout policy: the best build by what it covers (else a few random extends), greedy after."""

    def choose(self, g, seat) -> Move:
        phase = g.phase
        if phase != PLACE:
            return super().choose(g, seat)
        p = g.players[seat]
        cv = self.crop_values(g, p)
        best, best_move = 0.9, None
        for move, _kind, _shape, _oi, _origin, _cells, covered in g.compact_builds():
            value = 0.0
            for icon in covered:
                if icon == CORN:
                    value += cv[0]
                elif icon == CACAO:
                    value += cv[1]
                elif icon == POTATO:
                    value += cv[2]
                elif icon == COIN:
                    value += 0.6
                elif icon == HUT:
                    value += 2.0
            if value > best:
                best, best_move = value, move
        if best_move is not None:
            return best_move
        extends = g.some_extends(self.rng, 1)
        if extends:
            return extends[0]
        return self.rng.choice(g.legal_moves())


class HardBot(Bot):
    """Medium's best few placements, each tried on sampled states: the turn is finished greedily, every opponent
    plays a turn with a fast policy, then this player's next turn with the medium policy; the placement whose
    outcome (own evaluation minus the best opponent's) is best on average is played. Budgets are counts, not
    time: ``candidates`` placements x ``samples`` determinizations."""

    level = "hard"

    def __init__(self, seed: int = 0, candidates: int = 8, samples: int = 1):
        super().__init__(seed)
        self.policy = Policy(self.rng)
        self.fast = FastPolicy(self.rng)
        self.candidates = candidates
        self.samples = samples

    def choose(self, view) -> Move:
        seat = view.seat
        if view.phase != PLACE:
            return self.policy.choose(view, seat)
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        scored = self.policy.score_placements(view, seat)
        if not scored or view.turn_foundations:
            return self.policy.choose(view, seat)
        step = self.policy.foundation_step(view, seat, scored[0][0])
        if step is not None and step in moves:
            return step
        picked = []
        seen = set()
        per_shape: dict[str, int] = {}
        for _value, entry in scored:
            move, shape = entry[0], entry[2]
            if move in seen:
                continue
            if per_shape.get(shape, 0) >= 3 and len(picked) >= 3:
                continue
            seen.add(move)
            per_shape[shape] = per_shape.get(shape, 0) + 1
            picked.append(move)
            if len(picked) >= self.candidates:
                break
        if len(picked) == 1:
            return picked[0]
        best, best_move = None, picked[0]
        for move in picked:
            total = 0.0
            for _ in range(self.samples):
                total += self.evaluate(self.playout(view, seat, move), seat)
            if best is None or total > best:
                best, best_move = total, move
        return best_move

    def playout(self, view, seat: int, move: Move):
        """One look-ahead of ``move`` on a state sampled from ``view`` (hidden orders dealt again): the turn is
        finished greedily, every opponent plays a turn with the fast policy, then this player's next turn with
        the medium policy. Returns the state reached. The hard bot's choice and the advisor's estimates
        (``lama_desktop.advise``) both value their moves on these playouts."""
        state = view.sample_state(self.rng)
        state.apply(move)
        policy, fast = self.policy, self.fast
        while not state.over and state.seat == seat:  # finish this turn
            state.apply(policy.choose(state, seat))
        while not state.over and state.seat != seat:  # every opponent plays one turn
            state.apply(fast.choose(state, state.seat))
        while not state.over and state.seat == seat:  # this player's next turn
            state.apply(policy.choose(state, seat))
        return state

    def evaluate(self, state, seat: int) -> float:
        values = [self.value(state, s) for s in range(state.num_players)]
        mine = values[seat]
        others = max(v for s, v in enumerate(values) if s != seat)
        return mine - 0.5 * others - 0.5 * sum(v for s, v in enumerate(values) if s != seat) / (len(values) - 1)

    def value(self, state, s: int) -> float:
        p = state.players[s]
        b = state.score_breakdown()[s]
        value = b["llama_cards"] + b["crops"] + p.coins * 0.5
        for k in range(3):
            col = state.columns[k]
            if col:
                value += min(p.crops[k] + p.coins * 0.25, 6) * max(0, col[-1] - 4) / 4.0 * 0.6
        tiles_left = sum(len(pile) for pile in state.stacks)
        remaining = tiles_left / 60.0
        value += len(p.chars) * 1.5 * remaining
        # objectives: met ones count in full, the others by their estimated chance
        for i, oid in enumerate(state.objectives):
            spaces = state.markers[i]
            if s in spaces:
                got = b["objectives_by_card"].get(oid, 0)
                if got:
                    value += got
                else:
                    obj = D.objective(oid)
                    points = obj.spaces[spaces.index(s)] if obj.colour != "gold" else obj.spaces[1]
                    value += points * self.policy.chance(state, p, oid) * min(1.0, 0.3 + remaining)
        return value


    # -- the advisor --------------------------------------------------------------------------------------
    #: the advisor's budget: placements looked at (medium's best, as the hard bot picks its 8), and playouts per
    #: move (the hard bot: 1), at most ``advisor_playouts`` in all (fewer per move when there are many moves)
    advisor_candidates = 12
    advisor_samples = 2
    advisor_playouts = 28

    def advise(self, view) -> list[Estimate]:
        """The seat's sensible moves with their estimated chance of winning the game and a reason, best first:
        in the placing phase medium's best few placements (as the hard bot picks them, plus the foundation the
        policy would start) and every other legal move; in the other phases every legal move. Each is valued on
        the hard bot's playouts (``playout``); the state reached is turned into a chance to win by
        ``win_chance``."""
        seat = view.seat
        moves = view.legal_moves()
        if not moves:
            raise ValueError("the advisor was asked about a seat that is not to move")
        candidates = moves
        if view.phase == PLACE:
            others = [m for m in moves if m.kind not in PLACEMENT_KINDS]
            picked = []
            scored = self.policy.score_placements(view, seat)
            if scored:
                step = self.policy.foundation_step(view, seat, scored[0][0])
                if step is not None and step in moves:
                    picked.append(step)
            seen = set(picked)
            for _value, entry in scored:
                move = entry[0]
                if move not in seen:
                    seen.add(move)
                    picked.append(move)
                if len(picked) >= self.advisor_candidates:
                    break
            if not picked:
                picked = [m for m in moves if m.kind in PLACEMENT_KINDS][:self.advisor_candidates]
            candidates = picked + others
        samples = max(1, min(self.advisor_samples, self.advisor_playouts // len(candidates)))
        out = []
        for move in candidates:
            win = lead = 0.0
            for _ in range(samples):
                state = self.playout(view, seat, move)
                values = [self.value(state, s) for s in range(state.num_players)]
                lead += values[seat] - max(v for s, v in enumerate(values) if s != seat)
                win += win_chance(state, values, seat)
            lead /= samples
            key = "lead_ahead" if lead >= 0 else "lead_behind"
            out.append(Estimate(move, min(1.0, max(0.0, win / samples)), None, key,
                                {"points": round(abs(lead), 1)}))
        ranked = best_first(out)
        placements = [e for e in ranked if e.move.kind in PLACEMENT_KINDS][:ADVISOR_PLACEMENTS]
        return best_first(placements + [e for e in ranked if e.move.kind not in PLACEMENT_KINDS])


#: the moves that put a tile (or a foundation) on the domain; the advisor lists the best ``ADVISOR_PLACEMENTS``
PLACEMENT_KINDS = frozenset(("build", "extend", "foundation"))
ADVISOR_PLACEMENTS = 10
#: spread (points) of the final margin around the estimated one: ``WIN_SD_END`` when no tile is left,
#: ``WIN_SD_END + WIN_SD_PER_TILES`` at the start (set by hand; docs/bots-advisor.md shows how well they match)
WIN_SD_END = 2.0
WIN_SD_PER_TILES = 12.0


def win_chance(state, values: list[float], seat: int) -> float:
    """Estimated chance that ``seat`` wins from ``state``: exact when the game is over, else each rival beaten
    with a normal tail of the value margin whose spread shrinks as the stacks run out."""
    if state.over:
        return state.outcome()[seat]
    remaining = sum(len(pile) for pile in state.stacks) / 60.0
    sd = WIN_SD_END + WIN_SD_PER_TILES * remaining
    mine = values[seat]
    p = 1.0
    for s, v in enumerate(values):
        if s != seat:
            p *= normal_cdf((mine - v) / sd)
    return p


#: level -> bot factory (the registry: lama_desktop/games/llama_land/__init__.py)
BOTS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
