from typing import Any

from elfgraph.store.transaction import Transaction, run_many


async def list_keys(tx: Transaction, *, space: str | None) -> list[dict[str, Any]]:
    return [dict(row["key"]) for row in await run_many(tx, "list_keys", space=space)]
