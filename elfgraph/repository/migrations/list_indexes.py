from neo4j import AsyncManagedTransaction

from elfgraph.models import IndexInfo
from elfgraph.repository.cypher import run_many


async def list_indexes(tx: AsyncManagedTransaction) -> list[IndexInfo]:
    rows = await run_many(tx, "list_indexes")
    return [IndexInfo.model_validate(row) for row in rows]
