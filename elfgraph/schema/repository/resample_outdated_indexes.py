from elfgraph.store.transaction import Transaction, run_none, single_statement


@single_statement
async def resample_outdated_indexes(tx: Transaction) -> None:
    """Have the server sample again the indexes whose statistics are out of date."""
    await run_none(tx, "resample_outdated_indexes")
