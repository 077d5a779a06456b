from elfgraph.store.transaction import Transaction, run_none


async def create_vector_index(tx: Transaction, *, dimensions: int, ef_construction: int) -> None:
    await run_none(
        tx, "create_vector_index", dimensions=dimensions, ef_construction=ef_construction
    )
