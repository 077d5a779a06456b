from typing import Any

from elfgraph.store.transaction import Transaction, run_many


async def nearest_active_exact(
    tx: Transaction,
    *,
    space: str,
    queries: list[dict[str, Any]],
    k: int,
    run_id: str,
) -> list[dict[str, Any]]:
    """Like nearest_active, by an exact scan of the space."""
    return await run_many(
        tx, "nearest_active_exact", space=space, queries=queries, k=k, run_id=run_id
    )
