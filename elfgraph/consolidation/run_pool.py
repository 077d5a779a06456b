"""The run's pool: the blocks a consolidation run promoted, with their vectors, so a dream
finds neighbours among its own blocks in memory (docs/BEHAVIOUR.md §4.1). Exact up to
EXACT_LIMIT rows, then through a CoarseIndex.
"""

from __future__ import annotations

import math
import uuid
from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from elfgraph.consolidation.coarse_index import PROBES, CoarseIndex
from elfgraph.consolidation.plan import InboxBlock, Neighbour
from elfgraph.consolidation.top_k import top_columns
from elfgraph.embedding.base import Vector

# Rows compared exactly, one matrix product per 500 queries. Past it the pool goes on in a
# CoarseIndex, which probes a few lists instead of every row. The exact product grows with the
# pool: with a limit of 100,000 a 100k dream's Python CPU rose from ~0.5 to ~1.9 ms a block and
# its rate fell by 40 % as the pool filled; from 20,000 rows the index kept it near 0.9 ms and
# the dream ran 1.34x faster, finding 99.9 % of the exact pool's linking pairs at 100,000 rows
# (docs/DECISIONS.md, "The run pool's index starts at 20,000 rows"). The vector index was
# no substitute: one query at ~70k vectors took 48 ms (k 15) to 120 ms (k 600).
EXACT_LIMIT = 20_000
# Rows a run keeps in memory at most (float32: ~1.5 KB a row at 384 dimensions, 3 GB at
# this bound); past it a new generation starts and the vector index finds the older ones.
POOL_CAPACITY = 2_000_000
QUERIES_PER_PRODUCT = 500  # chunk rows compared with the exact pool in one product


class RunPool:
    """The blocks a consolidation run promoted, with their vectors (docs/BEHAVIOUR.md §4.1).

    Neighbours among them are found in memory, so a dream into an empty space asks the
    vector index nothing about its own blocks: exactly (matrix products of the whole pool) while
    the pool holds at most `exact_limit` rows, then through a CoarseIndex trained on those
    rows, which every later row joins (trained again on all of them whenever the pool has
    grown RETRAIN_GROWTH times since). It holds at most `capacity` rows: when the next
    chunk would overflow it, it starts a new generation with a new tag. Promotions carry
    the current tag (`consolidated_by`) and the index queries leave out only that tag, so
    the blocks of earlier generations (committed, hence in the vector index) are found
    through the index like any other active block.
    """

    def __init__(
        self,
        dimensions: int,
        *,
        capacity: int | None = None,
        exact_limit: int | None = None,
        probes: int = PROBES,
    ) -> None:
        self.capacity = max(1, capacity or POOL_CAPACITY)
        self.exact_limit = max(1, exact_limit or EXACT_LIMIT)
        self._probes = probes
        self._dimensions = dimensions
        self.retired = 0  # blocks of earlier generations: the index finds those now
        self._reset()

    def _reset(self) -> None:
        self.tag = uuid.uuid4().hex  # what this generation's promotions are marked with
        self.ids: list[str] = []
        self._row_of: dict[str, int] = {}
        self._tags: list[tuple[str, ...]] = []
        self._categories: list[str] = []
        self._hours: list[float] = []
        # A block read from the space whose vector leans on its context: its own vector's
        # sketch, which near-duplicates are judged by (plan.own_likeness).
        self._own: dict[str, str] = {}
        self._matrix = np.zeros((64, self._dimensions), dtype=np.float32)
        self._alive = np.zeros(64, dtype=bool)
        self._index: CoarseIndex | None = None  # once the pool outgrows exact_limit

    @property
    def approximate(self) -> bool:
        return self._index is not None

    @property
    def lists(self) -> int:
        """The approximate index's lists (0 while the pool is exact)."""
        return self._index.lists if self._index is not None else 0

    def __len__(self) -> int:
        return int(self._alive[: len(self.ids)].sum())

    def needs_room(self, incoming: int) -> bool:
        """Whether `incoming` more would start a new generation (make_room)."""
        return bool(self.ids) and len(self.ids) + incoming > self.capacity

    def make_room(self, incoming: int) -> None:
        """Before a chunk: start a new generation if `incoming` more would not fit."""
        if self.needs_room(incoming):
            self.retired += len(self)
            self._reset()

    def add(
        self, block_id: str, tags: Sequence[str], category: str, hours: float, vector: Vector
    ) -> None:
        self.add_many([block_id], [tags], [category], [hours], np.asarray([vector]))

    def add_many(
        self,
        block_ids: Sequence[str],
        tags: Sequence[Sequence[str]],
        categories: Sequence[str],
        hours: Sequence[float],
        vectors: npt.NDArray[np.float32],
        *,
        own_sketches: Sequence[str | None] | None = None,
    ) -> None:
        """Rows in bulk, as adding them one by one would: the index is trained at
        exact_limit rows and retrained when outgrown, at the same rows. `own_sketches`:
        each row's own vector's sketch when `vectors` holds another (its context's)."""
        for block_id, own in zip(block_ids, own_sketches or (), strict=False):
            if own is not None:
                self._own[block_id] = own
        vectors = np.asarray(vectors, dtype=np.float32)
        done = 0
        while done < len(block_ids):
            row = len(self.ids)
            if row == self.exact_limit and self._index is None:
                # Trained on the rows so far; the exact matrix is handed over to it.
                self._index = CoarseIndex.trained_on(self._matrix[:row], probes=self._probes)
                self._matrix = np.zeros((0, self._dimensions), dtype=np.float32)
            elif self._index is not None and self._index.outgrown():
                self._index = self._index.retrained()  # centroids of the grown pool
            room = self.exact_limit - row if self._index is None else self._index.room()
            end = min(len(block_ids), done + max(1, room))
            self._append(
                block_ids[done:end],
                tags[done:end],
                categories[done:end],
                hours[done:end],
                vectors[done:end],
            )
            done = end

    def _append(
        self,
        block_ids: Sequence[str],
        tags: Sequence[Sequence[str]],
        categories: Sequence[str],
        hours: Sequence[float],
        vectors: npt.NDArray[np.float32],
    ) -> None:
        first = len(self.ids)
        end = first + len(block_ids)
        while end > self._alive.shape[0]:  # rows live in buffers that double when full
            self._alive = np.concatenate([self._alive, np.zeros_like(self._alive)])
        if self._index is not None:
            self._index.add_many(np.arange(first, end, dtype=np.int64), vectors)
        else:
            while end > self._matrix.shape[0]:
                self._matrix = np.concatenate([self._matrix, np.zeros_like(self._matrix)])
            self._matrix[first:end] = vectors
        self._alive[first:end] = True
        self._row_of.update(zip(block_ids, range(first, end), strict=True))
        self.ids.extend(block_ids)
        self._tags.extend(tuple(t) for t in tags)
        self._categories.extend(categories)
        self._hours.extend(hours)

    def forget(self, ids: Iterable[str]) -> None:
        """Blocks archived later in the run (superseded) are candidates no more."""
        for block_id in ids:
            row = self._row_of.get(block_id)
            if row is not None:
                self._alive[row] = False

    def nearest(
        self,
        blocks: Sequence[InboxBlock],
        vectors: Sequence[Vector],
        k: int,
        *,
        floor: float = -math.inf,
    ) -> dict[str, list[Neighbour]]:
        """Each block's `k` nearest in the pool at or above `floor` (neighbour_floor),
        nearest first, ties by id (exactly up to exact_limit rows, approximately past it)."""
        size = len(self.ids)
        take = min(k, len(self))
        if not blocks or take == 0:
            return {}
        queries = np.stack(vectors).astype(np.float32)
        if self._index is not None:
            hits = self._index.search(queries, self._alive[:size], take)
            ranked = [
                sorted(
                    (
                        (row, cosine)
                        for row, cosine in zip(hit.rows.tolist(), hit.cosines.tolist(), strict=True)
                        if cosine >= floor
                    ),
                    key=lambda pair: (-pair[1], self.ids[pair[0]]),
                )[:take]
                for hit in hits
            ]
        else:
            dead = ~self._alive[:size]
            any_dead = bool(dead.any())
            ranked = []
            # A few hundred queries at a time: the score matrix stays ~200 MB at 100,000
            # rows whatever the chunk's size.
            for start in range(0, len(queries), QUERIES_PER_PRODUCT):
                cosines = queries[start : start + QUERIES_PER_PRODUCT] @ self._matrix[:size].T
                if any_dead:
                    cosines[:, dead] = -np.inf
                ranked += top_columns(cosines, take, self.ids, floor=floor)
        return {
            block.id: [self._neighbour(row, value) for row, value in pairs]
            for block, pairs in zip(blocks, ranked, strict=True)
            if pairs
        }

    def _neighbour(self, row: int, cosine: float) -> Neighbour:
        return Neighbour(
            id=self.ids[row],
            tags=self._tags[row],
            category=self._categories[row],
            hours=self._hours[row],
            cosine=min(1.0, max(-1.0, cosine)),
            own_sketch=self._own.get(self.ids[row]),
        )
