"""An approximate nearest-neighbour index for a run's pool past its exact limit
(docs/BEHAVIOUR.md §4.1).

A coarse quantiser: centroids found by spherical k-means on the pool's contents when it
first outgrows the exact product, and found again each time the pool has grown
RETRAIN_GROWTH times since; each row is kept in the list of its nearest centroid. A query
compares itself with the centroids and probes the `probes` nearest lists. A first pass ranks
their rows by the dot product of projections on the pool's PROJECTED principal directions
(a sixth of the full product); the best FIRST_PASS_PER_ANSWER rows a wanted answer (at
least FIRST_PASS) are then ranked by exact cosine, from the float32 vectors kept as given.
At 1M rows in 3,200 lists, a query reads ~15k projected rows and 400 full ones; without the
first pass it read the ~15k full rows, a cost that grows as √rows and made most of a 1M
dream's Python CPU (docs/DECISIONS.md, "The run pool's first pass ranks projections").
"""

from __future__ import annotations

import math
import sys
from contextlib import nullcontext
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from elfgraph.consolidation.blas import one_blas_thread

PROBES = 48  # lists a query looks into (the measured recall is in BEHAVIOUR §4.1)
LISTS_PER_SQRT = 4  # lists = 4·sqrt(rows at training): ~1,265 for a pool of 100,000
TRAIN_PER_LIST = 24  # k-means sample: 24 rows per list (30k rows for 1,265 lists)
KMEANS_ROUNDS = 8
PROJECTED = 64  # dimensions of the first pass
FIRST_PASS = 400  # rows a query ranks by exact cosine, at least
FIRST_PASS_PER_ANSWER = 40  # and at least this many per answer wanted
BASIS_SAMPLE = 8_192  # rows the principal directions are found on
GROWTH = 1.5  # a full buffer grows by half: less slack than doubling at 1M rows
SMALL = 1_000  # rows added at once below which the centroid product runs on one thread
SEED = 18  # the sample and the first centroids: the same pool gives the same index
# Rows compared with the centroids in one product. Unchunked, placing the 800,000 rows of a
# retraining in ~3,600 lists built an 11 GB score matrix and the 1M dream ran out of memory;
# 8,192 rows take ~120 MB at that size.
ROWS_PER_PRODUCT = 8_192
# Centroids trained on 100k rows (or on 300k) and kept to 1M found 91 % of the linking pairs
# at 48 probes; trained on the 1M, 96 %, and the search got cheaper (more, shorter lists).
RETRAIN_GROWTH = 2


def lists_for(rows: int) -> int:
    return max(1, round(LISTS_PER_SQRT * math.sqrt(rows)))


@dataclass(frozen=True)
class Hits:
    """One query's candidates: pool rows and their exact cosines, largest first (ties
    unordered)."""

    rows: npt.NDArray[np.int64]
    cosines: npt.NDArray[np.float32]


def nearest_centroids(
    vectors: npt.NDArray[np.float32], centroids: npt.NDArray[np.float32]
) -> npt.NDArray[np.int64]:
    """Each row's nearest centroid (largest dot product), ROWS_PER_PRODUCT rows at a time so
    the score matrix stays small whatever the number of rows."""
    nearest = np.empty(vectors.shape[0], dtype=np.int64)
    for start in range(0, vectors.shape[0], ROWS_PER_PRODUCT):
        end = start + ROWS_PER_PRODUCT
        nearest[start:end] = np.argmax(vectors[start:end] @ centroids.T, axis=1)
    return nearest


def train_centroids(matrix: npt.NDArray[np.float32], lists: int) -> npt.NDArray[np.float32]:
    """`lists` unit centroids by spherical k-means on a sample of the (unit) rows."""
    generator = np.random.default_rng(SEED)
    count = matrix.shape[0]
    lists = max(1, min(lists, count))
    sample_size = min(count, lists * TRAIN_PER_LIST)
    sample = matrix[np.sort(generator.choice(count, sample_size, replace=False))]
    centroids = sample[generator.choice(sample_size, lists, replace=False)].copy()
    for _ in range(KMEANS_ROUNDS):
        nearest = nearest_centroids(sample, centroids)
        order = np.argsort(nearest, kind="stable")
        used, starts = np.unique(nearest[order], return_index=True)
        sums = np.add.reduceat(sample[order], starts, axis=0)
        norms = np.linalg.norm(sums, axis=1, keepdims=True)
        # A list no sample row chose keeps its centroid (it may still get rows later).
        centroids[used] = sums / np.where(norms > 0, norms, 1.0)
    trained: npt.NDArray[np.float32] = centroids.astype(np.float32)
    return trained


def principal_directions(matrix: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """The PROJECTED directions that hold most of a sample of the rows' squared length
    (dimensions × PROJECTED, orthonormal columns; fewer when the rows have fewer
    dimensions). Not centred: the projections' dot products approximate the rows'."""
    generator = np.random.default_rng(SEED)
    count = matrix.shape[0]
    sample = matrix[np.sort(generator.choice(count, min(count, BASIS_SAMPLE), replace=False))]
    _, _, directions = np.linalg.svd(sample.astype(np.float64), full_matrices=False)
    basis: npt.NDArray[np.float32] = np.ascontiguousarray(
        directions[:PROJECTED].T, dtype=np.float32
    )
    return basis


class CoarseIndex:
    """Pool rows in lists by nearest centroid; queries probe the nearest lists."""

    def __init__(
        self,
        centroids: npt.NDArray[np.float32],
        basis: npt.NDArray[np.float32],
        *,
        probes: int = PROBES,
    ) -> None:
        self._centroids = centroids
        self._basis = basis
        self.probes = max(1, min(probes, centroids.shape[0]))
        lists, dimensions = centroids.shape
        # Each row's full vector and pool row by its slot (the order rows arrived in) ...
        self._count = 0
        self._vectors = np.zeros((0, dimensions), dtype=np.float32)
        self._pool_rows = np.zeros(0, dtype=np.int64)
        # ... and in each list, its rows' slots and projections.
        self._slots = [np.zeros(0, dtype=np.int64) for _ in range(lists)]
        self._projected = [np.zeros((0, basis.shape[1]), dtype=np.float32) for _ in range(lists)]
        self._sizes = np.zeros(lists, dtype=np.int64)
        self.trained_rows = 0  # rows the centroids were found on

    @classmethod
    def trained_on(
        cls,
        matrix: npt.NDArray[np.float32],
        *,
        probes: int = PROBES,
        rows: npt.NDArray[np.int64] | None = None,
    ) -> CoarseIndex:
        """An index of every row of `matrix`, row i being pool row `rows[i]` (else i)."""
        count = matrix.shape[0]
        index = cls(
            train_centroids(matrix, lists_for(count)),
            principal_directions(matrix),
            probes=probes,
        )
        index.trained_rows = count
        index.add_many(np.arange(count, dtype=np.int64) if rows is None else rows, matrix)
        return index

    @property
    def lists(self) -> int:
        return int(self._centroids.shape[0])

    @property
    def size(self) -> int:
        """Rows held, live or not."""
        return self._count

    def outgrown(self) -> bool:
        """Whether the index holds RETRAIN_GROWTH times the rows its centroids were found on."""
        return self.trained_rows > 0 and self.size >= RETRAIN_GROWTH * self.trained_rows

    def room(self) -> int:
        """Rows it takes before it is outgrown (without end before it was trained)."""
        if self.trained_rows <= 0:
            return sys.maxsize
        return max(0, math.ceil(RETRAIN_GROWTH * self.trained_rows) - self.size)

    def retrained(self) -> CoarseIndex:
        """The same rows in an index whose centroids and directions were found on all of
        them. Holds every vector twice while it runs."""
        matrix, rows = self._vectors[: self._count], self._pool_rows[: self._count]
        self._slots, self._projected = [], []  # this index is spent: let its lists go
        self._vectors = np.zeros((0, matrix.shape[1]), dtype=np.float32)
        self._sizes = np.zeros(0, dtype=np.int64)
        return CoarseIndex.trained_on(matrix, probes=self.probes, rows=rows)

    def add_many(self, rows: npt.NDArray[np.int64], vectors: npt.NDArray[np.float32]) -> None:
        first, end = self._count, self._count + len(rows)
        if end > len(self._pool_rows):
            self._grow(max(end, math.ceil(GROWTH * self._count)))
        self._vectors[first:end] = vectors
        self._pool_rows[first:end] = rows
        self._count = end
        # One row against the centroids is a small product too: threaded, it took ~3.6 ms a
        # row on the busy machine instead of ~0.05 (a 300k pool took 12 min to fill).
        with one_blas_thread() if len(rows) < SMALL else nullcontext():
            nearest = nearest_centroids(vectors, self._centroids)
            projected = vectors @ self._basis
        slots = np.arange(first, end, dtype=np.int64)
        order = np.argsort(nearest, kind="stable")
        used, starts = np.unique(nearest[order], return_index=True)
        ends = [*starts[1:].tolist(), len(order)]
        for target, start, stop in zip(used.tolist(), starts.tolist(), ends, strict=True):
            chosen = order[start:stop]
            self._append(target, slots[chosen], projected[chosen])

    def _grow(self, capacity: int) -> None:
        vectors = np.zeros((capacity, self._vectors.shape[1]), dtype=np.float32)
        vectors[: self._count] = self._vectors[: self._count]
        pool_rows = np.zeros(capacity, dtype=np.int64)
        pool_rows[: self._count] = self._pool_rows[: self._count]
        self._vectors, self._pool_rows = vectors, pool_rows

    def _append(
        self, target: int, slots: npt.NDArray[np.int64], projected: npt.NDArray[np.float32]
    ) -> None:
        size, extra = int(self._sizes[target]), len(slots)
        if size + extra > len(self._slots[target]):
            capacity = max(size + extra, math.ceil(GROWTH * size), 16)
            grown_slots = np.zeros(capacity, dtype=np.int64)
            grown_slots[:size] = self._slots[target][:size]
            grown = np.zeros((capacity, projected.shape[1]), dtype=np.float32)
            grown[:size] = self._projected[target][:size]
            self._slots[target], self._projected[target] = grown_slots, grown
        self._slots[target][size : size + extra] = slots
        self._projected[target][size : size + extra] = projected
        self._sizes[target] = size + extra

    def search(
        self, queries: npt.NDArray[np.float32], alive: npt.NDArray[np.bool_], take: int
    ) -> list[Hits]:
        """Each query's `take` largest exact cosines among the live rows of its probed lists
        that its first pass kept (more when values tie at the cut), largest first."""
        with one_blas_thread():  # ~1,265 small products: threads cost more than they give
            first, slots, bounds = self._first_pass(queries, alive)
            wanted = max(FIRST_PASS, FIRST_PASS_PER_ANSWER * take)
            return [
                self._ranked(query, first[begin:end], slots[begin:end], wanted, take)
                for query, begin, end in zip(queries, bounds[:-1], bounds[1:], strict=True)
            ]

    def _first_pass(
        self, queries: npt.NDArray[np.float32], alive: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int32], list[int]]:
        """Every probed row's projected score (-inf when it is not live) and slot, query
        after query: query i's are at bounds[i]:bounds[i + 1]. Each list is read once for
        all the queries that probe it."""
        count = queries.shape[0]
        probed = np.argpartition(-(queries @ self._centroids.T), self.probes - 1, axis=1)[
            :, : self.probes
        ]
        widths = self._sizes[probed]
        ends = np.cumsum(widths.reshape(-1))  # each (query, probed list) pair's rows, in turn
        total = int(ends[-1]) if len(ends) else 0
        first = np.full(total, -np.inf, dtype=np.float32)
        slots = np.zeros(total, dtype=np.int32)  # a pool holds < 2³¹ rows
        projected_queries = queries @ self._basis
        pair_query = np.repeat(np.arange(count), self.probes)
        pair_list, pair_start = probed.reshape(-1), ends - widths.reshape(-1)
        order = np.argsort(pair_list, kind="stable")
        used, firsts = np.unique(pair_list[order], return_index=True)
        lasts = [*firsts[1:].tolist(), len(order)]
        for target, begin, end in zip(used.tolist(), firsts.tolist(), lasts, strict=True):
            size = int(self._sizes[target])
            if size == 0:
                continue
            pairs = order[begin:end]
            held = self._slots[target][:size]
            scores = projected_queries[pair_query[pairs]] @ self._projected[target][:size].T
            live = alive[self._pool_rows[held]]
            if not live.all():
                scores[:, ~live] = -np.inf
            # A slice a pair: a fancy-indexed write of the block took twice as long.
            for at, row in zip(pair_start[pairs].tolist(), scores, strict=True):
                first[at : at + size] = row
                slots[at : at + size] = held
        return first, slots, [0, *ends[self.probes - 1 :: self.probes].tolist()]

    def _ranked(
        self,
        query: npt.NDArray[np.float32],
        first: npt.NDArray[np.float32],
        slots: npt.NDArray[np.int32],
        wanted: int,
        take: int,
    ) -> Hits:
        """Of one query's probed rows, the `wanted` best by projected score ranked by exact
        cosine: the `take` largest (and any tie with the last of them), largest first."""
        if len(first) > wanted:
            kept = np.argpartition(-first, wanted - 1)[:wanted]
            first, slots = first[kept], slots[kept]
        slots = slots[first > -np.inf]
        cosines = self._vectors[slots] @ query
        order = np.argsort(-cosines, kind="stable")
        if len(order) > take:
            cut = cosines[order[take - 1]]
            order = order[: take + int(np.count_nonzero(cosines[order[take:]] == cut))]
        return Hits(self._pool_rows[slots[order]], cosines[order])
