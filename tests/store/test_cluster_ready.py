"""Ready for a cluster: a `neo4j://` routing URI works against the single server, reads
go through read transactions, and one bookmark manager per Database chains every
transaction after the writes committed through it (read your writes across the
MemorySystems sharing it)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from elfgraph.store.transaction import queries_run
from tests.support.graph import graph

pytestmark = pytest.mark.anyio

# What a frame's write would change: the blocks' reinforcement, the space's operation ids.
STATE = """
MATCH (s:Space {name: $space})
OPTIONAL MATCH (b:Block {space: $space})
RETURN s.applied_operations AS operations,
       collect([b.id, b.reinforcement_count, b.last_reinforced_at]) AS blocks
"""


@pytest.fixture
async def routed(neo4j_settings: Settings) -> AsyncIterator[Database]:
    """A Database opened through a neo4j:// (routing) URI to the test server."""
    connection = neo4j_settings.connection()
    uri = "neo4j://" + connection.uri.split("://", 1)[1]
    settings = Settings(
        neo4j_uri=uri,
        neo4j_username=connection.username,
        neo4j_password=connection.password,
        neo4j_database=connection.database,
    )
    database = await open_database(settings)
    try:
        yield database
    finally:
        await database.close()


async def test_a_routing_uri_learns_dreams_and_recalls_on_the_single_server(
    routed: Database, space: str
) -> None:
    assert routed.uri.startswith("neo4j://")
    memory = await MemorySystem.open(
        space, database=routed, embedding_service=MockEmbeddingService()
    )
    try:
        await memory.learn("the deploy runs on Fridays")
        await memory.dream()
        found = await memory.recall("deploy Fridays")
        assert [b.content for b in found] == ["the deploy runs on Fridays"]
    finally:
        await memory.close()
        await drop_space(routed, space)


async def test_reads_see_the_writes_of_another_memory_system_through_bookmarks(
    routed: Database, space: str
) -> None:
    writer = await MemorySystem.open(
        space, database=routed, embedding_service=MockEmbeddingService()
    )
    reader = await MemorySystem.open(
        space, database=routed, embedding_service=MockEmbeddingService()
    )
    try:
        for i in range(5):
            before = await routed.bookmarks.get_bookmarks()
            await writer.learn(f"fact number {i} about bookmarks")
            await writer.dream()
            chained = await routed.bookmarks.get_bookmarks()
            assert chained
            assert chained != before  # the write's bookmark: the next transaction waits for it
            found = await reader.recall(f"fact number {i} about bookmarks", top_k=10)
            assert f"fact number {i} about bookmarks" in [b.content for b in found]
            assert (await reader.status()).active_count == i + 1
    finally:
        await writer.close()
        await reader.close()
        await drop_space(routed, space)


async def test_opening_warms_with_reads_and_plans_frames_write_without_running_it(
    database: Database, space: str
) -> None:
    cold = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService(), warm=False
    )
    await cold.learn("a block the warm-up must leave alone")
    await cold.dream()
    before_status = await cold.status()
    before_graph = await graph(database, STATE, space=space)
    before = queries_run()
    plain = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService(), warm=False
    )
    plain_queries = queries_run() - before
    before = queries_run()
    warmed = await MemorySystem.open(
        space, database=database, embedding_service=MockEmbeddingService()
    )
    await warmed._retriever.loaded()  # and what it planned after open returned
    # the vector cache's load, two candidates reads (with a query and without) and frame's
    # write planned twice (EXPLAIN)
    assert queries_run() - before == plain_queries + 5
    assert len(warmed._retriever.vectors) == 1
    after_status = await warmed.status()
    assert after_status.active_count == before_status.active_count
    # Planned, not run: no reinforcement, no operation id kept by the space.
    assert await graph(database, STATE, space=space) == before_graph
    for memory in (cold, plain, warmed):
        await memory.close()
