from typing import Any

from neo4j import AsyncManagedTransaction

from elfgraph.store.cypher import run_many


async def inbox_batch(
    tx: AsyncManagedTransaction, *, space: str, limit: int
) -> list[dict[str, Any]]:
    return await run_many(tx, "inbox_batch", space=space, limit=limit)
