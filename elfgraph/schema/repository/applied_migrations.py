from neo4j import AsyncManagedTransaction

from elfgraph.schema.models import AppliedMigration
from elfgraph.store.cypher import run_many


async def applied_migrations(tx: AsyncManagedTransaction) -> list[AppliedMigration]:
    rows = await run_many(tx, "applied_migrations")
    return [AppliedMigration.model_validate(row) for row in rows]
