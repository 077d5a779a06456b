"""status(): counts, clock and session, health and the one suggestion, on a real Neo4j."""

from __future__ import annotations

import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.clock import FakeClock
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_status_reports_counts_clock_and_session(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    clock = FakeClock()
    memory.clock = clock
    await memory.begin_session()
    clock.advance(0.5)
    await memory.learn_many(["one", "two"])
    status = await memory.status()
    assert status.session_active
    assert status.session_hours == pytest.approx(0.5)
    assert status.total_active_hours == pytest.approx(0.5)
    assert (status.inbox_count, status.active_count, status.archived_count) == (2, 0, 0)
    assert status.inbox_threshold == 10
    assert status.last_consolidated == "never"  # seed 002
    await memory.dream()
    status = await memory.status()
    assert status.last_consolidated not in (None, "never")
    assert status.to_dict()["active_count"] == 2
    assert "2 active" in str(status)


async def test_health_follows_what_the_space_needs(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    empty = await memory.status()
    assert (empty.health, empty.suggestion) == (
        "good",
        "Memory is empty: learn() what is worth keeping.",
    )
    await memory.learn_many([f"fact number {i}" for i in range(10)])
    full = await memory.status()
    assert full.health == "attention"
    assert "dream()" in full.suggestion
    await memory.dream()  # curates too: due on the first run
    healthy = await memory.status()
    assert (healthy.health, healthy.hours_since_curate) == ("good", 0.0)
    await graph_write(
        database, "MATCH (s:Space {name: $s}) SET s.total_active_hours = 45.0", s=space
    )
    due = await memory.status()
    assert (due.health, due.hours_since_curate) == ("attention", 45.0)
    assert "curate()" in due.suggestion
    await graph_write(
        database, "MATCH (s:Space {name: $s}) SET s.total_active_hours = 81.0", s=space
    )
    overdue = await memory.status()
    assert overdue.health == "degraded"
    assert "overdue" in overdue.suggestion
    assert "(degraded)" in str(overdue)
    await memory.curate()
    assert (await memory.status()).health == "good"


async def test_an_unreachable_neo4j_is_degraded_not_an_exception(
    neo4j_settings: Settings, space: str
) -> None:
    memory = await MemorySystem.open(
        space, settings=neo4j_settings, embedding_service=MockEmbeddingService()
    )
    await memory.database.close()  # as if the server went away
    status = await memory.status()
    assert status.health == "degraded"
    assert status.active_count is None
    assert "Neo4j" in status.suggestion
    assert "status unknown" in status.summary
    status.to_dict()
