from elfgraph.store.transaction import Transaction, run_none


async def record_consolidation(tx: Transaction, *, space: str, at: str) -> None:
    await run_none(tx, "record_consolidation", space=space, at=at)
