"""Reading back (docs/BEHAVIOUR.md §7): read your writes, dream, recall order, frames, and
recall's errors, on both transports. The mock embedder maps a text to its own vector, so a
query that repeats a block's words finds it first on both legs."""

from __future__ import annotations

import pytest

from elfgraph.errors import BlockNotActiveError, FrameError
from elfgraph.protocol import Memory
from elfgraph.store.database import Database
from tests.support.graph import blocks_by_status, snapshot

pytestmark = pytest.mark.anyio

FACTS = [
    "the deploy script needs aws profile set",
    "the staging database is read-only on fridays",
    "grass is green in spring",
    "release notes are written on thursdays",
]


async def filed(memory: Memory) -> dict[str, str]:
    results = await memory.learn_many(FACTS)
    assert await memory.dream() is not None
    return {fact: r.block_id for fact, r in zip(FACTS, results, strict=True)}


async def test_a_block_learned_a_moment_ago_is_recalled_and_marked_pending(
    memory: Memory,
) -> None:
    learned = await memory.learn("The staging database password rotates every Friday")
    found = await memory.recall("when does the staging password rotate")
    assert [b.id for b in found] == [learned.block_id]
    (block,) = found
    assert (block.pending, block.status) == (True, "inbox")
    assert "(pending)" in block.summary
    assert memory.last_recall_block_ids == [learned.block_id]


async def test_dream_files_and_deduplicates_what_was_recalled_pending(
    memory: Memory, database: Database, space: str
) -> None:
    first = await memory.learn("Deploys happen on Tuesdays")
    assert (await memory.learn("Deploys happen on Tuesdays")).status == "duplicate_rejected"
    assert (await memory.recall("deploys tuesdays"))[0].pending
    other = await memory.learn("Rollbacks happen on Wednesdays")
    with pytest.raises(BlockNotActiveError) as caught:
        await memory.connect(first.block_id, other.block_id)
    assert "dream" in caught.value.recovery
    assert caught.value.block_id in (first.block_id, other.block_id)
    result = await memory.dream()
    assert result is not None
    assert result.promoted == 2
    assert await memory.dream() is None  # nothing left in the inbox
    assert await blocks_by_status(database, space) == {"active": {first.block_id, other.block_id}}
    (found,) = await memory.recall("deploys tuesdays", top_k=1)
    assert (found.id, found.pending) == (first.block_id, False)


async def test_the_block_that_matches_the_query_comes_first(memory: Memory) -> None:
    ids = await filed(memory)
    for fact, block in ids.items():
        found = await memory.recall(fact, top_k=2)
        assert found[0].id == block
        assert found[0].similarity == 1.0
        assert found[0].score >= found[1].score


async def test_recall_writes_nothing_and_frame_reinforces(
    memory: Memory, database: Database, space: str
) -> None:
    ids = await filed(memory)
    before = await snapshot(database, space)
    await memory.recall(FACTS[0])
    await memory.recall(None, frame="task")
    assert await snapshot(database, space) == before
    result = await memory.frame("attention", FACTS[1], top_k=2, ids=True)
    assert result.blocks[0].id == ids[FACTS[1]]
    assert f"[{ids[FACTS[1]][:8]}]" in result.text
    assert await snapshot(database, space) != before  # reinforced
    assert memory.last_recall_block_ids == [b.id for b in result.blocks]


async def test_an_empty_space_recalls_nothing(memory: Memory) -> None:
    assert await memory.recall("anything") == []
    assert await memory.recall(None) == []


@pytest.mark.parametrize(
    "query", ['say "hello', "MATCH (n) DETACH DELETE n //", "🙂", "x" * 10_000]
)
async def test_any_query_text_gives_results_never_a_driver_error(
    memory: Memory, query: str
) -> None:
    await filed(memory)
    assert len(await memory.recall(query, top_k=2)) == 2


async def test_bad_arguments_are_frame_errors(memory: Memory) -> None:
    with pytest.raises(FrameError) as caught:
        await memory.recall("x", frame="attentoin")
    assert "attention" in caught.value.recovery
    for top_k in (0, -1, 101, 2.5, True):
        with pytest.raises(FrameError, match="top_k"):
            await memory.recall("x", top_k=top_k)  # type: ignore[arg-type]
    with pytest.raises(FrameError, match="text or None"):
        await memory.recall(42)  # type: ignore[arg-type]
    with pytest.raises(FrameError):
        await memory.frame("nonsense", "x")
    assert [r.ok for r in memory.history(2)] == [False, False]
