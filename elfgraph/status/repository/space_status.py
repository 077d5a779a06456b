from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def space_status(tx: Transaction, *, space: str) -> dict[str, Any] | None:
    """The space's properties and counts (inbox, active, archived, edges); None if absent."""
    return await run_one(tx, "space_status", space=space)
