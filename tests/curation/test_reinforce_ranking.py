"""Curate's reinforcement picks the top blocks by the queryless SELF score over every active
block (docs/BEHAVIOUR.md §9.4), whether it reads the scores' properties from the
block_self_rank index (every active block has them) or from every block (one lacks one)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from elfgraph.core.scoring import (
    COLD_START_CENTRALITY,
    COLD_START_RECENCY,
    SELF_WEIGHTS,
    Components,
    centralities,
    composite,
    recency,
    reinforcement,
)
from elfgraph.curation.phases import CONSTITUTIONAL_TAG, reinforce_weights
from elfgraph.curation.repository.reinforce_curated import reinforce_curated
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction
from tests.support.graph import graph, graph_write

pytestmark = pytest.mark.anyio

NOW = 300.0
TOP_N = 5
WEIGHTS = SELF_WEIGHTS.without_similarity()


async def write_blocks(database: Database, space: str, rng: random.Random) -> None:
    """Active blocks with every property of the score spread out (so that no two scores
    tie), a few constitutional ones, and inbox and archived blocks that never rank."""
    rows = []
    for i in range(80):
        rows.append(
            {
                "id": f"{i:016x}",
                "status": rng.choice(["active"] * 6 + ["inbox", "archived"]),
                "self": i % 20 == 3,
                "props": {
                    "confidence": rng.uniform(0.1, 0.95),
                    "reinforcement_count": rng.randint(0, 30),
                    "decay_lambda": rng.choice([0.001, 0.005, 0.01, 0.02]),
                    "last_reinforced_at": rng.uniform(0.0, NOW + 20.0),
                    "weighted_degree": rng.choice([0.0, rng.uniform(0.0, 6.0)]),
                    "tags": [CONSTITUTIONAL_TAG] if i % 20 == 3 else [],
                },
            }
        )
    await graph_write(
        database,
        "MERGE (:Space {name: $s}) WITH 1 AS one UNWIND $rows AS row "
        "CREATE (b:Block {space: $s, id: row.id}) SET b += row.props, b.status = row.status "
        "FOREACH (_ IN CASE WHEN row.self THEN [1] ELSE [] END | SET b:Self)",
        s=space,
        rows=rows,
    )


async def expected_top(database: Database, space: str) -> list[str]:
    """The SELF score of every active, non-constitutional block in Python, best first,
    ties by id; a missing property takes the query's default."""
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s, status: 'active'}) "
        "WHERE NOT $tag IN b.tags RETURN b.id AS id, b.confidence AS confidence, "
        "b.reinforcement_count AS count, b.decay_lambda AS decay_lambda, "
        "b.last_reinforced_at AS last, b.weighted_degree AS degree",
        s=space,
        tag=CONSTITUTIONAL_TAG,
    )
    fresh = {
        r["id"]: recency(
            0.01 if r["decay_lambda"] is None else r["decay_lambda"],
            0.0 if r["last"] is None else NOW - r["last"],
        )
        for r in rows
    }
    degrees = {r["id"]: r["degree"] or 0.0 for r in rows}
    central = centralities(degrees, fresh)
    top_count = max((r["count"] or 0 for r in rows), default=0)
    scores = {
        r["id"]: composite(
            Components(
                0.0,
                0.5 if r["confidence"] is None else r["confidence"],
                fresh[r["id"]],
                central[r["id"]],
                reinforcement(r["count"] or 0, top_count),
            ),
            WEIGHTS,
        )
        for r in rows
    }
    return sorted(scores, key=lambda block: (-scores[block], block))[:TOP_N]


async def reinforced(database: Database, space: str) -> tuple[list[str], list[str]]:
    """Run the reinforcement (rolled back) and return (top ids, constitutional ids)."""
    await graph_write(
        database,
        "MATCH (s:Space {name: $s}) SET s.curate_lock_owner = 'test', "
        "s.curate_lock_until = timestamp() / 1000.0 + 600",
        s=space,
    )

    class RollBack(Exception):
        pass

    found: dict[str, Any] = {}

    async def work(tx: Transaction) -> None:
        row = await reinforce_curated(
            tx,
            space=space,
            owner="test",
            lock_seconds=30.0,
            now=NOW,
            top_n=TOP_N,
            weights=reinforce_weights(),
            cold_centrality=COLD_START_CENTRALITY,
            cold_recency=COLD_START_RECENCY,
            constitutional=CONSTITUTIONAL_TAG,
        )
        assert row is not None
        found.update(row)
        raise RollBack

    with pytest.raises(RollBack):
        await database.write(work)
    return found["top_ids"], found["constitutional_ids"]


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_the_index_and_every_block_give_the_same_top_blocks(
    database: Database, space: str, seed: int
) -> None:
    rng = random.Random(seed)
    await write_blocks(database, space, rng)
    pinned = await graph(
        database,
        "MATCH (b:Self {space: $s, status: 'active'}) RETURN b.id AS id ORDER BY id",
        s=space,
    )
    top, constitutional = await reinforced(database, space)
    assert top == await expected_top(database, space)
    assert sorted(constitutional) == [r["id"] for r in pinned]

    # One active block without a confidence leaves the index: every block is read instead,
    # the missing confidence counting as 0.5, and the ranking is still the exact one.
    lacking = (
        await graph(
            database,
            "MATCH (b:Block {space: $s, status: 'active'}) WHERE NOT $tag IN b.tags "
            "RETURN b.id AS id ORDER BY b.confidence DESC LIMIT 1",
            s=space,
            tag=CONSTITUTIONAL_TAG,
        )
    )[0]["id"]
    await graph_write(
        database, "MATCH (b:Block {space: $s, id: $id}) REMOVE b.confidence", s=space, id=lacking
    )
    top, _ = await reinforced(database, space)
    assert top == await expected_top(database, space)


async def test_a_space_of_constitutional_blocks_only_reinforces_them(
    database: Database, space: str
) -> None:
    await graph_write(
        database,
        "MERGE (:Space {name: $s}) CREATE (b:Block:Self {space: $s, id: 'c0', status: 'active', "
        "confidence: 0.9, reinforcement_count: 1, decay_lambda: 0.00001, "
        "last_reinforced_at: 0.0, weighted_degree: 0.0, tags: [$tag]})",
        s=space,
        tag=CONSTITUTIONAL_TAG,
    )
    assert await reinforced(database, space) == ([], ["c0"])
