from neo4j import AsyncManagedTransaction

from elfgraph.store.cypher import run_none


async def record_consolidation(tx: AsyncManagedTransaction, *, space: str, at: str) -> None:
    await run_none(tx, "record_consolidation", space=space, at=at)
