from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class TakeCurateLockRow(TypedDict):
    taken: bool
    holder: str | None  # who holds the lock now (host:pid), this run if taken
    until: float | None  # the holder's lease ends then (epoch seconds)
    last_curate_at: float | None  # active hours; None when never curated
    now: float  # the run's clock: now_hours, else the space's persisted total


async def take_curate_lock(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    holder: str,
    lock_seconds: float,
    now_hours: float | None,
) -> TakeCurateLockRow | None:
    """taken, last_curate_at and now; None when the space does not exist."""
    row = await run_one(
        tx,
        "take_curate_lock",
        space=space,
        owner=owner,
        holder=holder,
        lock_seconds=lock_seconds,
        now_hours=now_hours,
    )
    return cast(TakeCurateLockRow | None, row)
