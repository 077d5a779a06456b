from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def export_blocks(
    tx: Transaction, *, space: str, after: str, limit: int
) -> list[dict[str, Any]]:
    """Up to `limit` blocks after id `after`, in id order: id, labels, props."""
    row = await run_one(tx, "export_blocks", space=space, after=after, limit=limit)
    return list(row["blocks"]) if row else []
