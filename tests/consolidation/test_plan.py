"""Pure planning of consolidation: dedupe walk, candidates, similarity edges, the run pool."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.consolidation.plan import (
    InboxBlock,
    Neighbour,
    earlier_survivors,
    merge_neighbours,
    pairwise_cosines,
    plan_dedupe,
    similarity_edges,
)
from elfgraph.consolidation.run_pool import RunPool
from elfgraph.edges.link import edge_row
from elfgraph.embedding.mock import MockEmbeddingService

EMBEDDER = MockEmbeddingService(
    similarities={("a", "a twin"): 0.97, ("a", "a cousin"): 0.92, ("a", "a friend"): 0.7}
)


def inbox(*texts: str) -> tuple[list[InboxBlock], list[np.ndarray]]:
    blocks = [InboxBlock(id=t, content=t, tags=(), category="knowledge") for t in texts]
    return blocks, [EMBEDDER.vector(t) for t in texts]


def test_a_repeat_within_the_run_is_rejected_and_a_near_one_supersedes() -> None:
    blocks, vectors = inbox("a", "a twin", "a cousin", "a friend")
    plan = plan_dedupe(
        blocks, pairwise_cosines(vectors), {}, exact_threshold=0.95, near_threshold=0.90
    )
    assert plan.rejected == ["a twin"]
    assert plan.superseded == ["a"]
    assert plan.survivors == ["a cousin", "a friend"]


def test_an_active_neighbour_above_the_exact_threshold_rejects_the_new_block() -> None:
    blocks, vectors = inbox("new")
    neighbours = {"new": [Neighbour("old", (), "knowledge", 0.0, 0.951)]}
    plan = plan_dedupe(
        blocks, pairwise_cosines(vectors), neighbours, exact_threshold=0.95, near_threshold=0.9
    )
    assert (plan.rejected, plan.survivors) == (["new"], [])


def test_similarity_edges_keep_scores_above_threshold_strongest_first() -> None:
    block = InboxBlock("x", "x", ("t",), "knowledge")
    candidates = [
        Neighbour("weak", (), "other", 100.0, 0.55),
        Neighbour("strong", ("t",), "knowledge", 0.0, 0.9),
        Neighbour("below", ("t",), "knowledge", 0.0, 0.49),
    ]
    edges = similarity_edges(block, ["t"], candidates, 0.0, threshold=0.45)
    assert [other for other, _ in edges] == ["strong"]
    assert edges[0][1] == pytest.approx(0.55 * 0.9 + 0.20 + 0.15 + 0.10)


def test_edge_rows_go_from_the_smaller_id_and_are_typed() -> None:
    row = edge_row("b", "a", "similar", "similarity", 0.5)
    assert (row["a"], row["b"], row["type"]) == ("a", "b", "SIMILAR")


def test_the_run_pool_finds_exact_neighbours_and_forgets_superseded_ones() -> None:
    pool = RunPool(384)
    for text in ("a", "a friend", "zzz"):
        pool.add(text, [], "knowledge", 1.0, EMBEDDER.vector(text))
    blocks, vectors = inbox("a cousin")
    found = pool.nearest(blocks, vectors, 2)["a cousin"]
    assert [n.id for n in found] == ["a", "a friend"]
    assert found[0].cosine == pytest.approx(0.92, abs=1e-5)
    pool.forget(["a"])
    assert "a" not in [n.id for n in pool.nearest(blocks, vectors, 3)["a cousin"]]
    assert len(pool) == 2


def test_merge_keeps_each_id_once_and_the_k_nearest() -> None:
    one = {"q": [Neighbour("x", (), "k", 0, 0.5), Neighbour("y", (), "k", 0, 0.9)]}
    two = {"q": [Neighbour("x", (), "k", 0, 0.5), Neighbour("z", (), "k", 0, 0.7)]}
    merged = merge_neighbours(one, two, k=2)
    assert [n.id for n in merged["q"]] == ["y", "z"]


def test_a_full_pool_starts_a_new_generation_with_a_new_tag() -> None:
    pool = RunPool(384, capacity=3)
    for text in ("a", "a friend"):
        pool.add(text, [], "knowledge", 1.0, EMBEDDER.vector(text))
    first_tag = pool.tag
    pool.make_room(1)  # 2 + 1 fit
    assert (pool.tag, len(pool), pool.retired) == (first_tag, 2, 0)
    pool.make_room(2)  # 2 + 2 do not: the index finds these two from now on
    assert pool.tag != first_tag
    assert (len(pool), pool.retired) == (0, 2)
    blocks, vectors = inbox("a cousin")
    assert pool.nearest(blocks, vectors, 2) == {}
    pool.add("zzz", [], "knowledge", 1.0, EMBEDDER.vector("zzz"))
    assert [n.id for n in pool.nearest(blocks, vectors, 2)["a cousin"]] == ["zzz"]


def test_the_pool_orders_neighbours_nearest_first_with_ties_by_id() -> None:
    pool = RunPool(384)
    vector = np.eye(384, dtype=np.float32)[0]  # exact products: a true tie
    for block_id in ("c", "a", "b"):
        pool.add(block_id, [], "knowledge", 1.0, vector)
    blocks, _ = inbox("q")
    found = pool.nearest(blocks, [vector], 3)["q"]
    assert [n.id for n in found] == ["a", "b", "c"]
    assert all(n.cosine == pytest.approx(1.0, abs=1e-6) for n in found)


@settings(max_examples=60, deadline=None)
@given(
    size=st.integers(min_value=0, max_value=40),
    share=st.floats(min_value=0.0, max_value=1.0),
    limit=st.integers(min_value=1, max_value=12),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_earlier_survivors_equals_a_scan_per_block(
    size: int, share: float, limit: int, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    cosines = rng.uniform(-1, 1, (size, size)).astype(np.float32)  # distinct: no ties
    survivors = sorted(int(i) for i in np.flatnonzero(rng.random(size) < share))
    found = earlier_survivors(cosines, survivors, limit)
    assert set(found) == set(survivors)
    for i in survivors:
        before = [(j, float(cosines[i, j])) for j in survivors if j < i]
        nearest = sorted(before, key=lambda pair: -pair[1])[:limit]
        assert sorted(found[i], key=lambda pair: -pair[1]) == nearest
