from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class VectorCacheLoadRow(TypedDict):
    key: str  # the space's text_key
    epoch: int  # its vector epoch, read before the blocks
    active: int  # its active blocks
    ids: list[str]  # every active embedded block; [] when active > limit
    vectors: list[list[float]]  # parallel to ids
    texts: list[list[str | None]]  # parallel to ids: [content, summary]


async def vector_cache_load(
    tx: Transaction, *, space: str, limit: int
) -> VectorCacheLoadRow | None:
    """The space's vector version and every active block's embedding (none past `limit`);
    None when the space is gone."""
    row = await run_one(tx, "vector_cache_load", space=space, limit=limit)
    return cast(VectorCacheLoadRow | None, row)
