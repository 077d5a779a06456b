"""The blocks a consolidation run promoted lately, compared with each new chunk in memory.

Neighbours among them are found exactly (one matrix product per chunk), so a dream into an
empty space asks the vector index nothing until the pool is full. The pool holds at most
`capacity` blocks: when the next chunk would overflow it, it starts a new generation with a
new tag. Promotions carry the current tag (`consolidated_by`) and the index queries leave out
only that tag, so the blocks of earlier generations (committed, hence in the vector index)
are found through the index like any other active block. Without the bound each chunk was
compared with every block the run had promoted, and a 100k dream slowed as it went.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Sequence

import numpy as np

from elfgraph.consolidation.plan import InboxBlock, Neighbour
from elfgraph.embedding.base import Vector

# Blocks compared in memory, at most (150 MB of float32 at 384 dimensions). An exact
# product is far cheaper per block than the vector index: a chunk of 500 against 100,000
# rows is ~38 GFLOP (about 1-2 ms a block on 2 cores), while one index query at ~70k
# vectors took 48 ms (k 15) to 120 ms (k 600) on the loaded 2-core machine (issue 18).
POOL_CAPACITY = 100_000


class RunPool:
    """This run's latest promoted blocks with their vectors (docs/BEHAVIOUR.md §4.1)."""

    def __init__(self, dimensions: int, *, capacity: int | None = None) -> None:
        self.capacity = max(1, capacity or POOL_CAPACITY)
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
        self._matrix = np.zeros((64, self._dimensions), dtype=np.float32)
        self._alive = np.zeros(64, dtype=bool)

    def __len__(self) -> int:
        return int(self._alive[: len(self.ids)].sum())

    def make_room(self, incoming: int) -> None:
        """Before a chunk: start a new generation if `incoming` more would not fit."""
        if self.ids and len(self.ids) + incoming > self.capacity:
            self.retired += len(self)
            self._reset()

    def add(
        self, block_id: str, tags: Sequence[str], category: str, hours: float, vector: Vector
    ) -> None:
        row = len(self.ids)
        if row == self._matrix.shape[0]:  # rows live in a buffer that doubles when full
            self._matrix = np.concatenate([self._matrix, np.zeros_like(self._matrix)])
            self._alive = np.concatenate([self._alive, np.zeros_like(self._alive)])
        self._matrix[row] = vector
        self._alive[row] = True
        self._row_of[block_id] = row
        self.ids.append(block_id)
        self._tags.append(tuple(tags))
        self._categories.append(category)
        self._hours.append(hours)

    def forget(self, ids: Iterable[str]) -> None:
        """Blocks archived later in the run (superseded) are candidates no more."""
        for block_id in ids:
            row = self._row_of.get(block_id)
            if row is not None:
                self._alive[row] = False

    def nearest(
        self, blocks: Sequence[InboxBlock], vectors: Sequence[Vector], k: int
    ) -> dict[str, list[Neighbour]]:
        """Each block's `k` nearest in the pool, nearest first, ties by id."""
        size = len(self.ids)
        take = min(k, len(self))
        if not blocks or take == 0:
            return {}
        cosines = np.stack(vectors).astype(np.float32) @ self._matrix[:size].T
        cosines[:, ~self._alive[:size]] = -np.inf
        top = np.argpartition(-cosines, take - 1, axis=1)[:, :take]
        top_rows = top.tolist()
        top_cosines = np.take_along_axis(cosines, top, axis=1).tolist()
        found: dict[str, list[Neighbour]] = {}
        for block, rows, values in zip(blocks, top_rows, top_cosines, strict=True):
            order = sorted(range(take), key=lambda c: (-values[c], self.ids[rows[c]]))
            found[block.id] = [
                Neighbour(
                    id=self.ids[rows[c]],
                    tags=self._tags[rows[c]],
                    category=self._categories[rows[c]],
                    hours=self._hours[rows[c]],
                    cosine=min(1.0, max(-1.0, values[c])),
                )
                for c in order
            ]
        return found
