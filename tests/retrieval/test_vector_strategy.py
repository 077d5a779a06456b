"""The vector leg's two ways (docs/BEHAVIOUR.md §7.2): an exact scan of the space or the
shared index; a scan teaches the space's size; both find the same nearest blocks, of this
space only."""

from __future__ import annotations

import pytest

from elfgraph import MemoryConfig, MockEmbeddingService
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.ranking import Ranked
from elfgraph.retrieval.retrieve import check_query, retrieve
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

TEXTS = [f"note {i}: the {word} in the garden" for i, word in enumerate(["rose", "fern"] * 20)]
QUESTION = "note 7: the fern in the garden"


async def ranked(
    database: Database, space: str, embedder: MockEmbeddingService, share: IndexShare, k: int
) -> Ranked:
    return await retrieve(
        database,
        space,
        check_query("attention", QUESTION, k),
        embedder=embedder,
        config=MemoryConfig(),
        now_hours=None,
        share=share,
    )


async def dreamed(make_memory: MakeMemory) -> tuple[MockEmbeddingService, set[str]]:
    """The space with TEXTS dreamed, its embedder and its block ids."""
    embedder = MockEmbeddingService()
    memory = await make_memory(embedding_service=embedder)
    await memory.learn_many(TEXTS)
    await memory.dream()
    return embedder, {b.id for b in await memory.recall(None, top_k=40)}


async def test_the_scan_and_the_index_agree(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder, ours = await dreamed(make_memory)
    assert len(ours) == len(TEXTS)

    scanned_share = IndexShare(1.0, active=len(TEXTS))  # 40 blocks: cheaper to scan
    assert scanned_share.exact(20)
    scanned = await ranked(database, space, embedder, scanned_share, 5)
    indexed_share = IndexShare(1.0)  # size unknown: the index first
    assert not indexed_share.exact(20)
    indexed = await ranked(database, space, embedder, indexed_share, 5)

    for result in (scanned, indexed):
        assert {b.id for b in result.blocks} <= ours
        assert set(result.cosines) <= ours
    assert scanned.blocks[0].id == indexed.blocks[0].id
    assert scanned.blocks[0].content == QUESTION
    for block_id in set(scanned.cosines) & set(indexed.cosines):  # the index's are approximate
        assert scanned.cosines[block_id] == pytest.approx(indexed.cosines[block_id], abs=0.02)
    assert scanned_share.active == len(TEXTS)  # the scan counted the space


async def test_a_short_index_answer_falls_back_to_a_scan_that_learns_the_size(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder, _ = await dreamed(make_memory)
    share = IndexShare(1.0)
    # top_k 20 asks for 80 seeds: the space holds 40, so the index cannot give enough.
    result = await ranked(database, space, embedder, share, 20)
    assert len(result.blocks) == 20
    assert share.active == len(TEXTS)
    assert share.exact(80)  # from now on this small space is scanned
