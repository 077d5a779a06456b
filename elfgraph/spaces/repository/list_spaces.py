from neo4j import AsyncManagedTransaction

from elfgraph.spaces.models import SpaceRecord
from elfgraph.store.cypher import run_many


async def list_spaces(tx: AsyncManagedTransaction) -> list[SpaceRecord]:
    rows = await run_many(tx, "list_spaces")
    return [
        SpaceRecord.model_validate({**row["space"], "block_count": row["block_count"]})
        for row in rows
    ]
