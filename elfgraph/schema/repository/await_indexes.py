from elfgraph.store.transaction import Transaction, run_none


async def await_indexes(tx: Transaction, *, seconds: int) -> None:
    """Return once every index is ONLINE, or fail after `seconds`."""
    await run_none(tx, "await_indexes", seconds=seconds)
