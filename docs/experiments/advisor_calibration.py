"""The reliability tables of docs/bots-advisor.md, from pairs files (not shipped; the measurement itself is the
library, ``lama_desktop.calibration``, run by ``python -m lama_desktop.bench calibration ... --raw FILE``).

Reads one or more pairs files (JSON lines ``{"estimate", "outcome"}``, as ``bench calibration --raw`` and
``train calibration --save-pairs`` write them) and prints the ten-point buckets: positions, mean estimate,
observed rate with a 95% Wilson interval, and the gap; the Brier score and ``max_gap_pts`` (buckets of 40+).
``--through-map`` first passes each estimate through GAME's shipped calibration map: for pairs collected with the
raw advisor (``advice.advise_raw``), that is what the calibrated advisor would have shown at the same positions
(the map is a function of the raw estimate alone; the moves played do not depend on the advisor).

    python docs/experiments/advisor_calibration.py lama held-2026.jsonl held-2027.jsonl --through-map --markdown

``--png FILE [--before RAWFILE]`` draws the reliability diagram (pygame, headless): the buckets of 40+ positions
as dots with their 95% intervals against the diagonal, and in grey those of ``--before`` (e.g. the raw pairs the
map was fitted on).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

from lama_desktop import calibration, calibration_map  # noqa: E402
from lama_desktop.engine.registry import plugins  # noqa: E402


def read_pairs(paths) -> list[tuple[float, float]]:
    pairs = []
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            pairs += [(float(row["estimate"]), float(row["outcome"])) for row in map(json.loads, handle)]
    return pairs


def wilson(observed: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate seen over ``n`` positions."""
    centre = (observed + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(observed * (1 - observed) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def markdown(report: dict) -> str:
    lines = ["| estimate | positions | mean estimate | observed (95% CI) | observed − estimate |",
             "| --- | ---: | ---: | --- | ---: |"]
    for row in report["buckets"]:
        lo, hi = wilson(row["observed"], row["n"])
        lines.append(f"| {100 * row['lo']:.0f}-{100 * row['hi']:.0f}% | {row['n']} | {100 * row['mean_estimate']:.1f}% "
                     f"| {100 * row['observed']:.1f}% [{100 * lo:.0f}, {100 * hi:.0f}] "
                     f"| {100 * (row['observed'] - row['mean_estimate']):+.1f} |")
    return "\n".join(lines)


def draw(path: str, title: str, report: dict, before: dict | None = None, size: int = 360) -> None:
    """The reliability diagram: estimate (x) against observed (y), buckets of 40+ positions, a legend in the
    top left corner (where a calibrated advisor never puts a bucket)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # lazy: only this drawing needs pygame

    pygame.font.init()
    pad = 40
    side = size - 2 * pad
    surface = pygame.Surface((size, size))
    surface.fill((255, 255, 255))
    font = pygame.font.Font(None, 18)

    def at(x: float, y: float) -> tuple[int, int]:
        return pad + round(side * x), size - pad - round(side * y)

    pygame.draw.rect(surface, (0, 0, 0), (pad, pad, side, side), 1)
    for k in range(1, 10):
        pygame.draw.line(surface, (235, 235, 235), at(k / 10, 0), at(k / 10, 1))
        pygame.draw.line(surface, (235, 235, 235), at(0, k / 10), at(1, k / 10))
    pygame.draw.line(surface, (150, 150, 150), at(0, 0), at(1, 1))
    for series, colour in ((before, (170, 170, 170)), (report, (200, 60, 20))):
        points = [r for r in (series or {"buckets": []})["buckets"] if r["n"] >= calibration.MIN_BUCKET]
        for r in points:
            lo, hi = wilson(r["observed"], r["n"])
            pygame.draw.line(surface, colour, at(r["mean_estimate"], lo), at(r["mean_estimate"], hi), 2)
            pygame.draw.circle(surface, colour, at(r["mean_estimate"], r["observed"]), 4)
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, [at(r["mean_estimate"], r["observed"]) for r in points], 1)
    surface.blit(font.render(title, True, (0, 0, 0)), (pad, 12))
    legend = [("shown, held out", (200, 60, 20))] + ([("raw, fit set", (170, 170, 170))] if before else [])
    for k, (text, colour) in enumerate(legend):
        surface.blit(font.render(text, True, colour), (pad + 8, pad + 6 + 16 * k))
    surface.blit(font.render("estimate", True, (0, 0, 0)), (size // 2 - 25, size - 24))
    surface.blit(pygame.transform.rotate(font.render("won", True, (0, 0, 0)), 90), (6, size // 2 - 10))
    for k in (0, 5, 10):
        label = font.render(f"{10 * k}%", True, (90, 90, 90))
        surface.blit(label, (at(k / 10, 0)[0] - 10, size - pad + 4))
        surface.blit(label, (pad - label.get_width() - 3, at(0, k / 10)[1] - 6))
    pygame.image.save(surface, path)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=list(plugins()))
    parser.add_argument("pairs", nargs="+", help="pairs files (JSON lines)")
    parser.add_argument("--through-map", action="store_true", help="map raw estimates through GAME's shipped map")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--png", default=None, help="draw the reliability diagram to this file")
    parser.add_argument("--before", default=None, help="pairs drawn in grey on the diagram (e.g. the raw ones)")
    parser.add_argument("--title", default=None)
    args = parser.parse_args(argv)
    pairs = read_pairs(args.pairs)
    if args.through_map:
        plugin = plugins()[args.game]
        cal = calibration_map.for_game(plugin, plugin.sample_players)
        if cal is None:
            parser.error(f"{args.game} ships no calibration map")
        pairs = [(cal(e), o) for e, o in pairs]
    report = calibration.report(pairs, args.game)
    print(json.dumps({k: v for k, v in report.items() if k != "buckets"}))
    if args.markdown:
        print(markdown(report))
    if args.png:
        before = calibration.report(read_pairs([args.before])) if args.before else None
        draw(args.png, args.title or args.game, report, before)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
