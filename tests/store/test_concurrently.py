"""Calls run at once (store/concurrently.py): results in the order asked, and an error of
one read comes out as itself (the StorageError a caller expects), not as an exception
group around it, with the other read cancelled; `alongside` (a dream's write beside the
planning of its next chunk) lets the first call finish when the second fails."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.consolidation.repository.nearest_active import nearest_active
from elfgraph.errors import StorageError
from elfgraph.store.concurrently import all_at_once, alongside
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction, run_scalar

pytestmark = pytest.mark.anyio


async def _count(tx: Transaction, space: str) -> int:
    count: int = await run_scalar(tx, "count_blocks", space=space, status="active")
    return count


async def _wrong_dimensions(tx: Transaction, space: str) -> object:
    # The vector index holds 384-dimension vectors: the server refuses a 3-dimension query.
    return await nearest_active(
        tx, space=space, queries=[{"id": "q", "vector": [1.0, 0.0, 0.0]}], fetch=5, k=5, run_id="r"
    )


async def test_results_come_back_in_the_order_asked() -> None:
    async def after(seconds: float, value: int) -> int:
        await anyio.sleep(seconds)
        return value

    assert await all_at_once(
        [lambda: after(0.03, 1), lambda: after(0.0, 2), lambda: after(0.01, 3)]
    ) == [1, 2, 3]
    assert await all_at_once([]) == []


async def test_the_calls_overlap() -> None:
    started: list[float] = []

    async def wait() -> None:
        started.append(anyio.current_time())
        await anyio.sleep(0.2)

    began = anyio.current_time()
    await all_at_once([wait, wait, wait])
    assert anyio.current_time() - began < 0.5  # three 0.2 s waits side by side
    assert max(started) - min(started) < 0.1


async def test_a_failed_read_is_raised_as_itself(database: Database, space: str) -> None:
    cancelled: list[bool] = []

    async def slow_count() -> int:
        try:
            await anyio.sleep(5)
            return await database.read(_count, space)
        except anyio.get_cancelled_exc_class():
            cancelled.append(True)
            raise

    with pytest.raises(StorageError) as caught:
        await all_at_once([slow_count, lambda: database.read(_wrong_dimensions, space)])
    assert caught.value.recovery
    assert "dimension" in str(caught.value).lower()
    assert cancelled == [True]


async def test_alongside_gives_both_results_and_overlaps() -> None:
    async def after(seconds: float, value: str) -> str:
        await anyio.sleep(seconds)
        return value

    began = anyio.current_time()
    assert await alongside(lambda: after(0.2, "write"), lambda: after(0.2, "plan")) == (
        "write",
        "plan",
    )
    assert anyio.current_time() - began < 0.35  # side by side


async def test_an_error_of_the_second_waits_for_the_first_to_finish() -> None:
    finished: list[str] = []

    async def write() -> str:
        await anyio.sleep(0.2)  # still running when the second fails
        finished.append("write")
        return "written"

    async def plan() -> str:
        raise StorageError("the embedder went away", recovery="try again")

    with pytest.raises(StorageError) as caught:  # as itself, not in a group
        await alongside(write, plan)
    assert caught.value.recovery == "try again"
    assert finished == ["write"]  # the write was not cut off


async def test_an_error_of_the_first_stops_the_second_and_is_raised_as_itself() -> None:
    cancelled: list[bool] = []

    async def write() -> str:
        raise StorageError("the server went away", recovery="start it")

    async def plan() -> str:
        try:
            await anyio.sleep(5)
        except anyio.get_cancelled_exc_class():
            cancelled.append(True)
            raise
        return "planned"

    with pytest.raises(StorageError) as caught:
        await alongside(write, plan)
    assert caught.value.recovery == "start it"
    assert cancelled == [True]
