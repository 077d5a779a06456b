from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def space_properties(tx: Transaction, *, space: str) -> dict[str, Any] | None:
    """Every property of the space node; None when there is no such space."""
    row = await run_one(tx, "space_properties", space=space)
    return None if row is None else dict(row["props"])
