from elfgraph.store.transaction import Transaction, run_scalar


async def renew_curate_lock(
    tx: Transaction, *, space: str, owner: str, lock_seconds: float
) -> bool:
    """Whether `owner` still held the lock (and now holds it `lock_seconds` longer)."""
    return bool(
        await run_scalar(
            tx, "renew_curate_lock", space=space, owner=owner, lock_seconds=lock_seconds
        )
    )
