"""Recall's vector leg alone, through the shared vector index (vector_leg.cypher)."""

from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one, single_statement


class VectorLegRow(TypedDict):
    ids: list[str]  # the space's nearest active blocks, nearest first
    scores: list[float]  # parallel to ids: the index's scores, (1 + cosine) / 2
    answered: int  # how many answers the index gave, of every space
    fetched_in_space: int  # of those, the space's active blocks
    compared: int | None  # blocks an exact scan compared (None: no scan)
    vector_version: list[str | int]  # [text_key, vector epoch] of the space


@single_statement
async def vector_leg(
    tx: Transaction,
    *,
    space: str,
    query_vector: list[float],
    fetch: int,
    k: int,
    scan_below: int,
    self_only: bool,
) -> VectorLegRow | None:
    """The k nearest active blocks of the space; None when the space does not exist."""
    row = await run_one(
        tx,
        "vector_leg",
        space=space,
        query_vector=query_vector,
        fetch=fetch,
        k=k,
        scan_below=scan_below,
        self_only=self_only,
    )
    return cast(VectorLegRow | None, row)
