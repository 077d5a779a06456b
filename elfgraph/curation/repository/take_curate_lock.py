from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def take_curate_lock(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    lock_seconds: float,
    now_hours: float | None,
) -> dict[str, Any] | None:
    """taken, last_curate_at and now; None when the space does not exist."""
    return await run_one(
        tx,
        "take_curate_lock",
        space=space,
        owner=owner,
        lock_seconds=lock_seconds,
        now_hours=now_hours,
    )
