from elfgraph.store.transaction import Transaction, run_one


async def refresh_edge_due(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    lock_seconds: float,
    ids: list[str],
    now: float,
) -> int | None:
    """How many due blocks got their edge_due_hours recounted; None when `owner` no longer
    holds the curate lock."""
    row = await run_one(
        tx,
        "refresh_edge_due",
        space=space,
        owner=owner,
        lock_seconds=lock_seconds,
        ids=ids,
        now=now,
    )
    return None if row is None else int(row["refreshed"])
