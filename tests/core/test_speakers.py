"""elfgraph.core.speakers: who says a block, whom a question names, and the raise."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elfgraph.core.speakers import by_speaker, named_speakers, speaker_of


@pytest.mark.parametrize(
    ("content", "speaker"),
    [
        ("Caroline: I went to the support group.", "Caroline"),
        ("Mary Ann: Hi!", "Mary Ann"),
        ("  Jon: hello", "Jon"),
        ("caroline: lower case is not a name", None),
        ("Note: the meeting moved", "Note"),  # a capitalised label reads as a speaker too
        ("The plan at 10:30 is fine", None),
        ("A sentence without a colon", None),
        ("", None),
    ],
)
def test_speaker_of_reads_the_name_before_the_colon(content: str, speaker: str | None) -> None:
    assert speaker_of(content) == speaker


def test_named_speakers_are_whole_words_in_any_case() -> None:
    speakers = ["Melanie", "Caroline", "Mary Ann", "Mel"]
    assert named_speakers("What does melanie do to destress?", speakers) == {"Melanie"}
    assert named_speakers("what did Mary Ann say to Mel?", speakers) == {"Mary Ann", "Mel"}
    assert named_speakers("What does Melanies cat eat?", speakers) == set()


CONTENTS = {
    "a": "Caroline: That's great, Melanie!",
    "b": "Melanie: We went camping at the beach.",
    "c": "Melanie: The kids loved it.",
    "d": "An unsigned note about camping.",
}


def test_a_named_speakers_blocks_gain_the_weight_then_all_are_rescaled() -> None:
    raised = by_speaker({"a": 1.0, "b": 0.9, "c": 0.0, "d": 0.5}, CONTENTS, "Melanie?", 0.2)
    assert raised == pytest.approx({"a": 1.0 / 1.1, "b": 1.0, "c": 0.0, "d": 0.5 / 1.1})


def test_a_named_speaker_at_most_doubles_a_blocks_similarity() -> None:
    # b barely matches: its speaker lifts it by its own 0.05, not by the weight, so the
    # unsigned note that matches clearly (d) stays above it.
    raised = by_speaker({"a": 1.0, "b": 0.05, "d": 0.5}, CONTENTS, "Melanie?", 0.4)
    assert raised == pytest.approx({"a": 1.0, "b": 0.1, "d": 0.5})
    assert raised["d"] > raised["b"]


@pytest.mark.parametrize(
    "query", ["Where did they go camping?", "What did Caroline tell Melanie?", ""]
)
def test_a_query_naming_no_speaker_or_every_one_changes_nothing(query: str) -> None:
    similarity = {"a": 1.0, "b": 0.9, "d": 0.5}
    assert by_speaker(similarity, CONTENTS, query, 0.2) == similarity
    assert by_speaker(similarity, CONTENTS, "Melanie", 0.0) == similarity


@given(
    # Subnormal similarities (5e-324) underflow the products the lead check compares.
    st.dictionaries(
        st.sampled_from(list(CONTENTS)), st.floats(0.0, 1.0, allow_subnormal=False), min_size=1
    ),
    st.floats(0.0, 1.0),
)
def test_raised_similarities_stay_in_range_and_keep_order_within_each_side(
    similarity: dict[str, float], weight: float
) -> None:
    raised = by_speaker(similarity, CONTENTS, "What does Melanie like?", weight)
    assert set(raised) == set(similarity)
    assert all(0.0 <= v <= 1.0 + 1e-9 for v in raised.values())
    for x in similarity:
        for y in similarity:
            same_side = (speaker_of(CONTENTS[x]) == "Melanie") == (
                speaker_of(CONTENTS[y]) == "Melanie"
            )
            if same_side and similarity[x] > similarity[y] and similarity[y] > 0:
                assert raised[x] >= raised[y]
        if similarity[x] == 0:
            assert raised[x] == 0
        # A block gains at most its own similarity: no lift more than doubles a lead.
        for y in similarity:
            if similarity[x] > 0 and similarity[y] > 0:
                assert raised[x] * similarity[y] <= 2 * similarity[x] * raised[y] * (1 + 1e-9)
