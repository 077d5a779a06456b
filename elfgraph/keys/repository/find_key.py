from typing import Any

from elfgraph.store.transaction import Transaction, run_one, single_statement


@single_statement
async def find_key(tx: Transaction, *, id: str) -> dict[str, Any] | None:
    row = await run_one(tx, "find_key", id=id)
    return None if row is None else dict(row["key"])
