from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one, single_statement


class VectorCacheRowsRow(TypedDict):
    ids: list[str]  # those of the asked blocks still active with an embedding, in order
    vectors: list[list[float]]  # parallel to ids
    texts: list[list[str | None]]  # parallel to ids: [content, summary]


@single_statement
async def vector_cache_rows(tx: Transaction, *, space: str, ids: list[str]) -> VectorCacheRowsRow:
    """The asked blocks' embeddings and texts (those still active with an embedding)."""
    row = await run_one(tx, "vector_cache_rows", space=space, ids=ids)
    return cast(VectorCacheRowsRow, row)
