"""Experiments behind docs/bots-lama.md's "Against published play" (not shipped, not a test).

Registers variants of the L.A.M.A. hard bot next to the real levels and plays one of them against three copies
of an opponent, exactly like ``python -m lama_desktop.arena lama --players BOT,OPP,OPP,OPP``:

    python docs/experiments/lama_hard_variants.py BOT OPP --games 1000 --seed 101

BOT and OPP are real or arena levels (``hard``, ``never-quit``, ``tue``, ``hard-2026-11``...) or one of:

- ``x-old-prior``: ``hard`` starting at 88% belief that every opponent plays at random (the prior before issue 30).
- ``x-no-table``: ``hard`` with the hand-written race model instead of the learned race values.
- ``x-never-quit-model``: ``hard`` whose rollouts let every opponent draw whenever it can (never quit).
- ``x-margin-05``: ``hard`` leaving the heuristic's move for half a standard error of paired advantage (not one).
- ``x-integrated-race``: ``hard`` valuing round ends with the advisor's integrated race chance, no table.
- ``x-strict-inference``: ``hard`` keeping a deal that contradicts a draw with probability 0.05 (not 0.3), 40 tries.
- ``x-medium-qN``: ``medium`` quitting a stuck hand of at most N points (N = -99, 0, 3, 5, 7, 10).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from lama_desktop import games  # noqa: E402
from lama_desktop.arena import run_arena  # noqa: E402
from lama_desktop.bots import arena_levels  # noqa: E402
from lama_desktop.games.lama.bots import HardBot, MediumBot  # noqa: E402
from lama_desktop.games.lama.heuristic import Params  # noqa: E402


class OldPrior(HardBot):
    level = "x-old-prior"
    PRIOR_LOG_ODDS = 2.0


class NoTable(HardBot):
    level = "x-no-table"
    learned_race = False


class NeverQuitModel(HardBot):
    level = "x-never-quit-model"

    def decision(self, view, codes, can_draw):
        d = super().decision(view, codes, can_draw)
        d.adjust = [a if q == d.me else -1000.0 for q, a in enumerate(d.adjust)]
        return d


class Margin05(HardBot):
    level = "x-margin-05"
    default_margin = 0.5


class IntegratedRace(HardBot):
    level = "x-integrated-race"
    learned_race = False
    calibrated_race = True


class StrictInference(HardBot):
    level = "x-strict-inference"
    inference_weight = 0.05
    sample_tries = 40


def _medium(quit_base: int):
    return type(f"Medium{quit_base}", (MediumBot,), {"level": f"x-medium-q{quit_base}",
                                                     "params": Params(quit_base=float(quit_base))})


EXPERIMENTAL = {bot.level: bot for bot in (OldPrior, NoTable, NeverQuitModel, Margin05, IntegratedRace,
                                           StrictInference, *[_medium(q) for q in (-99, 0, 3, 5, 7, 10)])}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot")
    parser.add_argument("opponent")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=101)
    args = parser.parse_args(argv)
    lama = games.GAMES["lama"]
    with games.replaced(dataclasses.replace(lama, bots={**lama.bots, **EXPERIMENTAL})):
        for level in (args.bot, args.opponent):
            if level not in EXPERIMENTAL and level not in arena_levels("lama"):
                parser.error(f"unknown level {level!r}")
        report = run_arena("lama", [], [args.bot] + [args.opponent] * 3, args.games, args.seed, progress=False)
    print(json.dumps(report["levels"][0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
