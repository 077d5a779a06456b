"""The tenants benchmark's timed reads (benchmarks/tenants.py): recalls checked against the
asking space's ids, interleaved between spaces and servers so the machine's load falls on
all alike; a MemorySystem's first recalls; recall right after a crowd space is dropped; and
a crowd space's own recall, past the vector cache and with the cache raised to hold it."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from benchmarks.scale import stats
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig, RetrievalConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.retrieve import check_query, retrieve
from elfgraph.spaces.registry import drop_space, index_share_counts
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

FRESH_OPENS = 5  # MemorySystems opened anew on each server for their first two recalls
AFTER_DROP_S = 60.0  # how long recall is timed after a crowd space is dropped
DROP_WINDOW_S = 10.0  # the after-drop latencies are summarised per window of this length


class CrossSpace(AssertionError):
    """A recall answered with a block of another space."""


async def _ids(tx: Transaction, space: str) -> set[str]:
    query = "MATCH (b:Block) WHERE b.space = $space RETURN b.id AS id"
    return {record["id"] async for record in await tx.driver_tx.run(query, space=space)}


async def space_ids(database: Database, space: str) -> set[str]:
    """Every block id of the space, whatever its status: what its answers may hold."""
    return await database.read(_ids, space)


Recall = Callable[[str | None], Awaitable[None]]


async def opened(database: Database, space: str) -> tuple[MemorySystem, dict[str, Recall]]:
    """The space opened fresh (warm: its vector cache loaded), a recall checked against the
    space's block ids, and two without the cache: the vector leg on the server choosing the
    index or a scan as it did before the cache, and forced to the shared index and its
    learned over-fetch (exact scan only when the index leaves too few), the strategy before
    small spaces were scanned."""
    ids = await space_ids(database, space)
    embedder = MockEmbeddingService(record=False)
    memory = await MemorySystem.open(space, database=database, embedding_service=embedder)
    active, total = await index_share_counts(database, space)
    share = IndexShare(active / total if total else 1.0)  # size unknown: the index first
    config = MemoryConfig()

    def without_cache(size: int | None) -> Recall:
        async def recall_without_cache(query: str | None) -> None:
            ranked = await retrieve(
                database,
                space,
                check_query("attention", query, 5),
                embedder=embedder,
                config=config,
                now_hours=None,
                share=IndexShare(share.share, size),  # size None: never scans by choice
            )
            within(space, ids, {b.id for b in ranked.blocks}, query)

        return recall_without_cache

    return memory, {
        "": checked(memory, space, ids),
        "_server": without_cache(active),
        "_index": without_cache(None),
    }


def rotated(names: list[str], turn: int) -> list[str]:
    return names[turn % len(names) :] + names[: turn % len(names)]


async def interleaved(pairs: dict[str, Recall], queries: list[str | None]) -> dict[str, Any]:
    """Each query to every recall in turn, the order rotating: load falls on all alike."""
    latencies: dict[str, list[float]] = {name: [] for name in pairs}
    for i, query in enumerate(queries):
        for name in rotated(list(pairs), i):
            started = time.perf_counter()
            await pairs[name](query)
            latencies[name].append(1000 * (time.perf_counter() - started))
    return {name: stats(values) for name, values in latencies.items()}


async def fresh_recalls(
    databases: dict[str, Database], space: str, queries: list[str]
) -> dict[str, Any]:
    """The first and second recall of a MemorySystem just opened on `space` (warm start),
    FRESH_OPENS times on each server, the order alternating."""
    first: dict[str, list[float]] = {label: [] for label in databases}
    second: dict[str, list[float]] = {label: [] for label in databases}
    for turn in range(FRESH_OPENS):
        for label in rotated(list(databases), turn):
            memory = await MemorySystem.open(
                space,
                database=databases[label],
                embedding_service=MockEmbeddingService(record=False),
            )
            try:
                for times, query in ((first, queries[2 * turn]), (second, queries[2 * turn + 1])):
                    started = time.perf_counter()
                    await memory.recall(query)
                    times[label].append(1000 * (time.perf_counter() - started))
            finally:
                await memory.close()
    return {
        label: {"first": stats(first[label]), "second": stats(second[label])} for label in first
    }


async def after_drop(
    crowd_db: Database, victim: str, pairs: dict[str, Recall], queries: list[str | None]
) -> dict[str, Any]:
    """Recall before and right after one crowd space is dropped: does a drop's background
    work (index updates, Lucene merges, the checkpoint) reach the other spaces' reads?"""
    before = await interleaved(pairs, queries)
    started = time.perf_counter()
    nodes = await drop_space(crowd_db, victim)
    dropped = time.perf_counter()
    windows: dict[int, dict[str, list[float]]] = {}
    turn = 0
    while (elapsed := time.perf_counter() - dropped) < AFTER_DROP_S:
        window = windows.setdefault(int(elapsed // DROP_WINDOW_S), {name: [] for name in pairs})
        for name in rotated(list(pairs), turn):
            begun = time.perf_counter()
            await pairs[name](queries[turn % len(queries)])
            window[name].append(1000 * (time.perf_counter() - begun))
        turn += 1
    return {
        "victim": victim,
        "nodes_deleted": nodes,
        "drop_s": dropped - started,
        "before": before,
        "windows": [
            {"from_s": i * DROP_WINDOW_S, **{name: stats(v) for name, v in w.items()}}
            for i, w in sorted(windows.items())
        ],
    }


async def crowd_space_recall(
    database: Database, space: str, queries: list[str | None], warm_up: int
) -> dict[str, Any]:
    """A crowd space's own recall, interleaved: with the default configuration (a space past
    vector_cache_blocks takes the server's index-or-scan path) and with the vector cache
    raised to hold it; and how long each MemorySystem took to open (the cache loads then)."""
    ids = await space_ids(database, space)
    capacity = MemoryConfig().retrieval.vector_cache_blocks
    configs = {
        "default": None,
        "cache_raised": ElfgraphConfig(
            memory=MemoryConfig(
                retrieval=RetrievalConfig(vector_cache_blocks=max(capacity, len(ids)))
            )
        ),
    }
    memories: dict[str, MemorySystem] = {}
    open_s: dict[str, float] = {}
    try:
        for label, config in configs.items():
            started = time.perf_counter()
            memories[label] = await MemorySystem.open(
                space,
                database=database,
                embedding_service=MockEmbeddingService(record=False),
                config=config,
            )
            open_s[label] = time.perf_counter() - started
        recalls = {label: checked(memory, space, ids) for label, memory in memories.items()}
        await interleaved(recalls, queries[:warm_up])
        figures = await interleaved(recalls, queries)
    finally:
        for memory in memories.values():
            await memory.close()
    return {
        "space": space,
        "blocks": len(ids),
        "vector_cache_blocks": capacity,
        "open_s": open_s,
        "recall": figures,
    }


def checked(memory: MemorySystem, space: str, ids: set[str]) -> Recall:
    """memory.recall, raising CrossSpace when an answer is not one of the space's `ids`."""

    async def recall(query: str | None) -> None:
        within(space, ids, {b.id for b in await memory.recall(query)}, query)

    return recall


def within(space: str, ids: set[str], found: set[str], query: str | None) -> None:
    if not found <= ids:
        raise CrossSpace(f"{space}: a recall for {query!r} crossed spaces")
