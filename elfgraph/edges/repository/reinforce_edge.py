from typing import cast

from elfgraph.edges.repository import EdgeProperties
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
) -> EdgeProperties:
    """The reinforced edge's properties."""
    row = await run_one(
        tx, "reinforce_edge", space=space, a=a, b=b, delta=delta, note=note, now_hours=now_hours
    )
    assert row is not None, "edge_state found the edge in this transaction"
    return cast(EdgeProperties, dict(row["edge"]))
