from typing import cast

from elfgraph.store.transaction import Transaction, run_one, single_statement


@single_statement
async def space_block_ids(tx: Transaction, *, space: str) -> set[str]:
    """Every block id of the space, in any status (none when the space is gone)."""
    row = await run_one(tx, "space_block_ids", space=space)
    return set(cast(list[str], row["ids"])) if row is not None else set()
