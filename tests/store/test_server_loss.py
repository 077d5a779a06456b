"""Failures in bounded time: with the server gone, a call fails with a StorageError within
the connection timeout plus a moment, prints nothing, and the same MemorySystem works
again once the server is back. On a throw-away Neo4j of its own (a real JVM, ~15 s)."""

from __future__ import annotations

import time

import pytest

from elfgraph import MemorySystem, MockEmbeddingService, StorageError
from elfgraph.config.connection import Settings
from elfgraph.neo4j_server import LocalNeo4j

pytestmark = [pytest.mark.anyio, pytest.mark.slow, pytest.mark.integration]
CONNECTION_TIMEOUT = 3.0  # shorter than the default 10 s, to keep the test short


async def test_a_lost_server_fails_fast_and_a_restarted_one_serves_the_same_memory(
    own_server: LocalNeo4j, capfd: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(neo4j_home=own_server.home, connection_timeout=CONNECTION_TIMEOUT)
    memory = await MemorySystem.open(
        "restart", settings=settings, embedding_service=MockEmbeddingService()
    )
    try:
        await memory.learn("The build runs on Fridays.")
        await memory.dream()
        assert [b.content for b in await memory.recall("build", top_k=1)]

        own_server.stop()
        for call in (
            lambda: memory.recall("build", top_k=1),
            lambda: memory.learn("Another fact."),
            lambda: memory.session().__aenter__(),
        ):
            started = time.monotonic()
            with pytest.raises(StorageError) as caught:
                await call()
            elapsed = time.monotonic() - started
            assert elapsed <= CONNECTION_TIMEOUT + 2.0, elapsed
            assert "unreachable" in caught.value.message
            assert "elfgraph neo4j start" in caught.value.recovery
        status = await memory.status()
        assert status.health == "degraded"

        own_server.start()  # same home: same ports, same data
        found = await memory.recall("build", top_k=1)
        assert [b.content for b in found] == ["The build runs on Fridays."]
        assert (await memory.learn("Back again.")).status == "created"
    finally:
        await memory.close()
    out, err = capfd.readouterr()
    assert "Transaction failed" not in err + out  # the driver's retry lines are not printed
    assert "neo4j" not in err.lower()
