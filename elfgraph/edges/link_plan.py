"""Which of a batch of automatic edges to create, and which edges they displace, under the
degree cap (docs/BEHAVIOUR.md §1.2): pure, so a whole batch is planned in Python from one
read of its blocks' edges and written in one statement, instead of row by row in Cypher.

The rules, row by row in request order (best first per block): a row whose ends are not
both active blocks, or that already have an edge, is skipped. An end at the cap gives up
its weakest displaceable edge (similar before co_occurs, lowest weight first, then the
older edge; never agent edges) only for a stronger row; else the row is skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TypedDict

DISPLACEABLE = ("similar", "co_occurs")  # in the order they give way


class PlanRow(TypedDict):
    """A requested edge: a < b, typed by its relation."""

    a: str
    b: str
    relation: str
    origin: str
    weight: float


@dataclass(frozen=True)
class Edge:
    """An edge as the planner sees it: `key` is the stored edge's elementId, or a
    placeholder for one this batch creates (`new`), which sorts after every stored one."""

    key: str
    a: str
    b: str
    relation: str
    origin: str | None
    weight: float
    new: bool = False


@dataclass
class BlockState:
    """A block of the batch: whether it is active, and its edges."""

    active: bool
    edges: dict[str, Edge] = field(default_factory=dict)  # key → edge


@dataclass
class LinkPlan:
    """What to write: the stored edges to delete, the rows to create, and for each row
    created (in request order) the edges it displaced."""

    delete: list[str]  # elementIds of stored edges
    create: list[int]  # indexes into the rows
    created: list[tuple[int, list[Edge]]]


def _weakest(block: BlockState) -> Edge | None:
    displaceable = [
        e
        for e in block.edges.values()
        if e.relation in DISPLACEABLE and e.origin is not None and e.origin != "agent"
    ]
    if not displaceable:
        return None
    return min(
        displaceable,
        key=lambda e: (DISPLACEABLE.index(e.relation), e.weight, e.new, e.key),
    )


def plan_links(rows: list[PlanRow], blocks: dict[str, BlockState], cap: int) -> LinkPlan:
    """Plan `rows` against the blocks' current edges (every block a row names; a block
    missing from `blocks` does not exist). `blocks` is updated as the plan goes."""
    created: list[tuple[int, list[Edge]]] = []
    new_edges: dict[str, int] = {}  # key of an edge this batch creates → its row
    deleted: list[str] = []
    for index, row in enumerate(rows):
        a, b = blocks.get(row["a"]), blocks.get(row["b"])
        if a is None or b is None or not a.active or not b.active or row["a"] == row["b"]:
            continue
        if any({e.a, e.b} == {row["a"], row["b"]} for e in a.edges.values()):
            continue
        displaced: list[Edge] = []
        for end in (a, b):
            if len(end.edges) >= cap:
                weakest = _weakest(end)
                if weakest is None or not weakest.weight < row["weight"]:
                    break
                displaced.append(weakest)
        else:
            for edge in displaced:
                for name in (edge.a, edge.b):
                    holder = blocks.get(name)
                    if holder is not None:
                        holder.edges.pop(edge.key, None)
                if edge.new:
                    new_edges.pop(edge.key)
                else:
                    deleted.append(edge.key)
            edge = Edge(f"~{index:09d}", row["a"], row["b"], row["relation"], row["origin"],
                        row["weight"], new=True)  # fmt: skip
            a.edges[edge.key] = edge
            b.edges[edge.key] = edge
            new_edges[edge.key] = index
            created.append((index, displaced))
    return LinkPlan(delete=deleted, create=sorted(new_edges.values()), created=created)


def block_states(found: Iterable[tuple[str, str | None, list[Edge]]]) -> dict[str, BlockState]:
    """The planner's view of the blocks a read found: (id, status, edges)."""
    return {
        block_id: BlockState(status == "active", {e.key: e for e in edges})
        for block_id, status, edges in found
    }
