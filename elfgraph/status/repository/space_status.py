from typing import Any

from neo4j import AsyncManagedTransaction

from elfgraph.store.cypher import run_one


async def space_status(tx: AsyncManagedTransaction, *, space: str) -> dict[str, Any] | None:
    """The space's properties and counts (inbox, active, archived, edges); None if absent."""
    return await run_one(tx, "space_status", space=space)
