"""Other tenants for a LoCoMo run (`python -m benchmarks locomo --crowd N`): one space of N
short synthetic facts (benchmarks/corpus.py) in the same database, learned and dreamed
with the mock embedder before the conversations and dropped after them. The full-text
and vector indexes are shared by every space, so this shows whether a conversation's
recall depends on what else the database holds (docs/BEHAVIOUR.md §7.2)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from benchmarks.corpus import facts
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database

BATCH = 5_000


@asynccontextmanager
async def crowd(database: Database, blocks: int) -> AsyncIterator[str | None]:
    """The crowd space's name while it exists (None for no crowd)."""
    if blocks <= 0:
        yield None
        return
    space = f"locomo-crowd-{uuid.uuid4().hex[:8]}"
    try:
        memory = await MemorySystem.open(
            space, database=database, embedding_service=MockEmbeddingService()
        )
        texts = facts(blocks, unique=True)
        for start in range(0, blocks, BATCH):
            await memory.learn_many(texts[start : start + BATCH])
        await memory.dream()
        await memory.close()
        print(f"crowd: {blocks:,} synthetic facts in {space}", flush=True)
        yield space
    finally:
        await drop_space(database, space)
