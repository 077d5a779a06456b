from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class Traces(TypedDict):
    outcomes: int  # Outcome records that named a forgotten block
    pairs: int  # co-retrieval pairs deleted
    plans: int  # curate archive plans that listed one
    pointers: int  # superseded_by pointers cleared


async def forget_traces(
    tx: Transaction, *, space: str, ids: list[str], forgotten: list[str]
) -> Traces:
    row = await run_one(tx, "forget_traces", space=space, ids=ids, forgotten=forgotten)
    assert row is not None  # four aggregations: always one row
    return cast(Traces, row)
