"""A near-duplicate that dream archives stays findable (docs/BEHAVIOUR.md §4.2): its
survivor absorbs its text, which the keyword leg searches, and its id resolves to the
survivor. Every case of the plan: rejected against an active block or one kept in the
same dream, superseding an active block or one of the same dream, and chains."""

from __future__ import annotations

import pytest

from elfgraph import ElfgraphConfig, MemoryConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.store.database import Database
from tests.support.graph import blocks_by_status, graph
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

EMBEDDER = MockEmbeddingService(
    similarities={
        ("the build uses make", "the build uses gnu make, cmake never"): 0.96,  # rejected
        ("tests run nightly", "tests run every night at two"): 0.92,  # supersedes
        ("tests run every night at two", "tests run each night on the grid"): 0.92,
    }
)


async def absorbed(database: Database, space: str, block_id: str) -> tuple[list[str], str]:
    (row,) = await graph(
        database,
        "MATCH (b:Block {space: $s, id: $id}) RETURN b.absorbed AS a, b.summary AS s",
        s=space,
        id=block_id,
    )
    return list(row["a"] or []), str(row["s"])


async def test_a_rejected_duplicate_of_an_active_block_is_found_through_its_survivor(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory(embedding_service=EMBEDDER)
    (kept,) = await memory.learn_many(["the build uses make"])
    await memory.dream()
    (twin,) = await memory.learn_many(["the build uses GNU make, cmake never"])
    await memory.dream()
    assert (await blocks_by_status(database, space))["archived"] == {twin.block_id}
    texts, summary = await absorbed(database, space, kept.block_id)
    assert texts == ["the build uses GNU make, cmake never"]
    assert summary == "the build uses make\nthe build uses GNU make, cmake never"
    found = await memory.recall("cmake", top_k=1, frame="attention")
    assert [b.id for b in found] == [kept.block_id]
    assert found[0].content == "the build uses make"  # what is shown does not change


async def test_superseded_blocks_pass_their_text_on_along_a_chain(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory(embedding_service=EMBEDDER)
    (first,) = await memory.learn_many(["tests run nightly"])
    await memory.dream()
    # the second supersedes the first; the third, in the same dream, the second
    second, third = await memory.learn_many(
        ["tests run every night at two", "tests run each night on the grid"]
    )
    await memory.dream()
    statuses = await blocks_by_status(database, space)
    assert statuses["active"] == {third.block_id}
    assert statuses["archived"] == {first.block_id, second.block_id}
    texts, summary = await absorbed(database, space, third.block_id)
    assert set(texts) == {"tests run nightly", "tests run every night at two"}
    assert summary.startswith("tests run each night on the grid\n")
    assert all(t in summary for t in texts)
    for words in ("nightly", "two"):
        assert [b.id for b in await memory.recall(words, top_k=1)] == [third.block_id]
    # and the old ids resolve to the survivor
    result = await memory.outcome([first.block_id, second.block_id], 1.0)
    assert result.block_ids == [third.block_id]


async def test_a_repeated_text_is_absorbed_once(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory(embedding_service=EMBEDDER)
    (kept,) = await memory.learn_many(["the build uses make"])
    await memory.dream()
    for _ in range(3):
        await memory.learn_many(["the build uses GNU make, cmake never"])
        await memory.dream()
    texts, summary = await absorbed(database, space, kept.block_id)
    assert texts == ["the build uses GNU make, cmake never"]
    assert summary.count("cmake") == 1


async def test_an_active_survivor_is_found_by_absorbed_words_in_a_process_that_cached_it(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """The reader cached the survivor's texts before another process's dream lengthened its
    summary: the next recall reads the survivor again (its vector epoch moved). The reader
    recalls by keyword alone, so only the absorbed words can find it."""
    keywords = ElfgraphConfig(memory=MemoryConfig(retrieval_legs="keyword"))
    reader = await make_memory(embedding_service=EMBEDDER, config=keywords)
    writer = await make_memory(embedding_service=EMBEDDER)
    (kept,) = await writer.learn_many(["the build uses make"])
    await writer.dream()
    for _ in range(2):  # the first recall finds the cache behind, the second catches up
        assert [b.id for b in await reader.recall("build", top_k=1)] == [kept.block_id]
    assert reader._retriever.vectors.keywords_usable
    await writer.learn_many(["the build uses GNU make, cmake never"])
    await writer.dream()
    for _ in range(2):  # the server's full-text index, then the caught-up cache
        assert [b.id for b in await reader.recall("cmake", top_k=1)] == [kept.block_id]
