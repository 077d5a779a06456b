"""Recall's vector cache on the real database (docs/BEHAVIOUR.md §7.2): it ranks as an exact
scan does, a dream by another process is found at once and then cached, archived blocks
leave it, a space replaced under the same name is never answered from the old one's
vectors, and a space past the cache's capacity is left to the index."""

from __future__ import annotations

from typing import Any

import pytest

import elfgraph.retrieval.catch_up as catch_up_module
from elfgraph.consolidation.repository.archive_blocks import archive_blocks
from elfgraph.memory import MemorySystem
from elfgraph.retrieval.repository.keyword_leg import keyword_leg
from elfgraph.retrieval.repository.vector_cache_rows import VectorCacheRowsRow
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction, single_statement
from tests.support.curate_setup import set_blocks, set_clock
from tests.support.graph import graph, graph_write
from tests.support.memory import MakeMemory
from tests.support.settings import config
from tests.support.vector_cache import EMBEDDER, TEXTS, delta_kinds, filled, vector_memory

pytestmark = pytest.mark.anyio


async def ranked(memory: MemorySystem, query: str) -> list[tuple[str, float]]:
    """The top 8 as (id, similarity), for comparing the cache's ranking with the scan's."""
    return [(b.id, round(b.similarity, 4)) for b in await memory.recall(query, top_k=8)]


async def test_recall_from_the_cache_ranks_as_the_exact_scan_does(
    make_memory: MakeMemory,
) -> None:
    await filled(make_memory)
    cached = await vector_memory(make_memory)
    uncached = await vector_memory(make_memory, cache_blocks=0)
    assert len(cached._retriever.vectors) == len(TEXTS)
    assert not uncached._retriever.vectors.usable
    for query in ("note 3 on bread", "granite", "tides and bread"):
        assert await ranked(cached, query) == await ranked(uncached, query)
    assert cached._retriever.vectors.usable


async def test_a_dream_in_another_process_is_found_at_once_then_cached(
    make_memory: MakeMemory,
) -> None:
    await filled(make_memory)
    reader = await vector_memory(make_memory)
    writer = await vector_memory(make_memory)
    await writer.learn("the zebra crossing was repainted")
    await writer.dream()
    # The cache is behind: the database says so in the same read and answers itself.
    first = await reader.recall("the zebra crossing was repainted", top_k=1)
    assert [b.content for b in first] == ["the zebra crossing was repainted"]
    assert reader._retriever.vectors.behind
    second = await reader.recall("the zebra crossing was repainted", top_k=1)
    assert [b.id for b in second] == [b.id for b in first]
    assert reader._retriever.vectors.usable
    assert len(reader._retriever.vectors) == len(TEXTS) + 1


async def test_a_dream_brings_its_own_process_s_cache_up_to_date_before_it_returns(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    writer = await filled(make_memory)  # opened warm: its cache was loaded (empty)
    cache = writer._retriever.vectors
    assert cache.usable
    assert len(cache) == len(TEXTS)  # caught up by the dream that filled the space
    await writer.learn("the zebra crossing was repainted")
    await writer.dream()
    assert cache.usable  # no recall in between
    assert len(cache) == len(TEXTS) + 1
    asked = delta_kinds(monkeypatch)
    found = await writer.recall("the zebra crossing was repainted", top_k=1)
    assert [b.content for b in found] == ["the zebra crossing was repainted"]
    assert asked == []  # the recall read nothing more
    assert writer._retriever.vectors is cache


async def test_a_dream_in_a_process_that_never_recalled_reads_no_cache(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    await filled(make_memory)
    asked = delta_kinds(monkeypatch)
    loads: list[str] = []
    read_space = catch_up_module._read_space

    async def counted(tx: Transaction, **params: Any) -> Any:
        loads.append(params["space"])
        return await read_space(tx, **params)

    monkeypatch.setattr(catch_up_module, "_read_space", counted)
    writer = await make_memory(embedding_service=EMBEDDER, warm=False)  # as the CLI's dream
    await writer.learn("the zebra crossing was repainted")
    await writer.dream()
    assert asked == []
    assert loads == []
    assert writer._retriever.vectors.version is None


async def test_an_archived_block_is_never_recalled_and_leaves_the_cache(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await filled(make_memory)
    reader = await vector_memory(make_memory)
    target = (await reader.recall("note 2 on tides", top_k=1))[0]
    await graph_write(  # as a curate in another process would
        database,
        "MATCH (b:Block {space: $s, id: $id}) SET b.status = 'archived'",
        s=space,
        id=target.id,
    )
    for query in ("note 2 on tides", "note 2 on tides"):
        ids = [b.id for b in await reader.recall(query, top_k=5)]
        assert target.id not in ids
        assert len(ids) == 5
    assert len(reader._retriever.vectors) == len(TEXTS) - 1


async def test_a_space_replaced_under_its_name_is_never_answered_from_the_old_vectors(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await filled(make_memory)
    reader = await vector_memory(make_memory)
    old_ids = {
        r["id"]
        for r in await graph(database, "MATCH (b:Block {space: $s}) RETURN b.id AS id", s=space)
    }
    await drop_space(database, space)
    writer = await vector_memory(make_memory)
    await writer.learn_many(["a fresh start", "another fresh note"])
    await writer.dream()
    for _ in range(2):  # the first read sees the new text_key, the second reloads
        ids = {b.id for b in await reader.recall("note 1 on bread", top_k=5)}
        assert ids
        assert not ids & old_ids
    assert len(reader._retriever.vectors) == 2


async def test_a_space_past_the_capacity_is_left_to_the_index(make_memory: MakeMemory) -> None:
    """Past the vectors' capacity the cache keeps the words alone (within the words'), past
    both nothing: either way the vector leg asks the index and finds the block."""
    await filled(make_memory)
    words = await vector_memory(make_memory, cache_blocks=len(TEXTS) - 1)
    cache = words._retriever.vectors
    assert cache.words_only
    assert not cache.usable
    assert cache.keywords_usable
    assert len(cache.keywords) == len(TEXTS)
    nothing = await vector_memory(make_memory, len(TEXTS) - 1, word_blocks=len(TEXTS) - 1)
    assert nothing._retriever.vectors.too_big
    for small in (words, nothing):
        assert [b.content for b in await small.recall("note 4 on granite", top_k=1)] == [
            "note 4 on granite"
        ]


async def test_a_space_of_many_pages_loads_whole_and_ranks_as_the_scan_does(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The full read comes in pages (catch_up.LOAD_PAGE): 18 blocks in pages of 4 and of 6
    (the last one full, so one more, empty page ends it) hold every block, vector and text."""
    await filled(make_memory)
    uncached = await vector_memory(make_memory, cache_blocks=0)
    for page in (4, 6):
        monkeypatch.setattr(catch_up_module, "LOAD_PAGE", page)
        paged = await vector_memory(make_memory)
        cache = paged._retriever.vectors
        assert len(cache) == len(TEXTS)
        assert cache.keywords_usable
        assert len(cache.keywords) == len(TEXTS)
        for query in ("note 3 on bread", "granite", "note 5 on tides"):
            assert await ranked(paged, query) == await ranked(uncached, query)


async def test_a_large_catch_up_comes_in_pages(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past a page, a catch-up reads the new blocks' ids first, then their vectors and texts
    page by page (catch_up.LOAD_PAGE), and extends the cache once."""
    await filled(make_memory)
    reader = await vector_memory(make_memory)
    writer = await vector_memory(make_memory)
    uncached = await vector_memory(make_memory, cache_blocks=0)
    monkeypatch.setattr(catch_up_module, "LOAD_PAGE", 3)
    pages: list[int] = []
    read_rows = catch_up_module.vector_cache_rows

    @single_statement
    async def counted(
        tx: Transaction, *, space: str, ids: list[str], vectors: str = "vectors"
    ) -> VectorCacheRowsRow:
        pages.append(len(ids))
        return await read_rows(tx, space=space, ids=ids, vectors=vectors)

    new = [f"report {n} on the harbour crane" for n in range(8)]
    await writer.learn_many(new)
    await writer.dream()  # the writer's own cache caught up as the dream's last step
    monkeypatch.setattr(catch_up_module, "vector_cache_rows", counted)  # the reader's pages
    await reader.recall("harbour crane", top_k=1)  # from the database; the cache is behind
    await reader.recall("harbour crane", top_k=1)  # caught up: 8 blocks in pages of 3
    assert pages == [3, 3, 2]
    cache = reader._retriever.vectors
    assert cache.usable
    assert len(cache) == len(TEXTS) + len(new)
    assert len(cache.keywords) == len(TEXTS) + len(new)
    for query in ("report 5 on the harbour crane", "harbour", "note 2 on tides"):
        assert await ranked(reader, query) == await ranked(uncached, query)


async def test_a_space_of_words_alone_catches_up_without_reading_vectors(
    make_memory: MakeMemory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past vector_cache_blocks (and with no sketches) the cache keeps the words alone: it
    loads and catches up without vectors, and recall's keyword leg ranks from it once it is
    current."""
    await filled(make_memory)
    reader = await make_memory(
        embedding_service=EMBEDDER, config=config(vector_cache_blocks=1, sketch_cache_blocks=0)
    )
    cache = reader._retriever.vectors
    assert cache.words_only
    assert len(cache.keywords) == len(TEXTS)
    assert len(cache) == len(TEXTS)
    searched: list[list[str]] = []
    search = cache.keywords.search

    def counted(query: list[str], n: int) -> tuple[list[str], list[float]]:
        searched.append(query)
        return search(query, n)

    monkeypatch.setattr(cache.keywords, "search", counted)
    writer = await vector_memory(make_memory)
    await writer.learn_many(["the harbour crane lifts containers"])
    await writer.dream()
    asked = delta_kinds(monkeypatch)  # the reader's catch-ups (the writer caught up its own)
    # The cache's words are sent, the database sees they are behind: the index's scores.
    await reader.recall("harbour crane", top_k=1)
    assert cache.behind
    searched.clear()
    found = await reader.recall("harbour crane", top_k=1)  # caught up, without vectors
    assert asked == ["words"]
    assert searched  # the keyword leg ranked in the process
    assert found[0].content == "the harbour crane lifts containers"
    assert found[0].id in cache.keywords
    assert cache.words_only


async def test_the_warm_up_query_holds_a_word_of_the_space_cached_or_not(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    """So the warm-up sends the keyword leg's hits as a list a recall's size, as a recall
    does (an empty list, or one of another size, is planned again at the first recall):
    from the cached words, and from a few of the space's blocks when no cache holds them
    (a space past the caches, whose legs are asked of the server at once)."""
    await filled(make_memory)
    reader = await make_memory(embedding_service=EMBEDDER, config=config(vector_cache_blocks=1))
    retriever = reader._retriever
    text = await retriever._warm_text()
    word = text.split()[-1]
    assert text.startswith("warm up the retrieval query plans ")
    assert retriever.vectors.keywords.search([word], 20)[0]
    uncached = config(vector_cache_blocks=0, keyword_cache=False, sketch_cache_blocks=0)
    cold = await make_memory(embedding_service=EMBEDDER, config=uncached)
    assert not cold._retriever.vectors.keywords_usable
    # "note" is in every block of the space: the word most of them share.
    assert await cold._retriever._warm_text() == "warm up the retrieval query plans note"
    hits = await database.read(
        keyword_leg, space=space, terms="note", k=20, text_fetch=50, self_only=False
    )
    assert hits is not None
    assert len(hits["ids"]) == len(TEXTS)
    empty = await make_memory(f"{space}-empty", embedding_service=EMBEDDER, config=uncached)
    assert await empty._retriever._warm_text() == "warm up the retrieval query plans"


async def test_blocks_archived_elsewhere_leave_the_cache_at_its_next_catch_up(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Curate's archive (and dream's, of an active block) gives the archived blocks a new
    vector epoch: the cache forgets them all in its catch-up, not one recall at a time."""
    await filled(make_memory)
    rows = await graph(
        database, "MATCH (b:Block {space: $s}) RETURN b.id AS id, b.content AS text", s=space
    )
    decayed = [r["id"] for r in rows if r["text"].startswith("note 1 ")]
    superseded = next(r["id"] for r in rows if r["text"] == "note 2 on bread")
    await set_blocks(database, space, [r["id"] for r in rows], last_reinforced_at=1_000.0)
    await set_blocks(database, space, decayed, decay_lambda=0.05, last_reinforced_at=0.0)
    await set_clock(database, space, 1_000.0)
    reader = await vector_memory(make_memory)
    cache = reader._retriever.vectors
    forgotten: list[list[str]] = []
    forget = cache.forget
    monkeypatch.setattr(cache, "forget", lambda ids: (forgotten.append(list(ids)), forget(ids)))
    writer = await vector_memory(make_memory)
    assert (await writer.curate()).archived == len(decayed)
    await database.write(
        archive_blocks,
        space=space,
        rows=[{"id": superseded, "by": None}],
        reason="test",
        archived_at="2026-11-27T00:00:00Z",
    )
    await reader.recall("note 3 on tides", top_k=1)  # the database's answer: behind
    assert cache.behind
    await reader.recall("note 3 on tides", top_k=1)  # caught up
    gone = {*decayed, superseded}
    assert gone <= set(next(ids for ids in forgotten if ids))  # all in the catch-up's one call
    assert len(cache) == len(TEXTS) - len(gone)
    assert not any(block_id in cache.keywords for block_id in gone)
