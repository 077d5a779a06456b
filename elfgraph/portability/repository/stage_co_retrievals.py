from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def stage_co_retrievals(
    tx: Transaction, *, space: str, token: str, rows: list[dict[str, Any]]
) -> int | None:
    """How many rows were written; None when the claim is gone (nothing was)."""
    row = await run_one(tx, "stage_co_retrievals", space=space, token=token, rows=rows)
    assert row is not None
    return int(row["written"]) if row["claimed"] else None
