from typing import cast

from elfgraph.forgetting.repository import BlockText
from elfgraph.store.transaction import Transaction, run_one


async def inbox_copies(
    tx: Transaction, *, space: str, texts: list[str], ids: list[str]
) -> list[BlockText]:
    """Inbox blocks (not among `ids`) whose stripped, lower-cased content is one of `texts`."""
    row = await run_one(tx, "inbox_copies", space=space, texts=texts, ids=ids)
    return cast(list[BlockText], row["blocks"] if row else [])
