"""The run's pool around a chunk that is planned but not yet written (consolidation/chunk.py):
the next chunk, planned meanwhile, finds its promotions and not the blocks it supersedes;
once the write answers, the pool forgets what it did not promote (another process took it)."""

from __future__ import annotations

from typing import cast

from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation.chunk import ChunkPlanner, PlannedChunk
from elfgraph.consolidation.plan import InboxBlock
from elfgraph.consolidation.repository.promote_blocks import PromotionRow
from elfgraph.consolidation.run_pool import RunPool
from elfgraph.consolidation.write import ChunkPlan
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.store.database import Database

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


def test_the_pool_holds_a_planned_chunk_until_its_write_answers() -> None:
    pool = RunPool(384)
    pool.add("a", [], "knowledge", 0.0, EMBEDDER.vector("a"))
    planner = ChunkPlanner(
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
    )
    texts = ["a again", "a cousin"]
    blocks = [InboxBlock(id=t, content=t, tags=(), category="knowledge") for t in texts]
    plan = ChunkPlan(texts, [], ["a"], {"a": "a again"}, [promotion(t) for t in texts], [])
    planned = PlannedChunk(blocks, [EMBEDDER.vector(t) for t in texts], plan, 1.0, 7)
    query = [InboxBlock(id="q", content="a", tags=(), category="knowledge")]

    planner.reserve(planned)
    found = pool.nearest(query, [EMBEDDER.vector("a")], 5)["q"]
    assert [n.id for n in found] == ["a again", "a cousin"]  # not "a": superseded
    assert all(n.hours == 1.0 for n in found)

    planner.settle(planned, {"a again"})  # the other was taken by another process meanwhile
    assert [n.id for n in pool.nearest(query, [EMBEDDER.vector("a")], 5)["q"]] == ["a again"]
