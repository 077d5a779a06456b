from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class MergeTarget(TypedDict):
    clock: float | None  # total_active_hours
    model: str | None  # the embedding lock after the call
    dimensions: int | None


async def merge_target(
    tx: Transaction, *, target: str, model: str | None, dimensions: int | None
) -> MergeTarget | None:
    """Lock the target space (to the model when it has none); None when it does not exist."""
    row = await run_one(tx, "merge_target", target=target, model=model, dimensions=dimensions)
    return cast(MergeTarget | None, row)
