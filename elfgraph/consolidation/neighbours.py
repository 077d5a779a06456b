"""Nearest active neighbours of inbox blocks through the shared vector index.

The index answers for every space, so it is asked for more than k (the smaller this
space's share of it, the more); queries still short of k are asked again with a wider
net, and only then answered by an exact scan of the space. Blocks promoted by the
current run's pool are left out: the run compares those exactly in memory (RunPool).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import anyio

from elfgraph.consolidation.plan import InboxBlock, Neighbour
from elfgraph.consolidation.repository.nearest_active import (
    NearestRow,
    NeighbourQuery,
    nearest_active,
)
from elfgraph.consolidation.repository.nearest_active_exact import nearest_active_exact
from elfgraph.embedding.base import Vector
from elfgraph.store.database import Database

MAX_FETCH = 2000  # index candidates per query; past this the exact scan takes over
INDEX_QUERY_PARALLELISM = 2  # concurrent read transactions: one per server core


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
    (not marked `run_id`: those come from the RunPool), through the shared vector index.

    `others`: about how many active blocks of the space the index can return; `total`:
    the active blocks of every space (the index's size). The index answers for every
    space, so it is asked for more than k (the smaller this space's share of it, the
    more). Queries still short of k are asked again with a wider net, and only then
    answered by an exact scan of the space.
    """
    if others <= 0:
        return {}
    wanted = min(k, others)
    fetch = max(k + 5, math.ceil(1.5 * k * total / others))
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
    rows: list[NearestRow] = []

    async def ask(part: list[NeighbourQuery]) -> None:
        rows.extend(
            await database.read(
                nearest_active, space=space, queries=part, fetch=fetch, k=k, run_id=run_id
            )
        )

    async with anyio.create_task_group() as group:
        for part in parts:
            if part:
                group.start_soon(ask, part)
    return rows


def _group(rows: list[NearestRow]) -> dict[str, list[Neighbour]]:
    return {
        str(row["query_id"]): [
            Neighbour(
                id=str(hit["id"]),
                tags=tuple(hit["tags"] or ()),
                category=hit["category"] or "knowledge",
                hours=float(hit["hours"] or 0.0),
                cosine=float(hit["cosine"]),
            )
            for hit in row["hits"]
        ]
        for row in rows
    }
