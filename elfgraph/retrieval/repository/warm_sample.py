"""A few of the space's block contents, for the retrieval warm-up's word (warm_sample.cypher)."""

from typing import cast

from elfgraph.store.transaction import Transaction, run_one, single_statement


@single_statement
async def warm_sample(tx: Transaction, *, space: str, limit: int) -> list[str]:
    """The contents of the space's first `limit` active blocks by id ([] for none)."""
    row = await run_one(tx, "warm_sample", space=space, limit=limit)
    return cast(list[str], row["contents"]) if row is not None else []
