"""Nearest active neighbours of inbox blocks: in memory for a small space or a large
inbox, else through the shared vector index.

A space of at most IN_MEMORY_LIMIT active blocks (besides the run's pool) is read once
per chunk and compared exactly in memory, so its cost never depends on other spaces. A
dream whose inbox is large against its space (at least 1/SNAPSHOT_SHARE of it) reads the
space's active blocks once for the whole run instead (`space_snapshot`). Otherwise the
index, which answers for every space, is asked for more than k (the smaller this space's
share of it, the more); queries still short of k are asked again with a wider net, and
only then answered by an exact scan of the space. Blocks of the current run's pool are
left out: the run compares those exactly in memory (RunPool).
"""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable, Sequence

import numpy as np

from elfgraph.consolidation.plan import InboxBlock, Neighbour
from elfgraph.consolidation.repository.active_vectors import ActiveVector, active_vectors
from elfgraph.consolidation.repository.nearest_active import (
    NearestRow,
    NeighbourQuery,
    nearest_active,
)
from elfgraph.consolidation.repository.nearest_active_exact import nearest_active_exact
from elfgraph.consolidation.run_pool import RunPool
from elfgraph.core.hnsw import beam
from elfgraph.embedding.base import Vector
from elfgraph.store.concurrently import all_at_once
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

MAX_FETCH = 2000  # index candidates per query; past this the exact scan takes over
# A space of at most this many active blocks (besides the run's) is read once per chunk
# and compared in memory: one read instead of a chunk's 500 index queries, exact, and at a
# cost that depends on this space alone, never on what other spaces keep in the index.
IN_MEMORY_LIMIT = 2000
INDEX_QUERY_PARALLELISM = 2  # concurrent read transactions: one per server core
# Reading a block of the space costs ~0.1-0.15 ms; the index queries for one inbox block
# 3-4 ms (a space of ~2,700 MiniLM vectors) to ~11 ms (20,000 random ones) alone, and more
# inside a dream, where the run's new blocks crowd the answers. So the two cost about the
# same when the inbox is a 20th to a 100th of the space: the read is taken from a 40th.
# Dreams of a 40th to a half of their space ran 2-17x faster from one read
# (docs/DECISIONS.md, "A large inbox reads its space once").
SNAPSHOT_SHARE = 40
# Compared exactly, whatever the run pool's EXACT_LIMIT; ~1.6 KB of memory a block for the run.
SNAPSHOT_LIMIT = 100_000
READ_PAGE = 2_000  # blocks per read: the driver's lists of floats are ~12 KB a block


async def nearest_neighbours(
    database: Database,
    space: str,
    blocks: Sequence[InboxBlock],
    vectors: Sequence[Vector],
    k: int,
    *,
    run_id: str,
    others: int,
    total: int,
) -> dict[str, list[Neighbour]]:
    """Each block's k nearest active blocks of the space that are not in the run's pool
    (not marked `run_id`: those come from the RunPool): in memory when there are at most
    IN_MEMORY_LIMIT of them, else through the shared vector index.

    `others`: about how many active blocks of the space the index can return; `total`:
    the active blocks of every space (the index's size). The index answers for every
    space, so it is asked for more than k (the smaller this space's share of it, the
    more; and half as many again for its thin graphs, elfgraph.core.hnsw). Queries still
    short of k are asked again with a wider net, and only then answered by an exact scan of
    the space.
    """
    if others <= 0:
        return {}
    if others <= IN_MEMORY_LIMIT:
        return await _in_memory(database, space, blocks, vectors, k, run_id=run_id)
    wanted = min(k, others)
    fetch = beam(max(k + 5, math.ceil(1.5 * k * total / others)))
    pending = [
        NeighbourQuery(id=block.id, vector=vector.tolist())
        for block, vector in zip(blocks, vectors, strict=True)
    ]
    found: dict[str, list[Neighbour]] = {}
    for attempt in range(2):
        rows = await _in_parallel(
            database, space, pending, fetch=min(fetch, MAX_FETCH), k=k, run_id=run_id
        )
        found.update(_group(rows))
        pending = [q for q in pending if len(found.get(str(q["id"]), [])) < wanted]
        if not pending or fetch >= MAX_FETCH:
            break
        fetch *= 8 if attempt == 0 else 1
    if pending:
        exact = await database.read(
            nearest_active_exact, space=space, queries=pending, k=k, run_id=run_id
        )
        found.update(_group(exact))
    return found


async def space_snapshot(
    database: Database, space: str, dimensions: int, *, run_id: str, active: int, inbox: int
) -> RunPool | None:
    """The space's active blocks as a pool for the whole run, when its inbox is large
    against it (`inbox` ≥ `active` / SNAPSHOT_SHARE, and `active` ≤ SNAPSHOT_LIMIT): one
    read costs less than an index query per inbox block. None otherwise. Blocks archived
    meanwhile by another process may still be found: linking skips what is not active."""
    if active <= 0 or active > SNAPSHOT_LIMIT or inbox * SNAPSHOT_SHARE < active:
        return None
    return await database.read(_read_pool, space=space, dimensions=dimensions, run_id=run_id)


async def _in_memory(
    database: Database,
    space: str,
    blocks: Sequence[InboxBlock],
    vectors: Sequence[Vector],
    k: int,
    *,
    run_id: str,
) -> dict[str, list[Neighbour]]:
    """Exact neighbours among a small space's active blocks, read once and compared in one
    matrix product."""
    if not blocks:
        return {}
    pool = await database.read(_read_pool, space=space, dimensions=len(vectors[0]), run_id=run_id)
    return pool.nearest(blocks, vectors, k)


async def _read_pool(tx: Transaction, *, space: str, dimensions: int, run_id: str) -> RunPool:
    """The space's active blocks but this run's, page by page into a pool of unit vectors
    (cosines, as the index computes them), compared exactly."""
    pool = RunPool(dimensions, exact_limit=SNAPSHOT_LIMIT)
    after = ""
    while True:
        page = await active_vectors(tx, space=space, run_id=run_id, after=after, page=READ_PAGE)
        if not page["blocks"] or page["last"] is None:
            return pool
        after = page["last"]
        rows = still_embedded(page["blocks"])
        if not rows:
            continue
        matrix = np.asarray([row["embedding"] for row in rows], dtype=np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        matrix /= np.where(norms > 0, norms, 1.0)
        pool.add_many(
            [row["id"] for row in rows],
            [row["tags"] for row in rows],
            [row["category"] or "knowledge" for row in rows],
            [row["hours"] or 0.0 for row in rows],
            matrix,
            own_sketches=[row.get("own") for row in rows],
        )


def still_embedded(rows: list[ActiveVector]) -> list[ActiveVector]:
    """The rows that came with their embedding. The query filters on it, but Neo4j reads
    committed data: a block archived between the filter and the projection (superseded by
    the chunk written while the next is planned, or by a curate) comes without one, and is
    no longer a neighbour."""
    return [row for row in rows if row["embedding"] is not None]


async def _in_parallel(
    database: Database,
    space: str,
    queries: list[NeighbourQuery],
    *,
    fetch: int,
    k: int,
    run_id: str,
) -> list[NearestRow]:
    """Split the index queries over concurrent read transactions (one per server core)."""
    parts = [queries[i::INDEX_QUERY_PARALLELISM] for i in range(INDEX_QUERY_PARALLELISM)]

    def ask(part: list[NeighbourQuery]) -> Callable[[], Awaitable[list[NearestRow]]]:
        return lambda: database.read(
            nearest_active, space=space, queries=part, fetch=fetch, k=k, run_id=run_id
        )

    answers = await all_at_once([ask(part) for part in parts if part])
    return [row for rows in answers for row in rows]


def _group(rows: list[NearestRow]) -> dict[str, list[Neighbour]]:
    return {
        str(row["query_id"]): [
            Neighbour(
                id=str(hit["id"]),
                tags=tuple(hit["tags"] or ()),
                category=hit["category"] or "knowledge",
                hours=float(hit["hours"] or 0.0),
                cosine=float(hit["cosine"]),
                own_sketch=hit.get("own"),
            )
            for hit in row["hits"]
        ]
        for row in rows
    }
