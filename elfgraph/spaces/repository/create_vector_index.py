from neo4j import AsyncManagedTransaction

from elfgraph.store.cypher import run_none


async def create_vector_index(tx: AsyncManagedTransaction, *, dimensions: int) -> None:
    await run_none(tx, "create_vector_index", dimensions=dimensions)
