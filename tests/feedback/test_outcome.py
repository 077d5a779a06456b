"""outcome() on a real Neo4j (docs/BEHAVIOUR.md §8.1, and §9.6's F2)."""

from __future__ import annotations

import math

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.errors import ElfgraphError, OutcomeError
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


async def test_confidence_follows_the_bayesian_update_and_each_call_is_recorded(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await three_blocks(make_memory)
    first = await memory.outcome([ids[0]], 1.0)
    assert first.blocks_updated == 1
    # (0.5·2 + 1·1) / 3
    assert first.mean_confidence_delta == pytest.approx(2 / 3 - 0.5)
    await memory.outcome([ids[0]], 1.0, weight=2.0, source="tests passed")
    stored = await block_props(database, space, ids[0])
    # (2/3 · (2 + 1) + 1 · 2) / (2 + 1 + 2)
    assert stored["confidence"] == pytest.approx((2 / 3 * 3 + 2) / 5)
    assert stored["outcome_evidence"] == 3.0
    audit = await graph(
        database,
        "MATCH (o:Outcome {space: $s}) RETURN o.signal AS s, o.weight AS w, o.source AS src "
        "ORDER BY o.at",
        s=space,
    )
    assert audit == [{"s": 1.0, "w": 1.0, "src": ""}, {"s": 1.0, "w": 2.0, "src": "tests passed"}]


async def test_a_good_signal_reinforces_and_links_every_pair(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await three_blocks(make_memory)
    result = await memory.outcome(ids, 0.9)
    assert (result.blocks_updated, result.outcome_edges_created, result.edges_reinforced) == (
        3,
        3,
        0,
    )
    edges = await edges_of(database, space)
    assert {e["type"] for e in edges} == {"OUTCOME"}
    for edge in edges:
        assert edge["props"]["weight"] == pytest.approx(0.9 * 0.8)
        assert edge["props"]["origin"] == "outcome"
        assert edge["props"]["relation"] == "outcome"
    for block_id in ids:
        # promotion, the first dream's curate (top-N, docs/BEHAVIOUR.md §9), this outcome
        assert (await block_props(database, space, block_id))["reinforcement_count"] == 3


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


async def test_a_middling_signal_only_moves_confidence(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, ids = await three_blocks(make_memory)
    result = await memory.outcome(ids, 0.4)
    assert (result.blocks_updated, result.blocks_penalized, result.outcome_edges_created) == (
        3,
        0,
        0,
    )
    # promotion and the first dream's curate; a middling signal adds nothing
    assert (await block_props(database, space, ids[0]))["reinforcement_count"] == 2


@pytest.mark.parametrize(
    ("ids", "signal", "weight", "problem"),
    [
        (["x"], math.nan, 1.0, "signal"),
        (["x"], -1.0, 1.0, "signal"),
        (["x"], 2.0, 1.0, "signal"),
        (["x"], True, 1.0, "signal"),
        (["x"], 0.5, 0.0, "weight"),
        (["x"], 0.5, -1.0, "weight"),
        (["x"], 0.5, math.inf, "weight"),
        ("x", 0.5, 1.0, "block_ids"),
        ([""], 0.5, 1.0, "block_ids"),
        ([3], 0.5, 1.0, "block_ids"),
    ],
)
async def test_bad_arguments_are_refused_and_change_nothing(
    make_memory: MakeMemory,
    database: Database,
    space: str,
    ids: object,
    signal: object,
    weight: object,
    problem: str,
) -> None:
    memory, _ = await three_blocks(make_memory)
    before = await snapshot(database, space)
    with pytest.raises(OutcomeError) as caught:
        await memory.outcome(ids, signal, weight=weight)  # type: ignore[arg-type]
    assert isinstance(caught.value, ElfgraphError)
    assert not isinstance(caught.value, ValueError)
    assert problem in caught.value.message
    assert caught.value.recovery
    assert await snapshot(database, space) == before


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


async def test_inbox_ids_are_matched_but_only_active_blocks_change(
    make_memory: MakeMemory,
) -> None:
    memory, ids = await three_blocks(make_memory)
    (pending,) = await memory.learn_many(["learned after the dream"])
    result = await memory.outcome([ids[0], pending.block_id], 1.0)
    assert (result.ids_matched, result.blocks_updated) == (2, 1)
    assert result.ids_not_active == [pending.block_id]
    assert result.block_ids == [ids[0]]
    assert "not active" in result.summary


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
