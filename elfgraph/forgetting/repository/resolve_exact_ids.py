from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class ExactMatch(TypedDict):
    id: str
    status: str


class ExactRow(TypedDict):
    given: str
    matches: list[ExactMatch]  # none: unknown; several: an ambiguous prefix


async def resolve_exact_ids(
    tx: Transaction, *, space: str, ids: list[str], min_prefix: int, limit: int
) -> list[ExactRow]:
    """One row per given id, in order, with the blocks it may name (at most `limit`)."""
    row = await run_one(
        tx, "resolve_exact_ids", space=space, ids=ids, min_prefix=min_prefix, limit=limit
    )
    return cast(list[ExactRow], row["rows"] if row else [])
