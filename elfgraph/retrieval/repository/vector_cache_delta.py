from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class VectorCacheDeltaRow(TypedDict):
    key: str  # the space's text_key
    epoch: int  # its vector epoch, read before the blocks
    seen: int  # blocks with a newer epoch read, at most the limit
    ids: list[str]  # the active ones among them
    gone: list[str]  # the others: archived (or without a vector) since
    # The vector epochs of the forgets since that deleted active blocks (their tombstones).
    forgets: list[int]
    # Parallel to ids: embeddings or sketches, as asked; None past `page` of them or for
    # "words".
    vectors: list[list[float] | str] | None
    texts: list[list[str | None]] | None  # parallel to ids: [content, summary]; likewise


async def vector_cache_delta(
    tx: Transaction,
    *,
    space: str,
    since: int,
    limit: int,
    page: int,
    vectors: str = "vectors",
) -> VectorCacheDeltaRow | None:
    """The space's vector version and its active blocks with a vector epoch after `since`
    (at most `limit` read), with their texts and what `vectors` says of their vectors
    ("vectors", "sketches" or "words") when at most `page`; None when the space is gone."""
    row = await run_one(
        tx,
        "vector_cache_delta",
        space=space,
        since=since,
        limit=limit,
        page=page,
        vectors=vectors,
    )
    return cast(VectorCacheDeltaRow | None, row)
