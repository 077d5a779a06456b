from typing import cast

from elfgraph.edges.repository import EdgeProperties
from elfgraph.store.transaction import Transaction, run_one


async def create_edge(
    tx: Transaction,
    *,
    space: str,
    a: str,
    b: str,
    type: str,
    relation: str,
    weight: float,
    note: str | None,
    displaced: list[list[str]],
    now_hours: float,
    created_at: str,
) -> EdgeProperties:
    """The new agent edge's properties, after deleting the displaced edges."""
    row = await run_one(
        tx,
        "create_edge",
        space=space,
        a=a,
        b=b,
        type=type,
        relation=relation,
        weight=weight,
        note=note,
        displaced=displaced,
        now_hours=now_hours,
        created_at=created_at,
    )
    assert row is not None, "edge_state checked both blocks in this transaction"
    return cast(EdgeProperties, dict(row["edge"]))
