"""The value of a round's end in the race to 40, learned from self-play (issue 30).

The hard bot and the advisor score every rollout by what its round's end does to the *game*: the seat's chance
to finish it with the fewest points. The hand-written model (``bots.search.race_win_probability``: every seat
gains normal points, 6 ± 7 a round) has thin tails where real rounds are lopsided (a round ends with 0 points and
a token back, or 20 and more), so a leader is caught, and a seat far behind comes back, more often than it says.

A ``RaceValues`` table holds instead what happened in seeded self-play (``learn``; the command is
``python -m lama_desktop.train race GAME --games N --seed S``): the share of the game the seat won from a
round's start, by three features of the scores — its gap to the best rival (``GAP`` points either way), how far
the leader is on (``LEAD_STEP``-point steps of the highest score) and how many other rivals are within
``CROWD`` points of the best one. A sparse cell is shrunk towards its (gap, lead) mean, which is shrunk towards
its gap's mean (``SHRINK`` pseudo-positions each). An ended game is decided exactly (a k-way tie: 1/k).

The tables are data shipped in the game's folder, ``data/race-values.json``, one per game id and seat count;
``for_game(game_id, players)`` reads it once. A missing or damaged file, or no table for that seat count, gives
``None`` (the bot then keeps the hand-written model) and one log line.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from typing import Iterable, Sequence

from lama_desktop.filedoor import Damage, as_dict, as_float, as_int, as_list, need, read_guarded
from lama_desktop.games.lama.engine import END_POINTS
from lama_desktop.resources import game_folder

LOG = logging.getLogger(__name__)

FILE_NAME = "race-values.json"
KIND = "lama-race-values"
VERSION = 1
#: the gap to the best rival is clipped to [-GAP, GAP]
GAP = 30
#: the leader's score in steps of this many points (0-4, 5-9 ... 35-39)
LEAD_STEP = 5
LEADS = -(-END_POINTS // LEAD_STEP)
#: a rival this close to the best rival (or closer) is "in the crowd"
CROWD = 3
#: pseudo-positions of the coarser mean a cell is shrunk towards
SHRINK = 40.0
#: digits kept in the shipped file (the same games give the same bytes)
DIGITS = 4


def features(scores: Sequence[int], seat: int) -> tuple[int, int, int]:
    """(gap to the best rival clipped, the leader's step, rivals besides the best within ``CROWD`` of it)."""
    rivals = sorted(s for q, s in enumerate(scores) if q != seat)
    best = rivals[0]
    gap = max(-GAP, min(GAP, scores[seat] - best))
    lead = min(LEADS - 1, max(scores) // LEAD_STEP)
    crowd = sum(1 for s in rivals[1:] if s - best <= CROWD)
    return gap, lead, crowd


def ended_share(scores: Sequence[int], seat: int) -> float:
    """The seat's share of an ended game: 1/k if it is among the k with the fewest points, else 0."""
    best = min(scores)
    if scores[seat] != best:
        return 0.0
    return 1.0 / sum(1 for s in scores if s == best)


@dataclass(frozen=True)
class RaceValues:
    """The learned chance to win from a round's start, for ``players`` seats: ``cells[gap + GAP][lead][crowd]``."""

    players: int
    cells: tuple[tuple[tuple[float, ...], ...], ...]
    games: int = 0
    seed: int | None = None

    def __post_init__(self):
        need(2 <= self.players <= 8, "a table is for 2 to 8 seats")
        need(len(self.cells) == 2 * GAP + 1, "a table needs a row per gap")
        for row in self.cells:
            need(len(row) == LEADS, "a gap's row needs a cell per lead step")
            for cell in row:
                need(len(cell) == self.players - 1, "a cell needs a value per crowd size")
                need(all(0.0 <= v <= 1.0 for v in cell), "a value is a chance in [0, 1]")

    def value(self, scores: Sequence[int], seat: int) -> float:
        """The seat's chance to win the game from these scores (a round's end, token returned)."""
        if max(scores) >= END_POINTS:
            return ended_share(scores, seat)
        gap, lead, crowd = features(scores, seat)
        return self.cells[gap + GAP][lead][crowd]

    def to_json(self) -> dict:
        return {"players": self.players, "games": self.games, "seed": self.seed,
                "cells": [[[round(v, DIGITS) for v in cell] for cell in row] for row in self.cells]}

    @classmethod
    def from_json(cls, data) -> "RaceValues":
        data = as_dict(data, "a race table")
        cells = tuple(tuple(tuple(as_float(v, "a value", 0.0, 1.0) for v in as_list(cell, "a cell"))
                            for cell in as_list(row, "a row")) for row in as_list(data.get("cells"), "cells"))
        seed = data.get("seed")
        return cls(as_int(data.get("players"), "players", 2, 8), cells,
                   as_int(data.get("games", 0), "games", 0, 1 << 40),
                   None if seed is None else as_int(seed, "seed", 0, (1 << 63) - 1))


Sample = tuple[Sequence[int], int, float]


def learn(samples: Iterable[Sample], players: int, games: int = 0, seed: int | None = None) -> RaceValues:
    """The table of (round-start scores, seat, the seat's share of the game) samples, smoothed (module doc)."""
    crowds = players - 1
    sums: dict[tuple[int, int, int], list[float]] = {}
    for scores, seat, share in samples:
        key = features(scores, seat)
        for k in (key, (key[0], key[1], -1), (key[0], -1, -1)):
            cell = sums.setdefault(k, [0.0, 0.0])
            cell[0] += share
            cell[1] += 1.0
    prior = 1.0 / players

    def shrunk(key, towards: float) -> float:
        total, n = sums.get(key, (0.0, 0.0))
        return (total + SHRINK * towards) / (n + SHRINK)

    cells = []
    for gap in range(-GAP, GAP + 1):
        by_gap = shrunk((gap, -1, -1), prior)
        row = []
        for lead in range(LEADS):
            by_lead = shrunk((gap, lead, -1), by_gap)
            row.append(tuple(shrunk((gap, lead, crowd), by_lead) for crowd in range(crowds)))
        cells.append(tuple(row))
    return RaceValues(players, tuple(cells), games, seed)


def parse_file(data) -> dict[str, dict[int, RaceValues]]:
    data = as_dict(data, "a race-values file")
    need(data.get("kind") == KIND, f"not a {KIND} file")
    need(data.get("version") == VERSION, f"version {data.get('version')!r} is not {VERSION}")
    tables: dict[str, dict[int, RaceValues]] = {}
    for game_id, by_players in as_dict(data.get("tables"), "tables").items():
        for players, table in as_dict(by_players, "a game's tables").items():
            parsed = RaceValues.from_json(table)
            need(str(parsed.players) == players, f"the {players}-seat table says {parsed.players} seats")
            tables.setdefault(game_id, {})[parsed.players] = parsed
    return tables


def data_file():
    return game_folder(__package__) / "data" / FILE_NAME


@cache
def _tables() -> dict[str, dict[int, RaceValues]]:
    path = data_file()
    try:
        return read_guarded(path, parse_file)
    except FileNotFoundError:
        LOG.info("no learned race values at %s: the hard bot uses its hand-written race model", path)
    except Damage as damage:
        LOG.warning("learned race values at %s are damaged (%s): the hand-written race model is used",
                    path, damage.detail)
    return {}


def for_game(game_id: str, players: int) -> RaceValues | None:
    """The shipped table for this game id and seat count (None: use the hand-written model)."""
    return _tables().get(game_id, {}).get(players)


def forget() -> None:
    """Read the file again next time (the training command, tests)."""
    _tables.cache_clear()


__all__ = ["RaceValues", "learn", "features", "ended_share", "for_game", "forget", "parse_file", "FILE_NAME",
           "KIND", "VERSION"]
