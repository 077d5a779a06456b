"""Edge decay's reference formula (core.scoring, docs/BEHAVIOUR.md §9.3): the
design's worked numbers, the edge's rate, and
an effective weight that never grows with time."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.scoring import edge_decay_lambda, effective_edge_weight


@pytest.mark.parametrize(
    ("scenario", "weight", "count", "hours", "effective"),
    [
        ("2 at h=280", 0.60, 3, 80, 0.402),
        ("2 at h=440", 0.60, 3, 240, 0.181),
        ("2 at h=640", 0.60, 3, 440, 0.067),
        ("3 at h=440", 0.60, 3, 345, 0.107),
        ("3 at h=480", 0.60, 3, 385, 0.088),
        ("4 at h=500", 0.72, 8, 490, 0.062),
        ("6 at h=15", 0.60, 0, 5, 0.585),
        ("7 at h=50", 0.60, 0, 2, 0.594),
        ("11 at h=500", 0.35, 0, 490, 0.030),
        ("12, count 9", 0.50, 9, 500, 0.041),
        ("12, count 10", 0.50, 10, 500, 0.143),
        ("14 at h=400", 0.60, 0, 390, 0.085),
    ],
)
def test_the_reference_formula_gives_seed_001s_numbers(
    scenario: str, weight: float, count: int, hours: float, effective: float
) -> None:
    assert effective_edge_weight(weight, 0.01, 0.01, count, hours) == pytest.approx(
        effective, abs=6e-4
    ), scenario


def test_the_edge_rate_follows_the_longer_lived_block_and_use() -> None:
    assert edge_decay_lambda(0.01, 0.05, 0) == pytest.approx(0.005)
    assert edge_decay_lambda(0.00001, 0.05, 0) == pytest.approx(0.000005)
    assert edge_decay_lambda(0.01, 0.01, 10) == pytest.approx(0.0025)
    assert effective_edge_weight(0.6, 0.01, 0.01, 0, -5.0) == 0.6  # never from the future
    assert effective_edge_weight(0.6, 0.0, 0.01, 0, math.inf) == 0.6


@given(
    st.floats(0, 1),
    st.floats(0, 0.05),
    st.floats(0, 0.05),
    st.integers(0, 100),
    st.floats(0, 1e6),
    st.floats(0, 1e3),
)
def test_effective_weight_never_grows_with_time(
    weight: float, la: float, lb: float, count: int, hours: float, more: float
) -> None:
    now = effective_edge_weight(weight, la, lb, count, hours)
    assert 0.0 <= now <= weight
    assert effective_edge_weight(weight, la, lb, count, hours + more) <= now
