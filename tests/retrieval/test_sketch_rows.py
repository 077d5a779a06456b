"""The sketches' vector leg (elfgraph/retrieval/sketch_rows.py): exact over the sketches when
the first pass would keep every row, near the exact answer when it keeps a few, and never a
dead row or a NaN."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.core.sketch import quantised_rows
from elfgraph.retrieval import sketch_rows
from elfgraph.retrieval.sketch_rows import SketchRows


def clustered(rows: int, dimensions: int, seed: int) -> np.ndarray:
    """Unit rows around 40 centres in a 12-dimension subspace, as embeddings cluster."""
    generator = np.random.default_rng(seed)
    basis = generator.standard_normal((12, dimensions))
    centres = generator.standard_normal((40, 12))
    points = centres[generator.integers(0, 40, rows)] + 0.4 * generator.standard_normal((rows, 12))
    matrix = (points @ basis + 0.05 * generator.standard_normal((rows, dimensions))).astype(
        np.float32
    )
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def sketch_cosines(sketches: np.ndarray, query: np.ndarray) -> np.ndarray:
    wide = sketches.astype(np.float64)
    return (wide @ query) / np.linalg.norm(wide, axis=1)


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 60), n=st.integers(1, 70), seed=st.integers(0, 10_000))
def test_with_every_row_in_the_first_pass_the_answer_is_exact_over_the_sketches(
    rows: int, n: int, seed: int
) -> None:
    matrix = clustered(rows, 16, seed)
    sketches, _ = quantised_rows(matrix)
    index = SketchRows(16, first_pass=64)
    index.append(sketches)
    query = clustered(1, 16, seed + 1)[0]
    alive = np.random.default_rng(seed).random(rows) > 0.2
    found, cosines = index.nearest(query, n, alive)
    exact = sketch_cosines(sketches, query)
    assert alive[found].all()
    assert len(found) == min(n, int(alive.sum()))
    np.testing.assert_allclose(cosines, exact[found], atol=1e-5)
    if len(found):
        cut = float(cosines.min())
        left_out = np.setdiff1d(np.flatnonzero(alive), found)
        assert (exact[left_out] <= cut + 1e-5).all()


def test_the_first_pass_keeps_nearly_all_of_the_exact_nearest() -> None:
    matrix = clustered(6_000, 96, seed=3)
    index = SketchRows(96, first_pass=400)
    index.append(quantised_rows(matrix)[0])
    alive = np.ones(len(matrix), dtype=bool)
    queries = clustered(50, 96, seed=3)  # the same centres: questions near the rows
    kept = []
    for query in queries:
        found, _ = index.nearest(query, 10, alive)
        exact = np.argsort(-(matrix @ query))[:10]
        kept.append(len(set(found.tolist()) & set(exact.tolist())) / 10)
    assert np.mean(kept) >= 0.95


def test_rows_added_later_are_projected_and_a_doubled_index_is_fitted_again() -> None:
    matrix = clustered(3_000, 32, seed=5)
    sketches = quantised_rows(matrix)[0]
    index = SketchRows(32, first_pass=200)
    index.append(sketches[:1_000])
    index.append(sketches[1_000:1_500])  # projected on the first directions
    assert index._fitted_rows == 1_000
    index.append(sketches[1_500:])  # 3,000 ≥ 2 × 1,000: found again
    assert index._fitted_rows == 3_000
    alive = np.ones(3_000, dtype=bool)
    for row in (10, 1_200, 2_900):  # a row's own sketch is its own nearest
        found, cosines = index.nearest(matrix[row], 1, alive)
        assert found.tolist() == [row]
        assert cosines[0] > 0.99


def test_a_zero_sketch_has_cosine_zero_and_replaced_or_kept_rows_follow() -> None:
    index = SketchRows(4, first_pass=8)
    index.append(np.array([[127, 0, 0, 0], [0, 0, 0, 0], [0, 127, 0, 0]], dtype=np.int8))
    alive = np.ones(3, dtype=bool)
    found, cosines = index.nearest(np.array([1, 0, 0, 0], np.float32), 3, alive)
    assert dict(zip(found.tolist(), cosines.tolist(), strict=True)) == {0: 1.0, 1: 0.0, 2: 0.0}
    index.replace(1, np.array([100, 0, 0, 0], dtype=np.int8))
    index.keep(np.array([1, 2]))
    found, cosines = index.nearest(np.array([1, 0, 0, 0], np.float32), 1, alive[:2])
    assert found.tolist() == [0]  # the replaced row, now first
    assert len(index) == 2


def test_memory_is_a_byte_a_dimension_and_the_projection() -> None:
    index = SketchRows(384)
    index.append(quantised_rows(clustered(2_000, 384, seed=9))[0])
    per_row = index.nbytes / len(index)
    assert 384 + 4 * sketch_rows.PROJECTED <= per_row <= 1.3 * (388 + 4 * sketch_rows.PROJECTED)
