from typing import Any

from neo4j import AsyncManagedTransaction

from elfgraph.repository.cypher import run_many


async def nearest_active(
    tx: AsyncManagedTransaction,
    *,
    space: str,
    queries: list[dict[str, Any]],
    fetch: int,
    k: int,
) -> list[dict[str, Any]]:
    """Rows of (query_id, id, tags, category, hours, cosine) through the vector index."""
    return await run_many(tx, "nearest_active", space=space, queries=queries, fetch=fetch, k=k)
