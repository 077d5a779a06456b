from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def delete_edge(
    tx: Transaction, *, space: str, a: str, b: str, guard: str | None
) -> dict[str, Any] | None:
    """The edge as it was (None when there is none) and whether it was removed; None when
    the space does not exist."""
    return await run_one(tx, "delete_edge", space=space, a=a, b=b, guard=guard)
