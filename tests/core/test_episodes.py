"""elfgraph.core.episodes: blocks of a session where other candidates match gain."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.episodes import coherent


def test_a_block_of_a_session_where_others_match_passes_a_lone_match() -> None:
    similarity = {"lone": 0.60, "answer": 0.55, "asked": 0.50, "aside": 0.40, "bare": 0.0}
    sessions = {"lone": "s1", "answer": "s2", "asked": "s2", "aside": "s2", "bare": "s2"}
    raised = coherent(similarity, sessions, 0.2)
    # answer: 0.55 + 0.2 · (0.50 + 0.40) / 2 = 0.64 passes lone (alone in its session: 0.60)
    assert raised["answer"] > raised["lone"]
    assert raised["answer"] == pytest.approx(1.0)
    assert raised["lone"] == pytest.approx(0.60 / 0.64)
    assert raised["bare"] == 0.0  # no similarity of its own: a session is no match


def test_the_depth_best_others_count_and_a_missing_one_counts_zero() -> None:
    similarity = {"a": 1.0, "b": 0.5, "c": 0.3, "d": 0.2}
    sessions = {"a": "s", "b": "s", "c": "s", "d": "s"}
    one = coherent(similarity, sessions, 0.1, depth=1)
    assert one["b"] == pytest.approx((0.5 + 0.1 * 1.0) / (1.0 + 0.1 * 0.5))
    three = coherent({"a": 1.0, "b": 0.5}, {"a": "s", "b": "s"}, 0.3, depth=3)
    assert three["b"] == pytest.approx((0.5 + 0.3 * 1.0 / 3) / (1.0 + 0.3 * 0.5 / 3))


def test_no_session_or_weight_zero_changes_nothing() -> None:
    similarity = {"a": 0.4, "b": 0.8}
    assert coherent(similarity, {"a": None, "b": None}, 0.5) == similarity
    assert coherent(similarity, {}, 0.5) == similarity
    assert coherent(similarity, {"a": "s", "b": "s"}, 0.0) == similarity


@given(
    st.dictionaries(
        st.text("abcdefgh", min_size=1, max_size=2),
        st.tuples(st.floats(0, 1), st.sampled_from(["s1", "s2", "s3", None])),
        max_size=10,
    ),
    st.floats(0, 1),
    st.integers(1, 4),
)
def test_coherence_stays_in_0_1_and_keeps_the_order_within_a_session(
    blocks: dict[str, tuple[float, str | None]], weight: float, depth: int
) -> None:
    similarity = {b: v for b, (v, _) in blocks.items()}
    sessions = {b: s for b, (_, s) in blocks.items()}
    raised = coherent(similarity, sessions, weight, depth)
    assert set(raised) == set(similarity)
    assert all(0.0 <= v <= 1.0 + 1e-12 for v in raised.values())
    if raised != similarity:
        assert max(raised.values()) == pytest.approx(1.0)
    for a in similarity:
        for b in similarity:
            same = sessions[a] is not None and sessions[a] == sessions[b]
            if same and similarity[a] > similarity[b] > 0:
                assert raised[a] >= raised[b] - 1e-12
