"""Pending blocks in the ranking (elfgraph/retrieval/pending.py), pure: they fill free
places, and take an active block's place only when they outscore it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from elfgraph.retrieval.models import ScoredBlock
from elfgraph.retrieval.pending import merge_pending, pending_similarities
from tests.support.blocks import scored


def pending(block_id: str, score: float) -> ScoredBlock:
    return scored(block_id, score=score).model_copy(update={"pending": True, "status": "inbox"})


def test_a_pending_block_fills_a_free_place_in_score_order() -> None:
    ranked = [scored("a", score=0.9), scored("b", score=0.4)]
    merged = merge_pending(ranked, [pending("p", 0.6)], top_k=3, guaranteed=set())
    assert [b.id for b in merged] == ["a", "p", "b"]


def test_a_pending_block_never_takes_the_place_of_a_better_one() -> None:
    ranked = [scored("a", score=0.9), scored("b", score=0.7)]
    assert merge_pending(ranked, [pending("p", 0.6)], top_k=2, guaranteed=set()) == ranked


def test_a_pending_block_replaces_the_weakest_block_it_outscores() -> None:
    ranked = [scored("a", score=0.9), scored("b", score=0.3)]
    merged = merge_pending(ranked, [pending("p", 0.6)], top_k=2, guaranteed=set())
    assert [b.id for b in merged] == ["a", "p"]


def test_a_guaranteed_block_keeps_its_place() -> None:
    ranked = [scored("g", score=0.1), scored("a", score=0.9)]
    merged = merge_pending(ranked, [pending("p", 0.95)], top_k=2, guaranteed={"g"})
    assert [b.id for b in merged] == ["g", "p"]


@given(
    st.lists(st.floats(0, 1), max_size=8),
    st.lists(st.floats(0, 1), max_size=8),
    st.integers(1, 8),
)
def test_every_active_block_left_out_scores_below_every_pending_one_kept(
    active: list[float], waiting: list[float], top_k: int
) -> None:
    ranked = [scored(f"a{i}", score=s) for i, s in enumerate(active)][:top_k]
    new = [pending(f"p{i}", s) for i, s in enumerate(waiting)]
    merged = merge_pending(ranked, new, top_k=top_k, guaranteed=set())
    assert len(merged) <= top_k
    assert len(merged) == min(top_k, len(ranked) + len(new))
    kept_pending = [b.score for b in merged if b.pending]
    dropped = [b.score for b in ranked if b not in merged]
    assert all(d < p for d in dropped for p in kept_pending)
    assert [b for b in merged if not b.pending] == [b for b in ranked if b in merged]


def test_pending_similarity_never_changes_the_active_seeds() -> None:
    vector = {"a": 0.9, "b": 0.5}
    keyword = {"a": 3.0, "c": 1.0}
    sims = pending_similarities(vector, keyword, {"p": 6.0}, fusion="relative", keyword_weight=0.6)
    assert set(sims) == {"p"}
    assert 0.0 < sims["p"] <= 1.0
    assert pending_similarities(vector, keyword, {}, fusion="relative", keyword_weight=0.6) == {}


def test_a_pending_block_outranks_an_active_block_that_matches_nothing() -> None:
    """Relevance first (§7.4): a pending block is a keyword hit, so it goes before and
    replaces an active block that matches nothing in the query, whatever their scores."""
    unrelated = scored("u", score=0.9).model_copy(update={"relevant": False})
    ranked = [scored("a", score=0.8), unrelated]
    merged = merge_pending(ranked, [pending("p", 0.2)], top_k=2, guaranteed=set())
    assert [b.id for b in merged] == ["a", "p"]
    roomy = merge_pending(ranked, [pending("p", 0.2)], top_k=3, guaranteed=set())
    assert [b.id for b in roomy] == ["a", "p", "u"]
