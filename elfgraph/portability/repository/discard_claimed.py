from elfgraph.store.transaction import Transaction, run_scalar


async def discard_claimed(tx: Transaction, *, space: str, token: str, batch: int) -> int:
    """Delete up to `batch` nodes of each kind under the claimed name (the claim last);
    how many went, 0 once nothing (not even the claim) is left."""
    return int(await run_scalar(tx, "discard_claimed", space=space, token=token, batch=batch) or 0)
