from typing import TypedDict

from elfgraph.store.transaction import Transaction, run_scalar


class DisplacedEdge(TypedDict):
    """A stored edge to delete: its elementId and the id of the block it starts at."""

    key: str
    start: str


class EdgeRow(TypedDict):
    """One edge to create (elfgraph.edges.link.edge_row makes them): a < b, the
    relationship type made from the relation word."""

    a: str
    b: str
    type: str
    relation: str
    origin: str
    weight: float


async def create_links(
    tx: Transaction,
    *,
    space: str,
    displaced: list[DisplacedEdge],
    edges: list[EdgeRow],
    now_hours: float,
    created_at: str,
) -> int:
    """Delete the displaced edges, create `edges`; how many were created."""
    return int(
        await run_scalar(
            tx,
            "create_links",
            space=space,
            displaced=displaced,
            edges=edges,
            now_hours=now_hours,
            created_at=created_at,
        )
        or 0
    )
