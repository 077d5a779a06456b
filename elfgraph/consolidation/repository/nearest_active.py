from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class NeighbourQuery(TypedDict):
    """One query vector sent to nearest_active(_exact): the inbox block's id and vector."""

    id: str
    vector: list[float]


class NearestHit(TypedDict):
    id: str
    tags: list[str]  # [] when the block has none
    category: str | None
    hours: float | None  # its last_reinforced_at
    cosine: float  # exact, in [-1, 1]
    own: str | None  # the sketch of its own vector when it differs from its embedding's


class NearestRow(TypedDict):
    query_id: str
    hits: list[NearestHit]  # nearest first, at most k


async def nearest_active(
    tx: Transaction,
    *,
    space: str,
    queries: list[NeighbourQuery],
    fetch: int,
    k: int,
    run_id: str,
) -> list[NearestRow]:
    """One entry per query: query_id and hits (id, tags, category, hours, cosine)."""
    row = await run_one(
        tx, "nearest_active", space=space, queries=queries, fetch=fetch, k=k, run_id=run_id
    )
    return cast(list[NearestRow], row["found"] if row else [])
