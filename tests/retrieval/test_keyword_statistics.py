"""A space's keyword leg ranks by the space's own statistics (docs/BEHAVIOUR.md §7.2): another
space in the same database whose texts say one of the query's words far more often does not
change the order of this space's blocks. The full-text index's own scores
(`keyword_cache=False`) do change it: one index holds every space, and Lucene weighs a word
by how rare it is in all of them."""

from __future__ import annotations

import uuid

import pytest

from elfgraph import ElfgraphConfig, MemoryConfig
from elfgraph.memory import MemorySystem
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

# Two words of this run only (letters, so each is one term): no other space of the
# database, and no dropped one whose deleted blocks Lucene still counts, says either.
_RUN = "".join(chr(ord("a") + int(c, 16)) for c in uuid.uuid4().hex[:8])
RED, CAR = f"zorb{_RUN}", f"quil{_RUN}"
QUERY = f"{RED} {CAR}"
OURS = [f"{RED}, {RED}, {RED} paint on the fence.", f"The {CAR} needs a wash.", "A blue sky."]
# Alone, the two words are equally rare and the fence says the first three times; beside
# this crowd the first is in nearly every block of the index and the second in one.
CROWD = [f"{RED} paint note {i}" for i in range(300)]


def keyword_only(*, cache: bool = True) -> ElfgraphConfig:
    return ElfgraphConfig(memory=MemoryConfig(retrieval_legs="keyword", keyword_cache=cache))


async def order(memory: MemorySystem) -> list[str]:
    return [b.content for b in await memory.recall(QUERY, top_k=3)]


async def test_another_space_does_not_reorder_this_ones_keyword_hits(
    make_memory: MakeMemory, database: Database
) -> None:
    ours = await make_memory(config=keyword_only())
    await ours.learn_many(OURS)
    await ours.dream()
    alone = await order(ours)
    assert alone == OURS[:2]
    assert await order(await make_memory(config=keyword_only(cache=False))) == alone
    crowd_space = f"test-crowd-{uuid.uuid4().hex[:8]}"
    try:
        crowd = await make_memory(crowd_space)
        await crowd.learn_many(CROWD)
        await crowd.dream()
        assert await order(ours) == alone  # the cache that was loaded before the crowd
        assert await order(await make_memory(config=keyword_only())) == alone  # a fresh one
        # The shared full-text index's own scores: the crowd's statistics decide.
        shared = await order(await make_memory(config=keyword_only(cache=False)))
        assert shared == list(reversed(alone))
    finally:
        await drop_space(database, crowd_space)
