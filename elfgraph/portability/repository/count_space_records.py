from elfgraph.store.transaction import Transaction, run_one


async def count_space_records(tx: Transaction, *, space: str) -> dict[str, int]:
    """How many blocks, edges, sessions, outcomes and co-retrieval pairs the space holds,
    under the names of the export's records."""
    row = await run_one(tx, "count_space_records", space=space)
    assert row is not None  # aggregates always yield a row
    return {
        "block": int(row["blocks"]),
        "edge": int(row["edges"] or 0),
        "session": int(row["sessions"]),
        "outcome": int(row["outcomes"]),
        "co_retrieval": int(row["co_retrievals"]),
    }
