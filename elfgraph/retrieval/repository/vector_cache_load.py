from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class VectorCacheLoadRow(TypedDict):
    key: str  # the space's text_key
    epoch: int  # its vector epoch, read before the blocks
    active: int  # its active blocks (on the first page; 0 on the others)
    ids: list[str]  # the page's active embedded blocks, by id; [] when active > limit
    # Parallel to ids: embeddings up to vector_limit, then sketches (or the embedding of a
    # block without one) up to sketch_limit; None past both.
    vectors: list[list[float] | str] | None
    texts: list[list[str | None]]  # parallel to ids: [content, summary]


async def vector_cache_load(
    tx: Transaction,
    *,
    space: str,
    limit: int,
    vector_limit: int,
    sketch_limit: int,
    after: str | None,
    page: int,
) -> VectorCacheLoadRow | None:
    """The space's vector version and the next `page` active blocks' texts and embeddings
    after the id `after` (None: the first page, which also counts the space's active blocks
    and holds none past `limit`; the embeddings while that count, 0 on a later page, is at
    most `vector_limit`, else the sketches while it is at most `sketch_limit`); None when
    the space is gone."""
    row = await run_one(
        tx,
        "vector_cache_load",
        space=space,
        limit=limit,
        vector_limit=vector_limit,
        sketch_limit=sketch_limit,
        after=after,
        page=page,
    )
    return cast(VectorCacheLoadRow | None, row)
