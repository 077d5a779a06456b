from elfgraph.store.transaction import Transaction, run_many


async def stale_claims(tx: Transaction, *, idle_ms: int) -> list[tuple[str, str, str]]:
    """(space, token, target) of every claim idle for longer than `idle_ms`."""
    rows = await run_many(tx, "stale_claims", idle_ms=idle_ms)
    return [(str(r["space"]), str(r["token"]), str(r["target"])) for r in rows]
