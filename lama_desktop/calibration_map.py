"""The advisor's calibration maps: its raw estimate of a chance to win turned into the chance that actually
came true (issue 30).

A ``CalibrationMap`` is monotone (never decreasing), so the advisor's order of the moves is unchanged: it is
fitted by isotonic regression (pool-adjacent-violators, ``fit``) on (raw estimate, outcome) pairs of seeded
games, then read as straight lines between its knots (flat beyond the first and the last). Blocks holding fewer
than ``min_block`` positions are pooled with a neighbour, so that a lone position in a tail never pins the
shown chance to 0% or 100%, and a run of lucky games never makes a step: ``cross_validate`` chooses
``min_block`` among ``BLOCKS`` on the fitting pairs alone (``FOLDS`` parts of consecutive games, each part's
squared error under the map fitted on the others; the largest block within ``TOLERANCE`` of the best, since a
smoother map generalises better where the data cannot tell them apart). Nothing measured on a held-out seed
ever enters a fit.

The maps are data, fitted by ``python -m lama_desktop.train calibration`` and shipped in each game's folder:
``<game folder>/data/calibration.json`` (``FILE_NAME``), one map per game id and seat count (a folder may hold
several games: L.A.M.A. and Party share one). ``for_game(plugin, players)`` reads it (once per folder); a missing
or damaged file, or no map for that seat count, gives ``None`` (the advisor then shows its raw estimates) and one
log line. The frame never names a game: it reads what the descriptor's folder ships.
"""

from __future__ import annotations

import logging
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Iterable, Sequence

from lama_desktop.filedoor import Damage, as_dict, as_float, as_list, need, read_guarded
from lama_desktop.resources import game_folder

LOG = logging.getLogger(__name__)

#: the file in a game's ``data/`` folder, and the kind tag it carries
FILE_NAME = "calibration.json"
KIND = "lama-advisor-calibration"
VERSION = 1
#: a fitted block holds at least this many positions (smaller ones are pooled with a neighbour)
MIN_BLOCK = 40
#: the minimum blocks cross-validation chooses from, the parts it cuts the pairs in, and how close to the best
#: Brier score a larger block must come to be preferred
BLOCKS = (40, 80, 160, 320, 640)
FOLDS = 5
TOLERANCE = 0.0002
#: digits kept in the shipped file (the same pairs give the same bytes)
DIGITS = 4
#: a shown chance stays inside [EDGE, 1 - EDGE]: a fitted map never claims certainty
EDGE = 0.005


@dataclass(frozen=True)
class CalibrationMap:
    """Knots ``xs`` (raw estimates, increasing) → ``ys`` (calibrated chances, never decreasing); ``seed``: the
    seed its pairs were played with (a measurement of it must use another)."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]
    seed: int | None = None

    def __post_init__(self):
        need(len(self.xs) == len(self.ys) and len(self.xs) >= 1, "a map needs as many ys as xs, at least one")
        need(all(a < b for a, b in zip(self.xs, self.xs[1:], strict=False)), "the map's xs must increase")
        need(all(a <= b for a, b in zip(self.ys, self.ys[1:], strict=False)), "the map's ys must never decrease")
        need(all(0.0 <= v <= 1.0 for v in self.xs + self.ys), "the map's values must lie in [0, 1]")

    def __call__(self, raw: float) -> float:
        xs, ys = self.xs, self.ys
        if raw <= xs[0]:
            return ys[0]
        if raw >= xs[-1]:
            return ys[-1]
        i = bisect_right(xs, raw)
        x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
        return y0 + (y1 - y0) * (raw - x0) / (x1 - x0)

    def to_json(self) -> dict:
        return {"x": [round(x, DIGITS) for x in self.xs], "y": [round(y, DIGITS) for y in self.ys]}

    @classmethod
    def from_json(cls, data) -> "CalibrationMap":
        data = as_dict(data, "map")
        xs = [as_float(x, "x", 0.0, 1.0) for x in as_list(data.get("x"), "x", 1000)]
        ys = [as_float(y, "y", 0.0, 1.0) for y in as_list(data.get("y"), "y", 1000)]
        seed = data.get("seed")
        return cls(tuple(xs), tuple(ys), seed if isinstance(seed, int) and not isinstance(seed, bool) else None)


def _pool(blocks: list[list[float]]) -> list[list[float]]:
    """Pool-adjacent-violators over blocks ``[weight, sum of x, sum of outcome]`` sorted by x: merge a block into
    the one before it while its mean outcome is lower."""
    out: list[list[float]] = []
    for block in blocks:
        out.append(list(block))
        while len(out) > 1 and out[-2][2] / out[-2][0] >= out[-1][2] / out[-1][0]:
            w, sx, sy = out.pop()
            out[-1] = [out[-1][0] + w, out[-1][1] + sx, out[-1][2] + sy]
    return out


def _pool_small(blocks: list[list[float]], min_block: int) -> list[list[float]]:
    """Merge every block lighter than ``min_block`` with the neighbour nearest in mean outcome (merging two
    neighbours of a monotone sequence keeps it monotone)."""
    blocks = [list(b) for b in blocks]
    while len(blocks) > 1:
        light = [i for i, b in enumerate(blocks) if b[0] < min_block]
        if not light:
            break
        i = min(light, key=lambda k: (blocks[k][0], k))
        mean = blocks[i][2] / blocks[i][0]
        if i == 0:
            j = 1
        elif i == len(blocks) - 1:
            j = i - 1
        else:
            before, after = blocks[i - 1], blocks[i + 1]
            j = i - 1 if mean - before[2] / before[0] <= after[2] / after[0] - mean else i + 1
        a, b = sorted((i, j))
        blocks[a:b + 1] = [[blocks[a][k] + blocks[b][k] for k in range(3)]]
    return blocks


def fit(pairs: Iterable[tuple[float, float]], min_block: int = MIN_BLOCK) -> CalibrationMap:
    """The isotonic map of (raw estimate, outcome) ``pairs``: each knot is a block's mean estimate and its mean
    outcome, rounded to ``DIGITS`` (the file's figures), the outcomes kept within ``[EDGE, 1 - EDGE]``."""
    grouped: dict[float, list[float]] = {}
    for estimate, outcome in pairs:
        x = min(1.0, max(0.0, float(estimate)))
        row = grouped.setdefault(x, [0.0, 0.0, 0.0])
        row[0] += 1
        row[1] += x
        row[2] += float(outcome)
    if not grouped:
        raise ValueError("no pairs to fit a calibration map on")
    blocks = _pool_small(_pool([grouped[x] for x in sorted(grouped)]), min_block)
    xs: list[float] = []
    ys: list[float] = []
    for w, sx, sy in blocks:
        x = round(sx / w, DIGITS)
        y = round(min(1 - EDGE, max(EDGE, sy / w)), DIGITS)
        if xs and x <= xs[-1]:  # two blocks rounded onto one x: keep the later (higher) one
            xs.pop()
            ys.pop()
        xs.append(x)
        ys.append(max(y, ys[-1]) if ys else y)
    return CalibrationMap(tuple(xs), tuple(ys))


def cross_validate(pairs: Sequence[tuple[float, float]], blocks: Sequence[int] = BLOCKS,
                   folds: int = FOLDS) -> dict[int, float]:
    """Each minimum block's held-out Brier score: the pairs cut in ``folds`` consecutive parts (pairs come game
    after game, so a part holds whole games but at its two edges), each part scored by the map fitted on the
    others, the squared errors summed over all pairs and divided by their number."""
    pairs = list(pairs)
    folds = max(1, min(folds, len(pairs)))
    edges = [len(pairs) * k // folds for k in range(folds + 1)]
    scores = {}
    for block in blocks:
        total = 0.0
        for lo, hi in zip(edges, edges[1:], strict=False):
            rest = pairs[:lo] + pairs[hi:] or pairs
            cal = fit(rest, block)
            total += sum((cal(e) - o) ** 2 for e, o in pairs[lo:hi])
        scores[block] = round(total / len(pairs), 6) if pairs else 0.0
    return scores


def chosen_block(scores: dict[int, float], tolerance: float = TOLERANCE) -> int:
    """The largest minimum block whose cross-validated score is within ``tolerance`` of the best one."""
    best = min(scores.values())
    return max(block for block, score in scores.items() if score <= best + tolerance)


# -- the shipped files ------------------------------------------------------------------------------------------

def data_file(plugin) -> Path:
    """Where the game's folder keeps its maps."""
    return game_folder(plugin) / "data" / FILE_NAME


def parse_file(data) -> dict[str, dict[int, CalibrationMap]]:
    """The maps of a calibration file's JSON: ``{game id: {seat count: map}}`` (raises on anything else)."""
    data = as_dict(data, "calibration file")
    need(data.get("kind") == KIND, f"not a calibration file (kind {str(data.get('kind'))[:40]!r})")
    need(data.get("version") == VERSION, f"calibration version {str(data.get('version'))[:20]} is not {VERSION}")
    maps: dict[str, dict[int, CalibrationMap]] = {}
    for game_id, by_players in as_dict(data.get("maps"), "maps").items():
        for players, entry in as_dict(by_players, f"maps of {game_id}").items():
            need(players.isdigit() and 1 <= int(players) <= 99, f"seat count {players[:10]!r}")
            maps.setdefault(game_id, {})[int(players)] = CalibrationMap.from_json(entry)
    return maps


@cache
def _maps_in(path: Path) -> dict[str, dict[int, CalibrationMap]]:
    """The maps of one file, read once; ``{}`` with a log line when it is missing or damaged."""
    try:
        return read_guarded(path, parse_file)
    except FileNotFoundError:
        LOG.warning("no calibration maps at %s: the advisor shows its raw estimates", path)
    except (Damage, OSError) as damage:
        LOG.warning("calibration maps at %s cannot be read (%s): the advisor shows its raw estimates",
                    path, getattr(damage, "detail", damage))
    return {}


def for_game(plugin, players: int) -> CalibrationMap | None:
    """The map of ``plugin``'s game at ``players`` seats, or ``None`` (raw estimates; logged once per case)."""
    found = _maps_in(data_file(plugin)).get(plugin.spec.id, {}).get(players)
    if found is None:
        _note_missing(plugin.spec.id, players)
    return found


@cache
def _note_missing(game_id: str, players: int) -> None:
    LOG.info("no calibration map for %s at %d seats: the advisor shows its raw estimates", game_id, players)


def forget() -> None:
    """Read the files again on next use (tests, and the training tool after writing them)."""
    _maps_in.cache_clear()
    _note_missing.cache_clear()


def apply(cal: CalibrationMap | None, raws: Sequence[float]) -> list[float]:
    return [cal(r) if cal is not None else r for r in raws]


__all__ = ["CalibrationMap", "fit", "cross_validate", "chosen_block", "for_game", "parse_file", "data_file",
           "forget", "FILE_NAME", "KIND", "VERSION", "MIN_BLOCK", "BLOCKS", "FOLDS"]
