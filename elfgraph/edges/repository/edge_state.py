from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def edge_state(
    tx: Transaction,
    *,
    space: str,
    source: str,
    target: str,
    now_hours: float | None,
) -> dict[str, Any] | None:
    """now, both statuses (None when unknown), the edge between them, both degrees and
    both weakest displaceable edges; None when the space does not exist. Locks the space."""
    return await run_one(
        tx, "edge_state", space=space, source=source, target=target, now_hours=now_hours
    )
