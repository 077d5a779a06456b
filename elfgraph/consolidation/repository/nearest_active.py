from typing import Any

from elfgraph.store.transaction import Transaction, run_many


async def nearest_active(
    tx: Transaction,
    *,
    space: str,
    queries: list[dict[str, Any]],
    fetch: int,
    k: int,
    run_id: str,
) -> list[dict[str, Any]]:
    """One row per query: query_id and hits (id, tags, category, hours, cosine)."""
    return await run_many(
        tx, "nearest_active", space=space, queries=queries, fetch=fetch, k=k, run_id=run_id
    )
