"""The k largest cosines of every row of a (queries × pool) matrix, exactly, without a
full partition of each row.

`np.argpartition` over a chunk of 500 queries against a pool of 100,000 blocks took
1.4-1.7 s on the shared 2-core machine, more than the matrix product itself (issue 18).
Instead, each row's k-th largest value among its first SAMPLE columns is a lower bound
of its k-th largest overall (a subset's k-th largest is never above the whole row's),
so every one of the row's top k is at or above it; one comparison of the row with that
bound keeps about k·N/SAMPLE columns, and only those are ordered. Same result as a full
sort by (-cosine, id), ties at the cut included. With a floor, values below it are left
out as well: what a dream cannot use (plan.neighbour_floor) is never ordered or returned.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

SAMPLE = 2048  # columns that set each row's bound: ~k·N/2048 columns survive it


def top_columns(
    cosines: npt.NDArray[np.float32],
    take: int,
    ids: Sequence[str],
    *,
    sample: int = SAMPLE,
    floor: float = -math.inf,
) -> list[list[tuple[int, float]]]:
    """For each row, its `take` largest finite entries at or above `floor` as (column,
    value), largest first, ties by ids[column]. Dead columns are -inf and never taken; a
    row with fewer than `take` such entries gives what it has. `sample`: how many leading
    columns set the bound (any number gives the same result; the default is the fast one)."""
    rows, columns = cosines.shape
    if rows == 0 or columns == 0 or take <= 0:
        return [[] for _ in range(rows)]
    sample = min(columns, max(sample, take))
    head = cosines[:, :sample]
    if take <= sample:
        bounds = np.partition(head, sample - take, axis=1)[:, sample - take]
    else:
        bounds = np.full(rows, -np.inf, dtype=cosines.dtype)
    # A bound of -inf (fewer than `take` live columns in the sample) keeps every live one.
    lowest = float(np.finfo(cosines.dtype).min)
    bounds = np.maximum(np.where(np.isfinite(bounds), bounds, lowest), max(floor, lowest))
    found: list[list[tuple[int, float]]] = []
    for row, bound in zip(cosines, bounds.tolist(), strict=True):
        kept = np.flatnonzero(row >= bound)
        values = row[kept]
        if kept.size > take:
            # The take-th largest value; everything equal to it competes on id.
            cut = np.partition(values, kept.size - take)[kept.size - take]
            close = values >= cut
            kept, values = kept[close], values[close]
        pairs = sorted(
            zip(kept.tolist(), values.tolist(), strict=True),
            key=lambda pair: (-pair[1], ids[pair[0]]),
        )
        found.append(pairs[:take])
    return found
