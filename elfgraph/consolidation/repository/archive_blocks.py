from typing import TypedDict

from elfgraph.store.transaction import Transaction, run_many


class ArchiveRow(TypedDict):
    id: str
    by: str | None  # the block that replaces it, when one does


async def archive_blocks(
    tx: Transaction, *, space: str, rows: list[ArchiveRow], reason: str, archived_at: str
) -> list[str]:
    """The ids actually archived (those that were inbox or active)."""
    done = await run_many(
        tx, "archive_blocks", space=space, rows=rows, reason=reason, archived_at=archived_at
    )
    return [str(row["id"]) for row in done]
