"""Curate's archive plan from the kept archive due time and the degree window
(docs/BEHAVIOUR.md §9.2) is exactly the plan from every active block, on a random graph
and at many clocks, while reading only the blocks that decayed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elfgraph.core.scoring import KEPT_ARCHIVE_THRESHOLD
from elfgraph.curation import archive_inputs
from elfgraph.curation.archive_inputs import due_plan, full_plan
from elfgraph.store.database import Database
from tests.support.graph import archive_due_drift, graph_write, recount_degrees

pytestmark = pytest.mark.anyio

BLOCKS = 300
LAMBDAS = [0.0, 0.0001, 0.001, 0.005, 0.01, 0.02, 0.05, None]


async def write_random_graph(database: Database, space: str, rng: random.Random) -> None:
    """Blocks with mixed decay rates, last reinforcements and statuses (an inbox block has
    none); edges with few distinct weights, so that degrees tie; then what the writers keep."""
    blocks = []
    for i in range(BLOCKS):
        status = rng.choice(["active"] * 8 + ["inbox", "archived"])
        blocks.append(
            {
                "id": f"{i:016x}",
                "status": status,
                "decay_lambda": rng.choice(LAMBDAS),
                "last": None if status == "inbox" else rng.choice([0.0, rng.uniform(0, 800)]),
            }
        )
    await graph_write(
        database,
        "UNWIND $rows AS row CREATE (b:Block {space: $s, id: row.id}) "
        "SET b.status = row.status, b.decay_lambda = row.decay_lambda, "
        "b.last_reinforced_at = row.last",
        s=space,
        rows=blocks,
    )
    active = [b["id"] for b in blocks if b["status"] == "active"]
    edges = []
    for _ in range(BLOCKS * 3):
        a, b = sorted(rng.sample(active, 2))
        edges.append(
            {
                "a": a,
                "b": b,
                "weight": rng.choice([0.2, 0.5, 0.5, 0.8]),
                "count": rng.choice([0, 0, 1, 4]),
            }
        )
    await graph_write(
        database,
        "UNWIND $rows AS row "
        "MATCH (a:Block {space: $s, id: row.a}), (b:Block {space: $s, id: row.b}) "
        "WHERE NOT (a)--(b) "
        "CREATE (a)-[r:SIMILAR]->(b) "
        "SET r.relation = 'similar', r.weight = row.weight, r.reinforcement_count = row.count",
        s=space,
        rows=edges,
    )
    await recount_degrees(database, space)


@pytest.mark.parametrize("first_reach", [0, archive_inputs.FIRST_REACH])
async def test_the_due_blocks_give_the_plan_of_every_active_block(
    database: Database, space: str, first_reach: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the first degree window as narrow as it gets (then widened), and as curate has it."""
    monkeypatch.setattr(archive_inputs, "FIRST_REACH", first_reach)
    await write_random_graph(database, space, random.Random(18))
    assert await archive_due_drift(database, space) == []
    archived_somewhere = kept_somewhere = 0
    for now in [0.0, 10.0, 100.0, 300.0, 400.0, 600.0, 900.0, 3_000.0, 30_000.0, 1e6]:
        common: dict[str, Any] = {"space": space, "now": now, "threshold": KEPT_ARCHIVE_THRESHOLD}
        due = await database.read(due_plan, **common)
        every = await database.read(full_plan, **common)
        assert due is not None, now  # the window decided every round's percentile
        assert due == every, now
        archived_somewhere += len(due.ids)
        kept_somewhere += due.bridges_kept
    assert archived_somewhere > 100  # the clocks did decay blocks
    assert kept_somewhere > 0  # and kept bridges
