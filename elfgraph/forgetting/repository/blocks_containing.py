from typing import cast

from elfgraph.forgetting.repository import BlockText
from elfgraph.store.transaction import Transaction, run_one


async def blocks_containing(
    tx: Transaction, *, space: str, needle: str, limit: int
) -> list[BlockText]:
    """The blocks whose lower-cased content contains `needle`, in id order."""
    row = await run_one(tx, "blocks_containing", space=space, needle=needle, limit=limit)
    return cast(list[BlockText], row["blocks"] if row else [])
