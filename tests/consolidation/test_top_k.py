"""top_columns: each row's k largest cosines (at or above a floor), the same as a full sort by
(-cosine, id)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.consolidation.top_k import top_columns


def full_sort(
    cosines: np.ndarray, take: int, ids: list[str], floor: float = -np.inf
) -> list[list[tuple[int, float]]]:
    found = []
    for row in cosines:
        pairs = [(c, float(v)) for c, v in enumerate(row.tolist()) if np.isfinite(v) and v >= floor]
        pairs.sort(key=lambda pair: (-pair[1], ids[pair[0]]))
        found.append(pairs[:take])
    return found


@settings(max_examples=200, deadline=None)
@given(
    rows=st.integers(0, 6),
    columns=st.integers(0, 40),
    take=st.integers(1, 12),
    sample=st.integers(1, 16),
    levels=st.integers(1, 5),  # few distinct values: many ties at the cut
    dead_share=st.floats(0.0, 1.0),
    floor=st.sampled_from([-np.inf, -0.5, 0.0, 0.25, 0.5, 0.75, 1.0]),
    seed=st.integers(0, 2**32 - 1),
)
def test_same_as_a_full_sort(
    rows: int,
    columns: int,
    take: int,
    sample: int,
    levels: int,
    dead_share: float,
    floor: float,
    seed: int,
) -> None:
    rng = np.random.default_rng(seed)
    cosines = (rng.integers(0, levels, (rows, columns)) / levels).astype(np.float32)
    cosines[rng.random((rows, columns)) < dead_share] = -np.inf
    ids = [f"id-{n:03d}" for n in rng.permutation(columns).tolist()]
    # a small sample, so the bound is far below the row's k-th largest; a floor on the grid
    # of values, so some equal it
    found = top_columns(cosines, take, ids, sample=sample, floor=floor)
    assert found == full_sort(cosines, take, ids, floor)


def test_a_large_pool_keeps_the_exact_top_k() -> None:
    rng = np.random.default_rng(7)
    pool = rng.standard_normal((20_000, 32)).astype(np.float32)
    pool /= np.linalg.norm(pool, axis=1, keepdims=True)
    cosines = pool[:50] @ pool.T
    cosines[:, 100:200] = -np.inf
    ids = [f"b{n}" for n in range(len(pool))]
    assert top_columns(cosines, 10, ids) == full_sort(cosines, 10, ids)
