from elfgraph.spaces.models import SpaceRecord
from elfgraph.store.transaction import Transaction, run_one


async def get_space(tx: Transaction, *, name: str) -> SpaceRecord | None:
    row = await run_one(tx, "get_space", name=name)
    return None if row is None else SpaceRecord.model_validate(row["space"])
