"""Every setting of memory.curation changes what curate does: each test runs one scenario
with the default and with the setting changed (tests/support/settings.py) and asserts
the difference."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import anyio
import pytest

from elfgraph.config.connection import Settings
from elfgraph.memory import MemorySystem
from elfgraph.store import transaction
from elfgraph.store.database import Database
from tests.support.curate_setup import link, set_blocks, set_clock
from tests.support.graph import graph_write
from tests.support.memory import MakeMemory
from tests.support.settings import Opener, both

pytestmark = pytest.mark.anyio

TEXTS = ["apples are red", "skies are blue", "grass is green", "snow is white", "coal is black"]


async def active(open_memory: Opener, count: int = 3) -> tuple[MemorySystem, list[str]]:
    """Active blocks, unrelated (no edges); the dream also ran the first curate, at hour 0."""
    memory = await open_memory()
    learned = await memory.learn_many(TEXTS[:count])
    await memory.dream()
    return memory, [r.block_id for r in learned]


async def test_setting_curate_interval_hours(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> bool:
        memory, _ = await active(open_memory)
        await set_clock(database, name, 10.0)  # ten active hours after that curate
        return await memory.should_curate()

    assert await both(
        make_memory, database, space, scenario, changed={"curate_interval_hours": 5.0}
    ) == (False, True)


async def test_setting_prune_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> int:
        memory, ids = await active(open_memory)
        await set_blocks(database, name, ids[:1], last_reinforced_at=-100.0)  # recency 0.37
        return (await memory.curate()).archived

    assert await both(make_memory, database, space, scenario, changed={"prune_threshold": 0.5}) == (
        0,
        1,
    )


async def test_setting_curate_reinforce_top_n(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> int:
        memory, _ids = await active(open_memory, count=5)
        await set_clock(database, name, 1.0)  # reinforcement runs once per clock: a new hour
        return (await memory.curate()).reinforced

    assert await both(
        make_memory, database, space, scenario, changed={"curate_reinforce_top_n": 2}
    ) == (5, 2)


async def test_setting_edge_prune_threshold(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> int:
        memory, (a, b, _c) = await active(open_memory)
        await link(database, name, a, b, weight=0.2)  # never reinforced, used just now
        return (await memory.curate()).edges_pruned

    assert await both(
        make_memory, database, space, scenario, changed={"edge_prune_threshold": 0.3}
    ) == (0, 1)


async def test_setting_max_decay_fraction(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> tuple[int, int]:
        memory, (a, b, _c) = await active(open_memory)
        await link(database, name, a, b, weight=0.3, count=1, last_active=0.0)
        await set_blocks(database, name, [a, b], last_reinforced_at=1000.0, decay_lambda=0.01)
        await set_clock(database, name, 1000.0)  # the edge, unused for 1000 h, has faded
        result = await memory.curate()
        return result.edges_decayed, result.edges_deferred

    assert await both(
        make_memory, database, space, scenario, changed={"max_decay_fraction": 0.0}
    ) == ((1, 0), (0, 1))


CRASHING_RUN = """
import sys, time, anyio
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.curation.run import curate_space
from elfgraph.schema.migrations import open_database

async def main():
    database = await open_database()
    def hold(phase):
        if phase == "archive":  # the lease is taken: stop here until killed
            print("holding", flush=True)
            time.sleep(600)
    await curate_space(database, sys.argv[1], config=ElfgraphConfig.load().memory, progress=hold)

anyio.run(main)
"""


async def test_setting_curate_lock_seconds(
    make_memory: MakeMemory, database: Database, space: str, neo4j_settings: Settings
) -> None:
    """A run that crashed holding the lock blocks the next one for its lease, no longer."""
    connection = neo4j_settings.connection()

    async def scenario(open_memory: Opener, name: str) -> str | None:
        memory, _ = await active(open_memory)
        lease = memory.config.memory.curation.curate_lock_seconds
        env = os.environ | {
            "NEO4J_URI": connection.uri,
            "NEO4J_USERNAME": connection.username,
            "NEO4J_PASSWORD": connection.password.get_secret_value() if connection.password else "",
            "ELFGRAPH_MEMORY__CURATION__CURATE_LOCK_SECONDS": str(lease),
        }
        crashing = await anyio.open_process(
            [sys.executable, "-c", CRASHING_RUN, name], env=env, stdout=subprocess.PIPE
        )
        try:
            assert crashing.stdout is not None
            said = b""
            while b"\n" not in said:
                said += await crashing.stdout.receive()
            assert said.strip() == b"holding"
        finally:
            crashing.kill()  # the crash: its lease stays on the space node
            await crashing.wait()
        await anyio.sleep(3.5)  # past the shortest lease allowed (3 s), well inside 30 s
        return (await memory.curate()).skipped_reason

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base={"curate_wait_seconds": 1.0},
        changed={"curate_lock_seconds": 3.0},
    ) == ("busy", None)


async def test_setting_curate_wait_seconds(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> tuple[str | None, bool]:
        memory, _ = await active(open_memory)
        await graph_write(  # another run holds the lock for a minute
            database,
            "MATCH (s:Space {name: $s}) SET s.curate_lock_owner = 'another run', "
            "s.curate_lock_until = timestamp() / 1000.0 + 60",
            s=name,
        )
        started = time.monotonic()
        result = await memory.curate()
        return result.skipped_reason, time.monotonic() - started >= 1.0

    assert await both(
        make_memory,
        database,
        space,
        scenario,
        base={"curate_wait_seconds": 0.0},
        changed={"curate_wait_seconds": 1.0},
    ) == (("busy", False), ("busy", True))


async def test_setting_curate_batch_size(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    async def scenario(open_memory: Opener, name: str) -> tuple[int, int]:
        memory, ids = await active(open_memory)
        await set_blocks(database, name, ids, last_reinforced_at=-1000.0)  # all decayed
        before = transaction.queries_run()
        archived = (await memory.curate()).archived
        return archived, transaction.queries_run() - before

    (archived, queries), (archived_in_ones, queries_in_ones) = await both(
        make_memory, database, space, scenario, changed={"curate_batch_size": 1}
    )
    assert archived == archived_in_ones == 3
    assert queries_in_ones == queries + 2  # three archive writes instead of one
