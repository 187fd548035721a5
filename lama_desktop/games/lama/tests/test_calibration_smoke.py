"""The advisor's calibration on a real game, tiny: four positions of seeded L.A.M.A. games, the advisor's own
estimates paired with outcomes (the 2,000-position runs are measurements, docs/bots-advisor.md; the tool's side:
tests/test_bench_calibration.py)."""

from __future__ import annotations

from lama_desktop import calibration


def test_four_positions_end_to_end():
    pairs = list(calibration.collect("lama", 4, 3))
    assert len(pairs) == 4
    for estimate, outcome in pairs:
        assert 0.0 <= estimate <= 1.0 and outcome in (0.0, 1.0, 0.5, 1 / 3, 0.25)
    report = calibration.report(pairs, "lama", 3)
    assert report["positions"] == 4 and sum(r["n"] for r in report["buckets"]) == 4
    assert report["max_gap_pts"] is None  # no bucket holds 40


def test_the_same_seed_gives_the_same_pairs():
    first = list(calibration.collect("lama", 2, 8, levels=["medium"] * 4))
    assert first == list(calibration.collect("lama", 2, 8, levels=["medium"] * 4)) and len(first) == 2
