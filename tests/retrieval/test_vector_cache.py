"""The vector cache's pure part (elfgraph/retrieval/vector_cache.py): its nearest blocks
are the exact ones, it follows what it is told, and it gives up past its capacity."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from elfgraph.retrieval.vector_cache import SKETCHES, VECTORS, WORDS, VectorCache

VERSION = ("key", 1)
vectors = st.lists(
    st.lists(st.floats(-1, 1, allow_nan=False, width=32), min_size=4, max_size=4).filter(
        lambda v: any(abs(x) > 1e-3 for x in v)
    ),
    min_size=1,
    max_size=40,
)


def cosine(a: list[float], b: list[float]) -> float:
    x, y = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return float(x @ y / (np.linalg.norm(x) * np.linalg.norm(y)))


@settings(max_examples=60, deadline=None)
@given(rows=vectors, query=vectors, n=st.integers(1, 50))
def test_nearest_are_the_exact_nearest_in_order(
    rows: list[list[float]], query: list[list[float]], n: int
) -> None:
    cache = VectorCache(capacity=100)
    ids = [f"b{i:02d}" for i in range(len(rows))]
    cache.load(VERSION, ids, rows)
    found, scores = cache.nearest(query[0], n)
    assert len(found) == min(n, len(rows))
    exact = {i: (1 + cosine(r, query[0])) / 2 for i, r in zip(ids, rows, strict=True)}
    assert scores == sorted(scores, reverse=True)
    for block_id, score in zip(found, scores, strict=True):
        assert abs(score - exact[block_id]) < 1e-4
    cut = scores[-1]
    assert all(exact[i] <= cut + 1e-4 for i in ids if i not in found)


def test_forgotten_blocks_are_never_nearest() -> None:
    cache = VectorCache(capacity=10)
    cache.load(VERSION, ["a", "b", "c"], [[1, 0], [0.9, 0.1], [0, 1]])
    cache.forget(["a"])
    assert cache.nearest([1, 0], 3)[0] == ["b", "c"]
    assert len(cache) == 2


def test_extend_adds_new_blocks_replaces_known_ones_and_moves_the_version() -> None:
    cache = VectorCache(capacity=10)
    cache.load(VERSION, ["a", "b"], [[1, 0], [0, 1]])
    cache.extend(("key", 2), ["b", "c"], [[1, 0.01], [-1, 0]])
    assert cache.version == ("key", 2)
    assert cache.nearest([1, 0], 2)[0] == ["a", "b"]
    assert cache.nearest([-1, 0], 1)[0] == ["c"]
    assert len(cache) == 3


def test_a_different_version_marks_the_cache_behind_and_unusable() -> None:
    cache = VectorCache(capacity=10)
    cache.load(VERSION, ["a"], [[1, 0]])
    assert cache.usable
    cache.observe(VERSION, ["a"])
    assert cache.usable
    assert len(cache) == 0
    cache.observe(("key", 2), [])
    assert cache.behind
    assert not cache.usable


def test_past_capacity_the_cache_gives_up_after_letting_go_of_forgotten_rows() -> None:
    cache = VectorCache(capacity=3)
    cache.load(VERSION, ["a", "b", "c"], [[1, 0], [0, 1], [1, 1]])
    cache.forget(["a"])
    cache.extend(("key", 2), ["d"], [[-1, 0]])  # fits once a's row is let go
    assert cache.usable
    assert len(cache) == 3
    cache.extend(("key", 3), ["e"], [[0, -1]])
    assert cache.too_big
    assert not cache.usable
    assert cache.nearest([1, 0], 3) == ([], [])


def test_a_cache_of_capacity_zero_is_never_used() -> None:
    cache = VectorCache(capacity=0)
    cache.load(VERSION, [], [])
    assert not cache.usable


def test_the_keyword_index_follows_the_cached_blocks_texts() -> None:
    cache = VectorCache(capacity=10)
    cache.load(
        VERSION, ["a", "b"], [[1, 0], [0, 1]], [["red cars", "red cars"], ["a blue road", None]]
    )
    assert cache.keywords_usable
    assert cache.keywords.search(["red"], 5)[0] == ["a"]
    # re-read with a longer summary (a near-duplicate absorbed): found by its words too
    cache.extend(("key", 2), ["b"], [[0, 1]], [["a blue road", "a blue road\nthe painted road"]])
    assert cache.keywords.search(["paint"], 5)[0] == ["b"]
    cache.forget(["a"])
    assert cache.keywords.search(["red"], 5) == ([], [])
    assert len(cache.keywords) == 1


def test_blocks_read_without_their_texts_leave_the_keyword_index_unused() -> None:
    cache = VectorCache(capacity=10)
    cache.load(VERSION, ["a"], [[1, 0]], [["red", "red"]])
    cache.extend(("key", 2), ["b"], [[0, 1]])
    assert cache.usable
    assert not cache.keywords_usable
    cache.load(("key", 3), ["a"], [[1, 0]], [["red", "red"]])  # a full read starts afresh
    assert cache.keywords_usable


TEXTS = [("red car", "red car"), ("blue car", "blue car"), ("red sky", "red sky")]


def test_past_the_vectors_capacity_the_words_stay_for_the_keyword_leg() -> None:
    cache = VectorCache(capacity=2, word_capacity=10)
    cache.load(VERSION, ["a", "b", "c"], [[1, 0], [0, 1], [1, 1]], TEXTS)
    assert cache.words_only
    assert not cache.usable
    assert cache.keywords_usable
    assert cache.keywords.search(["red"], 5)[0] == ["a", "c"]
    assert cache.wants == WORDS
    assert cache.holds == 10


def test_a_vector_cache_that_outgrows_its_vectors_keeps_its_words_then_gives_up() -> None:
    cache = VectorCache(capacity=2, word_capacity=3)
    cache.load(VERSION, ["a", "b"], [[1, 0], [0, 1]], TEXTS[:2])
    assert cache.usable
    assert not cache.words_only
    cache.extend(("key", 2), ["c"], [[1, 1]], TEXTS[2:])  # 3 blocks: the words alone
    assert cache.words_only
    assert cache.keywords_usable
    assert not cache.usable
    assert cache.keywords.search(["car"], 5)[0] == ["a", "b"]
    cache.extend(("key", 3), ["d"], None, [("red bus", "red bus")])  # 4: nothing
    assert cache.too_big
    assert not cache.keywords_usable


def test_a_load_without_vectors_keeps_the_words_alone() -> None:
    cache = VectorCache(capacity=10, word_capacity=10)
    cache.load(VERSION, ["a", "b", "c"], None, TEXTS)
    assert cache.words_only
    assert cache.keywords_usable
    assert len(cache.keywords) == 3
    cache.forget(["a"])
    assert cache.keywords.search(["red"], 5)[0] == ["c"]
    assert len(cache) == 2


def test_the_words_capacity_is_never_below_the_vectors() -> None:
    cache = VectorCache(capacity=5, word_capacity=0)
    assert cache.word_capacity == 5
    assert not cache.too_big
    assert VectorCache(capacity=0).too_big


def test_blocks_given_without_vectors_leave_a_vector_cache_with_the_words_alone() -> None:
    cache = VectorCache(capacity=10, word_capacity=10)
    cache.load(VERSION, ["a"], [[1, 0]], TEXTS[:1])
    cache.extend(("key", 2), ["b"], None, TEXTS[1:2])
    assert cache.words_only
    assert not cache.usable
    assert cache.keywords.search(["car"], 5)[0] == ["a", "b"]


def unit(rows: list[list[float]]) -> np.ndarray:
    matrix = np.asarray(rows, dtype=np.float32)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


SIX = [[1, 0, 0], [0.9, 0.1, 0], [0, 1, 0], [0, 0.9, 0.2], [0, 0, 1], [0.5, 0.5, 0.5]]
SIX_IDS = ["a", "b", "c", "d", "e", "f"]


def test_past_the_vectors_capacity_within_the_sketches_the_vector_leg_stays() -> None:
    cache = VectorCache(capacity=2, word_capacity=10, sketch_capacity=6)
    cache.load(VERSION, SIX_IDS, SIX)
    assert cache.kind == SKETCHES
    assert cache.usable
    assert cache.approximate
    assert cache.wants == SKETCHES
    assert cache.holds == 6
    found, scores = cache.nearest([1, 0, 0], 6)
    assert found[:2] == ["a", "b"]
    exact = {
        i: (1 + float(r @ unit([[1, 0, 0]])[0])) / 2
        for i, r in zip(SIX_IDS, unit(SIX), strict=True)
    }
    for block_id, score in zip(found, scores, strict=True):
        assert abs(score - exact[block_id]) < 0.01  # a sketch's cosine, within its bound


def test_a_cache_of_vectors_steps_down_to_sketches_then_words_then_gives_up() -> None:
    cache = VectorCache(capacity=2, word_capacity=5, sketch_capacity=4)
    cache.load(VERSION, SIX_IDS[:2], SIX[:2])
    assert cache.kind == VECTORS
    cache.extend(("key", 2), SIX_IDS[2:4], SIX[2:4])  # 4 blocks: sketches of all four
    assert cache.kind == SKETCHES
    assert cache.nearest([0, 1, 0], 2)[0] == ["c", "d"]
    assert cache.nearest([1, 0, 0], 1)[0] == ["a"]  # the quantised float rows
    cache.extend(("key", 3), SIX_IDS[4:5], SIX[4:5])  # 5: the words alone
    assert cache.words_only
    assert not cache.usable
    cache.extend(("key", 4), SIX_IDS[5:], None)  # 6: nothing
    assert cache.too_big


def test_sketches_given_to_a_cache_of_vectors_make_it_a_cache_of_sketches() -> None:
    cache = VectorCache(capacity=10, sketch_capacity=10)
    cache.load(VERSION, ["a", "b"], [[1, 0], [0, 1]])
    cache.extend(("key", 2), ["c"], np.array([[90, 90]], dtype=np.int8))
    assert cache.kind == SKETCHES
    assert cache.nearest([1, 1], 1)[0] == ["c"]
    assert cache.nearest([1, 0], 1)[0] == ["a"]
    # Sketches of another width cannot share the rows: the words alone.
    cache.extend(("key", 3), ["d"], np.array([[1, 2, 3]], dtype=np.int8))
    assert cache.words_only


def test_forgotten_blocks_leave_the_sketches_and_compaction_keeps_the_rest() -> None:
    cache = VectorCache(capacity=1, sketch_capacity=4, word_capacity=4)
    cache.load(VERSION, SIX_IDS[:4], SIX[:4])
    cache.forget(["a", "c"])
    assert cache.nearest([1, 0, 0], 4)[0] == ["b", "d"]
    cache.extend(("key", 2), SIX_IDS[4:6], SIX[4:6])  # 6 rows > 4: compacted, then 4 alive
    assert cache.kind == SKETCHES
    assert cache.nearest([0, 0, 1], 1)[0] == ["e"]
    assert cache.nearest([1, 0, 0], 1)[0] == ["b"]
    assert len(cache) == 4
