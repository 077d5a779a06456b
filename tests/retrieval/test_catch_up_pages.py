"""The pages of a full vector-cache read (elfgraph/retrieval/catch_up.py): rows filled into
one matrix as they come, unit length, in order, also past the size counted at the start
(blocks promoted while the space was read)."""

from __future__ import annotations

import numpy as np

from elfgraph.retrieval.catch_up import Pages


def test_pages_fill_one_matrix_of_unit_rows_and_grow_past_the_expected_size() -> None:
    rng = np.random.default_rng(3)
    vectors = rng.standard_normal((7, 4)) * 5
    vectors[2] = 0.0  # a zero vector stays zero
    pages = Pages(expected=3)
    for start in range(0, 7, 2):
        chunk = vectors[start : start + 2]
        pages.add(
            [f"b{start + n}" for n in range(len(chunk))], chunk.tolist(), [("t", None)] * len(chunk)
        )
    matrix = pages.matrix()
    assert matrix.dtype == np.float32
    assert matrix.shape == (7, 4)
    assert pages.ids == [f"b{n}" for n in range(7)]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    expected = np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)
    assert np.allclose(matrix, expected, atol=1e-6)


def test_no_page_gives_an_empty_matrix() -> None:
    assert Pages(expected=5).matrix().shape == (0, 0)
