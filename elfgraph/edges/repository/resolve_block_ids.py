from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_many


class BlockMatch(TypedDict):
    id: str
    status: str
    replaced_by: str | None  # the block that superseded this one, when it was
    replacement_status: str | None


class ResolveRow(TypedDict):
    position: int
    given: str
    matches: list[BlockMatch]  # none: unknown; several: an ambiguous prefix


async def resolve_block_ids(
    tx: Transaction, *, space: str, ids: list[str], min_prefix: int, limit: int
) -> list[ResolveRow]:
    """One row per given id, in order, with the blocks it may name (at most `limit`)."""
    rows = await run_many(
        tx, "resolve_block_ids", space=space, ids=ids, min_prefix=min_prefix, limit=limit
    )
    return cast(list[ResolveRow], rows)
