"""frame()'s side effects in one write: reinforcement and co-retrieval (Hebbian) edges."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from itertools import combinations

from elfgraph.config.memory import MemoryConfig
from elfgraph.edges.link import link
from elfgraph.retrieval.models import ScoredBlock
from elfgraph.retrieval.repository.reinforce_frame import reinforce_frame
from elfgraph.store.calls import operation_id
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

# A space remembers this many of its last frame ids, to recognise a retried transaction.
APPLIED_OPERATIONS_KEPT = 256


async def reinforce(
    database: Database,
    space: str,
    blocks: list[ScoredBlock],
    *,
    now_hours: float,
    session_id: str | None,
    config: MemoryConfig,
) -> int:
    """frame()'s side effects in one write; the number of co_occurs edges it promoted."""
    if not blocks:
        return 0
    ids = sorted(b.id for b in blocks)
    pairs = [[a, b] for a, b in combinations(ids, 2)]
    return await database.write(
        _reinforce,
        space=space,
        # made once (or given by the caller): a retried transaction is recognised
        operation=operation_id(uuid.uuid4().hex),
        ids=ids,
        pairs=pairs,
        now_hours=now_hours,
        session_id=session_id,
        config=config,
    )


async def plan_reinforcement(
    database: Database, space: str, *, session_id: str | None, config: MemoryConfig
) -> None:
    """Have the server plan frame()'s write for the shape every frame sends, running
    nothing (MemorySystem.open's warm-up: the first frame would plan it, ~0.5-1 s on a warm
    server and several seconds after a restart)."""

    async def plan(tx: Transaction) -> None:
        await reinforce_frame(
            tx,
            space=space,
            operation=uuid.uuid4().hex,
            kept=APPLIED_OPERATIONS_KEPT,
            ids=[],
            pairs=[],
            now_hours=0.0,
            session_id=session_id,
            threshold=config.retrieval.co_retrieval_edge_threshold,
            staging_max=config.retrieval.co_retrieval_staging_max,
            at=datetime.now(UTC).isoformat(),
            planned_only=True,
        )

    await database.write(plan)


async def _reinforce(
    tx: Transaction,
    *,
    space: str,
    operation: str,
    ids: list[str],
    pairs: list[list[str]],
    now_hours: float,
    session_id: str | None,
    config: MemoryConfig,
) -> int:
    at = datetime.now(UTC).isoformat()
    done = await reinforce_frame(
        tx,
        space=space,
        operation=operation,
        kept=APPLIED_OPERATIONS_KEPT,
        ids=ids,
        pairs=pairs,
        now_hours=now_hours,
        session_id=session_id,
        threshold=config.retrieval.co_retrieval_edge_threshold,
        staging_max=config.retrieval.co_retrieval_staging_max,
        at=at,
    )
    ready = done["ready"]
    if done["replayed"] or not ready:
        return 0
    # Rare: a pair was co-retrieved in enough sessions; link it under the usual cap rules.
    created = await link(
        tx,
        space=space,
        edges=[
            {
                "a": a,
                "b": b,
                "type": "CO_OCCURS",
                "relation": "co_occurs",
                "origin": "co_retrieval",
                "weight": config.retrieval.co_retrieval_edge_weight,
            }
            for a, b in ready
        ],
        cap=config.edges.edge_degree_cap,
        now_hours=now_hours,
        created_at=at,
    )
    return len(created)
