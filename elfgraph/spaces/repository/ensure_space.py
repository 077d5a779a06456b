from elfgraph.spaces.models import SpaceRecord
from elfgraph.store.transaction import Transaction, run_one


async def ensure_space(tx: Transaction, *, name: str, now: str) -> SpaceRecord | None:
    """The space, created on first use; None when an import has claimed the name."""
    row = await run_one(tx, "ensure_space", name=name, now=now)
    assert row is not None  # MERGE always yields its node
    return None if row["space"] is None else SpaceRecord.model_validate(row["space"])
