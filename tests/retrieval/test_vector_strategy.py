"""The vector leg's two ways (docs/BEHAVIOUR.md §7.2): an exact scan of the space or the
shared index; a scan teaches the space's size; both find the same nearest blocks, of this
space only."""

from __future__ import annotations

import pytest

from elfgraph import MemoryConfig, MockEmbeddingService
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.ranking import Ranked
from elfgraph.retrieval.repository.candidates import CandidatesRow
from elfgraph.retrieval.retrieve import check_query, retrieve
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory
from tests.support.recall_setup import candidates_row

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


async def vector_leg(
    database: Database, space: str, embedder: MockEmbeddingService, scan_below: int
) -> CandidatesRow:
    """The candidates read's vector leg alone: the index asked for 60 answers, k 20."""
    query_vector = embedder.vector(QUESTION).tolist()
    return await candidates_row(
        database, space, query_vector, k=20, fetch=60, scan_below=scan_below
    )


async def test_an_index_answer_is_scanned_only_below_the_callers_bar(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    embedder, ours = await dreamed(make_memory)
    kept = await vector_leg(database, space, embedder, scan_below=1)
    assert kept["compared"] == 0  # the index found the question's own block: kept as it is
    assert 1 <= len(kept["vector_ids"]) == min(20, kept["fetched_in_space"])
    assert set(kept["vector_ids"]) <= ours

    scanned = await vector_leg(database, space, embedder, scan_below=len(TEXTS) + 1)
    assert scanned["compared"] == len(TEXTS)  # no answer can hold 41 of 40 blocks: a scan
    assert len(scanned["vector_ids"]) == 20
    assert set(scanned["vector_ids"]) <= ours
    assert scanned["vector_ids"][0] == kept["vector_ids"][0]  # the question's own block
