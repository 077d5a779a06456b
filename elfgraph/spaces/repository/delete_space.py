from elfgraph.store.transaction import Transaction, run_scalar


async def delete_space(tx: Transaction, *, name: str, batch: int) -> int:
    """Delete up to `batch` of the space's labelled nodes, through their indexes; how many
    went (the space node stays: delete_space_rest)."""
    return int(await run_scalar(tx, "delete_space", name=name, batch=batch) or 0)
