"""Recall@k of evidence turns, and its averages per category and overall."""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from benchmarks.locomo.data import ALL_CATEGORIES as CATEGORIES

KS = (1, 5, 10, 20)


def recall_at(ranked: Sequence[Iterable[str]], evidence: Sequence[str], k: int) -> float:
    """The share of the evidence turns among the first k retrieved items (each item stands
    for one or more turns: a block whose text several identical turns share)."""
    found = {dia_id for item in ranked[:k] for dia_id in item}
    return sum(1 for e in evidence if e in found) / len(evidence)


@dataclass(frozen=True)
class Scored:
    """One question's recall@k for every k."""

    category: int
    recall: dict[int, float]


def summarise(scored: Sequence[Scored], ks: Sequence[int] = KS) -> dict[str, dict[str, float]]:
    """Mean recall@k per category name and "overall" (every question counts once), with
    the number of questions as `n`."""
    groups: dict[str, list[Scored]] = {"overall": list(scored)}
    for number, name in CATEGORIES.items():
        groups[name] = [s for s in scored if s.category == number]
    return {
        name: {"n": float(len(group))}
        | {f"R@{k}": statistics.fmean(s.recall[k] for s in group) for k in ks}
        for name, group in groups.items()
        if group
    }


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (the same rule as the other benchmarks)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def latency(values: Sequence[float]) -> dict[str, float]:
    return {"p50_ms": statistics.median(values), "p95_ms": percentile(values, 0.95)}
