"""Pure parts of curate: the due rule, the summary wording and the sample lines (the worked
numbers of edge decay are in tests/core/test_edge_decay.py)."""

from __future__ import annotations

from elfgraph.core.schedule import curate_due, hours_since
from elfgraph.curation.models import CurateResult
from elfgraph.curation.run import describe_edge, first_words


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
    # the design's own example is above a quarter: 12 of 47 edges
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
