from typing import cast

from elfgraph.edges.repository import EdgeProperties
from elfgraph.store.transaction import Transaction, run_one


async def update_edge(
    tx: Transaction,
    *,
    space: str,
    a: str,
    b: str,
    type: str,
    relation: str,
    weight: float | None,
    note: str | None,
    now_hours: float,
    updated_at: str,
) -> EdgeProperties:
    """The updated edge's properties (retyped when the relation changed)."""
    row = await run_one(
        tx,
        "update_edge",
        space=space,
        a=a,
        b=b,
        type=type,
        relation=relation,
        weight=weight,
        note=note,
        now_hours=now_hours,
        updated_at=updated_at,
    )
    assert row is not None, "edge_state found the edge in this transaction"
    return cast(EdgeProperties, dict(row["edge"]))
