from elfgraph.store.transaction import Transaction, run_one


async def archive_decayed(
    tx: Transaction,
    *,
    space: str,
    owner: str,
    lock_seconds: float,
    seq: int,
    now: float,
    threshold: float,
    archived_at: str,
) -> int | None:
    """How many blocks were archived; None when `owner` no longer holds the curate lock."""
    row = await run_one(
        tx,
        "archive_decayed",
        space=space,
        owner=owner,
        lock_seconds=lock_seconds,
        seq=seq,
        now=now,
        threshold=threshold,
        archived_at=archived_at,
    )
    return None if row is None else int(row["archived"])
