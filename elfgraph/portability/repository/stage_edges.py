from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def stage_edges(
    tx: Transaction, *, space: str, token: str, rows: list[dict[str, Any]]
) -> set[int] | None:
    """The file lines of the edges written; None when the claim is gone (nothing was)."""
    row = await run_one(tx, "stage_edges", space=space, token=token, rows=rows)
    assert row is not None
    return {int(line) for line in row["lines"]} if row["claimed"] else None
