from typing import TypedDict

from elfgraph.store.transaction import Transaction, run_scalar


class PlanBatch(TypedDict):
    seq: int
    ids: list[str]


async def save_archive_plan(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    lock_seconds: float,
    now: float,
    batches: list[PlanBatch],
    bridges_kept: int,
) -> int | None:
    """How many batches were saved; None when `owner` no longer holds the curate lock."""
    saved = await run_scalar(
        tx,
        "save_archive_plan",
        space=space,
        owner=owner,
        lock_seconds=lock_seconds,
        now=now,
        batches=batches,
        bridges_kept=bridges_kept,
    )
    return None if saved is None else int(saved)
