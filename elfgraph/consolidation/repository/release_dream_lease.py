from elfgraph.store.transaction import Transaction, run_none


async def release_dream_lease(tx: Transaction, *, space: str, owner: str) -> None:
    await run_none(tx, "release_dream_lease", space=space, owner=owner)
