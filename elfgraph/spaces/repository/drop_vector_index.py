from elfgraph.store.transaction import Transaction, run_none


async def drop_vector_index(tx: Transaction) -> None:
    await run_none(tx, "drop_vector_index")
