"""elfgraph.core.sketch: int8 copies of embeddings whose cosine error bound holds."""

from __future__ import annotations

import base64

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.core.scoring import cosine
from elfgraph.core.sketch import SKETCH_FORMAT, cosine_error_bound, sketch, sketches, unsketch


def vectors(dims: int) -> st.SearchStrategy[np.ndarray]:
    return st.lists(st.floats(-1, 1, allow_nan=False, width=32), min_size=dims, max_size=dims).map(
        np.array
    )


@settings(max_examples=200)
@given(st.integers(2, 64).flatmap(lambda n: st.tuples(vectors(n), vectors(n))))
def test_the_cosine_of_two_sketches_is_within_its_bound(pair: tuple[np.ndarray, ...]) -> None:
    a, b = pair
    sa, sb = sketch(a), sketch(b)
    if not sa or not sb:  # a zero vector has no sketch
        assert not np.any(a) or not np.any(b)
        return
    ua, ub = unsketch(sa), unsketch(sb)
    assert ua is not None
    assert ub is not None
    bound = cosine_error_bound(sa, sb)
    assert bound is not None
    assert abs(float(ua @ ub) - cosine(a, b)) <= bound + 1e-9


def test_the_bound_is_tight_enough_for_diversity_at_embedding_sizes() -> None:
    rng = np.random.default_rng(7)
    for dims in (384, 768):
        a, b = rng.standard_normal(dims), rng.standard_normal(dims)
        bound = cosine_error_bound(sketch(a), sketch(b))
        assert bound is not None
        assert bound < 0.1
        ua, ub = unsketch(sketch(a)), unsketch(sketch(b))
        assert ua is not None
        assert ub is not None
        assert abs(float(ua @ ub) - cosine(a, b)) < 0.01  # and the error far below it


def test_a_sketch_is_one_byte_per_dimension_behind_its_format_tag() -> None:
    text = sketch(np.linspace(-1.0, 1.0, 384))
    assert text.startswith(SKETCH_FORMAT)
    assert len(base64.b64decode(text[len(SKETCH_FORMAT) :])) == 384


def test_missing_malformed_and_old_sketches_are_not_read() -> None:
    old = base64.b64encode(bytes(64)).decode("ascii")  # the 64-dimension projection
    for text in (None, "", old, SKETCH_FORMAT + "not base64!", SKETCH_FORMAT):
        assert unsketch(text) is None
        assert cosine_error_bound(text, text) is None
    assert sketch(np.zeros(8)) == ""
    assert sketch(np.array([1.0, float("nan")])) == ""


@settings(max_examples=100)
@given(
    st.integers(1, 24).flatmap(lambda n: st.lists(vectors(n), min_size=1, max_size=8)),
    st.sampled_from([None, 0.0, np.nan, np.inf]),
)
def test_sketches_of_a_matrix_are_the_sketches_of_its_rows(
    rows: list[np.ndarray], odd: float | None
) -> None:
    matrix = np.stack(rows).astype(np.float32)
    if odd is not None:
        matrix[0] = 0.0 if odd == 0.0 else matrix[0]
        matrix[0, 0] = odd
    assert sketches(matrix) == [sketch(row) for row in matrix]
