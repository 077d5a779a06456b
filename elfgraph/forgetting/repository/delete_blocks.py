from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class Doomed(TypedDict):
    id: str
    token: str  # its tombstone's
    cause: str  # named | near_duplicate | inbox_copy


class Deleted(TypedDict):
    id: str
    status: str  # before it went


async def delete_blocks(
    tx: Transaction,
    *,
    space: str,
    rows: list[Doomed],
    receipt: str,
    reason: str | None,
    at: str,
    epoch: int,
) -> list[Deleted]:
    """The blocks deleted (a tombstone each), with the status each had."""
    row = await run_one(
        tx,
        "delete_blocks",
        space=space,
        rows=rows,
        receipt=receipt,
        reason=reason,
        at=at,
        epoch=epoch,
    )
    return cast(list[Deleted], row["deleted"] if row else [])
