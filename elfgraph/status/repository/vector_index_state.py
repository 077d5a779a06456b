from elfgraph.store.transaction import Transaction, run_scalar


async def vector_index_state(tx: Transaction, *, name: str) -> str | None:
    """ONLINE, POPULATING, FAILED, …; None when there is no such index."""
    state = await run_scalar(tx, "vector_index_state", name=name)
    return None if state is None else str(state)
