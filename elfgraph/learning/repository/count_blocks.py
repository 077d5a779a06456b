from neo4j import AsyncManagedTransaction

from elfgraph.store.cypher import run_scalar


async def count_blocks(tx: AsyncManagedTransaction, *, space: str, status: str) -> int:
    return int(await run_scalar(tx, "count_blocks", space=space, status=status) or 0)
