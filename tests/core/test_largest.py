"""The positions of a vector's largest values (core.largest): the set a full argpartition
gives, values at the cut included, for vectors below and above the sampled path."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.core.largest import SMALL, largest


def expected_values(values: np.ndarray, count: int) -> list[float]:
    return sorted(values.tolist(), reverse=True)[:count]


@settings(max_examples=80, deadline=None)
@given(
    size=st.integers(1, 3 * SMALL),
    count=st.integers(0, 3_000),
    distinct=st.sampled_from([2, 50, 10**6]),  # few values: ties everywhere at the cut
    dead=st.floats(0.0, 0.9),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_largest_values_are_those_a_full_sort_gives(
    size: int, count: int, distinct: int, dead: float, seed: int
) -> None:
    generator = np.random.default_rng(seed)
    values = generator.integers(0, distinct, size).astype(np.float32)
    values[generator.random(size) < dead] = -np.inf  # rows never wanted, as recall marks them
    found = largest(values, count)
    assert len(found) == min(count, size)
    assert len(set(found.tolist())) == len(found)
    assert sorted(values[found].tolist(), reverse=True) == expected_values(values, count)


def test_a_sampled_vector_keeps_its_largest_wherever_they_are() -> None:
    values = np.zeros(100_000, dtype=np.float32)
    values[[3, 50_001, 99_999]] = [1.0, 3.0, 2.0]  # far from every sampled position
    assert sorted(largest(values, 3).tolist()) == [3, 50_001, 99_999]
