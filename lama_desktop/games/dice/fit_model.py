"""Fit the hard LAMA Dice bot's model from self-play: ``python -m lama_desktop.games.dice.fit_model --games N
--seed S [--out FILE]`` (default: ``data/model.json`` in this folder).

Four frozen ``hard-2026-11`` bots (``arena_bots``: a model that does not move when ``hard`` changes) play N seeded
games; the command counts what the hand-set model guessed:

- ``gains``: how many points a seat adds in a round (a returned token counts negative), a histogram;
- ``rounds_left``: per distance of the leader to 40 at a round's end, the mean number of rounds still played;
- ``opponent``: per open row's points of a seat still in the round (seen at another seat's turn), the mean and
  spread of what that seat still adds this round;
- ``roll``: per open row's points, how often a seat at its turn rolls rather than quits.

The output is data (sorted JSON, the same bytes for the same seed and games); the game never fits at run time.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from lama_desktop.cli import ArgumentParser, int_in, run
from lama_desktop.storage import atomic_write_text
from lama_desktop.games.dice.arena_bots import FrozenHardDiceBot
from lama_desktop.games.dice.bots import MASK_POINTS, row_mask
from lama_desktop.games.dice.engine import DiceState
from lama_desktop.games.dice.rules import END_POINTS

DEFAULT_OUT = Path(__file__).parent / "data" / "model.json"
PLAYERS = 4
#: a table's row with fewer samples than this borrows its neighbours' (widening window)
MIN_SAMPLES = 60
MAX_POINTS = MASK_POINTS[-1]


def play_and_count(games: int, seed: int) -> dict:
    """Raw counts over ``games`` self-play games."""
    gains: dict[int, int] = {}
    rounds_left: dict[int, list[int]] = {}
    opponent: dict[int, list[float]] = {}
    roll: dict[int, list[int]] = {}
    for game in range(games):
        state = DiceState(PLAYERS, (), seed * 1_000_003 + game)
        bots = [FrozenHardDiceBot(seed * 7_919 + game * 8 + s) for s in range(PLAYERS)]
        round_start = list(state.scores)
        pending = []  # (seat, points of its open row, its score then) seen this round
        ends = []  # the leader's distance to 40 at each round's end
        while not state.is_over:
            view = state.view(state.current_player)
            seat = view.seat
            if view.phase == "turn":
                for s in range(PLAYERS):
                    if s != seat and not view.quit[s]:
                        pending.append((s, MASK_POINTS[row_mask(view.row_counts(s))], view.scores[s]))
                own = MASK_POINTS[row_mask(view.row_counts(seat))]
            move = bots[seat].choose(view)
            if view.phase == "turn":
                roll.setdefault(own, []).append(int(move.kind == "roll"))
            events = state.apply(move)
            if any(e.kind == "round_end" for e in events):
                scores = state.scores
                for s in range(PLAYERS):
                    gain = scores[s] - round_start[s]
                    gains[gain] = gains.get(gain, 0) + 1
                for s, points, score in pending:
                    opponent.setdefault(points, []).append(scores[s] - score)
                ends.append(END_POINTS - max(scores))
                round_start, pending = list(scores), []
        for i, distance in enumerate(ends[:-1]):
            rounds_left.setdefault(distance, []).append(len(ends) - 1 - i)
    return {"gains": gains, "rounds_left": rounds_left, "opponent": opponent, "roll": roll}


def _pooled(table: dict, key: int, lo: int, hi: int) -> list:
    """The samples at ``key``, widened to its neighbours until there are ``MIN_SAMPLES`` (or the range is used)."""
    width = 0
    while True:
        samples = [x for k in range(key - width, key + width + 1) for x in table.get(k, ())]
        if len(samples) >= MIN_SAMPLES or (key - width <= lo and key + width >= hi):
            return samples
        width += 1


def fit(counts: dict, games: int, seed: int) -> dict:
    """The model's tables from the raw counts (every key present, smoothed where the counts are thin)."""
    total = sum(counts["gains"].values())
    gains = {str(g): round(n / total, 6) for g, n in sorted(counts["gains"].items())}
    opponent, roll = {}, {}
    for points in range(MAX_POINTS + 1):
        samples = _pooled(counts["opponent"], points, 0, MAX_POINTS)
        mean = sum(samples) / len(samples)
        sd = math.sqrt(sum((x - mean) ** 2 for x in samples) / len(samples))
        opponent[str(points)] = [round(mean, 3), round(max(sd, 0.5), 3)]
        rolls = _pooled(counts["roll"], points, 0, MAX_POINTS)
        roll[str(points)] = round(sum(rolls) / len(rolls), 4)
    rounds_left = {}
    for distance in range(1, END_POINTS + 1):
        samples = _pooled(counts["rounds_left"], distance, 1, END_POINTS)
        rounds_left[str(distance)] = round(sum(samples) / len(samples), 3)
    return {"about": "LAMA Dice hard bot's model, fitted by python -m lama_desktop.games.dice.fit_model",
            "games": games, "seed": seed, "players": PLAYERS, "bot": FrozenHardDiceBot.level,
            "gains": gains, "rounds_left": rounds_left, "opponent": opponent, "roll": roll}


def main(argv=None) -> int:
    parser = ArgumentParser(prog="python -m lama_desktop.games.dice.fit_model", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int_in(1, 1_000_000), default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    model = fit(play_and_count(args.games, args.seed), args.games, args.seed)
    atomic_write_text(args.out, json.dumps(model, indent=1, sort_keys=True) + "\n")
    print(f"wrote {args.out} ({args.games} games, seed {args.seed})")
    return 0


if __name__ == "__main__":
    run(main)
