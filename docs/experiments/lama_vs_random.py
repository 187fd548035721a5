"""Experiments behind docs/bots-lama.md's "hard vs three random bots" section (not shipped, not a test).

Registers experimental L.A.M.A. bots next to the real ones and plays them with the arena against three random
bots, exactly like ``python -m lama_desktop.arena lama --players BOT,random,random,random``:

    python docs/experiments/lama_vs_random.py BOT --games 4000 --seed 1
    python docs/experiments/lama_vs_random.py medium --games 8000 --seed 1 --analyse

BOT is a real level (medium, hard) or one of:

- ``x-draw-first``: the medium heuristic, but while others are still in it draws whenever its hand could not be
  played out alone from the current top (``x-draw-first-3``/``-6``: only when more than 3/6 points would stay).
- ``x-look-stuck-M``: the medium heuristic, but stuck with others still in it draws when the expected points
  left after one draw (over the unseen cards, played out alone from the top) are below its hand's points + M.
- ``x-ismcts-N``: an information-set Monte-Carlo tree over our own decisions of the round (nodes keyed by our
  hand, the top, how many are still in and whether the pile is empty; UCB1; heuristic rollouts; the hard bot's
  deals, opponent model and game-race evaluation), N simulations per decision; ``x-ismcts-draw-N`` also tries
  drawing when a card could be played.
- ``x-flat-draw``: the hard bot, with drawing as a candidate even with a card to play.
- ``x-hard-look``: the hard bot, with ``x-look-stuck-2``'s rule as its default when stuck at a careless table.
- ``x-cheat-hands``: the hard bot's flat search with 200 iterations and drawing as a candidate even with a card
  to play, told the *true* hands of every opponent and that they play at random (a cheat: an upper bound for
  what knowing more could give). ``x-cheat-hands-pile``: also told the true order of the draw pile.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from lama_desktop.arena import run_arena  # noqa: E402
from lama_desktop.bots import make_bot  # noqa: E402
from lama_desktop import games  # noqa: E402
from lama_desktop.games.lama.bots import (  # noqa: E402
    A_DRAW, A_QUIT, A_TAKE, MEDIUM, PLAYABLE, HardBot, MediumBot, Rules, _returning_move, choose_play,
    hand_points_fast, heuristic_action, quit_threshold,
)
from lama_desktop.games.lama.engine import DRAW, LLAMA, PINK, QUIT, VALUE  # noqa: E402


# -- heuristic variants ----------------------------------------------------------------------------------------

def alone_remainder(h: list[int], top: int, party: bool, each: bool) -> int:
    """Points left after playing the heuristic's run out from ``top`` with nobody else moving the top."""
    h = h[:]
    playable = PLAYABLE[party]
    while True:
        t = choose_play(h, top, party, each, MEDIUM.follow_bonus, MEDIUM.plus_bonus, playable)
        if not t:
            return hand_points_fast(h, each)
        h[t] -= 1
        top = VALUE[t]


class DrawFirstBot(MediumBot):
    margin = 0

    def choose(self, view):
        moves = view.legal_moves()
        if _returning_move(view, moves) is None and len(moves) > 1 and DRAW in moves and not view.drama:
            rules = Rules(view)
            if alone_remainder(view.hand, view.top, rules.party, rules.each_llama) > self.margin:
                return DRAW
        return super().choose(view)


def look_stuck_draws(view, margin: float) -> bool:
    """LookStuckBot's rule: draw when the expected points left after one draw are below the hand's + margin."""
    rules = Rules(view)
    h = view.hand
    unseen = view.unseen_cards()
    expected = 0.0
    for t in set(unseen):
        h[t] += 1
        expected += unseen.count(t) / len(unseen) * alone_remainder(h, view.top, rules.party, rules.each_llama)
        h[t] -= 1
    return expected < hand_points_fast(h, rules.each_llama) + margin


class LookStuckBot(MediumBot):
    margin = 0.0

    def choose(self, view):
        moves = view.legal_moves()
        if (_returning_move(view, moves) is None and len(moves) > 1 and DRAW in moves and not view.drama
                and not any(m.kind == "play" for m in moves)):
            return DRAW if look_stuck_draws(view, self.margin) else QUIT
        return super().choose(view)


class HardLookBot(HardBot):
    """The hard bot whose default when stuck at a careless table is LookStuckBot's rule (the search may still
    overrule it)."""

    margin = 2.0

    def prepare(self, view):
        decision = super().prepare(view)
        if (hasattr(decision, "codes") and not view.drama and set(decision.codes) == {A_DRAW, A_QUIT}
                and any(b > 0.5 for b in decision.believed)):
            first = A_DRAW if look_stuck_draws(view, self.margin) else A_QUIT
            decision.codes.remove(first)
            decision.codes.insert(0, first)
        return decision


# -- information-set tree over our own decisions ---------------------------------------------------------------

class IsmctsBot(HardBot):
    simulations = 1000
    exploration = 0.5
    draw_with_play = False

    def prepare(self, view):
        decision = super().prepare(view)
        if (self.draw_with_play and hasattr(decision, "codes") and A_DRAW not in decision.codes
                and DRAW in view.legal_moves()):
            decision.codes.append(A_DRAW)
        return decision

    def search(self, d):
        if not any(b > 0.5 for b in d.believed):
            return super().search(d)  # only against careless tables
        rng = self.rng
        rules, params, me = d.rules, self.params, d.me
        party, each, playable = rules.party, rules.each_llama, PLAYABLE[rules.party]
        draw_with_play = self.draw_with_play
        tree: dict = {}
        root = ("root",)

        def legal(h, top, n_active, pile_size, drama):
            if drama:
                return [t for t in (LLAMA, PINK) if h[t]] + [A_TAKE]
            acts = [t for t in playable[top] if h[t]]
            if pile_size and n_active > 1 and (draw_with_play or not acts):
                acts.append(A_DRAW)
            if not acts or A_DRAW in acts and len(acts) == 1:
                acts.append(A_QUIT)
            return acts

        import random as _random
        stream = _random.Random()
        for _ in range(self.simulations):
            hands, pile = d.sample()
            erratic = [rng.random() < b for b in d.believed]
            stream.seed(rng.randrange(1 << 30))
            path = []
            flags = [True, True]  # still in the tree, at the root

            def chooser(h, top, sizes, active, n_active, pile_size, drama):
                if not flags[0]:
                    return None
                if flags[1]:
                    flags[1] = False
                    acts, key = d.codes, root
                else:
                    acts = legal(h, top, n_active, pile_size, drama)
                    if len(acts) == 1 or (sum(h) == 1 and acts[0] > 0):
                        return acts[0]
                    key = (tuple(h), top, n_active, pile_size > 0)
                node = tree.get(key)
                if node is None:
                    tree[key] = node = [0, {}]
                    flags[0] = False
                    threshold = quit_threshold(params, sizes, active, me, pile_size, d.adjust[me])
                    choice = heuristic_action(h, sum(h), top, party, each, drama, pile_size > 0 and n_active > 1,
                                              threshold, params)
                    if choice not in acts:
                        choice = acts[0]
                else:
                    stats = node[1]
                    untried = [a for a in acts if a not in stats]
                    if untried:
                        choice = untried[0]
                    else:
                        log_n = math.log(node[0])
                        choice = max(acts, key=lambda a: stats[a][1] / stats[a][0]
                                     + self.exploration * math.sqrt(log_n / stats[a][0]))
                path.append((node, choice))
                return choice

            final = d.rollout(hands, pile, None, d.adjust, erratic if any(erratic) else None, stream.random,
                              chooser)
            value = self.evaluate_end(d, final)
            for node, choice in path:
                node[0] += 1
                stat = node[1].setdefault(choice, [0, 0.0])
                stat[0] += 1
                stat[1] += value
        stats = tree[root][1]
        return max(d.codes, key=lambda a: (stats.get(a, (0,))[0], a == d.codes[0]))


# -- cheats (bounds only) --------------------------------------------------------------------------------------

class FlatDrawBot(HardBot):
    """The hard bot's flat search with drawing as a candidate even with a card to play."""

    def prepare(self, view):
        decision = super().prepare(view)
        if hasattr(decision, "codes") and A_DRAW not in decision.codes and DRAW in view.legal_moves():
            decision.codes.append(A_DRAW)
        return decision


class CheatBot(FlatDrawBot):
    iterations = 200
    know_pile = False

    def erratic_probability(self, seat):
        return 1.0

    def _sampler(self, view, rules, rng):
        state = view._state  # the cheat: the real hands (and pile)

        def sample():
            pile = state.pile[:]
            if not self.know_pile:
                pile.sort(key=lambda _t: rng.random())
            return [h[:] for h in state.hands], pile
        return sample


#: the experimental bots, by name: offered as extra levels of L.A.M.A. (below, through the games' registry)
EXPERIMENTAL: dict[str, type] = {}


def _variant(name, base, **attrs):
    EXPERIMENTAL[name] = type(name.replace("-", "_"), (base,), attrs)


for _m in (0, 3, 6):
    _variant("x-draw-first" + (f"-{_m}" if _m else ""), DrawFirstBot, margin=_m)
for _m in (-3, 0, 1, 2, 5, 10):
    _variant(f"x-look-stuck-{_m}", LookStuckBot, margin=float(_m))
for _n in (400, 1000, 3000):
    _variant(f"x-ismcts-{_n}", IsmctsBot, simulations=_n)
    _variant(f"x-ismcts-draw-{_n}", IsmctsBot, simulations=_n, draw_with_play=True)
_variant("x-flat-draw", FlatDrawBot)
_variant("x-cheat-hands", CheatBot)
_variant("x-hard-look", HardLookBot)
_variant("x-hard-look-always", HardLookBot, default_margin=99.0)
_variant("x-cheat-hands-pile", CheatBot, know_pile=True)



def analyse(bot: str, games: int, seed: int) -> None:
    """The numbers behind docs/bots-lama.md's "why": how rounds end, what is stranded, which games are lost."""
    from collections import Counter

    from lama_desktop.arena import _game_seed
    from lama_desktop.engine.registry import get_game

    rounds = alone = cards = stranded = stranded_none = 0
    by_best_rival: Counter = Counter()
    lost_by_best_rival: Counter = Counter()
    lost_by_length: Counter = Counter()
    games_by_length: Counter = Counter()
    finals = []
    for index in range(games):
        me = index % 4
        state = get_game("lama").new(4, (), _game_seed(seed, index))
        players = [make_bot("lama", bot if s == me else "random", _game_seed(seed, index, salt=s + 1))
                   for s in range(4)]
        seen_round = None
        while not state.is_over:
            if state.round_no != seen_round:
                seen_round, counted = state.round_no, False
                rounds += 1
            seat = state.current_player
            if (seat == me and not counted and state.phase == 0 and state.n_active == 1 and state.active[me]):
                counted = True
                alone += 1
                hand = state.hands[me]
                cards += sum(hand)
                left = alone_remainder(hand, state.top, state.party, False)
                stranded += left
                stranded_none += left == 0
            state.apply(players[seat].choose(state.view(seat)))
        history = state.history
        share = state.outcome()[me]
        best_rival = min(history[-1][q] for q in range(4) if q != me)
        by_best_rival[best_rival // 5 * 5] += 1
        lost_by_best_rival[best_rival // 5 * 5] += 1 - share
        games_by_length[len(history)] += 1
        lost_by_length[len(history)] += 1 - share
        finals.append((me, history))
    print(f"{bot} vs 3 random, {games} games, seed {seed}")
    print(f"rounds in which we were left alone: {alone}/{rounds} = {alone / rounds:.1%}; then we held "
          f"{cards / alone:.2f} cards, {stranded / alone:.2f} points could not be played, none in "
          f"{stranded_none / alone:.1%}")
    for bucket in sorted(by_best_rival):
        print(f"best random ends with {bucket:2d}-{bucket + 4:2d}: {by_best_rival[bucket]:5d} games, "
              f"lost {lost_by_best_rival[bucket] / by_best_rival[bucket]:.1%}")
    for length in sorted(games_by_length):
        print(f"games of {length} rounds: {games_by_length[length]:5d}, lost "
              f"{lost_by_length[length] / games_by_length[length]:.1%}")
    for d in (0, 0.5, 1, 2, 3):
        wins = 0.0
        for me, history in finals:
            mine = history[-1][me] - d * len(history)
            others = [history[-1][q] for q in range(4) if q != me]
            best = min(others)
            wins += 1.0 if mine < best else (1.0 / (1 + others.count(best)) if mine == best else 0.0)
        print(f"re-scored with {d} points fewer per round: {wins / games:.1%} wins")


def main(argv=None) -> int:
    """The experiment, with the experimental bots offered as extra L.A.M.A. levels for its time."""
    lama = games.GAMES["lama"]
    with games.replaced(dataclasses.replace(lama, bots={**lama.bots, **EXPERIMENTAL})):
        return _main(argv)


def _main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--analyse", action="store_true", help="print how rounds end and which games are lost")
    args = parser.parse_args(argv)
    make_bot("lama", args.bot)  # fails early on an unknown name
    if args.analyse:
        analyse(args.bot, args.games, args.seed)
        return 0
    report = run_arena("lama", [], [args.bot] + [args.opponent] * 3, args.games, args.seed)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
