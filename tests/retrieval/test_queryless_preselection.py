"""Queryless frames pre-select through three index orders (most recently reinforced, most
reinforced, most confident) instead of scoring the whole space: in a space many times the
pool, the strongest blocks still come back, and never another space's."""

from __future__ import annotations

import pytest

from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio

STRONG = {
    "recent": {"last_reinforced_at": 1000.0},
    "reinforced": {"reinforcement_count": 45},
    "confident": {"confidence": 0.99},
}


async def strengthen(database: Database, space: str, content: str, props: dict[str, float]) -> None:
    await graph_write(
        database,
        "MATCH (b:Block {space: $s, content: $c}) SET b += $props",
        s=space,
        c=content,
        props=props,
    )


async def test_queryless_recall_finds_each_kind_of_strong_block_in_a_big_space(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    memory = await make_memory()
    other_space = f"{space}-other"
    other = await make_memory(other_space)
    try:
        await memory.learn_many([f"ordinary fact {i}" for i in range(60)] + list(STRONG))
        await memory.dream()
        await other.learn_many([f"intruder {kind}" for kind in STRONG])
        await other.dream()
        for kind, props in STRONG.items():
            await strengthen(database, space, kind, props)
        await graph_write(  # the other space's blocks are stronger on every count
            database,
            "MATCH (b:Block {space: $s}) SET b.last_reinforced_at = 2000.0, "
            "b.reinforcement_count = 50, b.confidence = 1.0",
            s=other_space,
        )
        for frame in ("attention", "task"):
            found = await memory.recall(None, top_k=1, frame=frame)  # a pool of 8 of 63
            assert len(found) == 1
            assert found[0].content in STRONG
        contents = {b.content for b in await memory.recall(None, top_k=3)}
        assert contents <= {f"ordinary fact {i}" for i in range(60)} | set(STRONG)
        assert contents & set(STRONG)
    finally:
        await drop_space(database, other_space)
