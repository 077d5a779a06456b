"""BM25 over one space's blocks (core.keyword_index): Lucene's formula and norms, statistics
that follow every put and remove, and a block outside the index scored as if inside."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.core.keyword_index import COMPACT_AFTER, K1, B, KeywordIndex, lucene_length

VOCABULARY = ["red", "car", "paint", "blue", "road", "trip"]
words = st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=30)
blocks = st.dictionaries(st.sampled_from([f"b{i}" for i in range(12)]), words, min_size=1)


def bm25(freq: int, docs: int, count: int, length: int, average: float) -> float:
    idf = math.log(1 + (count - docs + 0.5) / (docs + 0.5))
    return idf * freq / (freq + K1 * (1 - B + B * length / average))


def test_the_score_is_lucenes_bm25_summed_over_both_fields() -> None:
    index = KeywordIndex()
    index.put("a", {"content": ["red", "red", "car"], "summary": ["red", "red", "car"]})
    index.put("b", {"content": ["car"], "summary": ["car", "road"]})
    ids, scores = index.search(["red"], 5)
    assert ids == ["a"]
    # red: in one of two blocks; content lengths 3 and 1 (average 2), summaries 3 and 2
    expected = bm25(2, 1, 2, 3, 2.0) + bm25(2, 1, 2, 3, 2.5)
    assert math.isclose(scores[0], expected, rel_tol=1e-12)


def test_a_repeated_query_term_counts_again_and_ties_go_by_id() -> None:
    index = KeywordIndex()
    for block_id in ("y", "x"):
        index.put(block_id, {"content": ["car", "trip"]})
    once = index.search(["car"], 5)
    twice = index.search(["car", "car"], 5)
    assert once[0] == twice[0] == ["x", "y"]
    assert math.isclose(twice[1][0], 2 * once[1][0])


def test_long_fields_are_measured_as_lucenes_one_byte_norm() -> None:
    assert [lucene_length(n) for n in (0, 23, 24, 31, 32, 40, 100, 1000)] == [
        0,
        23,
        24,
        31,
        32,
        40,
        96,
        984,
    ]


@settings(max_examples=60, deadline=None)
@given(blocks, blocks, st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=3))
def test_statistics_follow_puts_and_removes(
    first: dict[str, list[str]], second: dict[str, list[str]], query: list[str]
) -> None:
    """Indexing, re-indexing and removing leaves what indexing the survivors afresh gives."""
    index = KeywordIndex()
    for block_id, terms in first.items():
        index.put(block_id, {"content": terms, "summary": terms[::2]})
    for block_id, terms in second.items():
        index.put(block_id, {"content": terms})
    gone = sorted(first)[::2]
    for block_id in gone:
        index.remove(block_id)
    fresh = KeywordIndex()
    for block_id, terms in first.items():
        if block_id not in gone and block_id not in second:
            fresh.put(block_id, {"content": terms, "summary": terms[::2]})
    for block_id, terms in second.items():
        if block_id not in gone:
            fresh.put(block_id, {"content": terms})
    got, expected = index.search(query, 20), fresh.search(query, 20)
    assert got[0] == expected[0]
    assert all(math.isclose(a, b, rel_tol=1e-12) for a, b in zip(got[1], expected[1], strict=True))
    assert len(index) == len(fresh)


@settings(max_examples=60, deadline=None)
@given(blocks, words, st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=3))
def test_a_block_outside_scores_what_it_would_inside(
    indexed: dict[str, list[str]], outside: list[str], query: list[str]
) -> None:
    index = KeywordIndex()
    for block_id, terms in indexed.items():
        index.put(block_id, {"content": terms})
    alone = index.score(query, {"content": outside})
    index.put("outside", {"content": outside})
    ids, scores = index.search(query, 50)
    inside = dict(zip(ids, scores, strict=True)).get("outside", 0.0)
    assert math.isclose(alone, inside, rel_tol=1e-12, abs_tol=1e-15)


def test_nothing_matches_an_empty_index_or_unknown_words() -> None:
    index = KeywordIndex()
    assert index.search(["red"], 5) == ([], [])
    index.put("a", {"content": ["red"]})
    assert index.search(["green"], 5) == ([], [])
    assert index.search(["red"], 0) == ([], [])
    index.remove("missing")  # nothing to forget: no error
    assert "a" in index
    assert len(index) == 1


@settings(max_examples=40, deadline=None)
@given(blocks, st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=3))
def test_a_summary_given_as_the_contents_own_list_counts_as_a_copy_would(
    indexed: dict[str, list[str]], query: list[str]
) -> None:
    """The vector cache passes one list for both fields when the summary is the content;
    the index counts it once, and scores, and forgets, as if it were two lists."""
    shared, copied = KeywordIndex(), KeywordIndex()
    for block_id, terms in indexed.items():
        shared.put(block_id, {"content": terms, "summary": terms})
        copied.put(block_id, {"content": terms, "summary": list(terms)})
    assert shared.search(query, 20) == copied.search(query, 20)
    for block_id in indexed:
        shared.remove(block_id)
    assert len(shared) == 0
    assert shared.search(query, 20) == ([], [])


def test_many_removals_compact_the_index_and_leave_what_a_fresh_one_holds() -> None:
    """Past COMPACT_AFTER dead rows outnumbering the live ones, the dead rows are dropped
    and every posting renumbered: scores, ties and the survivors stay those of an index
    built from the survivors alone, and a put after the compaction lands as usual."""
    count = 3 * COMPACT_AFTER
    texts = {
        f"b{i:05d}": [VOCABULARY[i % 6], VOCABULARY[(i * 7) % 5], f"only{i}"] for i in range(count)
    }
    index, fresh = KeywordIndex(), KeywordIndex()
    for block_id, terms in texts.items():
        index.put(block_id, {"content": terms, "summary": terms})
    survivors = [b for i, b in enumerate(texts) if i % 4 == 0]
    for block_id in texts:
        if block_id not in survivors:
            index.remove(block_id)
    index.put("late", {"content": ["red", "only7"]})
    for block_id in survivors:
        fresh.put(block_id, {"content": texts[block_id], "summary": list(texts[block_id])})
    fresh.put("late", {"content": ["red", "only7"]})
    assert len(index) == len(fresh) == len(survivors) + 1
    for query in (["red"], ["car", "paint"], ["only8"], ["only7"], ["only9"]):
        got, expected = index.search(query, 50), fresh.search(query, 50)
        assert got[0] == expected[0], query
        assert all(
            math.isclose(a, b, rel_tol=1e-12) for a, b in zip(got[1], expected[1], strict=True)
        )
    assert index.search(["only9"], 5) == ([], [])  # a removed block's own word is gone
    assert math.isclose(
        index.score(["red"], {"content": ["red"]}), fresh.score(["red"], {"content": ["red"]})
    )


def test_a_large_index_ranks_as_a_full_sort_ties_at_the_cut_by_id() -> None:
    """Past the size where the best are found from a sample (core.largest), many blocks tie
    at the cut: the same ids as scoring every block and sorting by (score, id)."""
    index = KeywordIndex()
    contents = {
        f"b{i:05d}": ["red"] * (1 + i % 3) + ["car"] * (i % 2) + ["trip"] * (i % 5 == 0)
        for i in range(9_000)
    }
    for block_id, content in reversed(contents.items()):
        index.put(block_id, {"content": content})
    everything = dict(zip(*index.search(["red", "trip"], len(contents)), strict=True))
    ids, scores = index.search(["red", "trip"], 7)
    assert ids == sorted(everything, key=lambda b: (-everything[b], b))[:7]
    assert scores == [everything[b] for b in ids]
