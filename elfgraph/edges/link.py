"""The degree-capped writer every automatic edge goes through: similarity, session and
contradiction edges (dream), co-retrieval edges (frame), outcome edges (outcome).

The cap holds at both ends (docs/BEHAVIOUR.md §1.2): where a block is full, a new edge may
displace its weakest displaceable edge if it is stronger, else it is skipped. A batch
costs two statements whatever its size: one read of its blocks' edges (after the space's
edge lock), the plan in Python (link_plan.py), one write of the deletions and creations.
"""

from __future__ import annotations

from typing import TypedDict

from elfgraph.edges.link_plan import Edge, PlanRow, block_states, plan_links
from elfgraph.edges.repository import EdgeEnds
from elfgraph.edges.repository.create_links import DisplacedEdge, EdgeRow, create_links
from elfgraph.edges.repository.link_state import link_state
from elfgraph.store.transaction import Transaction

__all__ = ["EdgeRow", "LinkedEdgeRow", "edge_row", "link"]


class LinkedEdgeRow(TypedDict):
    """An edge created, and the edges it displaced to fit under the cap (0, 1 or 2)."""

    a: str
    b: str
    relation: str
    weight: float
    displaced_edges: list[EdgeEnds]


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
    """Create `edges` (rows from edge_row) under the cap, inside the caller's write
    transaction; the edges actually created, in request order (an edge a later row of
    the batch displaced again is reported, and not written)."""
    if not edges:
        return []
    ids = list(dict.fromkeys(end for e in edges for end in (e["a"], e["b"])))
    found = await link_state(tx, space=space, ids=ids)
    blocks = block_states(
        (
            row["id"],
            row["status"],
            [
                Edge(e["key"], e["a"], e["b"], e["relation"] or "", e["origin"], e["weight"] or 0.0)
                for e in row["edges"]
            ],
        )
        for row in found
    )
    rows = [
        PlanRow(a=e["a"], b=e["b"], relation=e["relation"], origin=e["origin"], weight=e["weight"])
        for e in edges
    ]
    # Each stored edge's start, for its deletion: the plan takes displaced edges out of blocks.
    starts = {e.key: e.a for block in blocks.values() for e in block.edges.values()}
    plan = plan_links(rows, blocks, cap)
    if plan.create or plan.delete:
        await create_links(
            tx,
            space=space,
            displaced=[DisplacedEdge(key=key, start=starts[key]) for key in plan.delete],
            edges=[edges[i] for i in plan.create],
            now_hours=now_hours,
            created_at=created_at,
        )
    return [
        LinkedEdgeRow(
            a=edges[i]["a"],
            b=edges[i]["b"],
            relation=edges[i]["relation"],
            weight=edges[i]["weight"],
            displaced_edges=[
                EdgeEnds(a=d.a, b=d.b, relation=d.relation, weight=d.weight) for d in displaced
            ],
        )
        for i, displaced in plan.created
    ]
