"""Read your writes (docs/BEHAVIOUR.md §7.7): a block learned a moment ago is found by the
keyword leg before any dream, marked pending, left out of frame()'s reinforcement, and
filed by dream as usual."""

from __future__ import annotations

import pytest

from elfgraph.store.database import Database
from tests.support.graph import block_props
from tests.support.memory import MakeMemory
from tests.support.recall_setup import QUERY, filled

pytestmark = pytest.mark.anyio


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
