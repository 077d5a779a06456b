from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def export_co_retrievals(
    tx: Transaction, *, space: str, after_a: str, after_b: str, limit: int
) -> list[dict[str, Any]]:
    """Up to `limit` pairs after (after_a, after_b), in (a, b) order: props."""
    row = await run_one(
        tx, "export_co_retrievals", space=space, after_a=after_a, after_b=after_b, limit=limit
    )
    return list(row["records"]) if row else []
