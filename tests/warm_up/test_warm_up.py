"""The server warm-up (elfgraph/warm_up/, issue 64): once per server start, whoever asks
first; it leaves no space, block or node of its work but its marker, keeps the vector index
of a database in use and drops the one nobody uses, so the first real embedder chooses the
dimension. On a throw-away Neo4j of its own (~15 s to start, ~15 s a warm-up): the shared
one was warmed when it started."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.vector_index import vector_index_dimensions
from elfgraph.store.database import Database
from elfgraph.warm_up import (
    WARM_UP_BLOCKS,
    WARM_UP_SPACE,
    WarmUpReport,
    scratch_space,
    warm_local_server,
    warm_up_server,
)
from tests.support.graph import graph, graph_write

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.integration]


async def _labels(database: Database) -> dict[str, int]:
    rows = await graph(database, "MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n")
    return {row["label"]: row["n"] for row in rows}


async def _as_if_restarted_after_a_stopped_warm_up(database: Database) -> str:
    """As if the last warm-up had been stopped midway (claimed, never finished, its scratch
    space left) and the server had started again since: the next warm-up is due. The name
    of the scratch space left."""
    await graph_write(database, "MATCH (w:ServerWarmUp) SET w.started = 1, w.finished_at = null")
    return scratch_space(1)


async def test_a_new_server_is_warmed_once_and_left_as_it_was(own_server: LocalNeo4j) -> None:
    report = await warm_local_server(own_server)
    assert report is not None
    assert report.blocks == WARM_UP_BLOCKS
    assert report.seconds > 0
    assert await warm_local_server(own_server) is None  # this server run is warmed

    database = await open_database(Settings(neo4j_home=own_server.home))
    try:
        # Nothing of the work is left: no space, block, session, edge or vector index.
        assert set(await _labels(database)) == {"SchemaMigration", "ServerWarmUp"}
        assert await graph(database, "MATCH ()-[r]->() RETURN count(r) AS n") == [{"n": 0}]
        assert await vector_index_dimensions(database) is None
        marker = await graph(database, "MATCH (w:ServerWarmUp) RETURN w.seconds AS s")
        assert marker == [{"s": report.seconds}]

        # The first real space chooses the vector index's dimension, not the warm-up's 384.
        memory = await MemorySystem.open(
            "first-real", database=database, embedding_service=MockEmbeddingService(dimensions=48)
        )
        try:
            await memory.learn("The first real space embeds with 48 dimensions.")
            assert (await memory.consolidate(skip_llm=True)).promoted == 1
        finally:
            await memory.close()
        assert await vector_index_dimensions(database) == 48

        # A database in use keeps its vector index and its spaces through a warm-up, which
        # embeds with the index's dimension; a space left by a warm-up that was stopped goes,
        # and a space of the user's called like the warm-up's stays.
        stopped = await _as_if_restarted_after_a_stopped_warm_up(database)
        for name in (stopped, WARM_UP_SPACE):
            other = await MemorySystem.open(
                name, database=database, embedding_service=MockEmbeddingService(dimensions=48)
            )
            await other.learn(f"A block of {name}.")
            await other.close()
        reports: list[WarmUpReport | None] = []

        async def warm() -> None:
            reports.append(await warm_up_server(database))

        async with anyio.create_task_group() as group:  # two callers: one warms
            group.start_soon(warm)
            group.start_soon(warm)
        assert sorted(r is None for r in reports) == [False, True]
        assert await vector_index_dimensions(database) == 48
        spaces = await graph(database, "MATCH (s:Space) RETURN s.name AS name ORDER BY name")
        assert spaces == [{"name": WARM_UP_SPACE}, {"name": "first-real"}]
        blocks = await graph(
            database, "MATCH (b:Block) RETURN b.space AS space, count(*) AS n ORDER BY space"
        )
        assert blocks == [{"space": WARM_UP_SPACE, "n": 1}, {"space": "first-real", "n": 1}]
        marker = await graph(database, "MATCH (w:ServerWarmUp) RETURN w.finished_at AS at")
        assert marker[0]["at"] is not None
    finally:
        await database.close()
