from elfgraph.store.transaction import Transaction, run_none


async def create_key(
    tx: Transaction,
    *,
    id: str,
    space: str | None,
    all_spaces: bool,
    scope: str,
    label: str,
    salt: str,
    digest: str,
    created_at: str,
) -> None:
    await run_none(
        tx,
        "create_key",
        id=id,
        space=space,
        all_spaces=all_spaces,
        scope=scope,
        label=label,
        salt=salt,
        digest=digest,
        created_at=created_at,
    )
