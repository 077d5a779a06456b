"""disconnect(): remove the edge between two blocks, unless a guard says otherwise."""

from __future__ import annotations

from elfgraph.edges.connect import (
    check_pair,
)
from elfgraph.edges.models import (
    DisconnectResult,
)
from elfgraph.edges.repository.delete_edge import delete_edge
from elfgraph.edges.rules import (
    check_note,
    check_relation,
    ordered,
)
from elfgraph.spaces.registry import space_missing
from elfgraph.store.database import Database


async def disconnect_pair(
    database: Database,
    space: str,
    source: object,
    target: object,
    *,
    guard_relation: object,
    reason: object,
) -> DisconnectResult:
    source, target = check_pair(source, target)
    guard = None if guard_relation is None else check_relation(guard_relation, argument="guard")
    why = check_note(reason)
    a, b = ordered(source, target)
    row = await database.write(delete_edge, space=space, a=a, b=b, guard=guard)
    if row is None:
        raise space_missing(space)
    edge = row["edge"]
    if edge is None:
        return DisconnectResult(source_id=source, target_id=target, action="not_found", reason=why)
    if not row["removed"]:
        return DisconnectResult(
            source_id=source,
            target_id=target,
            action="guarded",
            found_relation=edge["relation"],
            reason=why,
        )
    return DisconnectResult(
        source_id=source,
        target_id=target,
        action="removed",
        removed_relation=edge["relation"],
        removed_weight=float(edge["weight"]),
        reason=why,
    )
