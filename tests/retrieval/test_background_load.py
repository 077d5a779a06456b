"""A big space's recall caches load in the background (docs/BEHAVIOUR.md §7.2,
background_load_blocks): open returns before they are read, recall asks the database
meanwhile and answers as the cache will, and the loaded cache takes over whole. Here every
space counts as big (background_load_blocks 0) and the load waits for the test's signal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import anyio
import pytest

import elfgraph.retrieval.catch_up as catch_up_module
import elfgraph.retrieval.retriever as retriever_module
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.vector_cache import VectorCache
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory
from tests.support.settings import config

pytestmark = pytest.mark.anyio

TEXTS = [f"note {n} on {topic}" for n in range(6) for topic in ("tides", "bread", "granite")]
EMBEDDER = MockEmbeddingService()
QUERIES = ("note 3 on bread", "granite", "tides and bread")


class HeldLoad:
    """Background loads wait until `release()`; loads made while opening do not."""

    def __init__(self) -> None:
        self.released = anyio.Event()
        self.started = 0

    def release(self) -> None:
        self.released.set()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldLoad]:
    hold = HeldLoad()
    real = catch_up_module.catch_up

    async def waiting(
        database: Database, space: str, cache: VectorCache, *, offload: bool = False
    ) -> None:
        if offload:
            hold.started += 1
            await hold.released.wait()
        await real(database, space, cache, offload=offload)

    monkeypatch.setattr(retriever_module, "catch_up", waiting)
    yield hold
    hold.release()


async def opened(make_memory: MakeMemory, **settings: Any) -> MemorySystem:
    return await make_memory(
        embedding_service=EMBEDDER, config=config(background_load_blocks=0, **settings)
    )


async def filled(make_memory: MakeMemory) -> None:
    writer = await make_memory(embedding_service=EMBEDDER)
    await writer.learn_many(TEXTS)
    await writer.dream()


async def ranked(memory: MemorySystem, query: str) -> list[tuple[str, float]]:
    return [(b.id, b.score) for b in await memory.recall(query, top_k=8)]


def same_ranking(a: list[tuple[str, float]], b: list[tuple[str, float]]) -> bool:
    """The same blocks in the same order, their scores equal but for float32 rounding (the
    cache's products and the server's add in other orders)."""
    return [i for i, _ in a] == [i for i, _ in b] and all(
        s == pytest.approx(t, abs=1e-5) for (_, s), (_, t) in zip(a, b, strict=True)
    )


async def test_open_returns_before_the_load_and_recall_answers_as_the_cache_will(
    make_memory: MakeMemory, held: HeldLoad
) -> None:
    await filled(make_memory)
    # The vector leg alone: the keyword leg ranks by the space's own statistics once cached
    # (§7.2), by the shared index's before.
    reader = await opened(make_memory, retrieval_legs="vector")
    retriever = reader._retriever
    assert retriever.loading
    assert held.started == 1
    assert retriever.vectors.version is None  # nothing read yet: the database answers
    before = [await ranked(reader, q) for q in QUERIES]
    assert held.started == 1  # recalls during the load start no second one
    held.release()
    await retriever.loaded()
    assert not retriever.loading
    assert retriever.vectors.usable
    assert len(retriever.vectors) == len(TEXTS)
    for query, earlier in zip(QUERIES, before, strict=True):
        assert same_ranking(await ranked(reader, query), earlier)


async def test_a_dream_during_the_load_is_found_and_the_cache_catches_up(
    make_memory: MakeMemory, held: HeldLoad
) -> None:
    await filled(make_memory)
    reader = await opened(make_memory)
    await reader.learn("the zebra crossing was repainted")
    await reader.dream()
    held.release()
    await reader._retriever.loaded()
    found = await reader.recall("the zebra crossing was repainted", top_k=1)
    assert [b.content for b in found] == ["the zebra crossing was repainted"]
    again = await reader.recall("the zebra crossing was repainted", top_k=1)
    assert [b.id for b in again] == [b.id for b in found]
    assert reader._retriever.vectors.usable
    assert len(reader._retriever.vectors) == len(TEXTS) + 1


async def test_closing_during_the_load_stops_it(make_memory: MakeMemory, held: HeldLoad) -> None:
    await filled(make_memory)
    reader = await opened(make_memory)
    task = reader._retriever._loading
    assert task is not None
    assert not task.done()
    await reader.close()
    assert task.cancelled()
    assert reader._retriever.vectors.version is None


async def test_a_space_past_every_capacity_starts_no_load_again(
    make_memory: MakeMemory, held: HeldLoad
) -> None:
    await filled(make_memory)
    reader = await opened(
        make_memory, vector_cache_blocks=1, sketch_cache_blocks=0, keyword_cache_blocks=1
    )
    held.release()
    await reader._retriever.loaded()
    assert reader._retriever.vectors.too_big
    for query in QUERIES:
        assert await reader.recall(query)
    assert held.started == 1
    assert not reader._retriever.loading


async def test_a_small_space_loads_while_it_opens(make_memory: MakeMemory, held: HeldLoad) -> None:
    await filled(make_memory)
    reader = await make_memory(
        embedding_service=EMBEDDER, config=config(background_load_blocks=len(TEXTS))
    )
    assert held.started == 0
    assert not reader._retriever.loading
    assert reader._retriever.vectors.usable
