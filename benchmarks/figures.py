"""The order statistics every benchmark reports."""

from __future__ import annotations


def percentile(values: list[float], share: float) -> float:
    """The value at `share` (0-1) of the sorted values, nearest rank."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]
