"""Sessions and the active-hours clock (docs/BEHAVIOUR.md §1, §5)."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import find_space
from elfgraph.store.database import Database
from tests.support.clock import FakeClock
from tests.support.graph import graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_session_hours_accumulate_in_the_space(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    clock = FakeClock()
    memory.clock = clock
    session_id = await memory.begin_session("coding")
    assert await memory.begin_session() == session_id  # idempotent while open
    clock.advance(2.5)
    assert await memory.now_hours() == pytest.approx(2.5)
    assert await memory.end_session() == pytest.approx(2.5)
    assert await memory.end_session() == 0.0  # none open
    await memory.begin_session()
    clock.advance(1.0)
    await memory.end_session()
    record = await find_space(database, space)
    assert record is not None
    assert record.total_active_hours == pytest.approx(3.5)
    sessions = await graph(
        database,
        "MATCH (s:Session {space: $space}) RETURN s.task_type AS task, s.hours AS hours "
        "ORDER BY s.started_at",
        space=space,
    )
    assert [s["task"] for s in sessions] == ["coding", "general"]
    assert [s["hours"] for s in sessions] == pytest.approx([2.5, 1.0])


async def test_outside_a_session_now_is_the_persisted_total(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    clock = FakeClock()
    memory.clock = clock
    await memory.begin_session()
    clock.advance(4.0)
    await memory.end_session()
    clock.advance(100.0)  # a holiday: memory does not age
    assert await memory.now_hours() == pytest.approx(4.0)
    other = await make_memory()  # another process reads the same clock
    assert await other.now_hours() == pytest.approx(4.0)
    learned = await other.learn("learned between sessions")
    assert learned.status == "created"


async def test_concurrent_session_ends_never_lose_hours(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    # Eight MemorySystems, each with its own connection (as separate processes would be).
    systems = []
    for _ in range(8):
        memory = await MemorySystem.open(
            space, settings=neo4j_settings, embedding_service=MockEmbeddingService()
        )
        clock = FakeClock()
        memory.clock = clock
        await memory.begin_session()
        clock.advance(1.25)
        systems.append(memory)
    try:
        async with anyio.create_task_group() as group:
            for memory in systems:
                group.start_soon(memory.end_session)
    finally:
        for memory in systems:
            await memory.close()
    record = await find_space(database, space)
    assert record is not None
    assert record.total_active_hours == pytest.approx(8 * 1.25)
