"""A small space inside a big graph still gets its top_k from the shared vector index."""

from __future__ import annotations

import pytest

from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


async def test_twenty_blocks_among_twenty_thousand_still_return_top_k(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    crowd_space = f"{space}-crowd"
    crowd = await make_memory(crowd_space, embedding_service=MockEmbeddingService())
    try:
        for start in range(0, 20_000, 5_000):
            await crowd.learn_many([f"crowd fact {i}" for i in range(start, start + 5_000)])
        await crowd.dream()
        small = await make_memory(embedding_service=MockEmbeddingService())
        await small.learn_many([f"my own fact {i}" for i in range(20)])
        await small.dream()
        for query in ("a question about nothing in particular", "my own fact 7", None):
            found = await small.recall(query, top_k=5)
            assert len(found) == 5, query
        found = await small.recall("my own fact 7", top_k=5)
        assert found[0].content == "my own fact 7"
    finally:
        await drop_space(database, crowd_space)
