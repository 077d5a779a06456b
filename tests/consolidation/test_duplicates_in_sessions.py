"""A text learned again in another session, after another turn, is still its own duplicate:
dream judges near-duplicates by the blocks' own vectors, not by the vectors they are found
by, which lean on the turn before them (docs/BEHAVIOUR.md §4.2, §4.8)."""

from __future__ import annotations

import pytest

from elfgraph.consolidation.neighbours import IN_MEMORY_LIMIT
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.store.database import Database
from tests.support.graph import graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

FACT = "The deploy script needs AWS_PROFILE set."


async def contents_by_status(database: Database, space: str) -> dict[str, list[str]]:
    rows = await graph(
        database, "MATCH (b:Block {space: $s}) RETURN b.status AS status, b.content AS c", s=space
    )
    found: dict[str, list[str]] = {}
    for row in rows:
        found.setdefault(row["status"], []).append(row["c"])
    return found


@pytest.mark.parametrize("filler", [0, IN_MEMORY_LIMIT + 10], ids=["in memory", "by the index"])
async def test_a_fact_learned_again_after_another_turn_is_archived_as_a_duplicate(
    make_memory: MakeMemory, database: Database, space: str, filler: int
) -> None:
    memory = await make_memory(embedding_service=MockEmbeddingService())
    if filler:  # a space past the in-memory limit: neighbours come from the vector index
        await memory.learn_many([f"filler note {i}" for i in range(filler)])
        await memory.dream()
    async with memory.session():
        await memory.learn_many(["We talked about the release first.", FACT])
    await memory.dream()
    async with memory.session():
        await memory.learn_many(["Then the weather came up.", FACT.upper()])
    await memory.dream()
    found = await contents_by_status(database, space)
    assert [c for c in found["active"] if c.lower() == FACT.lower()] == [FACT]
    assert [c for c in found["archived"] if c.lower() == FACT.lower()] == [FACT.upper()]
