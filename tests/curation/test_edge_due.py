"""Curate's edge plan from the kept due time (docs/BEHAVIOUR.md §9.3) selects exactly the
edges that the full scan of every edge selects, on a random graph and at many clocks,
while reading only the blocks that are due."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.scoring import EDGE_DECAY_FACTOR, ESTABLISHED_EDGE_COUNT, KEPT_DUE_THRESHOLD
from elfgraph.curation.repository.edges_due import edges_due
from elfgraph.curation.repository.edges_to_remove import edges_to_remove
from elfgraph.curation.run import curate_space
from elfgraph.spaces.registry import open_space
from elfgraph.store.database import Database
from tests.support.graph import due_drift, graph, graph_write, recount_degrees

pytestmark = pytest.mark.anyio

BLOCKS = 240
LAMBDAS = [0.0001, 0.001, 0.005, 0.01, 0.02, 0.05, None]


def random_graph(rng: random.Random) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Blocks with mixed decay rates and statuses; edges of every kind curate meets: weak,
    agent, without an anchor, established, anchored anywhere from hour 0 to 600."""
    blocks = [
        {
            "id": f"{i:016x}",
            "status": rng.choice(["active"] * 9 + ["inbox"]),
            "decay_lambda": rng.choice(LAMBDAS),
        }
        for i in range(BLOCKS)
    ]
    edges = []
    for _ in range(BLOCKS * 4):
        a, b = sorted(rng.sample(range(BLOCKS), 2))
        props: dict[str, Any] = {
            "weight": rng.choice([0.05, 0.09, 0.1, 0.11, rng.uniform(0.1, 1.0)]),
            "reinforcement_count": rng.choice([0, 0, 1, 3, 9, 10, 14]),
            "origin": rng.choice(["similarity"] * 6 + ["agent", "outcome", "session"]),
        }
        if rng.random() < 0.9:
            props["last_active_hours"] = rng.uniform(0.0, 600.0)
        edges.append({"a": f"{a:016x}", "b": f"{b:016x}", "props": props})
    return blocks, edges


async def write_graph(
    database: Database, space: str, blocks: list[dict[str, Any]], edges: list[dict[str, Any]]
) -> None:
    """The graph straight in the database, then what every writer of edges leaves."""
    await graph_write(
        database,
        "UNWIND $rows AS row CREATE (b:Block {space: $s, id: row.id}) "
        "SET b.status = row.status, b.decay_lambda = row.decay_lambda",
        s=space,
        rows=blocks,
    )
    await graph_write(
        database,
        "UNWIND $rows AS row "
        "MATCH (a:Block {space: $s, id: row.a}), (b:Block {space: $s, id: row.b}) "
        "CREATE (a)-[r:SIMILAR]->(b) SET r = row.props, r.relation = 'similar'",
        s=space,
        rows=edges,
    )
    await recount_degrees(database, space)


async def both_plans(database: Database, space: str, now: float) -> tuple[Any, Any]:
    common = {
        "space": space,
        "now": now,
        "threshold": KEPT_DUE_THRESHOLD,
        "edge_factor": EDGE_DECAY_FACTOR,
        "established": ESTABLISHED_EDGE_COUNT,
    }
    due = await database.read(edges_due, **common)
    every = await database.read(edges_to_remove, **common, max_fraction=1.0)
    return due, every


async def test_the_due_blocks_give_the_plan_of_the_full_scan(
    database: Database, space: str
) -> None:
    blocks, edges = random_graph(random.Random(18))
    await write_graph(database, space, blocks, edges)
    assert await due_drift(database, space) == []
    selected = 0
    for now in [0.0, 1.0, 50.0, 150.0, 300.0, 450.0, 600.0, 900.0, 2_000.0, 10_000.0, 1e6]:
        due, every = await both_plans(database, space, now)
        assert sorted(due["weak_pairs"]) == sorted(every["weak_pairs"]), now
        assert due["decay_pairs"] == every["decay_pairs"], now
        selected += len(due["decay_pairs"])
        if 50.0 <= now <= 900.0:
            assert 0 < len(due["due_ids"]) < BLOCKS  # it read some blocks, not all
    assert selected > 100  # the clocks did decay edges


async def test_a_run_leaves_no_block_due_that_has_nothing_due(
    database: Database, space: str
) -> None:
    """After the edge phases' re-check, the due blocks whose edges were used meanwhile get
    their due time recounted, so the next run does not read them again."""
    blocks, edges = random_graph(random.Random(7))
    for block in blocks:
        block["status"] = "active"
    await open_space(database, space)
    await write_graph(database, space, blocks, edges)
    # Every anchored edge used at hour 500 without a recount: the kept due times are now
    # early (a use moves an anchor on, which only ever makes an edge due later).
    await graph_write(
        database,
        "MATCH (:Block {space: $s})-[r]->(:Block) WHERE r.last_active_hours IS NOT NULL "
        "SET r.last_active_hours = 500.0",
        s=space,
    )
    await graph_write(
        database, "MATCH (s:Space {name: $s}) SET s.total_active_hours = 450.0", s=space
    )
    result = await curate_space(database, space, config=MemoryConfig())
    assert result.edges_pruned + result.edges_decayed > 0
    # Blocks not yet due keep their early due time until they are: harmless, re-checked.
    assert all(row["kept"] > 450.0 for row in await due_drift(database, space))
    due, every = await both_plans(database, space, 450.0)
    assert due["decay_pairs"] == every["decay_pairs"] == []
    early = await graph(
        database,
        "MATCH (x:Block {space: $s}) WHERE x.edge_due_hours <= 450.0 RETURN count(x) AS n",
        s=space,
    )
    assert early == [{"n": 0}]
