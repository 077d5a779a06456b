from elfgraph.store.transaction import Transaction, run_scalar


async def delete_space(tx: Transaction, *, name: str, batch: int) -> int:
    """Delete up to `batch` nodes of the space (the space node last); how many went."""
    return int(await run_scalar(tx, "delete_space", name=name, batch=batch) or 0)
