from typing import Any

from elfgraph.store.transaction import Transaction, run_many


async def export_blocks(
    tx: Transaction, *, space: str, after: str, limit: int
) -> list[dict[str, Any]]:
    """Up to `limit` blocks after id `after`, in id order: id, labels, props."""
    return await run_many(tx, "export_blocks", space=space, after=after, limit=limit)
