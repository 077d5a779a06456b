"""The run pool past its exact limit (docs/BEHAVIOUR.md §4.1): a CoarseIndex that must
find the pairs the exact product finds above the linking and near-duplicate thresholds.

Random vectors are almost never close, so the vectors here are clustered: groups of 50
around a centre, at cosines ~0.3-0.95 to each other, with near-duplicates planted."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import numpy.typing as npt
import pytest

from elfgraph.consolidation import coarse_index, run_pool
from elfgraph.consolidation.coarse_index import CoarseIndex, train_centroids
from elfgraph.consolidation.plan import InboxBlock, Neighbour
from elfgraph.consolidation.run_pool import RunPool
from elfgraph.core.scoring import EDGE_MIN_COSINE

DIMENSIONS = 384
NEAR_DUPLICATE = 0.90  # near_dup_near_threshold: the lower of the two
K = 10  # neighbour_candidates


def clustered(count: int, *, seed: int, per_cluster: int = 50) -> npt.NDArray[np.float32]:
    generator = np.random.default_rng(seed)
    centres = _unit(generator.standard_normal((max(1, count // per_cluster), DIMENSIONS)))
    which = generator.integers(0, len(centres), count)
    noise = _unit(generator.standard_normal((count, DIMENSIONS)))
    spread = 0.9 * generator.uniform(0.3, 1.5, (count, 1))
    vectors = _unit(centres[which] + spread * noise)
    # Every 25th vector is a near-duplicate of the one before it (cosine ~0.98).
    twins = np.arange(1, count, 25)
    vectors[twins] = _unit(vectors[twins - 1] + 0.2 * noise[twins] / np.sqrt(2))
    return vectors


def _unit(matrix: npt.NDArray[np.float64]) -> npt.NDArray[np.float32]:
    return (matrix / np.linalg.norm(matrix, axis=1, keepdims=True)).astype(np.float32)


def filled(vectors: npt.NDArray[np.float32], **options: int) -> RunPool:
    pool = RunPool(DIMENSIONS, **options)
    for row, vector in enumerate(vectors):
        pool.add(f"b{row:06d}", ["t"], "knowledge", 1.0, vector)
    return pool


def asked(
    vectors: npt.NDArray[np.float32],
) -> tuple[list[InboxBlock], list[npt.NDArray[np.float32]]]:
    blocks = [
        InboxBlock(id=f"q{i}", content="", tags=(), category="knowledge")
        for i in range(len(vectors))
    ]
    return blocks, list(vectors)


def pairs_at_or_above(found: dict[str, list[Neighbour]], threshold: float) -> set[tuple[str, str]]:
    return {(query, n.id) for query, near in found.items() for n in near if n.cosine >= threshold}


def test_below_the_exact_limit_the_pool_is_exact_and_unchanged() -> None:
    vectors = clustered(1_500, seed=5)
    blocks, queries = asked(vectors[-200:])
    bounded = filled(vectors[:-200], exact_limit=1_300)  # holds 1,300: still exact
    unbounded = filled(vectors[:-200], exact_limit=10**9)
    assert not bounded.approximate
    assert bounded.nearest(blocks, queries, K) == unbounded.nearest(blocks, queries, K)


@pytest.mark.parametrize("seed", [1, 2])
def test_past_the_limit_it_finds_the_pairs_the_exact_pool_finds(seed: int) -> None:
    vectors = clustered(10_500, seed=seed)
    blocks, queries = asked(vectors[-500:])
    approximate = filled(vectors[:-500], exact_limit=1_000)
    exact = filled(vectors[:-500], exact_limit=10**9)
    assert approximate.approximate
    assert not exact.approximate
    found = approximate.nearest(blocks, queries, K)
    wanted = exact.nearest(blocks, queries, K)
    linked = pairs_at_or_above(wanted, EDGE_MIN_COSINE)
    assert len(linked) > 4_000  # the clusters make most top-k pairs linkable
    assert len(linked & pairs_at_or_above(found, EDGE_MIN_COSINE)) >= 0.99 * len(linked)
    duplicates = pairs_at_or_above(wanted, NEAR_DUPLICATE)
    assert duplicates
    assert duplicates <= pairs_at_or_above(found, NEAR_DUPLICATE)
    # What it finds is what the exact pool would say of those blocks: the same cosines.
    exact_cosine = {(q, n.id): n.cosine for q, near in wanted.items() for n in near}
    for query, near in found.items():
        assert [n.cosine for n in near] == sorted((n.cosine for n in near), reverse=True)
        for n in near:
            if (query, n.id) in exact_cosine:
                assert n.cosine == pytest.approx(exact_cosine[(query, n.id)], abs=1e-5)


def test_the_approximate_pool_forgets_superseded_blocks_and_keeps_growing() -> None:
    vectors = clustered(3_000, seed=3)
    pool = filled(vectors[:2_000], exact_limit=1_000)
    blocks, queries = asked(vectors[1_001:1_002])  # a twin of row 1,000, in the index
    assert pool.nearest(blocks, queries, 1)["q0"][0].id == "b001001"
    pool.forget(["b001001"])
    assert "b001001" not in {n.id for n in pool.nearest(blocks, queries, K)["q0"]}
    assert len(pool) == 1_999
    for row in range(2_000, 3_000):  # rows added after training join their lists
        pool.add(f"b{row:06d}", [], "knowledge", 1.0, vectors[row])
    blocks, queries = asked(vectors[2_500:2_501])
    assert pool.nearest(blocks, queries, 1)["q0"][0].id == "b002500"


def test_the_index_is_trained_again_each_time_the_pool_has_doubled() -> None:
    vectors = clustered(4_600, seed=9)
    pool = filled(vectors[:2_000], exact_limit=1_000)
    assert pool.lists == round(4 * np.sqrt(1_000))  # trained on the first 1,000 rows
    pool.forget(["b001001"])
    pool.add("b002000", [], "knowledge", 1.0, vectors[2_000])
    assert pool.lists == round(4 * np.sqrt(2_000))  # then on all 2,000
    for row in range(2_001, 4_001):
        pool.add(f"b{row:06d}", [], "knowledge", 1.0, vectors[row])
    assert pool.lists == round(4 * np.sqrt(4_000))  # and on all 4,000
    assert len(pool) == 4_000
    for row in range(4_001, 4_100):
        pool.add(f"b{row:06d}", [], "knowledge", 1.0, vectors[row])
    exact = filled(vectors[:4_100], exact_limit=10**9)
    exact.forget(["b001001"])
    blocks, queries = asked(vectors[4_100:])
    found, wanted = pool.nearest(blocks, queries, K), exact.nearest(blocks, queries, K)
    linked = pairs_at_or_above(wanted, EDGE_MIN_COSINE)
    assert len(linked & pairs_at_or_above(found, EDGE_MIN_COSINE)) >= 0.99 * len(linked)
    # The forgotten block stays forgotten through both trainings; asked with its own vector,
    # the pool answers with its twin (row 1,001 is a near-duplicate of row 1,000).
    blocks, queries = asked(vectors[1_001:1_002])
    assert [n.id for n in pool.nearest(blocks, queries, 1)["q0"]] == ["b001000"]


def test_ties_in_the_approximate_pool_go_by_id() -> None:
    vectors = clustered(1_200, seed=4)
    pool = filled(vectors, exact_limit=1_000)
    tie = np.eye(DIMENSIONS, dtype=np.float32)[0]
    for block_id in ("zz", "aa", "mm"):
        pool.add(block_id, [], "knowledge", 1.0, tie)
    blocks, queries = asked(tie[None, :])
    assert [n.id for n in pool.nearest(blocks, queries, 3)["q0"]] == ["aa", "mm", "zz"]


def test_a_new_generation_starts_exact_again() -> None:
    pool = filled(clustered(1_200, seed=6), exact_limit=1_000, capacity=1_500)
    assert pool.approximate
    pool.make_room(500)
    assert not pool.approximate
    assert (len(pool), pool.retired) == (0, 1_200)


def test_centroids_are_unit_and_the_same_for_the_same_rows() -> None:
    vectors = clustered(2_000, seed=7)
    first, again = train_centroids(vectors, 40), train_centroids(vectors, 40)
    assert np.array_equal(first, again)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-5)
    index = CoarseIndex.trained_on(vectors)
    assert index.lists == round(4 * np.sqrt(2_000))


def test_rows_meet_the_centroids_a_slice_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Placing rows compares them with the centroids in slices (an 800,000-row retraining
    in one product needed 11 GB): the slices give each row the list one product gives."""
    vectors = clustered(3_000, seed=5)
    centroids = train_centroids(vectors, 60)
    whole = np.argmax(vectors @ centroids.T, axis=1)
    monkeypatch.setattr(coarse_index, "ROWS_PER_PRODUCT", 7)
    assert np.array_equal(coarse_index.nearest_centroids(vectors, centroids), whole)
    sliced = CoarseIndex.trained_on(vectors)
    monkeypatch.setattr(coarse_index, "ROWS_PER_PRODUCT", 10**6)
    one_product = CoarseIndex.trained_on(vectors)
    queries, alive = vectors[:50], np.ones(len(vectors), dtype=bool)
    for a, b in zip(
        sliced.search(queries, alive, K), one_product.search(queries, alive, K), strict=True
    ):
        assert np.array_equal(a.rows, b.rows)


def test_a_chunk_is_compared_with_the_exact_pool_in_slices_with_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A chunk larger than QUERIES_PER_PRODUCT meets the pool a slice at a time (the score
    matrix stays small); the answer, dead rows and the floor included, is the one product's."""
    vectors = clustered(1_300, seed=9)
    blocks, queries = asked(vectors[-300:])
    pool = filled(vectors[:-300], exact_limit=10**9)
    pool.forget([f"b{row:06d}" for row in range(0, 1_000, 7)])  # archived later in the run
    whole = pool.nearest(blocks, queries, K, floor=0.2)
    monkeypatch.setattr(run_pool, "QUERIES_PER_PRODUCT", 64)  # 300 queries: five slices
    sliced = pool.nearest(blocks, queries, K, floor=0.2)
    # The same neighbours in the same order; a cosine may differ in its last bit, since BLAS
    # sums a product of another shape in another order.
    assert {q: [replace(n, cosine=0.0) for n in near] for q, near in sliced.items()} == {
        q: [replace(n, cosine=0.0) for n in near] for q, near in whole.items()
    }
    for q, near in whole.items():
        assert np.allclose([n.cosine for n in sliced[q]], [n.cosine for n in near], atol=1e-6)
    assert sum(len(near) for near in whole.values()) > len(whole)  # a real comparison
    forgotten = {f"b{row:06d}" for row in range(0, 1_000, 7)}
    assert not any(n.id in forgotten for near in sliced.values() for n in near)


@pytest.mark.parametrize("batch", [1, 7, 333, 2_500])
def test_rows_added_in_batches_make_the_pool_one_by_one_adds_make(batch: int) -> None:
    # Batches that cross the exact limit (1,000) and the retraining points (2,000, 4,000)
    # train and retrain at the same rows, so the answers are the same, cosine for cosine.
    vectors = clustered(4_200, seed=13)
    one_by_one = filled(vectors[:4_100], exact_limit=1_000)
    batched = RunPool(DIMENSIONS, exact_limit=1_000)
    for start in range(0, 4_100, batch):
        end = min(4_100, start + batch)
        batched.add_many(
            [f"b{row:06d}" for row in range(start, end)],
            [["t"]] * (end - start),
            ["knowledge"] * (end - start),
            [1.0] * (end - start),
            vectors[start:end],
        )
    assert batched.lists == one_by_one.lists == round(4 * np.sqrt(4_000))
    assert batched.ids == one_by_one.ids
    assert len(batched) == len(one_by_one) == 4_100
    blocks, queries = asked(vectors[4_100:])
    found, wanted = batched.nearest(blocks, queries, K), one_by_one.nearest(blocks, queries, K)
    assert {q: [n.id for n in near] for q, near in found.items()} == {
        q: [n.id for n in near] for q, near in wanted.items()
    }
    for query, near in found.items():
        assert [n.cosine for n in near] == pytest.approx(
            [n.cosine for n in wanted[query]], abs=1e-6
        )


def test_with_every_list_probed_and_every_row_kept_the_search_is_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first pass and the probes only choose which rows the exact cosine ranks: with
    every list probed and every row kept, a search answers what a product with every
    live row answers."""
    vectors = clustered(3_300, seed=11)
    rows, queries = vectors[:3_000], vectors[3_000:]
    monkeypatch.setattr(coarse_index, "FIRST_PASS", 10**9)
    index = CoarseIndex.trained_on(rows, probes=10**6)
    alive = np.ones(len(rows), dtype=bool)
    alive[::5] = False
    for query, hits in zip(queries, index.search(queries, alive, K), strict=True):
        cosines = rows @ query
        cosines[~alive] = -np.inf
        assert hits.rows.tolist() == np.argsort(-cosines, kind="stable")[:K].tolist()
        assert np.allclose(hits.cosines, cosines[hits.rows], atol=1e-6)


def test_the_first_pass_keeps_the_rows_the_exact_ranking_wants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past its first pass (at least FIRST_PASS rows, FIRST_PASS_PER_ANSWER an answer) a
    query ranks only the probed rows whose projections come closest: it finds the linkable
    pairs that ranking every probed row finds, each cosine exact."""
    vectors = clustered(20_500, seed=12)
    rows, queries = vectors[:20_000], vectors[20_000:]
    index = CoarseIndex.trained_on(rows)
    alive = np.ones(len(rows), dtype=bool)
    found = index.search(queries, alive, K)
    monkeypatch.setattr(coarse_index, "FIRST_PASS", 10**9)
    every_probed_row = index.search(queries, alive, K)
    linked: set[tuple[int, int]] = set()
    kept: set[tuple[int, int]] = set()
    for i, (query, hits, full) in enumerate(zip(queries, found, every_probed_row, strict=True)):
        assert np.allclose(hits.cosines, rows[hits.rows] @ query, atol=1e-6)
        assert hits.cosines.tolist() == sorted(hits.cosines.tolist(), reverse=True)
        pairs = zip(full.rows.tolist(), full.cosines.tolist(), strict=True)
        linked |= {(i, row) for row, cosine in pairs if cosine >= EDGE_MIN_COSINE}
        kept |= {(i, row) for row in hits.rows.tolist()}
    assert len(linked) > 4_000  # the clusters make most top-k pairs linkable
    assert len(linked & kept) >= 0.99 * len(linked)


def test_the_principal_directions_are_orthonormal_and_the_same_for_the_same_rows() -> None:
    vectors = clustered(2_000, seed=14)
    basis = coarse_index.principal_directions(vectors)
    assert basis.shape == (DIMENSIONS, coarse_index.PROJECTED)
    assert np.allclose(basis.T @ basis, np.eye(coarse_index.PROJECTED), atol=1e-5)
    assert np.array_equal(basis, coarse_index.principal_directions(vectors))
