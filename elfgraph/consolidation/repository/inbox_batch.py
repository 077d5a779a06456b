from typing import Any

from elfgraph.store.transaction import Transaction, run_many


async def inbox_batch(tx: Transaction, *, space: str, limit: int) -> list[dict[str, Any]]:
    return await run_many(tx, "inbox_batch", space=space, limit=limit)
