from neo4j import AsyncManagedTransaction

from elfgraph.schema.models import IndexInfo
from elfgraph.store.cypher import run_many


async def list_indexes(tx: AsyncManagedTransaction) -> list[IndexInfo]:
    rows = await run_many(tx, "list_indexes")
    return [IndexInfo.model_validate(row) for row in rows]
