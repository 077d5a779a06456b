from elfgraph.spaces.models import SpaceRecord
from elfgraph.store.transaction import Transaction, run_many


async def list_spaces(tx: Transaction) -> list[SpaceRecord]:
    rows = await run_many(tx, "list_spaces")
    return [
        SpaceRecord.model_validate({**row["space"], "block_count": row["block_count"]})
        for row in rows
    ]
