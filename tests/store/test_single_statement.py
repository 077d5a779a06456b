"""A read marked `single_statement` runs as the session's auto-commit transaction: the
same answer as in an explicit read transaction, read access mode kept, and a second
query refused (it would not see the same snapshot)."""

from __future__ import annotations

import pytest

from elfgraph.errors import StorageError
from elfgraph.store.database import Database
from elfgraph.store.transaction import (
    Transaction,
    is_single_statement,
    run_one,
    run_scalar,
    single_statement,
)
from tests.support.graph import graph_write

pytestmark = pytest.mark.anyio


async def _count(tx: Transaction, space: str) -> int:
    count: int = await run_scalar(tx, "count_blocks", space=space, status="active")
    return count


@single_statement
async def _count_once(tx: Transaction, space: str) -> tuple[int, bool]:
    return await _count(tx, space), tx.single


@single_statement
async def _count_twice(tx: Transaction, space: str) -> int:
    return await _count(tx, space) + await _count(tx, space)


@single_statement
async def _write_in_a_read(tx: Transaction, space: str) -> None:
    await run_one(
        tx,
        "take_curate_lock",
        space=space,
        owner="x",
        holder="x",
        lock_seconds=1.0,
        now_hours=0.0,
    )


def test_the_mark_is_seen_only_on_marked_functions() -> None:
    assert is_single_statement(_count_once)
    assert not is_single_statement(_count)


async def test_a_single_statement_read_answers_as_a_read_transaction_does(
    database: Database, space: str
) -> None:
    await graph_write(
        database,
        "UNWIND range(1, 3) AS i CREATE (:Block {space: $space, id: 'b' + i, status: 'active'})",
        space=space,
    )
    assert await database.read(_count_once, space) == (3, True)
    assert await database.read(_count, space) == 3


async def test_a_second_query_in_a_single_statement_read_is_refused(
    database: Database, space: str
) -> None:
    with pytest.raises(TypeError, match="second query"):
        await database.read(_count_twice, space)


async def test_a_write_query_in_a_single_statement_read_is_still_refused(
    database: Database, space: str
) -> None:
    with pytest.raises(StorageError, match="mode: write"):
        await database.read(_write_in_a_read, space)
