"""The curate lock on a real Neo4j: one run per space at a time. A second run waits, then
reports busy; a crashed run's lease runs out; a run that lost its lease stops; runs in
other processes (here: threads with their own event loop and driver) never overlap."""

from __future__ import annotations

import threading
import time
from typing import Any

import anyio
import pytest
from neo4j import GraphDatabase

from elfgraph.config.connection import Settings
from elfgraph.config.memory import MemoryConfig
from elfgraph.curation.lock import Busy, CurateLock, Lease, this_process
from elfgraph.curation.models import CurateResult
from elfgraph.curation.run import curate_space
from elfgraph.errors import CurateError, ElfgraphError
from elfgraph.store.database import Database
from tests.support.curate_setup import (
    active_blocks,
    link,
    pairs,
    set_blocks,
    set_clock,
    space_props,
    statuses,
)
from tests.support.graph import graph_write, snapshot
from tests.support.memory import MakeMemory

pytestmark = pytest.mark.anyio
CONFIG = MemoryConfig()


def curate_elsewhere(settings: Settings, space: str, **options: Any) -> CurateResult:
    """curate_space in another thread with its own event loop and connection, as another
    process would run it; blocks the caller (and its event loop) until it returns."""
    results: list[CurateResult] = []

    async def work() -> None:
        async with await Database.connect(settings) as database:
            results.append(await curate_space(database, space, config=CONFIG, **options))

    thread = threading.Thread(target=anyio.run, args=(work,))
    thread.start()
    thread.join(60)
    (result,) = results
    return result


async def decayed_space(make_memory: MakeMemory, database: Database, space: str) -> list[str]:
    """Three blocks of which one decayed, and a stale edge between the other two."""
    _, ids = await active_blocks(make_memory, ["kept a", "kept b", "gone"])
    a, b, gone = ids.values()
    await set_blocks(database, space, [a, b], last_reinforced_at=500.0)
    await set_blocks(database, space, [gone], last_reinforced_at=0.0)
    await link(database, space, a, b, weight=0.5, last_active=0.0)
    await set_clock(database, space, 500.0)
    return [a, b, gone]


async def test_a_held_lock_makes_curate_wait_then_report_busy_changing_nothing(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await decayed_space(make_memory, database, space)
    holder = CurateLock(database, space, lock_seconds=60)
    assert isinstance(await holder.take(now_hours=None, wait_seconds=0), Lease)
    before = await snapshot(database, space)
    started = time.monotonic()
    result = await curate_space(database, space, config=CONFIG, wait_seconds=0.6)
    assert time.monotonic() - started >= 0.6
    assert result.skipped_reason == "busy"
    assert str(result).startswith("Curate skipped: another curate of this space (")
    assert result.busy_holder == this_process()  # here: the holder is this very process
    assert result.busy_until is not None
    assert f"until {result.busy_until}" in str(result)
    assert await snapshot(database, space) == before
    await holder.release()
    assert "curate_lock_owner" not in await space_props(database, space)
    assert (await curate_space(database, space, config=CONFIG)).archived == 1


async def test_a_crashed_runs_lease_runs_out(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await decayed_space(make_memory, database, space)
    await graph_write(  # a run that died holding the lock, its lease ending in a second
        database,
        "MATCH (s:Space {name: $s}) "
        "SET s.curate_lock_owner = 'crashed', s.curate_lock_until = timestamp() / 1000.0 + 1.0",
        s=space,
    )
    result = await curate_space(database, space, config=CONFIG, wait_seconds=10.0)
    assert result.skipped_reason is None
    assert result.archived == 1
    assert "curate_lock_owner" not in await space_props(database, space)


async def test_only_one_of_many_simultaneous_takers_gets_the_lock(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await make_memory()
    locks = [CurateLock(database, space, lock_seconds=60) for _ in range(8)]
    taken: dict[int, object] = {}

    async def take(at: int) -> None:
        taken[at] = await locks[at].take(now_hours=None, wait_seconds=0)

    async with anyio.create_task_group() as group:
        for at in range(len(locks)):
            group.start_soon(take, at)
    leases = [taken[at] for at in range(len(locks))]  # in the locks' order, not finishing's
    assert sum(isinstance(lease, Lease) for lease in leases) == 1
    (winner,) = [
        lock for lock, lease in zip(locks, leases, strict=True) if isinstance(lease, Lease)
    ]
    assert (await space_props(database, space))["curate_lock_owner"] == winner.owner
    for lock in locks:  # only the holder's release frees it
        if lock is not winner:
            await lock.release()
    assert (await space_props(database, space))["curate_lock_owner"] == winner.owner
    await winner.release()
    assert "curate_lock_owner" not in await space_props(database, space)


async def test_a_curate_in_another_process_during_a_run_reports_busy(
    make_memory: MakeMemory, database: Database, space: str, neo4j_settings: Settings
) -> None:
    await decayed_space(make_memory, database, space)
    seen: list[CurateResult] = []

    def midway(phase: str) -> None:  # this run holds the lock; the event loop is blocked
        if phase == "prune":
            seen.append(curate_elsewhere(neo4j_settings, space, wait_seconds=0.5))

    mine = await curate_space(database, space, config=CONFIG, progress=midway)
    (theirs,) = seen
    assert theirs.skipped_reason == "busy"
    assert (mine.archived, mine.edges_decayed, mine.skipped_reason) == (1, 1, None)


async def test_a_waiting_curate_runs_after_the_first_and_finds_nothing_due(
    make_memory: MakeMemory, database: Database, space: str, neo4j_settings: Settings
) -> None:
    await decayed_space(make_memory, database, space)
    seen: list[CurateResult] = []
    other = threading.Thread(
        target=lambda: seen.append(
            curate_elsewhere(neo4j_settings, space, wait_seconds=30.0, if_due=True)
        )
    )

    def midway(phase: str) -> None:
        if phase == "archive":
            other.start()
            time.sleep(0.5)  # the other process is polling for the lock by now

    mine = await curate_space(database, space, config=CONFIG, progress=midway)
    await anyio.to_thread.run_sync(other.join, 60)
    assert mine.archived == 1
    (theirs,) = seen
    assert theirs.skipped_reason == "not_due"  # the due check is made under the lock


async def test_a_run_that_lost_its_lease_stops_and_leaves_the_new_holder_alone(
    make_memory: MakeMemory, database: Database, space: str, neo4j_settings: Settings
) -> None:
    *_, gone = await decayed_space(make_memory, database, space)
    connection = neo4j_settings.connection()
    password = connection.password.get_secret_value() if connection.password else ""

    def steal(phase: str) -> None:  # as if this run stalled past its lease and another took it
        if phase == "archive":
            with GraphDatabase.driver(
                connection.uri, auth=(connection.username, password)
            ) as driver:
                driver.execute_query(
                    "MATCH (s:Space {name: $s}) SET s.curate_lock_owner = 'thief', "
                    "s.curate_lock_until = timestamp() / 1000.0 + 60",
                    s=space,
                )

    with pytest.raises(CurateError) as caught:
        await curate_space(database, space, config=CONFIG, progress=steal)
    assert isinstance(caught.value, ElfgraphError)
    assert "lost its lock" in caught.value.message
    assert "curate_lock_seconds" in caught.value.recovery
    props = await space_props(database, space)
    assert props["curate_lock_owner"] == "thief"
    assert props.get("last_curate_at") != 500.0  # the run did not finish
    assert (await statuses(database, space))[gone] == "active"  # it stopped before archiving
    assert await pairs(database, space) == set()  # what it did (the stale edge) is whole


async def test_a_heartbeat_keeps_a_short_lease_for_as_long_as_the_run_works(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await make_memory()
    worker = CurateLock(database, space, lock_seconds=3)
    assert isinstance(await worker.take(now_hours=None, wait_seconds=0), Lease)
    async with worker.kept_alive():
        await anyio.sleep(7)  # more than two leases
        other = CurateLock(database, space, lock_seconds=3)
        busy = await other.take(now_hours=None, wait_seconds=0)
        assert isinstance(busy, Busy)
        assert busy.holder == this_process()
    assert worker.held(1) == 1  # never lost
    await worker.release()


async def test_a_crashed_runs_short_lease_frees_the_space_within_one_lease(
    make_memory: MakeMemory, database: Database, space: str
) -> None:
    await decayed_space(make_memory, database, space)
    crashed = CurateLock(database, space, lock_seconds=3)
    assert isinstance(await crashed.take(now_hours=None, wait_seconds=0), Lease)
    # ...and the process dies: no heartbeat, no release.
    started = time.monotonic()
    result = await curate_space(database, space, config=CONFIG, wait_seconds=10.0)
    assert result.skipped_reason is None
    assert time.monotonic() - started < 5.0
