"""The degree-capped writer every automatic edge goes through: similarity, session and
contradiction edges (dream), co-retrieval edges (frame), outcome edges (outcome).

The cap holds at both ends (docs/BEHAVIOUR.md §1.2): where a block is full, a new edge may
displace its weakest displaceable edge if it is stronger, else it is skipped.
"""

from __future__ import annotations

from elfgraph.edges.repository.link_blocks import EdgeRow, LinkedEdgeRow, link_blocks
from elfgraph.store.transaction import Transaction

__all__ = ["EdgeRow", "LinkedEdgeRow", "edge_row", "link"]


def edge_row(a: str, b: str, relation: str, origin: str, weight: float) -> EdgeRow:
    """A row for link(): stored from the smaller id to the larger, typed by relation."""
    low, high = (a, b) if a < b else (b, a)
    return EdgeRow(
        a=low,
        b=high,
        type=relation.upper(),
        relation=relation,
        origin=origin,
        weight=round(float(weight), 6),
    )


async def link(
    tx: Transaction,
    *,
    space: str,
    edges: list[EdgeRow],
    cap: int,
    now_hours: float,
    created_at: str,
) -> list[LinkedEdgeRow]:
    """Create `edges` (rows from edge_row) under the cap, in one statement, inside the
    caller's write transaction; the edges actually created, in request order."""
    if not edges:
        return []
    return await link_blocks(
        tx, space=space, edges=edges, cap=cap, now_hours=now_hours, created_at=created_at
    )
