"""curate() and its schedule as an agent sees them (docs/BEHAVIOUR.md §9), on both
transports."""

from __future__ import annotations

import pytest

from elfgraph.protocol import Memory
from elfgraph.store.database import Database
from tests.support.curate_setup import set_clock, space_props

pytestmark = pytest.mark.anyio


async def test_an_empty_space_needs_nothing_and_records_the_run(
    memory: Memory, database: Database, space: str
) -> None:
    assert await memory.should_curate()  # never curated
    await set_clock(database, space, 12.5)
    result = await memory.curate()
    assert result.model_dump(
        exclude={"now_hours", "decayed_sample", "busy_holder", "busy_until"}
    ) == {
        "archived": 0,
        "edges_pruned": 0,
        "reinforced": 0,
        "constitutional_reinforced": 0,
        "edges_decayed": 0,
        "total_edges_after": 0,
        "bridges_kept": 0,
        "edges_deferred": 0,
        "embeddings_sketched": 0,
        "skipped_reason": None,
    }
    assert str(result) == "Curated: nothing required."
    assert result.to_dict()["now_hours"] == 12.5
    props = await space_props(database, space)
    assert props["last_curate_at"] == 12.5
    assert "curate_lock_owner" not in props  # released
    assert not await memory.should_curate()


async def test_should_curate_status_and_the_automatic_runs(
    memory: Memory, database: Database, space: str
) -> None:
    status = await memory.status()
    assert status.hours_since_curate is None
    assert "never curated." in str(status)
    await memory.learn("one fact")
    await memory.dream()  # never curated: the first run follows the dream
    assert (await space_props(database, space))["last_curate_at"] == 0.0
    await set_clock(database, space, 39.9)
    assert not await memory.should_curate()
    assert (await memory.curate(if_due=True)).skipped_reason == "not_due"
    assert (await memory.status()).hours_since_curate == pytest.approx(39.9)
    await memory.begin_session()  # not due: no run
    await memory.end_session()
    assert (await space_props(database, space))["last_curate_at"] == 0.0
    await set_clock(database, space, 40.0)
    assert await memory.should_curate()
    await memory.begin_session()  # due: curate first, at the persisted clock
    assert (await space_props(database, space))["last_curate_at"] == 40.0
    assert (await memory.status()).hours_since_curate == pytest.approx(0.0, abs=0.01)
    await memory.end_session()
