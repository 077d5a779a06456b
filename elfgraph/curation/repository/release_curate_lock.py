from elfgraph.store.transaction import Transaction, run_none


async def release_curate_lock(tx: Transaction, *, space: str, owner: str) -> None:
    await run_none(tx, "release_curate_lock", space=space, owner=owner)
