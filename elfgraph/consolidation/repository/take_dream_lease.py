from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class TakeDreamLeaseRow(TypedDict):
    taken: bool
    holder: str | None  # who holds the lease now (host:pid), this dream if taken
    until: float | None  # the holder's lease ends then (epoch seconds)


async def take_dream_lease(
    tx: Transaction, *, space: str, owner: str, holder: str, lease_seconds: float
) -> TakeDreamLeaseRow | None:
    """Whether `owner` took the lease, and who holds it; None when the space does not exist."""
    row = await run_one(
        tx,
        "take_dream_lease",
        space=space,
        owner=owner,
        holder=holder,
        lease_seconds=lease_seconds,
    )
    return cast(TakeDreamLeaseRow | None, row)
