"""Scoring math (docs/BEHAVIOUR.md §6): bounded, NaN-free, monotonic, order-independent."""

from __future__ import annotations

import math
import random
from dataclasses import astuple

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from elfgraph.core.scoring import (
    Components,
    Weights,
    centralities,
    composite,
    cosine,
    edge_score,
    edge_strength,
    jaccard,
    mmr,
    rank,
    recency,
    reinforcement,
    rrf_fuse,
    temporal_closeness,
    weighted_degree,
)
from elfgraph.retrieval.frames import ATTENTION_WEIGHTS, TASK_WEIGHTS

anything = st.floats(allow_nan=True, allow_infinity=True)
unit = st.floats(0.0, 1.0)
ids = st.text("abcdefgh", min_size=1, max_size=3)


def test_weights_that_do_not_sum_to_one_are_refused() -> None:
    with pytest.raises(ValueError, match="sum to 1"):
        Weights(0.5, 0.5, 0.5, 0.0, 0.0)


@given(anything, anything)
def test_recency_is_bounded_and_never_nan(decay: float, hours: float) -> None:
    value = recency(decay, hours)
    assert 0.0 <= value <= 1.0


@given(st.floats(0, 1), st.floats(0, 1e7), st.floats(0, 1e7))
def test_recency_falls_as_hours_pass(decay: float, a: float, b: float) -> None:
    early, late = sorted((a, b))
    assert recency(decay, early) >= recency(decay, late)


def test_recency_matches_the_formula_and_huge_gaps_reach_zero() -> None:
    assert recency(0.01, 69.3) == pytest.approx(0.5, abs=1e-3)
    assert recency(0.01, -5) == 1.0  # never from the future
    assert recency(0.05, 1e12) == 0.0


@given(
    st.dictionaries(ids, st.lists(st.tuples(anything, anything), max_size=6), max_size=8),
    st.dictionaries(ids, anything, max_size=8),
)
def test_centralities_are_bounded(
    edges: dict[str, list[tuple[float, float]]], recencies: dict[str, float]
) -> None:
    degrees = {block: weighted_degree(block_edges) for block, block_edges in edges.items()}
    for value in centralities(degrees, recencies).values():
        assert 0.0 <= value <= 1.0


@given(st.dictionaries(ids, anything, max_size=8), st.dictionaries(ids, anything, max_size=8))
def test_centralities_are_bounded_for_any_kept_degree(
    degrees: dict[str, float], recencies: dict[str, float]
) -> None:
    assert all(0.0 <= value <= 1.0 for value in centralities(degrees, recencies).values())


def test_weighted_degree_sums_the_strengths_smallest_first() -> None:
    edges = [(0.7, 0.0), (0.1, 3.0), (0.4, 0.0)]
    strengths = sorted(edge_strength(w, c) for w, c in edges)
    assert weighted_degree(edges) == strengths[0] + strengths[1] + strengths[2]
    assert weighted_degree([]) == 0.0


def test_centrality_is_weighted_degree_over_the_max_with_the_cold_start_floor() -> None:
    edges = {"hub": [(0.8, 0.0), (0.6, 0.0)], "leaf": [(0.7, 0.0)], "new": [], "old": []}
    degrees = {block: weighted_degree(block_edges) for block, block_edges in edges.items()}
    found = centralities(degrees, {"hub": 0.5, "leaf": 0.5, "new": 0.9, "old": 0.2})
    assert found["hub"] == 1.0
    assert found["leaf"] == pytest.approx(0.5)
    assert found["new"] == pytest.approx(0.45)  # cold start: 0.5 · recency
    assert found["old"] == 0.0
    assert edge_strength(0.5, 3) == pytest.approx(0.5 + 0.10 * math.log(4))


@given(st.floats(0, 1e9), st.floats(0, 1e9))
def test_reinforcement_is_log_normalised(count: float, top: float) -> None:
    value = reinforcement(count, max(count, top))
    assert 0.0 <= value <= 1.0
    assert reinforcement(count, 0) == 0.0


@given(unit, unit, unit, unit, unit, unit)
def test_composite_is_monotonic_in_confidence_and_recency(
    sim: float, conf: float, rec: float, cent: float, reinf: float, bump: float
) -> None:
    base = Components(sim, conf, rec, cent, reinf)
    score = composite(base, ATTENTION_WEIGHTS)
    assert 0.0 <= score <= 1.0
    more_confident = Components(sim, min(1.0, conf + bump), rec, cent, reinf)
    more_recent = Components(sim, conf, min(1.0, rec + bump), cent, reinf)
    assert composite(more_confident, ATTENTION_WEIGHTS) >= score - 1e-12
    assert composite(more_recent, ATTENTION_WEIGHTS) >= score - 1e-12


@given(anything, anything, anything, anything, anything)
def test_composite_never_nan(a: float, b: float, c: float, d: float, e: float) -> None:
    score = composite(Components(a, b, c, d, e), TASK_WEIGHTS)
    assert 0.0 <= score <= 1.0


@given(st.lists(ids, max_size=10, unique=True), st.lists(ids, max_size=10, unique=True))
def test_rrf_best_is_one_and_order_of_lists_does_not_matter(
    first: list[str], second: list[str]
) -> None:
    fused = rrf_fuse(first, second)
    assert fused == rrf_fuse(second, first)
    if fused:
        assert max(fused.values()) == pytest.approx(1.0)
        assert all(0.0 < v <= 1.0 for v in fused.values())
    assert rrf_fuse() == {}


@given(st.dictionaries(ids, unit, max_size=10))
def test_ranking_is_independent_of_input_order_and_breaks_ties_by_id(
    scores: dict[str, float],
) -> None:
    items = list(scores.items())
    random.Random(1).shuffle(items)
    assert rank(dict(items)) == rank(scores)
    assert rank({"b": 0.5, "a": 0.5, "c": 0.9}) == ["c", "a", "b"]


def test_mmr_spreads_near_duplicates_apart() -> None:
    vectors = {
        "a": np.array([1.0, 0.0]),
        "a2": np.array([1.0, 0.01]),
        "b": np.array([0.0, 1.0]),
    }
    scores = {"a": 0.9, "a2": 0.89, "b": 0.8}
    assert mmr(["a", "a2", "b"], scores, vectors) == ["a", "b", "a2"]


@given(st.dictionaries(ids, unit, max_size=8))
def test_mmr_is_a_permutation_even_with_zero_or_missing_vectors(scores: dict[str, float]) -> None:
    vectors = {block: np.zeros(3) for block in list(scores)[::2]}
    order = mmr(rank(scores), scores, vectors)
    assert sorted(order) == sorted(scores)


def greedy_mmr(
    ranked: list[str], scores: dict[str, float], vectors: dict[str, np.ndarray]
) -> list[str]:
    """MMR as defined, pair by pair: the reference the fast version must equal."""
    units = {b: v / np.linalg.norm(v) for b, v in vectors.items() if np.linalg.norm(v) > 0}
    remaining, chosen = list(dict.fromkeys(ranked)), []
    while remaining:

        def value(block: str) -> tuple[float, str]:
            penalty = (
                max(
                    (
                        round(max(0.0, float(units[block] @ units[o])), 12)
                        for o in chosen
                        if o in units
                    ),
                    default=0.0,
                )
                if block in units
                else 0.0
            )
            return (-(0.7 * scores.get(block, 0.0) - 0.3 * penalty), block)

        best = min(remaining, key=value)
        chosen.append(best)
        remaining.remove(best)
    return chosen


ORTHOGONAL = [[0, 0, 0]] * 2 + [[-2, 0, 1]] + [[0, 0, 0]] * 4 + [[1, 0, 2]] + [[0, 0, 0]] * 4


@settings(max_examples=80, deadline=None)
@example(dict.fromkeys(["a", "b", "c", "d", "e", "f", "g", "aa"], 0.0), ORTHOGONAL)
@given(
    st.dictionaries(ids, unit, max_size=12),
    st.lists(st.lists(st.integers(-3, 3), min_size=3, max_size=3), min_size=12, max_size=12),
)
def test_mmr_equals_the_pairwise_definition(scores: dict[str, float], raw: list[list[int]]) -> None:
    vectors = {block: np.array(raw[n], dtype=np.float64) for n, block in enumerate(scores) if n % 3}
    assert mmr(rank(scores), scores, vectors) == greedy_mmr(rank(scores), scores, vectors)


# ---- similarity edges between two blocks ------------------------------------------------

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


@given(
    raw=st.lists(st.floats(0.0, 1.0), min_size=5, max_size=5).filter(lambda v: sum(v) > 0),
    share=st.floats(0.0, 1.0),
)
# The last share rounds to -2e-16 when built by subtraction: a clean clone's run found it.
@example(raw=[0.8276639093272051, 0.3333333333333333, 0.47800779258079784, 0.1875, 0.0], share=0.0)
def test_priors_at_most_a_share_keep_their_proportions(raw: list[float], share: float) -> None:
    total = sum(raw)
    shares = [v / total for v in raw[:4]]
    weights = Weights(*shares, max(0.0, 1.0 - sum(shares)))
    capped = weights.with_priors_at_most(share)
    priors = (weights.confidence, weights.recency, weights.centrality, weights.reinforcement)
    after = (capped.confidence, capped.recency, capped.centrality, capped.reinforcement)
    assert sum(after) <= max(share, 0.0) + 1e-9 or capped == weights
    assert sum(after) <= sum(priors) + 1e-9
    assert capped.similarity >= weights.similarity - 1e-9
    if sum(after) > 0:
        for before, now in zip(priors, after, strict=True):
            assert now == pytest.approx(before * sum(after) / sum(priors), abs=1e-9)


def test_priors_at_most_a_share_of_the_attention_frame() -> None:
    capped = ATTENTION_WEIGHTS.with_priors_at_most(0.2)
    assert capped.similarity == pytest.approx(0.8)
    assert capped.recency == pytest.approx(0.25 * 0.2 / 0.65)
    assert ATTENTION_WEIGHTS.with_priors_at_most(1.0) == ATTENTION_WEIGHTS
    assert ATTENTION_WEIGHTS.with_priors_at_most(0.0).similarity == pytest.approx(1.0)


@given(raw=st.lists(st.floats(0.0, 1.0), min_size=5, max_size=5).filter(lambda v: sum(v) > 0))
@example(raw=[0.8276639093272051, 0.3333333333333333, 0.47800779258079784, 0.1875, 0.0])
@example(raw=[0.5, 0.0, 0.0, 0.125, 0.0])  # centrality / rest came out at 1 + 2e-16
def test_dropping_similarity_always_gives_valid_weights(raw: list[float]) -> None:
    total = sum(raw)
    shares = [v / total for v in raw[:4]]
    weights = Weights(*shares, max(0.0, 1.0 - sum(shares))).without_similarity()
    assert weights.similarity == 0.0
    assert all(-1e-9 <= v <= 1.0 + 1e-9 for v in astuple(weights))
