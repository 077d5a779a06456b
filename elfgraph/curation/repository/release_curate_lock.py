from neo4j import AsyncManagedTransaction

from elfgraph.store.cypher import run_none


async def release_curate_lock(tx: AsyncManagedTransaction, *, space: str, owner: str) -> None:
    await run_none(tx, "release_curate_lock", space=space, owner=owner)
