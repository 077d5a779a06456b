from elfgraph.schema.models import IndexInfo
from elfgraph.store.transaction import Transaction, run_many


async def list_indexes(tx: Transaction) -> list[IndexInfo]:
    rows = await run_many(tx, "list_indexes")
    return [IndexInfo.model_validate(row) for row in rows]
