from elfgraph.store.transaction import Transaction, run_scalar


async def renew_dream_lease(
    tx: Transaction, *, space: str, owner: str, lease_seconds: float
) -> bool:
    """Whether `owner` still held the lease (and now holds it `lease_seconds` longer)."""
    return bool(
        await run_scalar(
            tx, "renew_dream_lease", space=space, owner=owner, lease_seconds=lease_seconds
        )
    )
