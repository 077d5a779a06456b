from neo4j import AsyncManagedTransaction

from elfgraph.repository.cypher import run_scalar


async def delete_space(tx: AsyncManagedTransaction, *, name: str) -> int:
    """Delete every node of the space and the space itself; the number of nodes deleted."""
    return int(await run_scalar(tx, "delete_space", name=name) or 0)
