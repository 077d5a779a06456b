from typing import TypedDict, cast

from elfgraph.store.transaction import Transaction, run_one


class RecordOutcomeRow(TypedDict):
    replayed: bool  # the call was recorded before (a retried transaction): nothing changed
    updated: list[str]  # the active blocks of `ids`
    deltas: list[float]  # each one's confidence change, parallel to updated
    penalised: list[str]
    edges_reinforced: int
    unlinked: list[list[str]]  # [a, b] pairs of updated blocks without an edge
    edges_created: int  # outcome edges made by the first attempt of a replayed call
    now: float  # now_hours, else the space's clock


async def record_outcome(
    tx: Transaction,
    *,
    space: str,
    outcome_id: str,
    ids: list[str],
    pairs: list[list[str]],
    signal: float,
    weight: float,
    source: str,
    prior: float,
    reinforce_above: float,
    penalize_below: float,
    penalty_factor: float,
    lambda_ceiling: float,
    lambda_floor: float,
    edge_delta: float,
    now_hours: float | None,
    at: str,
) -> RecordOutcomeRow | None:
    """updated ids with their confidence deltas, penalised ids, edges reinforced, and the
    pairs without an edge; None when the space does not exist."""
    row = await run_one(
        tx,
        "record_outcome",
        space=space,
        outcome_id=outcome_id,
        ids=ids,
        pairs=pairs,
        signal=signal,
        weight=weight,
        source=source,
        prior=prior,
        reinforce_above=reinforce_above,
        penalize_below=penalize_below,
        penalty_factor=penalty_factor,
        lambda_ceiling=lambda_ceiling,
        lambda_floor=lambda_floor,
        edge_delta=edge_delta,
        now_hours=now_hours,
        at=at,
    )
    return cast(RecordOutcomeRow | None, row)
