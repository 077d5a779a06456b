from elfgraph.store.transaction import Transaction, run_many


async def archive_blocks(
    tx: Transaction, *, space: str, ids: list[str], reason: str, archived_at: str
) -> list[str]:
    """The ids actually archived (those that were inbox or active)."""
    rows = await run_many(
        tx, "archive_blocks", space=space, ids=ids, reason=reason, archived_at=archived_at
    )
    return [str(row["id"]) for row in rows]
