from elfgraph.store.transaction import Transaction, run_one


async def claim_space(
    tx: Transaction, *, space: str, token: str, target: str, started_at: str
) -> bool:
    """Claim a space name for an import; False when blocks of the name are left over.
    Raises (a constraint failure) when the space exists or another import holds it."""
    row = await run_one(
        tx, "claim_space", space=space, token=token, target=target, started_at=started_at
    )
    return row is not None
