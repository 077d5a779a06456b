from elfgraph.store.transaction import Transaction, run_one


async def begin_session(
    tx: Transaction, *, space: str, session_id: str, task_type: str, started_at: str
) -> float | None:
    """The space's clock when the session starts; None if the space does not exist."""
    row = await run_one(
        tx,
        "begin_session",
        space=space,
        session_id=session_id,
        task_type=task_type,
        started_at=started_at,
    )
    return None if row is None else float(row["total_active_hours"] or 0.0)
