from neo4j import AsyncManagedTransaction

from elfgraph.spaces.models import SpaceRecord
from elfgraph.store.cypher import run_one


async def ensure_space(tx: AsyncManagedTransaction, *, name: str, now: str) -> SpaceRecord:
    row = await run_one(tx, "ensure_space", name=name, now=now)
    assert row is not None  # MERGE always yields its node
    return SpaceRecord.model_validate(row["space"])
