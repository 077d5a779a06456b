"""An approximate nearest-neighbour index for a run's pool past its exact limit
(docs/BEHAVIOUR.md §4.1).

A coarse quantiser: centroids found by spherical k-means on the pool's contents when it
first outgrows the exact product, and found again each time the pool has grown
RETRAIN_GROWTH times since; every vector is kept (float32, as given) in the list of its
nearest centroid. A query compares itself with the centroids, probes the `probes` nearest
lists and ranks their rows by exact cosine. A chunk of 500 queries then costs about
probes/lists of the exact product over the whole pool: at 1M rows in ~3,600 lists and 48
probes, ~13k rows a query instead of 1M.
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
GROWTH = 1.5  # a full list's buffer grows by half: less slack than doubling at 1M rows
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
    """One query's candidates: pool rows and their cosines, largest first (ties unordered)."""

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


class CoarseIndex:
    """Pool rows in lists by nearest centroid; queries probe the nearest lists."""

    def __init__(self, centroids: npt.NDArray[np.float32], *, probes: int = PROBES) -> None:
        self._centroids = centroids
        self.probes = max(1, min(probes, centroids.shape[0]))
        lists, dimensions = centroids.shape
        self._rows = [np.zeros(0, dtype=np.int64) for _ in range(lists)]
        self._vectors = [np.zeros((0, dimensions), dtype=np.float32) for _ in range(lists)]
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
        index = cls(train_centroids(matrix, lists_for(count)), probes=probes)
        index.trained_rows = count
        index.add_many(np.arange(count, dtype=np.int64) if rows is None else rows, matrix)
        return index

    @property
    def lists(self) -> int:
        return int(self._centroids.shape[0])

    @property
    def size(self) -> int:
        """Rows held, live or not."""
        return int(self._sizes.sum())

    def outgrown(self) -> bool:
        """Whether the index holds RETRAIN_GROWTH times the rows its centroids were found on."""
        return self.trained_rows > 0 and self.size >= RETRAIN_GROWTH * self.trained_rows

    def room(self) -> int:
        """Rows it takes before it is outgrown (without end before it was trained)."""
        if self.trained_rows <= 0:
            return sys.maxsize
        return max(0, math.ceil(RETRAIN_GROWTH * self.trained_rows) - self.size)

    def retrained(self) -> CoarseIndex:
        """The same rows in an index whose centroids were found on all of them. Holds every
        vector twice while it runs (the lists, then one matrix of them)."""
        used = [t for t in range(self.lists) if self._sizes[t]]
        rows = np.concatenate([self._rows[t][: self._sizes[t]] for t in used])
        matrix = np.concatenate([self._vectors[t][: self._sizes[t]] for t in used])
        self._rows, self._vectors = [], []  # this index is spent: let its lists go
        self._sizes = np.zeros(0, dtype=np.int64)
        return CoarseIndex.trained_on(matrix, probes=self.probes, rows=rows)

    def add_many(self, rows: npt.NDArray[np.int64], vectors: npt.NDArray[np.float32]) -> None:
        # One row against the centroids is a small product too: threaded, it took ~3.6 ms a
        # row on the busy machine instead of ~0.05 (a 300k pool took 12 min to fill).
        with one_blas_thread() if len(rows) < SMALL else nullcontext():
            nearest = nearest_centroids(vectors, self._centroids)
        order = np.argsort(nearest, kind="stable")
        used, starts = np.unique(nearest[order], return_index=True)
        ends = [*starts[1:].tolist(), len(order)]
        for target, start, end in zip(used.tolist(), starts.tolist(), ends, strict=True):
            chosen = order[start:end]
            self._append(target, rows[chosen], vectors[chosen])

    def _append(
        self, target: int, rows: npt.NDArray[np.int64], vectors: npt.NDArray[np.float32]
    ) -> None:
        size, extra = int(self._sizes[target]), len(rows)
        if size + extra > len(self._rows[target]):
            capacity = max(size + extra, math.ceil(GROWTH * size), 16)
            grown_rows = np.zeros(capacity, dtype=np.int64)
            grown_rows[:size] = self._rows[target][:size]
            grown = np.zeros((capacity, vectors.shape[1]), dtype=np.float32)
            grown[:size] = self._vectors[target][:size]
            self._rows[target], self._vectors[target] = grown_rows, grown
        self._rows[target][size : size + extra] = rows
        self._vectors[target][size : size + extra] = vectors
        self._sizes[target] = size + extra

    def search(
        self, queries: npt.NDArray[np.float32], alive: npt.NDArray[np.bool_], take: int
    ) -> list[Hits]:
        """Each query's `take` largest cosines among the live rows of its probed lists
        (more when values tie at the cut), largest first."""
        with one_blas_thread():  # ~1,265 small products: threads cost more than they give
            return self._search(queries, alive, take)

    def _search(
        self, queries: npt.NDArray[np.float32], alive: npt.NDArray[np.bool_], take: int
    ) -> list[Hits]:
        count = queries.shape[0]
        scores = queries @ self._centroids.T
        probed = np.argpartition(-scores, self.probes - 1, axis=1)[:, : self.probes]
        pair_query = np.repeat(np.arange(count), self.probes)
        pair_list = probed.reshape(-1)
        order = np.argsort(pair_list, kind="stable")
        used, starts = np.unique(pair_list[order], return_index=True)
        ends = [*starts[1:].tolist(), len(order)]
        found_query, found_row, found_cosine = [], [], []
        for target, start, end in zip(used.tolist(), starts.tolist(), ends, strict=True):
            size = int(self._sizes[target])
            if size == 0:
                continue
            asking = pair_query[order[start:end]]
            rows = self._rows[target][:size]
            cosines = queries[asking] @ self._vectors[target][:size].T
            live = alive[rows]
            if not live.all():
                cosines[:, ~live] = -np.inf
            if size > take:  # only each query's `take` best of this list can matter
                best = np.argpartition(cosines, size - take, axis=1)[:, size - take :]
            else:
                best = np.broadcast_to(np.arange(size), (len(asking), size))
            found_query.append(np.repeat(asking, best.shape[1]))
            found_row.append(rows[best].reshape(-1))
            found_cosine.append(np.take_along_axis(cosines, best, axis=1).reshape(-1))
        return _per_query(count, found_query, found_row, found_cosine, take)


def _per_query(
    count: int,
    found_query: list[npt.NDArray[np.int64]],
    found_row: list[npt.NDArray[np.int64]],
    found_cosine: list[npt.NDArray[np.float32]],
    take: int,
) -> list[Hits]:
    """Group (query, row, cosine) triples by query, keep each query's `take` best (and any
    tie with the last of them), largest first."""
    empty = Hits(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32))
    if not found_query:
        return [empty] * count
    query = np.concatenate(found_query)
    row = np.concatenate(found_row)
    cosine = np.concatenate(found_cosine)
    live = np.isfinite(cosine)
    query, row, cosine = query[live], row[live], cosine[live]
    order = np.lexsort((-cosine, query))
    query, row, cosine = query[order], row[order], cosine[order]
    bounds = np.searchsorted(query, np.arange(count + 1))
    hits = []
    for start, end in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        if end - start > take:
            cut = cosine[start + take - 1]
            end = start + int(np.searchsorted(-cosine[start:end], -cut, side="right"))
        hits.append(Hits(row[start:end], cosine[start:end]))
    return hits
