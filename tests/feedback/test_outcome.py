"""outcome() on a real Neo4j (docs/BEHAVIOUR.md §8.1, and §9.6's F2)."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import OutcomeError
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import block_props, edges_of, graph, graph_write, snapshot
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def three_blocks(make_memory: MakeMemory) -> tuple[MemorySystem, list[str]]:
    memory = await make_memory()
    learned = await memory.learn_many(["apples are red", "skies are blue", "grass is green"])
    await memory.dream()  # random mock vectors: no similarity edges between them
    return memory, [r.block_id for r in learned]


async def test_a_repeated_good_signal_strengthens_edges_and_refreshes_their_clock(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await three_blocks(make_memory)
    await memory.outcome(ids[:2], 0.9)
    await graph_write(
        database, "MATCH (s:Space {name: $s}) SET s.total_active_hours = 50.0", s=space
    )
    again = await memory.outcome(ids[:2], 0.9)
    assert (again.edges_reinforced, again.outcome_edges_created) == (1, 0)
    (edge,) = await edges_of(database, space)
    assert edge["props"]["weight"] == pytest.approx(0.72 + 0.09)
    assert edge["props"]["reinforcement_count"] == 1
    assert edge["props"]["last_active_hours"] == 50.0  # §9.6, F2: the decay clock restarts
    for _ in range(5):
        await memory.outcome(ids[:2], 1.0)
    (edge,) = await edges_of(database, space)
    assert edge["props"]["weight"] == 1.0  # capped


async def test_a_bad_signal_speeds_up_decay_but_not_for_durable_blocks(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await three_blocks(make_memory)
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, id: $id}) SET b.decay_lambda = 0.001",
        s=space,
        id=ids[2],
    )
    result = await memory.outcome(ids, 0.1)
    assert result.blocks_penalized == 2
    assert result.mean_confidence_delta < 0
    assert (await block_props(database, space, ids[0]))["decay_lambda"] == pytest.approx(0.02)
    assert (await block_props(database, space, ids[2]))["decay_lambda"] == 0.001
    for _ in range(3):
        await memory.outcome(ids[:1], 0.0)
    assert (await block_props(database, space, ids[0]))["decay_lambda"] == 0.05  # the ceiling
    assert await edges_of(database, space) == []


async def test_unknown_and_foreign_ids_are_errors_and_change_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await three_blocks(make_memory)
    other = await make_memory(f"{space}-other")
    try:
        (foreign,) = await other.learn_many(["someone else's block"])
        await other.dream()
        before = await snapshot(database, space)
        for stranger in ("0000000000000000", foreign.block_id):
            with pytest.raises(OutcomeError) as caught:
                await memory.outcome([ids[0], stranger], 1.0)
            assert stranger in caught.value.message
            assert caught.value.recovery
        assert await snapshot(database, space) == before
        assert await graph(database, "MATCH (o:Outcome {space: $s}) RETURN o", s=space) == []
    finally:
        from elfgraph.spaces.registry import drop_space

        await drop_space(database, f"{space}-other")


async def test_concurrent_outcomes_never_lose_an_update(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    setup = await MemorySystem.open(
        space, settings=neo4j_settings, embedding_service=MockEmbeddingService()
    )
    learned = await setup.learn_many(["shared one", "shared two"])
    await setup.dream()
    await setup.close()
    ids = [r.block_id for r in learned]
    systems = [
        await MemorySystem.open(
            space, settings=neo4j_settings, embedding_service=MockEmbeddingService()
        )
        for _ in range(8)
    ]
    try:
        async with anyio.create_task_group() as group:
            for memory in systems:
                group.start_soon(memory.outcome, ids, 0.9)
    finally:
        for memory in systems:
            await memory.close()
    stored = await block_props(database, space, ids[0])
    assert stored["reinforcement_count"] == 2 + 8  # promotion and the first curate, then 8
    assert stored["outcome_evidence"] == 8.0
    (edge,) = await edges_of(database, space)
    assert edge["props"]["reinforcement_count"] == 7  # created once, then reinforced 7 times
    assert edge["props"]["weight"] == pytest.approx(min(1.0, 0.72 + 7 * 0.09))
