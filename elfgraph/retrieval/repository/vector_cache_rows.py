from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one, single_statement


class VectorCacheRowsRow(TypedDict):
    ids: list[str]  # those of the asked blocks still active with an embedding, in order
    vectors: list[list[float]] | None  # parallel to ids; None when not asked for
    texts: list[list[str | None]]  # parallel to ids: [content, summary]


@single_statement
async def vector_cache_rows(
    tx: Transaction, *, space: str, ids: list[str], vectors: bool = True
) -> VectorCacheRowsRow:
    """The asked blocks' texts, and with `vectors` their embeddings (those still active
    with an embedding)."""
    row = await run_one(tx, "vector_cache_rows", space=space, ids=ids, vectors=vectors)
    return cast(VectorCacheRowsRow, row)
