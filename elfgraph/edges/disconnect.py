"""disconnect(): remove the edge between two blocks, unless a guard says otherwise."""

from __future__ import annotations

from elfgraph.edges.connect import check_pair, resolve_pair
from elfgraph.edges.models import DisconnectResult
from elfgraph.edges.repository.delete_edge import DeleteEdgeRow, delete_edge
from elfgraph.edges.rules import (
    check_note,
    check_relation,
    ordered,
)
from elfgraph.spaces.registry import space_missing
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction


async def disconnect_pair(
    database: Database,
    space: str,
    source: object,
    target: object,
    *,
    guard_relation: object,
    reason: object,
) -> DisconnectResult:
    given = check_pair(source, target)
    guard = None if guard_relation is None else check_relation(guard_relation, argument="guard")
    why = check_note(reason)

    async def work(tx: Transaction) -> tuple[str, str, DeleteEdgeRow | None]:
        whole = await resolve_pair(tx, space, *given)
        a, b = ordered(*whole)
        return *whole, await delete_edge(tx, space=space, a=a, b=b, guard=guard)

    source_id, target_id, row = await database.write(work)
    if row is None:
        raise space_missing(space)
    edge = row["edge"]
    if edge is None:
        return DisconnectResult(
            source_id=source_id, target_id=target_id, action="not_found", reason=why
        )
    if not row["removed"]:
        return DisconnectResult(
            source_id=source_id,
            target_id=target_id,
            action="guarded",
            found_relation=edge["relation"],
            reason=why,
        )
    return DisconnectResult(
        source_id=source_id,
        target_id=target_id,
        action="removed",
        removed_relation=edge["relation"],
        removed_weight=float(edge["weight"]),
        reason=why,
    )
