from typing import Any

from neo4j import AsyncManagedTransaction

from elfgraph.repository.cypher import run_many


async def self_blocks(
    tx: AsyncManagedTransaction, *, space: str, limit: int
) -> list[dict[str, Any]]:
    return await run_many(tx, "self_blocks", space=space, limit=limit)
