from elfgraph.store.transaction import Transaction, run_one


async def finish_curate(tx: Transaction, *, space: str, owner: str, now: float) -> int | None:
    """The knowledge edges left; None when `owner` no longer holds the curate lock."""
    row = await run_one(tx, "finish_curate", space=space, owner=owner, now=now)
    return None if row is None else int(row["total_edges"])
