"""Small statistics over measurements: ``percentile`` of frame, decision and advice times (the benches)."""

from __future__ import annotations


def percentile(values, q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, interpolated between the two nearest; 0.0 for no values."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    lo = int(k)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)
