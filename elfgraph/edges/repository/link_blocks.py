from typing import TypedDict, cast

from elfgraph.edges.repository import EdgeEnds
from elfgraph.store.transaction import Transaction, run_many


class EdgeRow(TypedDict):
    """One edge to create (elfgraph.edges.link.edge_row makes them): a < b, the
    relationship type made from the relation word."""

    a: str
    b: str
    type: str
    relation: str
    origin: str
    weight: float


class LinkedEdgeRow(TypedDict):
    """An edge created, and the edges it displaced to fit under the cap (0, 1 or 2)."""

    a: str
    b: str
    relation: str
    weight: float
    displaced_edges: list[EdgeEnds]


async def link_blocks(
    tx: Transaction,
    *,
    space: str,
    edges: list[EdgeRow],
    cap: int,
    now_hours: float,
    created_at: str,
) -> list[LinkedEdgeRow]:
    """The edges created (a, b, relation, weight, displaced_edges), in request order."""
    rows = await run_many(
        tx,
        "link_blocks",
        space=space,
        edges=edges,
        cap=cap,
        now_hours=now_hours,
        created_at=created_at,
    )
    return cast(list[LinkedEdgeRow], rows)
