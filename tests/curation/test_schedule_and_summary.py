"""Pure parts of curate: seed 001's numbers from the reference formula, the due rule, the
summary wording and the sample lines."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.scoring import edge_decay_lambda, effective_edge_weight
from elfgraph.curation.models import CurateResult
from elfgraph.curation.run import curate_due, describe_edge, first_words, hours_since
from elfgraph.status.models import SystemStatus


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


def test_due_when_never_run_or_after_the_interval() -> None:
    assert curate_due(None, 0.0, 40.0)
    assert not curate_due(10.0, 49.9, 40.0)
    assert curate_due(10.0, 50.0, 40.0)
    assert hours_since(None, 5.0) is None
    assert hours_since(10.0, 5.0) == 0.0  # a lagging clock never reads as negative
    assert hours_since(10.0, 52.5) == 42.5


def test_sample_lines_start_with_the_first_words() -> None:
    assert describe_edge("async patterns", "database-optimization", 0.45) == (
        "async patterns ↔ database-optimization (was 0.45)"
    )
    assert (
        first_words("The billing service uses Postgres for invoices") == "The billing service uses…"
    )
    assert first_words("x" * 60).endswith("…")
    assert len(first_words("x" * 60)) == 40


def test_the_summary_words_of_seed_001() -> None:
    assert str(CurateResult()) == "Curated: nothing required."
    few = CurateResult(archived=3, edges_decayed=5, total_edges_after=95, reinforced=5)
    assert few.summary.startswith("Curated: 3 archived, 5 edges decayed (95 remain), 5 reinforced.")
    assert "Tip:" in few.summary
    assert "Warning" not in few.summary
    # seed 001's own example is above a quarter: 12 of 47 edges
    quarter = CurateResult(archived=3, edges_decayed=12, total_edges_after=35, reinforced=5)
    assert "Warning: graph connections reduced significantly (26%" in quarter.summary
    assert "Tip:" not in quarter.summary
    gone = CurateResult(edges_decayed=40, edges_pruned=2)  # nothing left: still warned
    assert "(100% of edges went in this run)" in gone.summary
    held_back = CurateResult(edges_deferred=7)
    assert held_back.summary.startswith("Curated: nothing removed.")
    assert "7 more decayed edges wait for the next run" in held_back.summary
    assert CurateResult(skipped_reason="busy").summary.startswith("Curate skipped: another")
    assert CurateResult(skipped_reason="not_due").summary == "Curate skipped: not due yet."
    assert few.to_dict()["decayed_sample"] == []


def test_status_reports_hours_since_curate() -> None:
    base = {
        "space": "s",
        "session_active": False,
        "session_hours": 0.0,
        "inbox_count": 0,
        "inbox_threshold": 10,
        "active_count": 1,
        "archived_count": 0,
        "total_active_hours": 50.0,
        "last_consolidated": None,
        "edge_count": 0,
    }
    assert "never curated." in str(SystemStatus(**base))
    assert "curated 12.5 h ago." in str(SystemStatus(**base, hours_since_curate=12.5))
