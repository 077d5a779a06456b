from elfgraph.store.transaction import Transaction, run_scalar


async def count_space_edges(tx: Transaction, *, space: str) -> int | None:
    """Count the space's edges afresh into its edge_count; None when the space is gone."""
    count = await run_scalar(tx, "count_space_edges", space=space)
    return None if count is None else int(count)
