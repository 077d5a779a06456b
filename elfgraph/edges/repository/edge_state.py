from typing import Required, TypedDict, cast

from elfgraph.edges.repository import EdgeEnds, EdgeProperties
from elfgraph.store.transaction import Transaction, run_one


class TypedEdge(EdgeProperties, total=False):
    """The edge's properties and its relationship type (`r {.*, type: type(r)}`)."""

    type: Required[str]


class EdgeStateRow(TypedDict):
    now: float
    source_status: str | None  # None: no such block
    target_status: str | None
    edge: TypedEdge | None  # the edge between them, either way round
    source_degree: int
    target_degree: int
    source_weakest: EdgeEnds | None  # None: no displaceable edge
    target_weakest: EdgeEnds | None


async def edge_state(
    tx: Transaction,
    *,
    space: str,
    source: str,
    target: str,
    now_hours: float | None,
) -> EdgeStateRow | None:
    """now, both statuses (None when unknown), the edge between them, both degrees and
    both weakest displaceable edges; None when the space does not exist. Locks the space."""
    row = await run_one(
        tx, "edge_state", space=space, source=source, target=target, now_hours=now_hours
    )
    return cast(EdgeStateRow | None, row)
