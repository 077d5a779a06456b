"""The weighted degree kept on write (docs/BEHAVIOUR.md §9.2), the archive due time (§9.2),
the edges' due time (§9.3) and the space's edge count (§9.5) equal a recount after any
sequence of the writes that touch edges: dream's links and near-duplicate archive,
connect (new, reinforced, updated, retyped, displacing), disconnect, outcome, frame's
reinforcement of co-retrieved edges, curate's prune, decay and archive, and an export
imported as another space, merged into it, or that space dropped."""

from __future__ import annotations

import random
import uuid
from pathlib import Path
from typing import Any

import pytest

from elfgraph.errors import ElfgraphError, StorageError
from elfgraph.memory import MemorySystem
from elfgraph.portability.export import export_space
from elfgraph.portability.importing import import_space
from elfgraph.spaces.registry import drop_space, find_space
from elfgraph.store.database import Database
from tests.support.curate_setup import set_blocks, set_clock
from tests.support.embedders import VariantEmbedder
from tests.support.graph import (
    archive_due_drift,
    degree_drift,
    due_drift,
    edge_count_drift,
    graph,
    graph_write,
    recount_degrees,
)
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio


RELATIONS = ["similar", "supports", "elaborates", "co_occurs", "depends_on", "contradicts"]


async def active_ids(database: Database, space: str) -> list[str]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.status = 'active' RETURN b.id AS id ORDER BY id",
        s=space,
    )
    return [row["id"] for row in rows]


async def linked_pairs(database: Database, space: str) -> list[tuple[str, str]]:
    rows = await graph(
        database,
        "MATCH (a:Block {space: $s})-[]->(b:Block) RETURN a.id AS a, b.id AS b ORDER BY a, b",
        s=space,
    )
    return [(row["a"], row["b"]) for row in rows]


async def learn_and_dream(memory: MemorySystem, rng: random.Random, step: int) -> None:
    """New facts, some about the cluster (dream links them), and now and then the text of
    an earlier fact again (dream archives it as a near-duplicate, removing its edges)."""
    texts = [
        f"{'cluster ' if rng.random() < 0.6 else ''}fact {step}-{i} about topic {rng.randrange(9)}"
        for i in range(rng.randrange(1, 6))
    ]
    if step > 3 and rng.random() < 0.5:
        texts.append(f"cluster fact {rng.randrange(step)}-0 about topic {rng.randrange(9)}")
    if rng.random() < 0.5:
        texts.append(f"variant number {step}")
    await memory.learn_many(texts)
    await memory.dream()


async def curate_later(
    memory: MemorySystem, database: Database, space: str, rng: random.Random, hours: float
) -> float:
    """Move the clock on and age some blocks and edges, so curate prunes, decays and archives."""
    ids = await active_ids(database, space)
    await set_blocks(database, space, rng.sample(ids, len(ids) // 3), last_reinforced_at=0.0)
    await graph_write(
        database,
        "MATCH (a:Block {space: $s})-[r]->(:Block) WHERE rand() < 0.3 AND r.origin <> 'agent' "
        "SET r.last_active_hours = 0.0",
        s=space,
    )
    # A few weak automatic edges, as an older version's linking left them: the static prune.
    await graph_write(
        database,
        "MATCH (a:Block {space: $s})-[r]->(:Block) WHERE rand() < 0.2 AND r.origin <> 'agent' "
        "SET r.weight = 0.05, r.reinforcement_count = 0",
        s=space,
    )
    await recount_degrees(database, space)
    hours += rng.choice([50.0, 200.0, 400.0])
    await set_clock(database, space, hours)
    await memory.curate()
    return hours


# Every twelfth step, besides its write: this space's export imported as another space
# (publish), merged into it, or that space dropped, in this order.
COPIES = ["import", "merge", "drop", "import", "merge"]


async def copy_elsewhere(
    database: Database, space: str, other: str, folder: Path, action: str
) -> None:
    if action == "drop":
        await drop_space(database, other)
        return
    path = folder / f"{uuid.uuid4().hex}.jsonl"
    await export_space(database, space, path)
    await import_space(database, path, space=other, merge=action == "merge")


async def drifts(database: Database, space: str) -> list[list[dict[str, Any]]]:
    """What the kept values differ from a recount by: none expected."""
    return [
        await degree_drift(database, space),
        await due_drift(database, space),
        await archive_due_drift(database, space),
        await edge_count_drift(database, space),
    ]


async def test_the_kept_degree_equals_a_recount_after_random_writes(
    make_memory: MakeMemory, database: Database, space: str, tmp_path: Path
) -> None:
    memory = await make_memory(embedding_service=VariantEmbedder(spread=0.285))
    other = f"test-copy-{uuid.uuid4().hex[:10]}"
    try:
        await random_writes(memory, database, space, other, tmp_path)
    finally:
        await drop_space(database, other)


async def random_writes(
    memory: MemorySystem, database: Database, space: str, other: str, folder: Path
) -> None:
    rng = random.Random(18)
    hours = 0.0
    kinds: dict[str, int] = {}
    for step in range(70):
        ids = await active_ids(database, space)
        kind = (
            "learn"
            if len(ids) < 8
            else rng.choice(
                [
                    "learn",
                    "connect",
                    "connect",
                    "disconnect",
                    "outcome",
                    "outcome",
                    "frame",
                    "curate",
                ]
            )
        )
        kinds[kind] = kinds.get(kind, 0) + 1
        try:
            if kind == "learn":
                await learn_and_dream(memory, rng, step)
            elif kind == "connect":
                a, b = rng.choice(await linked_pairs(database, space) or [rng.sample(ids, 2)])
                if rng.random() < 0.5:
                    a, b = rng.sample(ids, 2)
                await memory.connect(
                    a,
                    b,
                    rng.choice(RELATIONS),
                    weight=rng.choice([None, round(rng.uniform(0.05, 1.0), 3)]),
                    if_exists=rng.choice(["reinforce", "update", "skip"]),
                )
            elif kind == "disconnect":
                await memory.disconnect(*rng.sample(ids, 2))
            elif kind == "outcome":
                await memory.outcome(rng.sample(ids, rng.randrange(2, 5)), rng.random())
            elif kind == "frame":
                async with memory.session("work"):
                    await memory.frame("attention", f"cluster fact about topic {rng.randrange(9)}")
                    await memory.frame("task", f"cluster topic {rng.randrange(9)}")
            else:
                hours = await curate_later(memory, database, space, rng, hours)
        except StorageError:
            raise  # a query the server rejected is a defect, not a refusal
        except ElfgraphError:
            pass  # a refused write (degree cap, archived block) changes nothing either
        assert await drifts(database, space) == [[], [], [], []], (step, kind)
        if step % 12 == 11:
            action = COPIES[step // 12]
            await copy_elsewhere(database, space, other, folder, action)
            assert await drifts(database, other) == [[], [], [], []], (step, action)
            assert (await find_space(database, other) is None) == (action == "drop")
    assert set(kinds) == {"learn", "connect", "disconnect", "outcome", "frame", "curate"}
    copied = await graph(database, "MATCH (s:Space {name: $s}) RETURN s.edge_count AS n", s=other)
    assert copied[0]["n"] > 0  # the copies carried edges
    degrees = await graph(
        database,
        "MATCH (b:Block {space: $s}) RETURN b.status AS status, b.weighted_degree AS degree",
        s=space,
    )
    assert any(row["degree"] > 0 for row in degrees)  # the sequence did build a graph
    assert all(row["degree"] == 0.0 for row in degrees if row["status"] == "archived")
    archived = await graph(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.status = 'archived' "
        "RETURN b.archive_reason AS reason, b.content STARTS WITH 'variant' AS variant",
        s=space,
    )
    assert {"decayed", "superseded"} <= {row["reason"] for row in archived}
    assert any(row["variant"] for row in archived)  # an active, linked block superseded
