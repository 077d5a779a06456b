from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def find_session(tx: Transaction, *, space: str, session_id: str) -> dict[str, Any] | None:
    """The session's start_hours, started_at and ended_at; None when it is not in the space."""
    return await run_one(tx, "find_session", space=space, session_id=session_id)
