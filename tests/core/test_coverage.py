"""elfgraph.core.coverage: the words a question asks about, and the raise for holding them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.coverage import asked_stems, covered, stem, stems_of


@pytest.mark.parametrize(
    ("word", "stemmed"),
    [
        ("hikes", "hik"),
        ("hiking", "hik"),
        ("hiked", "hik"),
        ("hike", "hik"),
        ("activities", "activit"),
        ("art", "art"),  # too short to lose anything
        ("is", "is"),
    ],
)
def test_stem_drops_one_common_suffix(word: str, stemmed: str) -> None:
    assert stem(word) == stemmed


def test_asked_stems_leave_out_question_words_stop_words_and_names() -> None:
    asked = asked_stems("What kind of art does Caroline make?", ["Caroline", "Melanie"])
    assert asked == {stem("kind"), "art", stem("make")}
    assert asked_stems("What did she do?") == {stem("she")}
    assert asked_stems("what is it?") == frozenset()


def test_a_block_holding_both_asked_words_passes_one_repeating_one() -> None:
    contents = {
        "repeats": "Caroline: Art, art, art! I love art.",
        "both": "Caroline: My paintings are art I make for the show.",
    }
    similarity = {"repeats": 1.0, "both": 0.98}
    asked = asked_stems("Which art does Caroline make?", ["Caroline"])
    raised = covered(similarity, contents, asked, 0.1)
    assert raised["both"] > raised["repeats"]
    assert max(raised.values()) == pytest.approx(1.0)


def test_a_block_without_similarity_gains_nothing() -> None:
    contents = {"match": "we hiked", "none": "hiking hiking"}
    raised = covered({"match": 0.5, "none": 0.0}, contents, asked_stems("hiking"), 0.3)
    assert raised["none"] == 0.0
    assert raised["match"] == pytest.approx(1.0)


def test_nothing_asked_or_weight_zero_changes_nothing() -> None:
    similarity = {"a": 0.4, "b": 0.8}
    contents = {"a": "x", "b": "y"}
    assert covered(similarity, contents, frozenset(), 0.5) == similarity
    assert covered(similarity, contents, frozenset({"x"}), 0.0) == similarity


WORDS = st.sampled_from(["art", "paint", "hike", "lake", "bread", "camping", "kids", "show"])


@given(
    texts=st.dictionaries(
        st.text("abcdef", min_size=1, max_size=3),
        st.tuples(st.lists(WORDS, max_size=6), st.floats(0.0, 1.0)),
        min_size=1,
        max_size=8,
    ),
    query=st.lists(WORDS, min_size=1, max_size=4),
    weight=st.floats(0.01, 1.0),
)
def test_covered_keeps_scores_in_range_and_never_lowers_the_order_of_a_fuller_match(
    texts: dict[str, tuple[list[str], float]], query: list[str], weight: float
) -> None:
    contents = {b: " ".join(words) for b, (words, _) in texts.items()}
    similarity = {b: value for b, (_, value) in texts.items()}
    asked = asked_stems(" ".join(query))
    raised = covered(similarity, contents, asked, weight)
    assert set(raised) == set(similarity)
    assert all(0.0 <= v <= 1.0 + 1e-9 for v in raised.values())
    for a in similarity:
        for b in similarity:
            held_a = len(asked & stems_of(contents[a]))
            held_b = len(asked & stems_of(contents[b]))
            # Equal similarity, more asked words held: never ranked below.
            if similarity[a] == similarity[b] > 0 and held_a >= held_b:
                assert raised[a] >= raised[b] - 1e-12
        if similarity[a] == 0:
            assert raised[a] == 0.0
