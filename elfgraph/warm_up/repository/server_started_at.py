from elfgraph.store.transaction import Transaction, run_scalar


async def server_started_at(tx: Transaction) -> int | None:
    """The server JVM's start time, epoch ms (server_started_at.cypher)."""
    started = await run_scalar(tx, "server_started_at")
    return int(started) if started is not None else None
