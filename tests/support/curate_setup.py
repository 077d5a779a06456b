"""Set-ups for the curate tests: blocks through the API, then the clock, the blocks' ages
and the edges' anchors written straight into the graph (states that would take hundreds
of active hours to reach through sessions)."""

from __future__ import annotations

from typing import Any

from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.graph import edges_of, graph, graph_write, recount_degrees
from tests.support.memory import MakeMemory


async def active_blocks(
    make_memory: MakeMemory, texts: list[str], **options: Any
) -> tuple[MemorySystem, dict[str, str]]:
    """A MemorySystem whose space holds `texts` as active blocks (mock vectors: no edges);
    the dream also ran the space's first curate, at hour 0. Returns text → block id."""
    memory = await make_memory(**options)
    learned = await memory.learn_many(texts)
    await memory.dream()
    return memory, {text: r.block_id for text, r in zip(texts, learned, strict=True)}


async def set_clock(database: Database, space: str, hours: float) -> None:
    await graph_write(
        database, "MATCH (s:Space {name: $s}) SET s.total_active_hours = $h", s=space, h=hours
    )


async def set_blocks(database: Database, space: str, ids: list[str], **props: Any) -> None:
    """Set properties (last_reinforced_at, decay_lambda, confidence, …) on blocks."""
    await graph_write(
        database,
        "UNWIND $ids AS id MATCH (b:Block {space: $s, id: id}) SET b += $props",
        s=space,
        ids=ids,
        props=props,
    )
    await recount_degrees(database, space)  # a decay rate moves the edges' due time


async def link(
    database: Database,
    space: str,
    a: str,
    b: str,
    *,
    weight: float,
    count: int = 0,
    last_active: float | None = 0.0,
    origin: str = "similarity",
    relation: str = "similar",
) -> None:
    """A knowledge edge as the write paths store it: from the smaller id to the larger;
    `last_active=None` leaves it without an anchor (edges from before temporal decay existed)."""
    low, high = sorted((a, b))
    props: dict[str, Any] = {
        "relation": relation,
        "weight": weight,
        "origin": origin,
        "reinforcement_count": count,
        "created_at": "2026-01-01T00:00:00+00:00",
    }
    if last_active is not None:
        props["last_active_hours"] = last_active
    await graph_write(
        database,
        "MATCH (x:Block {space: $s, id: $a}), (y:Block {space: $s, id: $b}) "
        "CREATE (x)-[r:$($type)]->(y) SET r = $props",
        s=space,
        a=low,
        b=high,
        type=relation.upper(),
        props=props,
    )
    await recount_degrees(database, space)


async def pairs(database: Database, space: str) -> set[frozenset[str]]:
    return {frozenset((e["a"], e["b"])) for e in await edges_of(database, space)}


async def statuses(database: Database, space: str) -> dict[str, str]:
    rows = await graph(
        database, "MATCH (b:Block {space: $s}) RETURN b.id AS id, b.status AS status", s=space
    )
    return {r["id"]: r["status"] for r in rows}


async def space_props(database: Database, space: str) -> dict[str, Any]:
    (row,) = await graph(database, "MATCH (s:Space {name: $s}) RETURN s {.*} AS s", s=space)
    return dict(row["s"])
