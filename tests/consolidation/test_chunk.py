"""The run's pool around a chunk that is planned but not yet written (consolidation/chunk.py):
the next chunk, planned meanwhile, finds its promotions and not the blocks it supersedes;
once the write answers, the pool forgets what it did not promote (another process took it);
adding the promotions (which may train the pool's index) leaves the event loop free."""

from __future__ import annotations

import time
from typing import Any, cast

import anyio
import pytest

from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation.chunk import ChunkPlanner, PlannedChunk
from elfgraph.consolidation.lease import DreamLease
from elfgraph.consolidation.plan import InboxBlock
from elfgraph.consolidation.repository.promote_blocks import PromotionRow
from elfgraph.consolidation.run_pool import RunPool
from elfgraph.consolidation.write import ChunkPlan
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.store.database import Database

pytestmark = pytest.mark.anyio

EMBEDDER = MockEmbeddingService(similarities={("a", "a again"): 0.8, ("a", "a cousin"): 0.7})


def promotion(block_id: str) -> PromotionRow:
    return PromotionRow(
        id=block_id,
        confidence=0.5,
        tags=[],
        summary=block_id,
        decay_lambda=0.01,
        embedding=[],
        sketch="",
        embedding_sketch="",
        promoted_at="2026-11-27T00:00:00+00:00",
    )


def planner_over(pool: RunPool) -> ChunkPlanner:
    return ChunkPlanner(
        cast(Database, None),  # reserve and settle never touch the database
        "space",
        EMBEDDER,
        None,
        MemoryConfig(),
        "",
        check_contradictions=False,
        share=(0, 0),
        run=pool,
        before=None,
        lease=DreamLease(cast(Database, None), "space"),
    )


def planned_chunk() -> PlannedChunk:
    texts = ["a again", "a cousin"]
    blocks = [InboxBlock(id=t, content=t, tags=(), category="knowledge") for t in texts]
    plan = ChunkPlan(texts, [], ["a"], {"a": "a again"}, [promotion(t) for t in texts], [])
    return PlannedChunk(blocks, [EMBEDDER.vector(t) for t in texts], plan, 1.0, 7)


async def test_the_pool_holds_a_planned_chunk_until_its_write_answers() -> None:
    pool = RunPool(384)
    pool.add("a", [], "knowledge", 0.0, EMBEDDER.vector("a"))
    planner = planner_over(pool)
    planned = planned_chunk()
    query = [InboxBlock(id="q", content="a", tags=(), category="knowledge")]

    await planner.reserve(planned)
    found = pool.nearest(query, [EMBEDDER.vector("a")], 5)["q"]
    assert [n.id for n in found] == ["a again", "a cousin"]  # not "a": superseded
    assert all(n.hours == 1.0 for n in found)

    planner.settle(planned, {"a again"})  # the other was taken by another process meanwhile
    assert [n.id for n in pool.nearest(query, [EMBEDDER.vector("a")], 5)["q"]] == ["a again"]


class SlowPool(RunPool):
    """A pool whose additions take as long as training an index over ~80,000 rows might."""

    def add_many(self, *args: Any, **kwargs: Any) -> None:
        time.sleep(0.3)
        super().add_many(*args, **kwargs)


async def test_adding_a_chunks_promotions_leaves_the_event_loop_free() -> None:
    pool = SlowPool(384)
    planner = planner_over(pool)
    ticks = 0

    async def tick() -> None:
        nonlocal ticks
        while True:
            await anyio.sleep(0.01)
            ticks += 1

    async with anyio.create_task_group() as group:
        group.start_soon(tick)
        await planner.reserve(planned_chunk())
        group.cancel_scope.cancel()
    assert ticks >= 10  # the loop ran other tasks during the 0.3 s addition
    assert sorted(pool.ids) == ["a again", "a cousin"]
