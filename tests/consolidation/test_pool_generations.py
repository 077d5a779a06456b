"""A dream longer than the run pool: blocks of earlier generations are found through the
vector index, and the result equals a dream that kept every block in memory."""

from __future__ import annotations

from typing import Any

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation import run_pool
from elfgraph.consolidation.neighbours import space_snapshot
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.graph import blocks_by_status, edges_of, graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

TOPICS = 24
SIMILAR = {
    **{(f"topic {i}", f"topic {i} twin"): 0.97 for i in range(TOPICS)},  # rejected
    **{(f"topic {i}", f"topic {i} reworded"): 0.92 for i in range(TOPICS)},  # supersedes
    **{(f"topic {i}", f"topic {i} related"): 0.8 for i in range(TOPICS)},  # an edge
}
# Anchors first, fillers between, dependents last: with a pool of 32 and chunks of 16,
# every dependent meets its anchor only through the index.
TEXTS = [
    *(f"topic {i}" for i in range(TOPICS)),
    *(f"filler fact number {i}" for i in range(80)),
    *(f"topic {i} {kind}" for kind in ("twin", "reworded", "related") for i in range(TOPICS)),
]


def shape(edges: list[dict[str, Any]]) -> set[tuple[Any, ...]]:  # pool: float32
    return {(e["a"], e["b"], e["type"], round(e["props"]["weight"], 4)) for e in edges}


async def _dream(make_memory: MakeMemory, space: str) -> dict[str, Any]:
    config = ElfgraphConfig(memory=MemoryConfig(consolidate_batch_size=16))
    memory = await make_memory(
        space, embedding_service=MockEmbeddingService(similarities=SIMILAR), config=config
    )
    await memory.learn_many(TEXTS)
    result = await memory.dream()
    assert result is not None
    return {"result": result}


async def test_a_bounded_pool_gives_the_same_duplicates_and_edges(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    bounded = f"{space}-bounded"
    try:
        whole = await _dream(make_memory, space)  # the default pool holds the whole run
        monkeypatch.setattr(run_pool, "POOL_CAPACITY", 32)
        small = await _dream(make_memory, bounded)
        assert small["result"] == whole["result"]
        assert await blocks_by_status(database, bounded) == await blocks_by_status(database, space)
        archived = (await blocks_by_status(database, space))["archived"]
        assert len(archived) == 2 * TOPICS  # every twin and every superseded anchor

        edges = shape(await edges_of(database, space))
        assert len(edges) >= TOPICS  # each related block links to its topic's survivor
        assert shape(await edges_of(database, bounded)) == edges
        generations = await graph(
            database,
            "MATCH (b:Block {space: $space, status: 'active'}) "
            "RETURN count(DISTINCT b.consolidated_by) AS n",
            space=bounded,
        )
        assert generations[0]["n"] > 1  # the bounded run really went through the index
    finally:
        await drop_space(database, bounded)


async def test_a_pool_past_its_exact_limit_gives_the_same_duplicates_and_edges(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past EXACT_LIMIT the run's pool is a CoarseIndex (§4.1); one generation throughout."""
    indexed = f"{space}-coarse"
    try:
        whole = await _dream(make_memory, space)
        monkeypatch.setattr(run_pool, "EXACT_LIMIT", 32)
        coarse = await _dream(make_memory, indexed)
        assert coarse["result"] == whole["result"]
        assert await blocks_by_status(database, indexed) == await blocks_by_status(database, space)
        edges = shape(await edges_of(database, space))
        assert len(edges) >= TOPICS
        assert shape(await edges_of(database, indexed)) == edges
        generations = await graph(
            database,
            "MATCH (b:Block {space: $space, status: 'active'}) "
            "RETURN count(DISTINCT b.consolidated_by) AS n",
            space=indexed,
        )
        assert generations[0]["n"] == 1
    finally:
        await drop_space(database, indexed)


async def test_a_space_read_for_the_run_is_compared_exactly_past_the_pools_limit(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run's own pool turns approximate at EXACT_LIMIT; the space's snapshot (§4.1) stays
    exact up to SNAPSHOT_LIMIT."""
    memory = await make_memory(space, embedding_service=MockEmbeddingService())
    await memory.learn_many([f"fact number {i}" for i in range(60)])
    await memory.dream()
    monkeypatch.setattr(run_pool, "EXACT_LIMIT", 32)  # a run pool of 60 would be approximate
    snapshot = await space_snapshot(database, space, 384, run_id="probe", active=60, inbox=60)
    assert snapshot is not None
    assert len(snapshot) == 60
    assert not snapshot.approximate
