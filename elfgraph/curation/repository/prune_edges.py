from elfgraph.store.transaction import Transaction, run_one


async def prune_edges(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    lock_seconds: float,
    pairs: list[list[str]],
    threshold: float,
) -> int | None:
    """How many weak edges went; None when `owner` no longer holds the curate lock."""
    row = await run_one(
        tx,
        "prune_edges",
        space=space,
        owner=owner,
        lock_seconds=lock_seconds,
        pairs=pairs,
        threshold=threshold,
    )
    return None if row is None else int(row["pruned"])
