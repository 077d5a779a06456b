"""connect / disconnect / connects / connect_by_query (docs/BEHAVIOUR.md §8.2–§8.4).

One connect is one write transaction: `edge_state` locks the space's edges and reads the
two blocks, the edge between them and what each block could give up; `plan` (pure)
decides; one more query applies the decision. The lock holds until commit, so the
decision is still true when it is written, and concurrent writers of one space can
neither put two edges on a pair nor lose a reinforcement.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from elfgraph.config.memory import MemoryConfig
from elfgraph.edges.ids import MIN_PREFIX, resolve_ids
from elfgraph.edges.models import (
    ConnectAction,
    ConnectResult,
    DisplacedEdge,
)
from elfgraph.edges.repository import EdgeEnds, EdgeProperties
from elfgraph.edges.repository.create_edge import create_edge
from elfgraph.edges.repository.edge_state import EdgeStateRow, edge_state
from elfgraph.edges.repository.reinforce_edge import reinforce_edge
from elfgraph.edges.repository.update_edge import update_edge
from elfgraph.edges.rules import (
    DEFAULT_RELATION,
    IfExists,
    check_block_id,
    check_if_exists,
    check_note,
    check_relation,
    edge_weight,
    ordered,
    relationship_type,
)
from elfgraph.errors import (
    BlockNotActiveError,
    ConnectError,
    DegreeLimitError,
    SelfLoopError,
)
from elfgraph.spaces.registry import space_missing
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction


@dataclass(frozen=True)
class EdgeRequest:
    """A checked connect() call. relation None: `similar` for a new edge, the edge's own
    relation for an update. weight None: the relation's default (new edges only)."""

    source: str
    target: str
    relation: str | None
    weight: float | None
    note: str | None
    if_exists: IfExists


def check_pair(source: object, target: object) -> tuple[str, str]:
    """Two block ids, and two different ones: an edge never loops."""
    source = check_block_id(source, "source")
    target = check_block_id(target, "target")
    if source == target:
        raise SelfLoopError(source)
    return source, target


def check_request(
    source: object,
    target: object,
    relation: object,
    weight: object,
    note: object,
    if_exists: object,
) -> EdgeRequest:
    """Every argument checked before any query: ConnectError (or SelfLoopError) if bad."""
    source, target = check_pair(source, target)
    word = None if relation is None else check_relation(relation)
    explicit = None if weight is None else edge_weight(word or DEFAULT_RELATION, weight)
    return EdgeRequest(source, target, word, explicit, check_note(note), check_if_exists(if_exists))


async def resolve_pair(tx: Transaction, space: str, source: str, target: str) -> tuple[str, str]:
    """The whole ids of two given ids or prefixes (elfgraph.edges.ids): an unknown one is
    BlockNotActiveError, an ambiguous prefix ConnectError; two that name one block
    SelfLoopError."""
    resolution = await resolve_ids(tx, space, [source, target])
    unknown = [given for given in resolution.unknown if len(given) >= MIN_PREFIX]
    if unknown and not resolution.ambiguous:
        raise BlockNotActiveError(unknown[0], None)
    resolution.check(ConnectError)
    source, target = resolution.found[source].id, resolution.found[target].id
    if source == target:
        raise SelfLoopError(source)
    return source, target


async def resolve_request(tx: Transaction, space: str, request: EdgeRequest) -> EdgeRequest:
    source, target = await resolve_pair(tx, space, request.source, request.target)
    return replace(request, source=source, target=target)


@dataclass(frozen=True)
class Plan:
    action: str  # create | reinforce | update | skip
    displaced: list[EdgeEnds] = field(default_factory=list)


def plan(request: EdgeRequest, state: EdgeStateRow, cap: int) -> Plan:
    """What connect() does given the locked state; raises when it must not."""
    for block_id, status in (
        (request.source, state["source_status"]),
        (request.target, state["target_status"]),
    ):
        if status != "active":
            raise BlockNotActiveError(block_id, status)
    edge = state["edge"]
    if edge is not None:
        if request.if_exists == "error":
            raise ConnectError(
                f"A {edge['relation']} edge already links {request.source} and {request.target}.",
                recovery="Pass {arg:if_exists=reinforce} to strengthen it, "
                "{arg:if_exists=update} to change it, or {arg:if_exists=skip} to leave it; "
                "{op:disconnect} removes it.",
            )
        if request.if_exists == "update":
            return Plan("update")
        return Plan("skip" if request.if_exists == "skip" else "reinforce")
    displaced: list[EdgeEnds] = []
    for block_id, degree, weakest in (
        (request.source, state["source_degree"], state["source_weakest"]),
        (request.target, state["target_degree"], state["target_weakest"]),
    ):
        if degree >= cap:
            if weakest is None:
                raise DegreeLimitError(block_id, cap)
            displaced.append(weakest)
    return Plan("create", displaced)


async def connect_in(
    tx: Transaction,
    space: str,
    request: EdgeRequest,
    *,
    config: MemoryConfig,
    now_hours: float | None,
) -> ConnectResult:
    """One connect inside a write transaction (connects() runs several in one)."""
    request = await resolve_request(tx, space, request)
    state = await edge_state(
        tx, space=space, source=request.source, target=request.target, now_hours=now_hours
    )
    if state is None:
        raise space_missing(space)
    decision = plan(request, state, config.edges.edge_degree_cap)
    a, b = ordered(request.source, request.target)
    now = float(state["now"])
    at = datetime.now(UTC).isoformat()
    existing = state["edge"]
    edge: EdgeProperties
    if decision.action == "skip":
        assert existing is not None  # plan() skips only an existing edge
        edge = existing
    elif decision.action == "reinforce":
        edge = await reinforce_edge(
            tx,
            space=space,
            a=a,
            b=b,
            delta=config.edges.edge_reinforce_delta,
            note=request.note,
            now_hours=now,
        )
    elif decision.action == "update":
        assert existing is not None  # plan() updates only an existing edge
        relation = request.relation or existing["relation"]
        edge = await update_edge(
            tx,
            space=space,
            a=a,
            b=b,
            type=relationship_type(relation),
            relation=relation,
            weight=request.weight,
            note=request.note,
            now_hours=now,
            updated_at=at,
        )
    else:
        relation = request.relation or DEFAULT_RELATION
        weight = request.weight if request.weight is not None else edge_weight(relation, None)
        edge = await create_edge(
            tx,
            space=space,
            a=a,
            b=b,
            type=relationship_type(relation),
            relation=relation,
            weight=weight,
            note=request.note,
            displaced=[[d["a"], d["b"]] for d in decision.displaced],
            now_hours=now,
            created_at=at,
        )
    displaced = [
        DisplacedEdge(from_id=d["a"], to_id=d["b"], relation_type=d["relation"], weight=d["weight"])
        for d in decision.displaced
    ]
    return ConnectResult(
        source_id=request.source,
        target_id=request.target,
        relation=edge["relation"],
        weight=float(edge["weight"]),
        action=_ACTIONS[decision.action],
        note=edge.get("note"),
        origin=edge.get("origin") or "similarity",
        reinforcement_count=int(edge.get("reinforcement_count") or 0),
        displaced_edge=displaced[0] if displaced else None,
        displaced_edges=displaced,
    )


_ACTIONS: dict[str, ConnectAction] = {
    "create": "created",
    "reinforce": "reinforced",
    "update": "updated",
    "skip": "skipped",
}


async def connect_pair(
    database: Database,
    space: str,
    request: EdgeRequest,
    *,
    config: MemoryConfig,
    now_hours: float | None,
) -> ConnectResult:
    return await database.write(connect_in, space, request, config=config, now_hours=now_hours)
