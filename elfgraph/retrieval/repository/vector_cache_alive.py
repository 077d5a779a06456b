from typing import cast

from elfgraph.store.transaction import Transaction, run_one, single_statement


@single_statement
async def vector_cache_alive(tx: Transaction, *, space: str, ids: list[str]) -> list[str]:
    """Those of `ids` no longer active with an embedding (deleted or archived)."""
    row = await run_one(tx, "vector_cache_alive", space=space, ids=ids)
    return cast(list[str], row["gone"]) if row is not None else list(ids)
