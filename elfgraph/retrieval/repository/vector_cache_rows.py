from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one, single_statement


class VectorCacheRowsRow(TypedDict):
    ids: list[str]  # those of the asked blocks still active with an embedding, in order
    # Parallel to ids: embeddings, or sketches (the embedding of a block without one), as
    # asked; None for "words".
    vectors: list[list[float] | str] | None
    texts: list[list[str | None]]  # parallel to ids: [content, summary]


@single_statement
async def vector_cache_rows(
    tx: Transaction, *, space: str, ids: list[str], vectors: str = "vectors"
) -> VectorCacheRowsRow:
    """The asked blocks' texts, and what `vectors` says of their vectors ("vectors",
    "sketches" or "words"), for those still active with an embedding."""
    row = await run_one(tx, "vector_cache_rows", space=space, ids=ids, vectors=vectors)
    return cast(VectorCacheRowsRow, row)
