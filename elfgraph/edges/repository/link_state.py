from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class StoredEdge(TypedDict):
    """An edge at a block of the batch: its elementId, ends as stored, relation, origin
    and weight."""

    key: str
    a: str
    b: str
    relation: str | None
    origin: str | None
    weight: float | None


class LinkStateRow(TypedDict):
    id: str
    status: str | None
    edges: list[StoredEdge]


async def link_state(tx: Transaction, *, space: str, ids: list[str]) -> list[LinkStateRow]:
    """Lock the space's edges, then each existing block's status and edges."""
    row = await run_one(tx, "link_state", space=space, ids=ids)
    return cast(list[LinkStateRow], row["blocks"] if row else [])
