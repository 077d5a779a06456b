"""Read your writes (docs/BEHAVIOUR.md §7.7): a block learned a moment ago is found by the
keyword leg before any dream, marked pending, left out of frame()'s reinforcement, and
filed by dream as usual."""

from __future__ import annotations

import pytest

from elfgraph.errors import BlockNotActiveError
from elfgraph.store.database import Database
from tests.support.graph import block_props, blocks_by_status
from tests.support.memory import MakeMemory
from tests.support.recall_setup import QUERY, filled

pytestmark = pytest.mark.anyio


async def test_a_block_learned_a_moment_ago_is_recalled_and_marked_pending(
    make_memory: MakeMemory,
) -> None:
    memory = await make_memory()
    learned = await memory.learn("The staging database password rotates every Friday")
    found = await memory.recall("when does the staging password rotate")
    assert [b.id for b in found] == [learned.block_id]
    (block,) = found
    assert (block.pending, block.status) == (True, "inbox")
    assert block.to_dict()["pending"] is True
    assert "(pending)" in block.summary
    assert (block.centrality, block.reinforcement) == (0.0, 0.0)


async def test_frame_shows_pending_blocks_but_reinforces_only_active_ones(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await filled(make_memory, {"the lighthouse is on the northern cliff": 0.9})
    (active_id,) = [b.id for b in await memory.recall(QUERY)]
    learned = await memory.learn("The lighthouse keeper is called Morag")
    before = await block_props(database, space, learned.block_id)
    count = (await block_props(database, space, active_id))["reinforcement_count"]
    result = await memory.frame("attention", "lighthouse keeper", top_k=5)
    assert {b.id for b in result.blocks} == {learned.block_id, active_id}
    assert "Morag" in result.text
    after = await block_props(database, space, learned.block_id)
    assert after == before  # not reinforced, still in the inbox
    assert (await block_props(database, space, active_id))["reinforcement_count"] == count + 1


async def test_a_pending_block_never_takes_the_place_of_a_clearly_better_active_one(
    make_memory: MakeMemory,
) -> None:
    memory = await filled(
        make_memory, {"where is the lighthouse: on the northern cliff": 0.97, "bread": 0.1}
    )
    await memory.learn("lighthouse")  # a keyword match, and nothing more
    (best,) = await memory.recall(QUERY, top_k=1)
    assert not best.pending
    assert best.content.startswith("where is the lighthouse")
    assert any(b.pending for b in await memory.recall(QUERY, top_k=3))  # a free place


async def test_dream_still_files_and_deduplicates_what_was_recalled_pending(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    first = await memory.learn("Deploys happen on Tuesdays")
    again = await memory.learn("Deploys happen on Tuesdays")
    assert again.status == "duplicate_rejected"
    assert (await memory.recall("deploys tuesdays"))[0].pending
    other = await memory.learn("Rollbacks happen on Wednesdays")
    with pytest.raises(BlockNotActiveError) as caught:
        await memory.connect(first.block_id, other.block_id)
    assert "dream" in caught.value.recovery
    await memory.dream()
    assert await blocks_by_status(database, space) == {"active": {first.block_id, other.block_id}}
    (found,) = await memory.recall("deploys tuesdays", top_k=1)
    assert (found.id, found.pending) == (first.block_id, False)


async def test_connect_by_query_only_matches_active_blocks(make_memory: MakeMemory) -> None:
    memory = await make_memory()
    await memory.learn("pending words only")
    result = await memory.connect_by_query("pending words", "only", dry_run=True)
    assert result.action == "insufficient_confidence"
    assert result.source_id is None
