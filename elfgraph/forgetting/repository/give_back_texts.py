from elfgraph.store.transaction import Transaction, run_scalar


async def give_back_texts(
    tx: Transaction,
    *,
    space: str,
    ids: list[str],
    forgotten: list[str],
    texts: list[str],
    epoch: int,
) -> int:
    """How many blocks gave back one of `texts` (the texts of the blocks `ids`)."""
    changed = await run_scalar(
        tx,
        "give_back_texts",
        space=space,
        ids=ids,
        forgotten=forgotten,
        texts=texts,
        epoch=epoch,
    )
    return int(changed or 0)
