"""A space for the recall-cache tests (tests/retrieval/test_vector_cache_sync.py and
test_sketch_cache.py): its texts, a memory whose recall uses the vector leg alone, a spy on
the catch-up's delta reads, and a space learned and dreamed."""

from __future__ import annotations

from typing import Any

import pytest

import elfgraph.retrieval.catch_up as catch_up_module
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.repository.vector_cache_delta import VectorCacheDeltaRow
from elfgraph.store.transaction import Transaction
from tests.support.memory import MakeMemory
from tests.support.settings import config

TEXTS = [f"note {n} on {topic}" for n in range(6) for topic in ("tides", "bread", "granite")]
EMBEDDER = MockEmbeddingService()


async def vector_memory(
    make_memory: MakeMemory,
    cache_blocks: int = 5_000,
    word_blocks: int = 100_000,
    sketch_blocks: int = 0,
) -> MemorySystem:
    """A memory whose recall uses the vector leg alone, so the cache decides what is found
    (past cache_blocks, no sketches unless asked: the index's, tests/retrieval/
    test_sketch_cache.py has the sketches)."""
    return await make_memory(
        embedding_service=EMBEDDER,
        config=config(
            retrieval_legs="vector",
            vector_cache_blocks=cache_blocks,
            keyword_cache_blocks=word_blocks,
            sketch_cache_blocks=sketch_blocks,
        ),
    )


def delta_kinds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What each catch-up from here on asks the delta read to bring of the vectors."""
    asked: list[str] = []
    read_delta = catch_up_module.vector_cache_delta

    async def spied(tx: Transaction, **params: Any) -> VectorCacheDeltaRow | None:
        asked.append(params["vectors"])
        return await read_delta(tx, **params)

    monkeypatch.setattr(catch_up_module, "vector_cache_delta", spied)
    return asked


async def filled(make_memory: MakeMemory) -> MemorySystem:
    writer = await vector_memory(make_memory)
    await writer.learn_many(TEXTS)
    await writer.dream()
    return writer
