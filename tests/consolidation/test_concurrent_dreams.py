"""Several agent processes learn the same texts and dream at once, on one space and on a
second beside it (issue 63). Afterwards each space holds one active block per text, at
most one of each pair of near-duplicates, every learned block in some status, and its kept
degrees and counts match a recount: as if the dreams had run one after the other."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.core.text import normalised_text
from elfgraph.spaces.registry import drop_space
from elfgraph.store.database import Database
from tests.support.dream_worker import NEAR
from tests.support.graph import (
    archive_due_drift,
    degree_drift,
    due_drift,
    edge_count_drift,
    graph,
)

pytestmark = pytest.mark.anyio

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 12
PROCESSES = {0: 4, 1: 2}  # the test's space: 4 processes; a second space beside it: 2


async def test_concurrent_dreams_leave_one_active_block_per_text(
    neo4j_settings: Settings, database: Database, space: str
) -> None:
    spaces = [space, f"{space}-beside"]
    try:
        learned = await run_workers(neo4j_settings, spaces)
        for index, name in enumerate(spaces):
            await check_space(database, name, learned[index])
    finally:
        await drop_space(database, spaces[1])


async def run_workers(settings: Settings, spaces: list[str]) -> dict[int, list[str]]:
    """Every worker of every space, started together; the ids each space's workers learned."""
    connection = settings.connection()
    env = os.environ | {
        "NEO4J_URI": connection.uri,
        "NEO4J_USERNAME": connection.username,
        "NEO4J_PASSWORD": connection.password.get_secret_value() if connection.password else "",
        "NEO4J_DATABASE": connection.database,
    }
    start = time.time() + 8  # every process has opened its memory by then
    learned: dict[int, list[str]] = {index: [] for index in PROCESSES}

    async def worker(index: int, seed: int) -> None:
        command = [
            sys.executable,
            "-m",
            "tests.support.dream_worker",
            spaces[index],
            str(seed),
            str(ROUNDS),
            str(start),
        ]
        done = await anyio.run_process(command, env=env, cwd=ROOT, check=False)
        assert done.returncode == 0, done.stderr.decode()
        learned[index] += json.loads(done.stdout)

    with anyio.fail_after(240):
        async with anyio.create_task_group() as group:
            for index, count in PROCESSES.items():
                for seed in range(count):
                    group.start_soon(worker, index, 100 * index + seed)
    return learned


async def check_space(database: Database, space: str, learned: list[str]) -> None:
    blocks = await graph(
        database,
        "MATCH (b:Block {space: $s}) RETURN b.id AS id, b.status AS status, b.content AS content",
        s=space,
    )
    status = {row["id"]: row["status"] for row in blocks}
    assert set(learned) <= set(status), "every learned block is still in the space"
    assert set(status.values()) <= {"inbox", "active", "archived"}
    active: dict[str, list[str]] = {}
    for row in blocks:
        if row["status"] == "active":
            active.setdefault(normalised_text(row["content"]), []).append(row["id"])
    twice = {text: ids for text, ids in active.items() if len(ids) > 1}
    assert not twice, f"texts active more than once: {twice}"
    both = [pair for pair in NEAR if all(normalised_text(t) in active for t in pair)]
    assert not both, f"near-duplicates both active: {both}"
    assert await degree_drift(database, space) == []
    assert await due_drift(database, space) == []
    assert await archive_due_drift(database, space) == []
    assert await edge_count_drift(database, space) == []
