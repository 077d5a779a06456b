from elfgraph.schema.models import AppliedMigration
from elfgraph.store.transaction import Transaction, run_many


async def applied_migrations(tx: Transaction) -> list[AppliedMigration]:
    rows = await run_many(tx, "applied_migrations")
    return [AppliedMigration.model_validate(row) for row in rows]
