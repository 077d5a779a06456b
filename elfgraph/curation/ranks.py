"""The bridge percentile of an archive plan without every degree (docs/BEHAVIOUR.md §9.2).
Pure: the caller reads the degrees from the graph.

An archive plan changes the degrees of the blocks it touches (the decayed ones and their
neighbours) and no other. The 80th percentile of the non-zero degrees is the value at
one rank, so the degrees of the untouched blocks matter only near that rank: the caller
reads how many there are, how many lie below a window of values, and the window itself
(a count and a skip along an index ordered by degree), and the percentile of every round
of the plan comes out exactly as if every degree had been read. The caller starts with a
narrow window around the first round's rank and widens it when bridge_degree raises
OutsideWindowError (a round's rank fell outside it), up to one wide enough for any round
(window_ranks); if even that does not decide (the graph changed between the reads), it
reads every degree instead.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

BRIDGE_PERCENTILE = 0.8
# Degrees are sums of floats, computed here by subtraction and in Cypher by addition:
# comparisons allow this much rounding, so both always agree on who is a bridge.
EPSILON = 1e-9


class OutsideWindowError(Exception):
    """The percentile's rank falls outside the untouched degrees that were read."""


@dataclass(frozen=True)
class Untouched:
    """The non-zero degrees of the blocks a plan does not touch: `size` of them, known
    exactly from `low` to `high` inclusive (`window`, sorted), `below` of them under `low`;
    those above `high` are not known."""

    size: int
    below: int
    window: tuple[float, ...]
    low: float = -math.inf
    high: float = math.inf


NONE_UNTOUCHED = Untouched(0, 0, ())


def percentile_rank(count: int, percentile: float = BRIDGE_PERCENTILE) -> int:
    """The 0-based rank of the nearest-rank percentile among `count` sorted values, as
    Cypher's percentileDisc computes it: ceil(p·n) - 1, the first for p·n < 1."""
    return max(0, math.ceil(percentile * count) - 1)


def percentile_disc(values: Iterable[float], percentile: float) -> float | None:
    """The nearest-rank percentile of `values`; None when empty."""
    ordered = sorted(values)
    if not ordered:
        return None
    return ordered[min(percentile_rank(len(ordered), percentile), len(ordered) - 1)]


def bridge_degree(untouched: Untouched, touched: Iterable[float]) -> float | None:
    """The 80th percentile of the non-zero degrees of the untouched blocks and of
    `touched` (the current degrees of the touched blocks still active); None when there
    are none. OutsideWindowError when the untouched degrees read do not decide it."""
    values = sorted(d for d in touched if d > EPSILON)
    total = untouched.size + len(values)
    if total == 0:
        return None
    rank = percentile_rank(total)
    under = untouched.below + bisect_left(values, untouched.low)
    if rank < under:
        raise OutsideWindowError
    between = sorted(
        [*untouched.window, *(v for v in values if untouched.low <= v <= untouched.high)]
    )
    if rank - under >= len(between):
        raise OutsideWindowError
    return between[rank - under]


def window_ranks(ranked: int, touched: int, reach: int | None = None) -> tuple[int, int]:
    """The ranks (0-based, inclusive) among `ranked` non-zero degrees, `touched` of them of
    touched blocks, to read around the percentile. Every round's percentile falls between
    them when `reach` is None: the untouched count with between 0 and `touched` touched
    degrees has its rank in [rank(ranked - touched), rank(ranked)], and touched degrees
    shift an untouched one's place by at most `touched`. A smaller `reach` reads that far
    either side of the first round's rank (within those bounds): enough when few touched
    degrees cross the percentile, which bridge_degree checks."""
    low = percentile_rank(ranked - touched) - touched if ranked > touched else 0
    high = percentile_rank(ranked) + touched
    if reach is not None:
        centre = percentile_rank(ranked)
        low, high = max(low, centre - reach), min(high, centre + reach)
    return max(0, low), min(ranked - 1, high)


def untouched_from(
    ranked: int,
    touched: Mapping[str, float],
    ranks: tuple[int, int],
    low: float,
    high: float,
    below: int,
    window: Sequence[float],
) -> Untouched:
    """The untouched degrees, from what the degree index gave: `ranked` non-zero degrees,
    `below` of them under `low`, `window` every degree from `low` to `high`; `touched` the
    degrees of the touched blocks as the same index holds them, taken out of the window by
    value (the same doubles). OutsideWindowError when one is not there (the graph changed
    between the reads)."""
    touched_nonzero = [d for d in touched.values() if d > EPSILON]
    left = Counter(window)
    left.subtract(d for d in touched_nonzero if low <= d <= high)
    if any(count < 0 for count in left.values()):
        raise OutsideWindowError
    return Untouched(
        size=ranked - len(touched_nonzero),
        below=below - sum(1 for d in touched_nonzero if d < low),
        window=tuple(sorted(left.elements())),
        low=-math.inf if ranks[0] == 0 else low,
        high=math.inf if ranks[1] >= ranked - 1 else high,
    )
