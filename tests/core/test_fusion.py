"""elfgraph.core.fusion: the fusion of the two retrieval legs, and spreading."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.fusion import similarities, spread


def test_relative_fusion_scales_each_leg_over_its_seeds() -> None:
    found = similarities(
        {"a": 0.62, "b": 0.55, "c": 0.52},
        {"c": 9.0, "d": 3.0, "a": 1.0},
        fusion="relative",
        keyword_weight=0.6,
    )
    # a: vector 1.0, keyword 0.0; c: vector 0.0, keyword 1.0; b: 0.7·(0.3); d: 0.6·0.25
    assert found["c"] == 1.0
    assert found["a"] == pytest.approx(0.4 / 0.6)
    assert found["b"] == pytest.approx(0.4 * 0.3 / 0.6)
    assert found["d"] == pytest.approx(0.6 * 0.25 / 0.6)


def test_one_leg_alone_is_used_as_it_is() -> None:
    only_vector = similarities({"a": 0.9, "b": 0.5}, {}, fusion="relative", keyword_weight=0.6)
    assert only_vector == {"a": 1.0, "b": 0.0}
    only_text = similarities({}, {"a": 4.0, "b": 2.0}, fusion="convex", keyword_weight=0.6)
    assert only_text == {"a": 1.0, "b": 0.5}
    assert similarities({}, {}, fusion="relative", keyword_weight=0.6) == {}
    assert similarities({"a": 0.3}, {}, fusion="relative", keyword_weight=0.6) == {"a": 1.0}


def test_convex_fusion_keeps_the_legs_own_scores_and_rrf_their_ranks() -> None:
    convex = similarities({"a": 0.8, "b": -0.5}, {"b": 2.0}, fusion="convex", keyword_weight=0.5)
    assert convex == {"a": pytest.approx(0.4 / 0.5), "b": 1.0}
    rrf = similarities({"a": 0.8, "b": 0.1}, {"b": 2.0}, fusion="rrf", keyword_weight=0.5)
    assert rrf["b"] == 1.0
    assert rrf["a"] < 1.0


def test_spreading_passes_relevance_along_associative_edges_only() -> None:
    similarity = {"question": 1.0, "other": 0.5}
    links = {
        "question": [("answer", "co_occurs", 0.6), ("twin", "similar", 0.9)],
        "answer": [("question", "co_occurs", 0.6)],
        "twin": [("question", "similar", 0.9)],
        "foe": [("question", "contradicts", 0.9)],
        "other": [],
    }
    raised = spread(similarity, links, 0.5)
    assert raised["answer"] == pytest.approx(0.5 * 0.6 / 1.0)
    assert raised["twin"] == 0.0  # the vector leg already judged it
    assert raised["foe"] == 0.0
    assert raised["question"] == 1.0  # its neighbour had no similarity of its own
    assert raised["other"] == 0.5
    assert spread(similarity, links, 0.0) == similarity


@given(
    st.dictionaries(st.sampled_from("abcdef"), st.floats(-1, 1), max_size=6),
    st.dictionaries(st.sampled_from("cdefgh"), st.floats(0, 50), max_size=6),
    st.sampled_from(["relative", "convex", "rrf"]),
    st.floats(0, 1),
    st.floats(0, 1),
)
def test_every_similarity_is_in_0_1_and_the_best_is_1(
    vector: dict[str, float],
    keyword: dict[str, float],
    fusion: str,
    weight: float,
    share: float,
) -> None:
    fused = similarities(vector, keyword, fusion=fusion, keyword_weight=weight)
    assert set(fused) == set(vector) | set(keyword)
    links = {b: [(o, "co_occurs", 0.7) for o in fused if o != b] for b in fused}
    for values in (fused, spread(fused, links, share)):
        assert all(0.0 <= v <= 1.0 for v in values.values())
        if any(values.values()):
            assert max(values.values()) == pytest.approx(1.0)


def test_a_block_matches_by_keyword_by_a_near_vector_or_through_an_associative_edge() -> None:
    from elfgraph.core.fusion import MATCHING_COSINE, matching

    cosines = {"near": 0.61, "edge": MATCHING_COSINE, "far": 0.19, "zero": 0.0}
    links = {
        "linked": [("near", "supports", 0.4)],
        "similar_only": [("near", "similar", 0.9)],  # the vector leg's own view: no match
        "weightless": [("near", "co_occurs", 0.0)],
        "via_far": [("far", "elaborates", 0.9)],  # linked to a non-match: no match
        "far": [("via_far", "elaborates", 0.9)],
    }
    found = matching(cosines, ["hit"], links, spreading=True)
    assert found == {"hit", "near", "edge", "linked"}
    assert matching(cosines, ["hit"], links, spreading=False) == {"hit", "near", "edge"}


def test_timely_raises_the_blocks_naming_a_day_of_the_period() -> None:
    from datetime import date

    from elfgraph.core.dates import Period
    from elfgraph.core.fusion import timely

    contents = {
        "may": "Jon: camping (8 May 2023)",
        "june": "Jon: camping (3 June 2023)",
        "told": "Jon: it was last week (12 June 2023)",  # told within 7 days after
        "none": "Jon: no date",
        "zero": "Jon: (4 June 2023) but no match",
    }
    similarity = {"may": 1.0, "june": 0.8, "told": 0.5, "none": 0.9, "zero": 0.0}
    june = Period(date(2023, 6, 1), date(2023, 6, 5))
    raised = timely(similarity, contents, june, 0.3)
    assert raised == pytest.approx(
        {"may": 1.0 / 1.1, "june": 1.0, "told": 0.8 / 1.1, "none": 0.9 / 1.1, "zero": 0.0}
    )
    assert timely(similarity, contents, Period(month=12), 0.3) == similarity


def test_told_when_raises_the_blocks_that_say_when() -> None:
    from elfgraph.core.fusion import told_when

    contents = {
        "yesterday": "Jon: I went to the fair yesterday. (8 May 2023)",
        "plain": "Jon: The fair was great. (8 May 2023)",
        "zero": "Jon: Last week, at zero.",
    }
    raised = told_when({"yesterday": 0.8, "plain": 1.0, "zero": 0.0}, contents, 0.4)
    assert raised == pytest.approx({"yesterday": 1.0, "plain": 1.0 / 1.2, "zero": 0.0})


def test_two_hop_spreading_reaches_a_block_two_edges_from_a_seed() -> None:
    similarity = {"seed": 1.0}
    links = {
        "seed": [("near", "co_occurs", 0.5)],
        "near": [("seed", "co_occurs", 0.5), ("far", "co_occurs", 0.8)],
        "far": [("near", "co_occurs", 0.8), ("twin", "similar", 0.9)],
        "twin": [("far", "similar", 0.9)],
    }
    one = spread(similarity, links, 0.5)
    assert one["far"] == 0.0  # no seed among its neighbours
    two = spread(similarity, links, 0.5, hops=2)
    # near: 0.5 · 0.5 · 1.0; far: 0.5 · 0.8 · what near received; the seed gets no echo of
    # its own similarity back through near.
    assert two["near"] == pytest.approx(0.25)
    assert two["far"] == pytest.approx(0.5 * 0.8 * 0.25)
    assert two["seed"] == 1.0
    assert two["twin"] == 0.0  # similar edges pass nothing, over any number of hops
    assert spread(two, links, 0.0, hops=2) == two  # share 0: unchanged


def test_a_second_hop_echoes_no_block_back_to_itself() -> None:
    # A hub linked to many blocks gains from them only what they got elsewhere.
    similarity = {"hub": 0.5, "answer": 0.6}
    links = {
        "hub": [(leaf, "supports", 0.9) for leaf in ("a", "b", "c")],
        **{leaf: [("hub", "supports", 0.9)] for leaf in ("a", "b", "c")},
        "answer": [],
    }
    one = spread(similarity, links, 0.8)
    two = spread(similarity, links, 0.8, hops=2)
    assert two["hub"] / two["answer"] == pytest.approx(one["hub"] / one["answer"])


@given(
    st.dictionaries(st.sampled_from("abcdef"), st.floats(0, 1), max_size=6),
    st.floats(0, 1),
    st.integers(1, 3),
)
def test_spreading_over_several_hops_stays_in_0_1_with_the_best_at_1(
    similarity: dict[str, float], share: float, hops: int
) -> None:
    links = {b: [(o, "co_occurs", 0.6) for o in "abcdefg" if o != b] for b in "abcdefg"}
    raised = spread(similarity, links, share, hops=hops)
    assert all(0.0 <= v <= 1.0 + 1e-12 for v in raised.values())
    if share > 0 and any(raised.values()):
        assert max(raised.values()) == pytest.approx(1.0)
