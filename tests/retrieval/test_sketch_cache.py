"""A space past the vector cache but within its sketches, on the real database
(docs/BEHAVIOUR.md §7.2): the cache reads sketches, never embeddings, the vector leg ranks
them in the process with cosines within the sketch's bound of the exact ones (a session's
contextual vectors included), another process's dream is caught up as sketches, a block
without its embedding's sketch is still found, and an exact cache that outgrows its vectors
keeps sketches."""

from __future__ import annotations

from typing import Any

import pytest

import elfgraph.retrieval.catch_up as catch_up_module
import elfgraph.retrieval.retrieve as retrieve_module
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.repository.vector_cache_load import VectorCacheLoadRow
from elfgraph.retrieval.vector_cache import SKETCHES
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory
from tests.support.vector_cache import TEXTS, delta_kinds, filled, vector_memory

pytestmark = pytest.mark.anyio


async def sketched(make_memory: MakeMemory, sketch_blocks: int = 1_000) -> MemorySystem:
    """Vectors kept for 5 blocks at most, sketches for more: the 18 blocks are sketched."""
    return await vector_memory(make_memory, cache_blocks=5, sketch_blocks=sketch_blocks)


async def with_cosines(memory: MemorySystem, query: str) -> dict[str, float]:
    ranked = await memory._retriever.rank(
        retrieve_module.check_query("attention", query, 8), now_hours=None
    )
    return ranked.cosines


async def test_the_vector_leg_ranks_sketches_in_the_process_near_the_exact_cosines(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    await filled(make_memory)
    loaded: list[Any] = []
    read_page = catch_up_module.vector_cache_load

    async def spied(tx: Transaction, **params: Any) -> VectorCacheLoadRow | None:
        page = await read_page(tx, **params)
        if page and page["vectors"]:
            loaded.extend(page["vectors"])
        return page

    monkeypatch.setattr(catch_up_module, "vector_cache_load", spied)
    reader = await sketched(make_memory)
    cache = reader._retriever.vectors
    assert cache.kind == SKETCHES
    assert cache.usable
    assert len(loaded) == len(TEXTS)
    assert all(isinstance(v, str) and v.startswith("q8:") for v in loaded)  # never a float
    exact = await vector_memory(make_memory)  # the whole space's vectors, exact
    sent: list[Any] = []
    read_candidates = retrieve_module.candidates

    async def spied_candidates(tx: Transaction, **params: Any) -> Any:
        sent.append(params["cached_ids"])
        return await read_candidates(tx, **params)

    monkeypatch.setattr(retrieve_module, "candidates", spied_candidates)
    await ranks_as_the_exact_vectors(reader, exact)
    assert sent  # each recall sent the cache's nearest
    assert all(ids for ids in sent)


async def ranks_as_the_exact_vectors(reader: MemorySystem, exact: MemorySystem) -> None:
    """The sketches' best is the exact cache's, every cosine within 0.02 of the exact one."""
    for query in ("note 3 on bread", "granite", "note 5 on tides"):
        approximate, truth = await with_cosines(reader, query), await with_cosines(exact, query)
        assert max(approximate, key=approximate.__getitem__) == max(truth, key=truth.__getitem__)
        for block_id, cosine in approximate.items():
            assert abs(cosine - truth[block_id]) < 0.02  # well within the sketch's bound


async def test_a_session_s_blocks_are_ranked_by_the_vectors_they_are_found_by(
    make_memory: MakeMemory,
) -> None:
    """In a session a block is found by its contextual vector, which leans on the block
    before it (§4.8); its `sketch` is of its own vector, for diversity. The cache ranks the
    sketch of the embedding, as the exact cache and the index rank the embedding."""
    writer = await vector_memory(make_memory)
    await writer.begin_session()
    await writer.learn_many(TEXTS)
    await writer.dream()
    reader = await sketched(make_memory)
    assert reader._retriever.vectors.kind == SKETCHES
    await ranks_as_the_exact_vectors(reader, await vector_memory(make_memory))


async def test_another_process_dream_is_caught_up_as_sketches(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    await filled(make_memory)
    reader = await sketched(make_memory)
    writer = await vector_memory(make_memory)
    await writer.learn("the zebra crossing was repainted")
    await writer.dream()
    asked = delta_kinds(monkeypatch)  # the reader's catch-ups (the writer caught up its own)
    first = await reader.recall("the zebra crossing was repainted", top_k=1)  # the index's
    second = await reader.recall("the zebra crossing was repainted", top_k=1)  # caught up
    assert asked == ["sketches"]
    assert [b.id for b in second] == [b.id for b in first]
    cache = reader._retriever.vectors
    assert cache.kind == SKETCHES
    assert cache.usable
    assert len(cache) == len(TEXTS) + 1


async def test_a_block_without_its_embedding_s_sketch_is_quantised_in_the_process(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """As a block dreamed before blocks kept the sketch of their embedding is."""
    await filled(make_memory)
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, content: 'note 4 on granite'}) REMOVE b.embedding_sketch",
        s=space,
    )
    reader = await sketched(make_memory)
    assert reader._retriever.vectors.usable
    found = await reader.recall("note 4 on granite", top_k=1)
    assert [b.content for b in found] == ["note 4 on granite"]


async def test_an_exact_cache_that_outgrows_its_vectors_keeps_sketches(
    make_memory: MakeMemory,
) -> None:
    await filled(make_memory)
    reader = await vector_memory(make_memory, cache_blocks=len(TEXTS), sketch_blocks=1_000)
    cache = reader._retriever.vectors
    assert cache.kind == "vectors"
    writer = await vector_memory(make_memory)
    await writer.learn_many(["the harbour crane lifts containers", "the ferry left at noon"])
    await writer.dream()
    await reader.recall("the ferry left at noon", top_k=1)  # the database's; behind
    found = await reader.recall("the ferry left at noon", top_k=1)  # caught up
    assert cache.kind == SKETCHES
    assert cache.usable
    assert len(cache) == len(TEXTS) + 2
    assert [b.content for b in found] == ["the ferry left at noon"]


async def test_past_the_sketches_the_vector_leg_asks_the_index(make_memory: MakeMemory) -> None:
    await filled(make_memory)
    reader = await sketched(make_memory, sketch_blocks=len(TEXTS) - 1)
    assert reader._retriever.vectors.words_only
    found = await reader.recall("note 1 on bread", top_k=1)
    assert [b.content for b in found] == ["note 1 on bread"]
