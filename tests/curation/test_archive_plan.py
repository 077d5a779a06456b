"""The archive plan (curation/plan.py), pure: bridges are chosen on the graph the run
leaves behind, so planning again on that graph archives nothing."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.curation.plan import EPSILON, percentile_disc, plan_archive
from tests.support.archive_graphs import build


def test_percentile_is_cyphers_nearest_rank() -> None:
    assert percentile_disc([], 0.8) is None
    assert percentile_disc([3.0], 0.8) == 3.0
    assert percentile_disc([0.3, 0.7, 0.7, 0.7, 2.4], 0.8) == 0.7  # 0.8·5 = 4: the 4th
    assert percentile_disc([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], 0.8) == 5.0  # 4.8: the 5th
    assert percentile_disc([2.0, 1.0], 0.1) == 1.0


def test_a_hub_of_fresh_blocks_stays_and_its_decayed_leaf_goes() -> None:
    degrees = {"hub": 2.4, "leaf": 0.3, "b": 0.7, "c": 0.7, "d": 0.7, "loner": 0.0}
    edges = [("hub", "leaf", 0.3), ("b", "hub", 0.7), ("c", "hub", 0.7), ("d", "hub", 0.7)]
    plan = plan_archive(degrees, ["hub", "leaf", "loner"], edges)
    assert (plan.ids, plan.bridges_kept) == (["leaf", "loner"], 1)


def test_a_bridge_that_owed_its_degree_to_archived_blocks_goes_in_the_same_run() -> None:
    # "mid" is a bridge of the whole graph only thanks to its four decayed leaves.
    leaves = [f"leaf{i}" for i in range(4)]
    edges = [("mid", leaf, 0.5) for leaf in leaves] + [("x", "y", 0.6), ("y", "z", 0.6)]
    degrees = {"mid": 2.0, "x": 0.6, "y": 1.2, "z": 0.6} | dict.fromkeys(leaves, 0.5)
    plan = plan_archive(degrees, ["mid", *leaves], edges)
    assert plan.ids == sorted(["mid", *leaves])
    assert plan.rounds == 2


graphs = st.integers(3, 40).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.booleans(), min_size=n, max_size=n),
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.floats(0.01, 1.5)),
            max_size=3 * n,
        ),
    )
)


@settings(max_examples=300, deadline=None)
@given(graphs)
def test_planning_again_on_what_the_plan_leaves_archives_nothing(
    graph: tuple[int, list[bool], list[tuple[int, int, float]]],
) -> None:
    n, decayed_flags, raw_edges = graph
    degrees, edges = build(n, raw_edges)
    decayed = [f"b{i:02}" for i in range(n) if decayed_flags[i]]
    plan = plan_archive(degrees, decayed, [e for e in edges if {e[0], e[1]} & set(decayed)])
    gone = set(plan.ids)
    assert gone <= set(decayed)
    # The graph the run leaves: the archived blocks and their edges removed, degrees
    # recomputed from scratch (as Cypher would, by addition).
    left_edges = [e for e in edges if e[0] not in gone and e[1] not in gone]
    left = {block: 0.0 for block in degrees if block not in gone}
    for a, b, w in left_edges:
        left[a] += w
        left[b] += w
    still_decayed = [d for d in decayed if d not in gone]
    again = plan_archive(
        left, still_decayed, [e for e in left_edges if {e[0], e[1]} & set(still_decayed)]
    )
    assert again.ids == []
    assert again.bridges_kept == len(still_decayed) == plan.bridges_kept
    # Every decayed block kept is a bridge of the graph left behind.
    bridge = percentile_disc([d for d in left.values() if d > EPSILON], 0.8)
    for block in still_decayed:
        assert bridge is not None
        assert left[block] > EPSILON
        assert left[block] >= bridge - EPSILON
    assert all(math.isfinite(d) for d in left.values())
