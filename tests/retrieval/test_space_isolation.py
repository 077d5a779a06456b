"""One space never starves another: a 3-block space beside a 5,000-block space that uses
the same words more often and sits closer to the query still gets all of its blocks, from
every leg and every frame, and never a block of the other space."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from elfgraph import ElfgraphConfig, MemoryConfig, MemorySystem, MockEmbeddingService
from elfgraph.config.connection import Settings
from elfgraph.schema.migrations import open_database
from elfgraph.spaces.registry import drop_space
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

QUERY = "deploy script"
SMALL = [
    "The deploy script needs AWS_PROFILE set.",
    "Our deploy script runs on Tuesdays.",
    "Tomás owns the deploy script.",
]
CROWD = [f"deploy script deploy script note {i}" for i in range(5_000)]
TAGS = ["self/value", "self/goal"]  # every frame may show them: self, task, attention


@dataclass
class Pair:
    space: str
    ids: set[str]
    embedder: MockEmbeddingService


@pytest.fixture(scope="module")
async def pair(neo4j_settings: Settings) -> AsyncIterator[Pair]:
    """Both spaces, built once for the module (the crowd takes a few seconds)."""
    # The crowd is closer to the query than the small space (0.9 against 0.5) and says
    # the query's words more often, so an index shared by both answers with the crowd.
    embedder = MockEmbeddingService(
        similarities={(QUERY, text): 0.9 for text in CROWD} | {(QUERY, text): 0.5 for text in SMALL}
    )
    name = f"test-isolation-{uuid.uuid4().hex[:8]}"
    database = await open_database(neo4j_settings)
    try:
        async with MemorySystem.managed(
            f"{name}-crowd", database=database, embedding_service=embedder
        ) as crowd:
            await crowd.learn_many([{"content": text, "tags": TAGS} for text in CROWD])
            await crowd.dream()
        async with MemorySystem.managed(
            name, database=database, embedding_service=embedder
        ) as small:
            learned = await small.learn_many([{"content": t, "tags": TAGS} for t in SMALL])
            await small.dream()
        yield Pair(name, {r.block_id for r in learned}, embedder)
    finally:
        await drop_space(database, f"{name}-crowd")
        await drop_space(database, name)
        await database.close()


@pytest.mark.parametrize("legs", ["hybrid", "keyword", "vector"])
@pytest.mark.parametrize("frame", ["attention", "self", "task"])
@pytest.mark.parametrize("query", [QUERY, None])
async def test_every_leg_and_frame_finds_all_three_and_nothing_else(
    pair: Pair,
    make_memory: MakeMemory,
    legs: str,
    frame: str,
    query: str | None,
) -> None:
    config = ElfgraphConfig(memory=MemoryConfig(retrieval_legs=legs))  # type: ignore[call-arg]
    memory = await make_memory(pair.space, embedding_service=pair.embedder, config=config)
    found = await memory.recall(query, top_k=5, frame=frame)
    assert {b.id for b in found} == pair.ids
    framed = await memory.frame(frame, query, top_k=5)
    assert {b.id for b in framed.blocks} == pair.ids
