from typing import Any

from elfgraph.store.transaction import Transaction, run_one


async def revoke_key(tx: Transaction, *, id: str, revoked_at: str) -> dict[str, Any] | None:
    row = await run_one(tx, "revoke_key", id=id, revoked_at=revoked_at)
    return None if row is None else dict(row["key"])
