"""The retrieval knobs of MemoryConfig on a real Neo4j: which legs seed recall
(`retrieval_legs`) and whether the seeds' neighbours join them (`graph_expansion`)."""

from __future__ import annotations

from typing import Any

import pytest

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.config.memory import MemoryConfig
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio
QUERY = "where is the xylophone"
NEAR = "the lighthouse keeper plays music at night"  # close to QUERY by vector only
WORD = "The code word is xylophone"  # shares a word with QUERY, far by vector


def config(**memory: Any) -> ElfgraphConfig:
    return ElfgraphConfig(memory=MemoryConfig(**memory))


async def two_legs(make_memory: MakeMemory, **memory: Any) -> tuple[MemorySystem, Any]:
    embedder = MockEmbeddingService(similarities={(QUERY, NEAR): 0.9, (QUERY, WORD): -0.2})
    writer = await make_memory(embedding_service=embedder)
    await writer.learn_many([NEAR, WORD] + [f"unrelated note {i}" for i in range(10)])
    await writer.dream()
    reader = await make_memory(embedding_service=embedder, config=config(**memory))
    return reader, embedder


async def test_hybrid_recall_finds_both_the_near_block_and_the_keyword_match(
    make_memory: MakeMemory,
) -> None:
    memory, _ = await two_legs(make_memory)
    found = [b.content for b in await memory.recall(QUERY, top_k=2)]
    assert set(found) == {NEAR, WORD}


async def test_vector_only_recall_ignores_the_keyword_match(make_memory: MakeMemory) -> None:
    memory, _ = await two_legs(make_memory, retrieval_legs="vector")
    found = await memory.recall(QUERY, top_k=2)
    assert found[0].content == NEAR
    assert WORD not in [b.content for b in found]


async def test_keyword_only_recall_makes_no_embedding_call(make_memory: MakeMemory) -> None:
    memory, embedder = await two_legs(make_memory, retrieval_legs="keyword")
    embedder.embedded.clear()
    found = await memory.recall(QUERY, top_k=2)
    assert [b.content for b in found][:1] == [WORD]
    assert NEAR not in [b.content for b in found]
    assert embedder.embedded == []
    assert await memory.recall("the and of", top_k=2) == []  # only stop words: no seed


async def test_without_graph_expansion_a_linked_hub_is_not_recalled(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    texts = {f"filler {i}": 0.2 + i / 100 for i in range(12)} | {"anchor": 0.9, "hub": -0.2}
    embedder = MockEmbeddingService(similarities={(QUERY, t): c for t, c in texts.items()})
    writer = await make_memory(embedding_service=embedder)
    await writer.learn_many(list(texts))
    await writer.dream()
    # The hub matches the query by neither leg, but is linked to four seeds, fresh,
    # confident and often reinforced: the graph alone brings it in.
    await graph_write(
        database,
        "MATCH (h:Block {space: $s, content: 'hub'}), (b:Block {space: $s}) "
        "WHERE b.content IN ['anchor', 'filler 0', 'filler 1', 'filler 2'] "
        "CREATE (h)-[:SUPPORTS {relation: 'supports', weight: 0.9, origin: 'agent', "
        "reinforcement_count: 0, last_active_hours: 0.0}]->(b) "
        "SET h.reinforcement_count = 40, h.confidence = 0.95",
        s=space,
    )
    await graph_write(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.content STARTS WITH 'filler' "
        "SET b.last_reinforced_at = -500.0",
        s=space,
    )
    expanding = await make_memory(embedding_service=embedder, config=config())
    found = {b.content: b for b in await expanding.recall(QUERY, top_k=2)}
    assert set(found) == {"anchor", "hub"}
    assert found["hub"].was_expanded
    alone = await make_memory(embedding_service=embedder, config=config(graph_expansion=False))
    alone_found = await alone.recall(QUERY, top_k=2)
    assert alone_found[0].content == "anchor"
    assert "hub" not in [b.content for b in alone_found]
