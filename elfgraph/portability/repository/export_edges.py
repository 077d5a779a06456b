from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def export_edges(
    tx: Transaction, *, space: str, after: str, limit: int
) -> tuple[str | None, list[dict[str, Any]]]:
    """(last block id of the page or None, the edges starting at the page's blocks as
    {a, b, type, props} in (a, b) order)."""
    row = await run_one(tx, "export_edges", space=space, after=after, limit=limit)
    assert row is not None  # aggregates always yield a row
    return row["last"], list(row["edges"])
