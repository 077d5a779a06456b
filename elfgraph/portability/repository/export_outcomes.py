from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def export_outcomes(
    tx: Transaction, *, space: str, after: str, limit: int
) -> list[dict[str, Any]]:
    """Up to `limit` records after id `after`, in id order: id, props."""
    row = await run_one(tx, "export_outcomes", space=space, after=after, limit=limit)
    return list(row["records"]) if row else []
