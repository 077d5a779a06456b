from elfgraph.store.transaction import Transaction, run_one


async def end_session(
    tx: Transaction, *, space: str, session_id: str, hours: float, ended_at: str
) -> float | None:
    """The space's clock after adding the session's hours; None if the space is gone."""
    row = await run_one(
        tx, "end_session", space=space, session_id=session_id, hours=hours, ended_at=ended_at
    )
    return None if row is None else float(row["total_active_hours"])
