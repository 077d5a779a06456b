from elfgraph.store.transaction import Transaction, run_scalar


async def claim_warm_up(tx: Transaction, *, started: int, now: float) -> bool:
    """True for the one caller that claims this server run's warm-up (claim_warm_up.cypher)."""
    return bool(await run_scalar(tx, "claim_warm_up", started=started, now=now))
