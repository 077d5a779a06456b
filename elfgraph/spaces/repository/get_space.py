from neo4j import AsyncManagedTransaction

from elfgraph.spaces.models import SpaceRecord
from elfgraph.store.cypher import run_one


async def get_space(tx: AsyncManagedTransaction, *, name: str) -> SpaceRecord | None:
    row = await run_one(tx, "get_space", name=name)
    return None if row is None else SpaceRecord.model_validate(row["space"])
