from typing import TypedDict

from elfgraph.store.transaction import Transaction, run_one


class ArchiveRow(TypedDict):
    id: str
    by: str | None  # the block that replaces it, when one does


async def archive_blocks(
    tx: Transaction, *, space: str, rows: list[ArchiveRow], reason: str, archived_at: str
) -> list[str]:
    """The ids actually archived (those that were inbox or active)."""
    row = await run_one(
        tx, "archive_blocks", space=space, rows=rows, reason=reason, archived_at=archived_at
    )
    return [str(block_id) for block_id in (row["ids"] if row else [])]
