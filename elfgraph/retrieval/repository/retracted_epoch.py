from elfgraph.store.transaction import Transaction, run_one, single_statement


@single_statement
async def retracted_epoch(tx: Transaction, *, space: str) -> int | None:
    """The vector epoch of the space's last forget or correct (0 before any); None when the
    space is gone."""
    row = await run_one(tx, "retracted_epoch", space=space)
    return None if row is None else int(row["epoch"])
