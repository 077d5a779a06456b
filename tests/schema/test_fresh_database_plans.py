"""On a database that starts empty, the retrieval and dream queries seek their indexes once
a space holds a few thousand blocks (issue 64: a new user's first 10,000-block space
dreamed, recalled and framed 20-60x slower on a fresh server than on one that had held a
space, docs/decisions/fresh-server.md).

Neo4j plans from samples of its indexes, taken by a background sampler every 10 s; a plan
made while an index's sample is still that of an empty index estimates no rows and read
whole indexes, filtering, where it should seek (NodeIndexScan: every earlier chunk again
for each chunk of a dream, 3.2 million db hits a frame at 10,000 blocks), and is not made
again when the sample fills. This test's server (a JVM of its own, ~20 s to start) has the
background sampler off: the state of every new database in the seconds after its first
writes, made to last, so the test does not depend on when the sampler happens to run. What
is checked is the plans elfgraph's queries run with (PROFILE operators and db hits), never
a timing. The waits let the server look again at the plans it made on the empty database,
as an agent's later calls would (dbms.cypher.min_replan_interval, 10 s).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest

from benchmarks.corpus import facts
from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.neo4j_server import LocalNeo4j
from elfgraph.schema.migrations import open_database
from tests.support.graph import graph
from tests.support.plans import Profiled

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.integration]

BLOCKS = 3_000
REPLAN_INTERVAL = 11.0  # dbms.cypher.min_replan_interval (10 s), and a margin
RETRIEVAL = {"candidates", "reinforce_frame", "vector_cache_delta"}
DREAM = {"inbox_batch", "promote_blocks", "link_state", "create_links", "archive_blocks"}


@pytest.fixture
def unsampled_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalNeo4j]:
    """A throw-away server whose index statistics change only when someone asks."""
    for name in ("NEO4J_URI", "ELFGRAPH_NEO4J_URI"):
        monkeypatch.delenv(name, raising=False)
    server = LocalNeo4j(tmp_path / "neo4j-home")
    server.start(settings={"db.index_sampling.background_enabled": "false"})
    try:
        yield server
    finally:
        server.stop()


async def wait_from(started: float) -> None:
    await anyio.sleep(max(0.0, started + REPLAN_INTERVAL - time.monotonic()))


async def test_a_new_database_seeks_once_it_holds_thousands_of_blocks(
    unsampled_server: LocalNeo4j, monkeypatch: pytest.MonkeyPatch
) -> None:
    profiled = Profiled(RETRIEVAL | DREAM)
    async with await open_database(Settings(neo4j_home=unsampled_server.home)) as database:
        sampling = await graph(
            database,
            "SHOW SETTINGS YIELD name, value "
            "WHERE name = 'db.index_sampling.background_enabled' RETURN value",
        )
        assert sampling == [{"value": "false"}]
        opened = time.monotonic()
        memory = await MemorySystem.open(
            "first", database=database, embedding_service=MockEmbeddingService()
        )
        await memory._retriever.planned()  # the plans opening makes, on the empty database
        try:
            await memory.begin_session()
            texts = facts(BLOCKS, duplicate_share=0.0, unique=True)
            for start in range(0, BLOCKS, 1000):
                await memory.learn_many(texts[start : start + 1000])
            await wait_from(opened)
            profiled.install(monkeypatch)
            # Before the first dream: the inbox only, found by the keyword leg.
            assert await memory.recall("Who owns the billing service?")
            await memory.frame("attention", "Which service uses Kafka?")
            dreamed = time.monotonic()
            assert (await memory.consolidate(skip_llm=True)).promoted == BLOCKS
            await wait_from(dreamed)
            assert await memory.recall("What does the search service use Redis for?")
            assert (await memory.frame("attention", "Any incidents with Postgres?")).blocks
            assert await memory.recall(None)
            await memory.end_session()
        finally:
            await memory.close()
    assert profiled.scans() == []
    assert len(profiled.of("candidates")) >= 4
    assert profiled.of("reinforce_frame")
    chunks = [run for run in profiled.of("inbox_batch") if run.db_hits > 100]
    assert len(chunks) >= BLOCKS // 500
    # A chunk reads its own blocks and each one's predecessor, never the chunks before it.
    assert max(run.db_hits for run in chunks) <= 1.2 * chunks[0].db_hits
