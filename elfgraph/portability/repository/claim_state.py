from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class ClaimState(TypedDict):
    exists: bool  # the Space node
    has_blocks: bool  # blocks under the name, with or without a Space node
    claimed_for: str | None  # the target of an import's claim on the name
    claim_idle_ms: int | None  # since that claim's last batch, by the server's clock


async def claim_state(tx: Transaction, *, space: str) -> ClaimState:
    row = await run_one(tx, "claim_state", space=space)
    assert row is not None  # OPTIONAL MATCH always yields a row
    return cast(ClaimState, row)
