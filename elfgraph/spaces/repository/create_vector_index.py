from elfgraph.store.transaction import Transaction, run_none


async def create_vector_index(tx: Transaction, *, dimensions: int) -> None:
    await run_none(tx, "create_vector_index", dimensions=dimensions)
