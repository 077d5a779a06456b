from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def reinforce_edge(
    tx: Transaction,
    *,
    space: str,
    a: str,
    b: str,
    delta: float,
    note: str | None,
    now_hours: float,
) -> dict[str, Any]:
    """The reinforced edge's properties."""
    row = await run_one(
        tx, "reinforce_edge", space=space, a=a, b=b, delta=delta, note=note, now_hours=now_hours
    )
    assert row is not None, "edge_state found the edge in this transaction"
    return dict(row["edge"])
