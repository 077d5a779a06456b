"""Pure planning of consolidation: dedupe walk, candidates, edge scores, the run pool."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.consolidation.plan import (
    InboxBlock,
    Neighbour,
    RunPool,
    edge_row,
    merge_neighbours,
    pairwise_cosines,
    plan_dedupe,
    similarity_edges,
)
from elfgraph.core.scoring import cosine, edge_score, jaccard, temporal_closeness
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


finite = st.floats(allow_nan=True, allow_infinity=True, width=32)
tags = st.lists(st.sampled_from(["a", "b", "c", "self/goal"]), max_size=4)


@given(finite, tags, tags, st.text(max_size=3), st.text(max_size=3), finite, finite)
def test_edge_score_is_in_unit_interval_for_any_input(
    cos: float, ta: list[str], tb: list[str], ca: str, cb: str, ha: float, hb: float
) -> None:
    score = edge_score(cos, ta, tb, ca, cb, ha, hb)
    assert 0.0 <= score <= 1.0
    assert not math.isnan(score)


@given(
    st.lists(st.floats(-1e6, 1e6), min_size=3, max_size=3),
    st.lists(st.floats(-1e6, 1e6), min_size=3, max_size=3),
)
def test_cosine_is_bounded_and_zero_for_zero_vectors(a: list[float], b: list[float]) -> None:
    value = cosine(a, b)
    assert -1.0 <= value <= 1.0
    assert cosine([0.0, 0.0, 0.0], b) == 0.0


@given(tags, tags)
def test_jaccard_is_symmetric_and_bounded(a: list[str], b: list[str]) -> None:
    assert jaccard(a, b) == jaccard(b, a)
    assert 0.0 <= jaccard(a, b) <= 1.0


@given(st.floats(0, 1e6), st.floats(0, 1e6))
def test_temporal_closeness_falls_with_the_gap(a: float, b: float) -> None:
    assert temporal_closeness(a, a) == 1.0
    assert 0.0 <= temporal_closeness(a, b) <= 1.0
