from typing import Any

from neo4j import AsyncManagedTransaction

from elfgraph.store.cypher import run_many


async def insert_blocks(
    tx: AsyncManagedTransaction, *, space: str, rows: list[dict[str, Any]]
) -> list[tuple[str, str]]:
    """(block_id, 'created' | 'duplicate_rejected') per row, in row order; [] if no space."""
    records = await run_many(tx, "insert_blocks", space=space, rows=rows)
    return [(str(r["block_id"]), str(r["status"])) for r in records]
