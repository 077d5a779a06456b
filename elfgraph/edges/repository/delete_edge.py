from typing import TypedDict, cast

from elfgraph.edges.repository import EdgeProperties
from elfgraph.store.transaction import Transaction, run_one


class DeleteEdgeRow(TypedDict):
    edge: EdgeProperties | None  # as it was; None when there is no edge
    removed: bool


async def delete_edge(
    tx: Transaction, *, space: str, a: str, b: str, guard: str | None
) -> DeleteEdgeRow | None:
    """The edge as it was (None when there is none) and whether it was removed; None when
    the space does not exist."""
    row = await run_one(tx, "delete_edge", space=space, a=a, b=b, guard=guard)
    return cast(DeleteEdgeRow | None, row)
