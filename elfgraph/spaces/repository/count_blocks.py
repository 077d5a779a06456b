from elfgraph.store.transaction import Transaction, run_scalar


async def count_blocks(tx: Transaction, *, space: str, status: str) -> int:
    return int(await run_scalar(tx, "count_blocks", space=space, status=status) or 0)
