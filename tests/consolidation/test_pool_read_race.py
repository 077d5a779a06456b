"""Neo4j reads committed data: a query that filters blocks on their embedding and reads it
later in the same statement can see it gone, when another transaction archives the block in
between (a dream writes one chunk, superseding active blocks, while it plans the next; a
curate archives). Dream's pool read and recall's cache pages leave such a block out."""

from __future__ import annotations

import anyio
import numpy as np
import pytest

from elfgraph.consolidation.neighbours import space_snapshot
from elfgraph.store.database import Database
from tests.support.graph import graph_write

pytestmark = pytest.mark.anyio

BLOCKS = 5_000
DIMENSIONS = 64


async def test_a_pool_read_while_blocks_are_archived_holds_only_blocks_with_vectors(
    database: Database, space: str
) -> None:
    await graph_write(
        database,
        "MERGE (:Space {name: $space}) WITH 1 AS one UNWIND range(0, $n - 1) AS i "
        "CREATE (:Block {space: $space, id: right('00000' + toString(i), 5), status: 'active', "
        "embedding: [x IN range(1, $d) | rand()]})",
        space=space,
        n=BLOCKS,
        d=DIMENSIONS,
    )
    ids = [f"{i:05d}" for i in np.random.default_rng(7).permutation(BLOCKS)]
    reads_done = anyio.Event()
    sizes: list[int] = []

    async def archive() -> None:
        for start in range(0, BLOCKS, 25):
            if reads_done.is_set():
                return
            await graph_write(
                database,
                "UNWIND $ids AS id MATCH (b:Block {space: $space, id: id}) "
                "SET b.status = 'archived' REMOVE b.embedding",
                space=space,
                ids=ids[start : start + 25],
            )

    async def read() -> None:
        for _ in range(12):
            pool = await space_snapshot(
                database, space, DIMENSIONS, run_id="test", active=BLOCKS, inbox=BLOCKS
            )
            assert pool is not None
            sizes.append(len(pool))
        reads_done.set()

    async with anyio.create_task_group() as group:
        group.start_soon(archive)
        group.start_soon(read)
    assert sizes == sorted(sizes, reverse=True)  # each read holds what was still active
    assert sizes[-1] < BLOCKS
