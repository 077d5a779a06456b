"""Ranking of hand-built candidates (retrieval.ranking.score_all / rank_candidates):
composite order, guarantees first, the 2·top_k pool, top_k, queryless weights, the
expansion flag, contradictions, ties by id, every score in [0, 1]."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elfgraph.core.scoring import Components, Weights, composite, rank
from elfgraph.retrieval.candidates import Candidates
from elfgraph.retrieval.frames import ATTENTION_WEIGHTS, SELF_WEIGHTS, TASK_WEIGHTS
from elfgraph.retrieval.models import ScoredBlock
from elfgraph.retrieval.ranking import rank_candidates, score_all
from tests.support.candidates import block, candidates, ids

QUERYLESS = TASK_WEIGHTS.without_similarity()  # 0.25 each for the other four


def recomputed(b: ScoredBlock, weights: Weights) -> float:
    parts = Components(b.similarity, b.confidence, b.recency, b.centrality, b.reinforcement)
    return composite(parts, weights)


def test_blocks_come_in_composite_order_and_each_score_is_its_composite() -> None:
    found = candidates(
        {
            "a": block(confidence=0.2, count=1, edges=[(0.8, 2, "b", "supports")]),
            "b": block(confidence=0.9, count=9, edges=[(0.8, 2, "a", "supports")]),
            "c": block(confidence=0.6, count=0, last=-300.0),
            "d": block(confidence=0.5, count=4, decay=0.05),
            "e": block(confidence=None, count=2),
        },
        vector={"a": 0.9, "b": 0.7, "c": 0.6, "d": 0.4},
        keyword={"c": 7.0, "e": 2.0},
    )
    ranked = rank_candidates(found, ATTENTION_WEIGHTS, top_k=5, has_query=True)
    assert sorted(ids(ranked)) == ["a", "b", "c", "d", "e"]
    scores = {b.id: b.score for b in ranked.blocks}
    assert ids(ranked) == rank(scores)
    assert len(set(scores.values())) == 5  # an order of scores, not of ties
    for b in ranked.blocks:
        assert b.score == pytest.approx(recomputed(b, ATTENTION_WEIGHTS))
    by_id = {b.id: b for b in ranked.blocks}
    assert by_id["e"].confidence == 0.5  # no confidence stored: neutral
    assert by_id["c"].recency == pytest.approx(math.exp(-0.01 * 300))
    assert ranked.cosines == {"a": 0.9, "b": 0.7, "c": 0.6, "d": 0.4}


def test_guaranteed_blocks_come_first_even_when_they_score_lowest() -> None:
    found = candidates(
        {
            "seed": block(confidence=0.9, count=20),
            "other": block(confidence=0.8, count=10),
            "goal": block(confidence=0.1, last=-2000.0),
            "vow": block(confidence=0.2, last=-2000.0),
        },
        vector={"seed": 0.9, "other": 0.8},
        guaranteed=["goal", "vow"],
    )
    ranked = rank_candidates(found, ATTENTION_WEIGHTS, top_k=3, has_query=True)
    assert ids(ranked) == ["vow", "goal", "seed"]  # the guaranteed by their own score
    assert ranked.guaranteed == {"vow", "goal"}
    assert ranked.blocks[0].score < ranked.blocks[2].score
    only_one = rank_candidates(found, ATTENTION_WEIGHTS, top_k=1, has_query=True)
    assert ids(only_one) == ["vow"]
    assert only_one.guaranteed == {"vow"}


def test_top_k_keeps_the_best_by_score() -> None:
    found = candidates(
        {f"b{i}": block(confidence=i / 10, count=i % 4) for i in range(10)},
        vector={f"b{i}": 0.3 + (i * 7 % 10) / 20 for i in range(10)},
    )
    all_scores = {i: s.score for i, s in score_all(found, TASK_WEIGHTS, 0.0, True).items()}
    for top_k in (1, 3, 10, 20):
        ranked = rank_candidates(found, TASK_WEIGHTS, top_k=top_k, has_query=True)
        assert ids(ranked) == rank(all_scores)[:top_k]


def pool_case(contradictions: list[tuple[str, str]]) -> Candidates:
    """r1 > r2 > … > r6 by score (reinforcement carries r1, r2), while r3…r6 are the more
    confident: each wins a contradiction with r1 or r2."""
    blocks = {
        "r1": block(confidence=0.30, count=100),
        "r2": block(confidence=0.29, count=100),
        "r3": block(confidence=0.95, count=2),
        "r4": block(confidence=0.94, count=2),
        "r5": block(confidence=0.93, count=2),
        "r6": block(confidence=0.92, count=2),
    }
    return candidates(blocks, contradictions=contradictions)


def test_the_pool_is_the_best_two_top_k() -> None:
    scores = {i: s.score for i, s in score_all(pool_case([]), QUERYLESS, 0.0, False).items()}
    assert rank(scores) == ["r1", "r2", "r3", "r4", "r5", "r6"]
    # r3 and r4 are in the pool of 2·2: they win and take the places
    inside = rank_candidates(
        pool_case([("r1", "r3"), ("r2", "r4")]), QUERYLESS, top_k=2, has_query=False
    )
    assert ids(inside) == ["r3", "r4"]
    # r5 and r6 are beyond it: their contradictions do not count
    beyond = rank_candidates(
        pool_case([("r1", "r5"), ("r2", "r6")]), QUERYLESS, top_k=2, has_query=False
    )
    assert ids(beyond) == ["r1", "r2"]


def test_without_a_query_similarity_is_zero_and_the_other_four_decide() -> None:
    blocks = {
        "sure": block(confidence=0.9),
        "used": block(confidence=0.5, count=30),
        "old": block(confidence=0.5, last=-500.0),
        "hub": block(confidence=0.5, edges=[(0.9, 5, "sure", "supports")]),
    }
    plain = candidates(blocks, expanded=["hub"])
    with_seeds = candidates(blocks, vector={"old": 0.99, "hub": 0.1}, expanded=["hub"])
    weights = ATTENTION_WEIGHTS.without_similarity()
    ranked = rank_candidates(plain, weights, top_k=4, has_query=False)
    assert ranked.blocks == rank_candidates(with_seeds, weights, top_k=4, has_query=False).blocks
    assert all(b.similarity == 0.0 and not b.was_expanded for b in ranked.blocks)
    for b in ranked.blocks:
        assert b.score == pytest.approx(recomputed(b, weights))
    assert ids(ranked)[-1] == "old"


def test_only_a_neighbour_that_is_no_seed_counts_as_expanded() -> None:
    found = candidates(
        {"vec": block(), "key": block(), "near": block(), "far": block()},
        vector={"vec": 0.9},
        keyword={"key": 4.0},
        expanded=["near", "vec", "key"],
    )
    flagged = {b.id: b.was_expanded for b in score_all(found, TASK_WEIGHTS, 0.0, True).values()}
    assert flagged == {"vec": False, "key": False, "near": True, "far": False}
    queryless = score_all(found, QUERYLESS, 0.0, False).values()
    assert not any(b.was_expanded for b in queryless)


def test_of_two_contradicting_candidates_the_less_confident_is_left_out() -> None:
    found = candidates(
        {"north": block(confidence=0.3), "south": block(confidence=0.9), "x": block()},
        vector={"north": 0.95, "south": 0.9, "x": 0.2},
        contradictions=[("north", "south")],
    )
    assert ids(rank_candidates(found, ATTENTION_WEIGHTS, top_k=3, has_query=True)) == [
        "south",
        "x",
    ]


def test_ties_are_broken_by_id_whatever_the_input_order() -> None:
    names = ["c", "a", "d", "b"]
    for seed in range(5):
        random.Random(seed).shuffle(names)
        found = candidates({n: block() for n in names})
        assert ids(rank_candidates(found, QUERYLESS, top_k=4, has_query=False)) == [
            "a",
            "b",
            "c",
            "d",
        ]
        assert ids(rank_candidates(found, QUERYLESS, top_k=2, has_query=False)) == ["a", "b"]


def test_a_guaranteed_id_that_is_no_candidate_is_skipped() -> None:
    found = candidates({"seed": block(), "goal": block()}, guaranteed=["goal", "gone"])
    ranked = rank_candidates(found, QUERYLESS, top_k=2, has_query=False)
    assert ids(ranked) == ["goal", "seed"]
    assert ranked.guaranteed == {"goal"}


def test_no_candidates_rank_to_nothing() -> None:
    ranked = rank_candidates(Candidates.from_row(None), ATTENTION_WEIGHTS, top_k=5, has_query=True)
    assert ranked.blocks == []
    assert ranked.guaranteed == set()


def test_a_block_that_never_decays_keeps_full_recency() -> None:
    found = candidates({"forever": block(decay=0.0, last=0.0)}, now=500.0)
    (only,) = score_all(found, QUERYLESS, found.now_hours, False).values()
    assert only.recency == 1.0


# ---- properties over any candidates ------------------------------------------------------

NAMES = "abcdefghij"
RELATIONS = ["similar", "supports", "contradicts", "co_occurs", "elaborates"]


@st.composite
def any_candidates(draw: st.DrawFn) -> tuple[Candidates, bool, int, Weights]:
    names = draw(st.lists(st.sampled_from(NAMES), unique=True, min_size=1, max_size=10))
    subset = st.lists(st.sampled_from(names), unique=True, max_size=len(names))
    links = draw(
        st.lists(
            st.tuples(
                st.sampled_from(names),
                st.sampled_from(names),
                st.floats(0, 1),
                st.integers(0, 20),
                st.sampled_from(RELATIONS),
            ).filter(lambda e: e[0] != e[1]),
            max_size=12,
        )
    )
    edges: dict[str, list[tuple[float, int, str, str]]] = {n: [] for n in names}
    for a, b, weight, count, relation in links:  # listed from both ends, as the query does
        edges[a].append((weight, count, b, relation))
        edges[b].append((weight, count, a, relation))
    blocks = {
        n: block(
            confidence=draw(st.none() | st.floats(0, 1)),
            count=draw(st.integers(0, 50)),
            last=draw(st.floats(-500, 100)),
            decay=draw(st.sampled_from([0.00001, 0.001, 0.01, 0.05])),
            edges=edges[n],
        )
        for n in names
    }
    contradicting = {(min(a, b), max(a, b)) for a, b, _, _, r in links if r == "contradicts"}
    found = candidates(
        blocks,
        vector={n: draw(st.floats(-1, 1)) for n in draw(subset)},
        keyword={n: draw(st.floats(0.01, 30)) for n in draw(subset)},
        expanded=draw(subset),
        guaranteed=draw(subset),
        contradictions=sorted(contradicting),
        now=draw(st.floats(0, 200)),
    )
    has_query = draw(st.booleans())
    weights = draw(st.sampled_from([ATTENTION_WEIGHTS, SELF_WEIGHTS, TASK_WEIGHTS]))
    return found, has_query, draw(st.integers(1, 6)), weights


# Drawing a whole candidate set is slow on a loaded machine: the health check is about speed.
@settings(suppress_health_check=[HealthCheck.too_slow])
@given(any_candidates())
def test_any_ranking_holds_its_promises(case: tuple[Candidates, bool, int, Weights]) -> None:
    found, has_query, top_k, weights = case
    if not has_query:
        weights = weights.without_similarity()
    ranked = rank_candidates(found, weights, top_k=top_k, has_query=has_query)
    got = ids(ranked)
    assert len(got) == len(set(got)) <= top_k
    assert set(got) <= set(found.blocks)
    for b in ranked.blocks:
        parts = (b.similarity, b.confidence, b.recency, b.centrality, b.reinforcement, b.score)
        assert all(0.0 <= x <= 1.0 for x in parts), b
        assert b.score == pytest.approx(recomputed(b, weights))
        seed = b.id in found.vector_ids or b.id in found.keyword_ids
        assert b.was_expanded == (has_query and b.id in found.expanded_ids and not seed)
        if not has_query:
            assert b.similarity == 0.0

    every = score_all(found, weights, found.now_hours, has_query)
    scores = {i: s.score for i, s in every.items()}
    guaranteed = rank({g: scores[g] for g in found.guaranteed_ids if g in scores})
    assert got[: len(ranked.guaranteed)] == guaranteed[:top_k]
    assert ranked.guaranteed == set(guaranteed[:top_k])
    rest = got[len(ranked.guaranteed) :]

    def standing(i: str) -> tuple[bool, float, str]:
        return (not every[i].relevant, -scores[i], i)

    # Relevant blocks first, each part in score order (no sketches: MMR moves nothing).
    assert rest == sorted(rest, key=standing)
    assert not any(b.lowered_by_diversity for b in ranked.blocks)
    pool = sorted((i for i in scores if i not in guaranteed), key=standing)[: 2 * top_k]
    assert set(rest) <= set(pool)
    cosines = dict(zip(found.vector_ids, found.vector_cosines, strict=True))
    direct = {i for i, c in cosines.items() if c >= 0.2} | set(found.keyword_ids)
    for b in every.values():  # relevance first (§7.4): what makes a block relevant
        if has_query and b.id not in direct:
            linked = any(
                str(e[2]) in direct - {b.id}
                and e[3] not in ("similar", "contradicts")
                and float(e[0] or 0) > 0
                for e in found.blocks[b.id]["edges"]
            )
            assert b.relevant == linked, b
        else:
            assert b.relevant
    for a, b in found.contradictions:
        if a in got and b in got:
            assert {a, b} <= ranked.guaranteed
