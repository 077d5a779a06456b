from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class CrossEdgesPage(TypedDict):
    claimed: bool
    last: str | None  # the last staged block id of the page; None when none was left
    colliding: int  # staged blocks dropped: the target has their ids
    carried: int
    dropped: int


async def merge_cross_edges(
    tx: Transaction, *, stage: str, token: str, target: str, after: str, limit: int, cap: int
) -> CrossEdgesPage:
    row = await run_one(
        tx,
        "merge_cross_edges",
        stage=stage,
        token=token,
        target=target,
        after=after,
        limit=limit,
        cap=cap,
    )
    assert row is not None
    return cast(CrossEdgesPage, row)
