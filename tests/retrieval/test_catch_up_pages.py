"""The pages of a full vector-cache read (elfgraph/retrieval/catch_up.py): rows filled into
one matrix as they come, unit length, in order, also past the size counted at the start
(blocks promoted while the space was read); sketches decoded to int8 rows, with the
embeddings of blocks that have none quantised as a sketch would be."""

from __future__ import annotations

import numpy as np

from elfgraph.core.sketch import sketch, sketch_bytes
from elfgraph.retrieval.catch_up import Pages
from elfgraph.retrieval.vector_cache import SKETCHES, VECTORS, WORDS


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
    assert matrix is not None
    assert matrix.dtype == np.float32
    assert matrix.shape == (7, 4)
    assert pages.ids == [f"b{n}" for n in range(7)]
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    expected = np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)
    assert np.allclose(matrix, expected, atol=1e-6)


def test_no_page_gives_an_empty_matrix() -> None:
    empty = Pages(expected=5).matrix()
    assert empty is not None
    assert empty.shape == (0, 0)


def test_sketch_pages_decode_sketches_and_quantise_embeddings_without_one() -> None:
    rng = np.random.default_rng(4)
    vectors = rng.standard_normal((5, 6))
    items: list[list[float] | str] = [sketch(v) for v in vectors[:3]] + vectors[3:].tolist()
    pages = Pages(SKETCHES, expected=2)
    pages.add(["a", "b"], items[:2], [("t", None)] * 2)
    pages.add(["c", "d", "e"], items[2:], [("t", None)] * 3)
    matrix = pages.matrix()
    assert matrix is not None
    assert matrix.dtype == np.int8
    assert matrix.shape == (5, 6)
    for row, vector in zip(matrix, vectors, strict=True):
        assert np.array_equal(row, sketch_bytes(sketch(vector)))


def test_a_malformed_sketch_is_a_zero_row_and_mixed_widths_leave_the_words() -> None:
    pages = Pages(SKETCHES)
    pages.add(["a", "b"], [sketch([1.0, 2.0]), "q8:not base64!"], [("t", None)] * 2)
    matrix = pages.matrix()
    assert matrix is not None
    assert matrix[1].tolist() == [0, 0]
    pages.add(["c"], [sketch([1.0, 2.0, 3.0])], [("t", None)])
    assert pages.matrix() is None  # the cache keeps the words alone
    assert pages.ids == ["a", "b", "c"]
    assert Pages(WORDS).matrix() is None


def test_a_block_archived_while_its_page_was_read_is_left_out() -> None:
    """Neo4j reads committed data: a block archived between the query's filter and its
    read of the vector comes without one; it is gone, not a zero row or an error."""
    for kind, vectors in (
        (VECTORS, [[1.0, 0.0], None, [0.0, 2.0]]),
        (SKETCHES, [sketch(np.array([1.0, 0.0])), None, [0.0, 2.0]]),
    ):
        pages = Pages(kind)
        pages.add(["a", "b", "c"], vectors, [("ta", None), ("tb", None), ("tc", None)])
        matrix = pages.matrix()
        assert pages.ids == ["a", "c"]
        assert pages.texts == [("ta", None), ("tc", None)]
        assert matrix is not None
        assert matrix.shape[0] == 2
