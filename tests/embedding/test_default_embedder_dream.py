"""The default local embedder end to end: real MiniLM vectors in a real Neo4j."""

from __future__ import annotations

import pytest

from elfgraph.embedding.local import MODEL_NAME, LocalEmbeddingService
from elfgraph.store.database import Database
from tests.support.graph import edges_of
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


async def test_paraphrases_link_and_unrelated_facts_do_not(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory(embedding_service=LocalEmbeddingService())
    learned = await memory.learn_many(
        [
            "The deployment pipeline runs every night at two in the morning.",
            "Every night at 2 am the deploy pipeline is executed.",
            "My favourite fruit is a ripe mango.",
        ]
    )
    result = await memory.dream()
    assert result is not None
    assert result.promoted == 3  # the paraphrases' cosine is 0.897: linked, not superseded
    status = await memory.status()
    assert status.embedding_model == MODEL_NAME
    mango = learned[2].block_id
    assert all(mango not in (e["a"], e["b"]) for e in await edges_of(database, space))
    pair = {learned[0].block_id, learned[1].block_id}
    assert any({e["a"], e["b"]} == pair for e in await edges_of(database, space))
