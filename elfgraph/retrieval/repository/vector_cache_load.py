from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class VectorCacheLoadRow(TypedDict):
    key: str  # the space's text_key
    epoch: int  # its vector epoch, read before the blocks
    active: int  # its active blocks (on the first page; 0 on the others)
    ids: list[str]  # the page's active embedded blocks, by id; [] when active > limit
    vectors: list[list[float]] | None  # parallel to ids; None past vector_limit
    texts: list[list[str | None]]  # parallel to ids: [content, summary]


async def vector_cache_load(
    tx: Transaction,
    *,
    space: str,
    limit: int,
    vector_limit: int,
    after: str | None,
    page: int,
) -> VectorCacheLoadRow | None:
    """The space's vector version and the next `page` active blocks' texts and embeddings
    after the id `after` (None: the first page, which also counts the space's active blocks
    and holds none past `limit`; the embeddings only while that count, 0 on a later page,
    is at most `vector_limit`); None when the space is gone."""
    row = await run_one(
        tx,
        "vector_cache_load",
        space=space,
        limit=limit,
        vector_limit=vector_limit,
        after=after,
        page=page,
    )
    return cast(VectorCacheLoadRow | None, row)
