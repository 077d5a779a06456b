"""Stress: 8 tasks and a second process connect, outcome and dream over one space's blocks
at once. Afterwards the graph must hold the invariants, and every reinforcement that an
API call reported must be in the counts (no lost updates)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.embedding.mock import MockEmbeddingService
from elfgraph.memory import MemorySystem
from elfgraph.store.database import Database
from tests.support.connect_worker import Tally, churn, pair_key
from tests.support.graph import graph

pytestmark = pytest.mark.anyio

TASKS = 8
OPS_PER_TASK = 12
PROCESS_OPS = 40
ROOT = Path(__file__).resolve().parents[2]


async def test_concurrent_connect_outcome_and_dream_keep_the_graph_sound(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    async with MemorySystem.managed(
        space, settings=neo4j_settings, embedding_service=MockEmbeddingService()
    ) as setup:
        learned = await setup.learn_many([f"shared block number {i}" for i in range(10)])
        await setup.dream()  # random mock vectors: no similarity edges among them
    ids = [r.block_id for r in learned]
    before = await block_counts(database, space, ids)

    connection = neo4j_settings.connection()
    env = os.environ | {
        "NEO4J_URI": connection.uri,
        "NEO4J_USERNAME": connection.username,
        "NEO4J_PASSWORD": connection.password.get_secret_value() if connection.password else "",
        "NEO4J_DATABASE": connection.database,
    }
    command = [sys.executable, "-m", "tests.support.connect_worker", space, "99"]
    systems = [
        await MemorySystem.open(
            space, settings=neo4j_settings, embedding_service=MockEmbeddingService()
        )
        for _ in range(TASKS)
    ]
    tally = Tally()
    with anyio.fail_after(240):
        async with await anyio.open_process(
            [*command, str(PROCESS_OPS), *ids], env=env, cwd=ROOT
        ) as worker:
            try:
                async with anyio.create_task_group() as group:
                    for seed, memory in enumerate(systems):

                        async def run(memory: MemorySystem = memory, seed: int = seed) -> None:
                            tally.add(await churn(memory, ids, seed, OPS_PER_TASK))

                        group.start_soon(run)
            finally:
                for memory in systems:
                    await memory.close()
            assert worker.stdout is not None
            assert worker.stderr is not None
            output = b"".join([chunk async for chunk in worker.stdout])
            errors = b"".join([chunk async for chunk in worker.stderr])
            assert await worker.wait() == 0, errors.decode()
    tally.add(Tally.from_json(output.decode()))

    edges = await graph(
        database,
        "MATCH (a:Block {space: $s})-[r]-(b:Block) RETURN a.id AS a, b.id AS b, "
        "elementId(r) AS id, r.weight AS weight, r.origin AS origin, "
        "r.reinforcement_count AS count",
        s=space,
    )
    pairs = [pair_key(e["a"], e["b"]) for e in edges]
    assert edges, "the churn created edges"
    assert all(e["a"] != e["b"] for e in edges), "no self-loop"
    assert len(set(pairs)) * 2 == len(edges), "at most one edge per pair"
    assert all(0.0 <= e["weight"] <= 1.0 for e in edges)
    core = [e for e in edges if e["a"] in ids and e["b"] in ids]
    assert {e["origin"] for e in core} <= {"agent", "outcome"}  # nothing could displace them
    counts = {pair_key(e["a"], e["b"]): e["count"] for e in core}
    assert counts == {pair: tally.edge_reinforcements.get(pair, 0) for pair in counts}, (
        "every reported reinforcement is counted, once"
    )
    assert set(tally.edge_reinforcements) <= set(counts)
    degrees = await graph(
        database,
        "MATCH (b:Block {space: $s, status: 'active'}) RETURN max(COUNT { (b)--() }) AS d",
        s=space,
    )
    assert degrees[0]["d"] <= 5
    after = await block_counts(database, space, ids)
    assert {i: after[i] - before[i] for i in ids} == {
        i: tally.block_outcomes.get(i, 0) for i in ids
    }
    assert tally.refused + sum(tally.edge_reinforcements.values()) > 0


async def block_counts(database: Database, space: str, ids: list[str]) -> dict[str, int]:
    rows = await graph(
        database,
        "MATCH (b:Block {space: $s}) WHERE b.id IN $ids RETURN b.id AS id, "
        "b.reinforcement_count AS n",
        s=space,
        ids=ids,
    )
    return {row["id"]: row["n"] for row in rows}
