"""benchmarks/curate.py's rows: the streamed edges and the blocks without vectors."""

from __future__ import annotations

import random

from benchmarks.curate import block_rows, edge_count, edge_rows, iter_edge_rows


def test_edge_count_is_the_number_of_rows_edge_rows_makes() -> None:
    for per_block in (1.0, 2.5, 5.0):
        assert edge_count(1_001, per_block) == len(edge_rows(1_001, random.Random(3), per_block))


def test_streamed_edges_are_the_listed_ones() -> None:
    assert list(iter_edge_rows(500, random.Random(9), 2.5)) == edge_rows(500, random.Random(9), 2.5)


def test_blocks_without_embeddings_differ_only_by_the_vector() -> None:
    texts = [f"fact {i}" for i in range(20)]
    with_vectors = block_rows(texts, 40, random.Random(1))
    without = block_rows(texts, 40, random.Random(1), embeddings=False)
    assert all(len(row["props"]["embedding"]) == 384 for row in with_vectors)
    assert all("embedding" not in row["props"] for row in without)
    for a, b in zip(with_vectors, without, strict=True):
        assert {k: v for k, v in a["props"].items() if k != "embedding"} == b["props"]
        assert a["id"] == b["id"]
