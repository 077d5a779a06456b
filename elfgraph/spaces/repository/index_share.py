from elfgraph.store.transaction import Transaction, run_one


async def index_share(tx: Transaction, *, space: str) -> tuple[int, int]:
    """(active blocks of the space, active blocks of every space)."""
    row = await run_one(tx, "index_share", space=space)
    return (0, 0) if row is None else (int(row["active"]), int(row["total"]))
