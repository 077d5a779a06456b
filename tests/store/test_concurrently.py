"""Reads run at once (store/concurrently.py): results in the order asked, and an error of
one read comes out as itself (the StorageError a caller expects), not as an exception
group around it, with the other read cancelled."""

from __future__ import annotations

import anyio
import pytest

from elfgraph.consolidation.repository.nearest_active import nearest_active
from elfgraph.errors import StorageError
from elfgraph.store.concurrently import all_at_once
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
