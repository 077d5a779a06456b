from typing import Any

from elfgraph.store.transaction import Transaction, run_many


async def insert_blocks(
    tx: Transaction, *, space: str, rows: list[dict[str, Any]]
) -> list[tuple[str, str]]:
    """(block_id, 'created' | 'duplicate_rejected') per row, in row order; [] if no space."""
    records = await run_many(tx, "insert_blocks", space=space, rows=rows)
    return [(str(r["block_id"]), str(r["status"])) for r in records]
