"""Relevance first and diversity in the pure ranking (docs/BEHAVIOUR.md §7.4): a block
that matches nothing in the query never goes above one that does, whatever its
confidence, recency, centrality or reinforcement; MMR on sketches moves a block only for
a near-copy above it, and says so."""

from __future__ import annotations

import numpy as np

from elfgraph.core.sketch import sketch
from elfgraph.retrieval.frames import ATTENTION_WEIGHTS, SELF_WEIGHTS, TASK_WEIGHTS
from elfgraph.retrieval.ranking import Relevance, rank_candidates
from tests.support.candidates import block, candidates, ids


def hub_edges(n: int) -> list[tuple[float, int, str, str]]:
    return [(0.9, 30, f"x{i}", "similar") for i in range(n)]


def test_a_central_block_with_no_match_fills_in_only_after_the_matching_ones() -> None:
    """The issue's case: a hub of another topic (cosine 0, many reinforced edges, high
    confidence) against a block sharing one rare query word (the weakest keyword hit, so
    its fused similarity is 0) and a middling vector seed."""
    found = candidates(
        {
            "hub": block(confidence=1.0, count=50, last=10.0, edges=hub_edges(12)),
            "rare_word": block(confidence=0.2, count=0, last=-400.0),
            "best": block(confidence=0.5, count=1),
            "near": block(confidence=0.3, count=0, last=-200.0),
        },
        vector={"best": 0.71, "near": 0.35, "hub": 0.0},
        keyword={"best": 9.0, "rare_word": 1.5},
        now=10.0,
    )
    for weights in (ATTENTION_WEIGHTS, TASK_WEIGHTS, SELF_WEIGHTS):
        ranked = rank_candidates(found, weights, top_k=4, has_query=True)
        by_id = {b.id: b for b in ranked.blocks}
        assert ids(ranked)[-1] == "hub"
        assert not by_id["hub"].relevant
        assert by_id["hub"].score > by_id["rare_word"].score  # it would have won on score
        assert all(by_id[i].relevant for i in ("best", "rare_word", "near"))
        top = rank_candidates(found, weights, top_k=3, has_query=True)
        assert set(ids(top)) == {"best", "rare_word", "near"}


def test_without_a_query_every_block_is_relevant_and_score_order_holds() -> None:
    found = candidates(
        {"a": block(confidence=0.9), "b": block(confidence=0.1, edges=hub_edges(3))},
        vector={"a": 0.0, "b": 0.0},
    )
    ranked = rank_candidates(
        found, ATTENTION_WEIGHTS.without_similarity(), top_k=2, has_query=False
    )
    assert all(b.relevant for b in ranked.blocks)
    assert [b.score for b in ranked.blocks] == sorted(
        (b.score for b in ranked.blocks), reverse=True
    )


def test_diversity_lowers_a_near_copy_and_marks_it() -> None:
    rng = np.random.default_rng(3)
    base, other, third = (rng.standard_normal(384) for _ in range(3))
    copy = base + 0.05 * rng.standard_normal(384)  # cosine ≈ 0.999 to base
    sketches = {"a": sketch(base), "a_copy": sketch(copy), "b": sketch(other), "c": sketch(third)}
    blocks = {i: block() | {"sketch": s} for i, s in sketches.items()}
    found = candidates(blocks, vector={"a": 0.9, "a_copy": 0.85, "b": 0.8, "c": 0.4})
    ranked = rank_candidates(found, ATTENTION_WEIGHTS, top_k=4, has_query=True)
    # The copy gives way to a different block of close score, not to one far below.
    assert ids(ranked) == ["a", "b", "a_copy", "c"]
    assert [b.lowered_by_diversity for b in ranked.blocks] == [False, False, True, False]
    # With no weight on novelty the near copy keeps its place by score.
    plain = rank_candidates(
        found, ATTENTION_WEIGHTS, top_k=4, has_query=True, how=Relevance(diversity_weight=0.0)
    )
    assert ids(plain) == ["a", "a_copy", "b", "c"]
    assert not any(b.lowered_by_diversity for b in plain.blocks)


def test_unrelated_blocks_keep_score_order_under_diversity() -> None:
    """Orthogonal sketches: MMR has nothing to penalise, so nothing moves."""
    eye = np.eye(8)
    blocks = {f"b{i}": block(confidence=0.1 * i) | {"sketch": sketch(eye[i])} for i in range(8)}
    found = candidates(blocks, vector={f"b{i}": 0.3 + 0.05 * i for i in range(8)})
    ranked = rank_candidates(found, ATTENTION_WEIGHTS, top_k=6, has_query=True)
    scores = [b.score for b in ranked.blocks]
    assert scores == sorted(scores, reverse=True)
    assert not any(b.lowered_by_diversity for b in ranked.blocks)
