"""The bridge percentile from a window of untouched degrees (curation/ranks.py) gives the
archive plan that every degree gives, whatever the graph, the ties and the decayed share."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.curation.plan import plan_archive
from elfgraph.curation.ranks import (
    EPSILON,
    NONE_UNTOUCHED,
    OutsideWindowError,
    Untouched,
    bridge_degree,
    untouched_from,
    window_ranks,
)
from tests.support.archive_graphs import build

# Few distinct weights, so that degrees tie often, also at the window's edges.
WEIGHTS = st.sampled_from([0.05, 0.1, 0.25, 0.5, 0.6, 1.0])

graphs = st.integers(2, 120).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.sets(st.integers(0, n - 1), max_size=max(1, n // 4)),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), WEIGHTS), max_size=3 * n),
    )
)


def index_window(
    degrees: dict[str, float], touched: dict[str, float], reach: int | None = None
) -> Untouched:
    """What the degree index gives: the count, then the degrees between two ranks."""
    ordered = sorted(d for d in degrees.values() if d > EPSILON)
    touched_nonzero = sum(1 for d in touched.values() if d > EPSILON)
    if len(ordered) <= touched_nonzero:
        return NONE_UNTOUCHED
    ranks = window_ranks(len(ordered), touched_nonzero, reach)
    low, high = ordered[ranks[0]], ordered[ranks[1]]
    return untouched_from(
        len(ordered),
        touched,
        ranks,
        low,
        high,
        sum(1 for d in ordered if d < low),
        [d for d in ordered if low <= d <= high],
    )


@settings(max_examples=400, deadline=None)
@given(graphs)
def test_the_window_gives_the_plan_of_every_degree(
    graph: tuple[int, set[int], list[tuple[int, int, float]]],
) -> None:
    n, decayed_ids, raw = graph
    degrees, edges = build(n, raw)
    decayed = sorted(f"b{i:02}" for i in decayed_ids)
    near = [e for e in edges if {e[0], e[1]} & set(decayed)]
    touched_ids = set(decayed) | {block for e in near for block in e[:2]}
    touched = {block: degrees[block] for block in touched_ids}
    full = plan_archive(degrees, decayed, near)
    windowed = plan_archive(touched, decayed, near, index_window(degrees, touched))
    assert windowed == full
    # As curate reads it: a narrow window first, wider after each OutsideWindowError.
    reach: int | None = 1
    while True:
        try:
            assert (
                plan_archive(touched, decayed, near, index_window(degrees, touched, reach)) == full
            )
            break
        except OutsideWindowError:
            assert reach is not None  # the widest window always decides
            reach = None if reach > 4 * n else reach * 4


def test_the_window_reads_only_the_degrees_near_the_rank() -> None:
    degrees = {f"b{i:04}": 1.0 + i for i in range(1000)}
    touched = {"b0000": 1.0, "b0500": 501.0}
    untouched = index_window(degrees, touched)
    assert len(untouched.window) < 10  # of 998 untouched degrees
    assert bridge_degree(untouched, touched.values()) == 800.0  # rank 799 of 1..1000
    # Without the touched blocks (archived): rank ceil(0.8·998) - 1 = 798 of the rest.
    assert bridge_degree(untouched, []) == 801.0


def test_a_touched_degree_missing_from_the_window_says_the_graph_changed() -> None:
    with pytest.raises(OutsideWindowError):
        untouched_from(10, {"a": 2.5}, (3, 6), 2.0, 3.0, 3, [2.0, 3.0])  # no 2.5 there


def test_a_window_that_does_not_decide_the_rank_says_so() -> None:
    stale = Untouched(size=100, below=90, window=(5.0, 6.0), low=5.0, high=6.0)
    with pytest.raises(OutsideWindowError):
        bridge_degree(stale, [])  # rank 79 lies among the 90 below the window
    short = Untouched(size=100, below=10, window=(5.0, 6.0), low=5.0, high=6.0)
    with pytest.raises(OutsideWindowError):
        bridge_degree(short, [])  # rank 79 lies above it
    assert bridge_degree(NONE_UNTOUCHED, []) is None
    assert bridge_degree(Untouched(0, 0, (), -math.inf, math.inf), [2.0, 0.0, 1.0]) == 2.0
