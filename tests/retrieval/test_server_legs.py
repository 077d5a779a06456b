"""Both legs asked of the server at once (elfgraph/retrieval/server_legs.py, BEHAVIOUR §7.2):
for a space whose legs are not ranked in the process, the vector index and the full-text
index answer in two reads at once, and the candidates read takes their seeds. The result is
the one the single read gives; inbox blocks are still found; and a dream between the legs
and the candidates read is not missed."""

from __future__ import annotations

from typing import Any

import pytest

from elfgraph import MemoryConfig, MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.retrieval import retrieve as retrieve_module
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.ranking import Ranked
from elfgraph.retrieval.retrieve import check_query, retrieve
from elfgraph.retrieval.server_legs import ServerLegs
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory
from tests.support.reads import recorded_reads

pytestmark = pytest.mark.anyio

TEXTS = [
    f"note {i}: the {plant} by the {place} needs {care}"
    for i, (plant, place, care) in enumerate(
        (plant, place, care)
        for plant in ("rose", "fern", "tulip", "ivy")
        for place in ("gate", "pond", "shed")
        for care in ("water", "shade", "pruning")
    )
]
QUESTION = "which fern by the pond needs shade"
ANSWER = "note 13: the fern by the pond needs shade"
NEWCOMER = "which fern by the pond needs shade: the tall one"
NEVER = 10**12  # concurrent_legs_blocks above any space


def config(*, at_once: bool) -> MemoryConfig:
    """Both legs at once for any space, or never."""
    return MemoryConfig(concurrent_legs_blocks=0 if at_once else NEVER)


async def dreamed(make_memory: MakeMemory) -> tuple[MemorySystem, MockEmbeddingService]:
    # The mock's vectors are unrelated unless pinned: the question is near its answer, and
    # nearer still to the block the race test learns.
    embedder = MockEmbeddingService(
        similarities={(QUESTION, ANSWER): 0.8, (QUESTION, NEWCOMER): 0.95}
    )
    memory = await make_memory(embedding_service=embedder)
    await memory.learn_many(TEXTS)
    await memory.dream()
    return memory, embedder


async def ranked(
    database: Database,
    space: str,
    embedder: MockEmbeddingService,
    *,
    at_once: bool,
    question: str = QUESTION,
) -> Ranked:
    """A recall as a space with no cache makes it, taken to be too big to scan: the indexes
    are asked (a short answer of the vector index still falls back to a scan)."""
    return await retrieve(
        database,
        space,
        check_query("attention", question, 5),
        embedder=embedder,
        config=config(at_once=at_once),
        now_hours=None,
        share=IndexShare(1.0, active=1_000_000),
    )


def same_ranking(one: Ranked, other: Ranked) -> bool:
    """The same blocks in the same order, with the same scores but for the last digits (the
    full-text index's statistics move a little when Lucene merges its segments)."""
    return [b.id for b in one.blocks] == [b.id for b in other.blocks] and [
        b.score for b in one.blocks
    ] == pytest.approx([b.score for b in other.blocks], rel=1e-4)


async def test_the_legs_asked_at_once_rank_as_the_single_read(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    _, embedder = await dreamed(make_memory)
    with recorded_reads(database) as reads:
        at_once = await ranked(database, space, embedder, at_once=True)
    assert sorted(reads) == ["candidates", "keyword_leg", "vector_leg"]
    with recorded_reads(database) as reads:
        single = await ranked(database, space, embedder, at_once=False)
    assert reads == ["candidates"]
    assert same_ranking(at_once, single)
    assert at_once.cosines == pytest.approx(single.cosines)
    assert at_once.blocks[0].content == ANSWER


async def test_inbox_blocks_are_found_beside_the_legs(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory, embedder = await dreamed(make_memory)
    waiting = await memory.learn("The fern by the pond wants misting.")
    for at_once in (True, False):
        result = await ranked(database, space, embedder, at_once=at_once, question="misting")
        assert result.blocks[0].id == waiting.block_id
        assert result.blocks[0].pending


async def test_a_dream_between_the_legs_and_the_candidates_read_is_not_missed(
    make_memory: MakeMemory, database: Database, space: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory, embedder = await dreamed(make_memory)
    asked = retrieve_module.server_legs

    async def then_a_dream(*args: Any, **kwargs: Any) -> ServerLegs | None:
        seeds = await asked(*args, **kwargs)
        await memory.learn(NEWCOMER)
        await memory.dream()  # a new vector epoch: the seeds no longer hold every block
        return seeds

    monkeypatch.setattr(retrieve_module, "server_legs", then_a_dream)
    raced = await ranked(database, space, embedder, at_once=True)
    assert NEWCOMER in [b.content for b in raced.blocks]
    monkeypatch.setattr(retrieve_module, "server_legs", asked)
    assert same_ranking(raced, await ranked(database, space, embedder, at_once=False))
