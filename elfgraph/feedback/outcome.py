"""outcome() (docs/BEHAVIOUR.md §8): what helped and what did not, fed back into the graph.

One call is one write transaction: the Bayesian confidence update of every block, the
audit record, reinforcement and outcome edges for a good signal, a faster decay for a
bad one. The pairs are handled set-based in Cypher; new outcome edges go through the
same degree-cap rules as every other edge (elfgraph.edges.link).
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import UTC, datetime
from itertools import combinations

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.checks import is_number, is_text, shown
from elfgraph.core.decay import DURABLE
from elfgraph.edges.ids import resolve_ids
from elfgraph.edges.link import LinkedEdgeRow, edge_row, link
from elfgraph.errors import OutcomeError
from elfgraph.feedback.models import OutcomeResult
from elfgraph.feedback.repository.note_outcome_edges import note_outcome_edges
from elfgraph.feedback.repository.record_outcome import record_outcome
from elfgraph.store.calls import operation_id
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction

OUTCOME_EDGE_SCALE = 0.8  # a new outcome edge weighs signal · 0.8 (elfmem: 0.5; §8.1)
MAX_IDS = 100


def check_outcome(block_ids: object, signal: object, weight: object, source: object) -> list[str]:
    """The distinct block ids (whole, or prefixes resolved when the call runs), or
    OutcomeError naming what is wrong."""
    if isinstance(block_ids, str) or not isinstance(block_ids, list | tuple | set):
        raise OutcomeError(
            f"block_ids must be a list of block ids, not {type(block_ids).__name__}.",
            recovery="Pass the ids of the blocks that were used, as a list: {ids}.",
        )
    if not all(is_text(i) and i for i in block_ids) or not 1 <= len(block_ids) <= MAX_IDS:
        raise OutcomeError(
            f"block_ids must be 1-{MAX_IDS} non-empty strings.",
            recovery="Use {ids}.",
        )
    ids = list(dict.fromkeys(block_ids))
    if not is_number(signal) or not 0.0 <= signal <= 1.0:
        raise OutcomeError(
            f"signal must be a number from 0 to 1, not {shown(signal)}.",
            recovery="Use {arg:signal=1.0} when the blocks helped, {arg:signal=0.0} when they "
            "misled, {arg:signal=0.5} when neutral.",
        )
    if not is_number(weight) or not weight > 0.0:
        raise OutcomeError(
            f"weight must be a positive number, not {shown(weight)}.",
            recovery="Leave {arg:weight} at 1.0, or give a larger weight to stronger evidence.",
        )
    if not is_text(source) or len(source) > 200:
        raise OutcomeError(
            "source must be a short string.",
            recovery="Describe where the signal came from in a few words, e.g. "
            "{arg:source=tests passed}.",
        )
    return ids


async def apply_outcome(
    database: Database,
    space: str,
    block_ids: Sequence[str],
    *,
    signal: float,
    weight: float,
    source: str,
    now_hours: float | None,
    config: MemoryConfig,
) -> OutcomeResult:
    return await database.write(
        _record,
        space=space,
        given=list(block_ids),
        # made once (or given by the caller): a retried transaction is recognised
        outcome_id=operation_id(uuid.uuid4().hex[:16]),
        signal=float(signal),
        weight=float(weight),
        source=source,
        now_hours=now_hours,
        config=config,
    )


async def _record(
    tx: Transaction,
    *,
    space: str,
    given: list[str],
    outcome_id: str,
    signal: float,
    weight: float,
    source: str,
    now_hours: float | None,
    config: MemoryConfig,
) -> OutcomeResult:
    # Whole ids or prefixes, superseded ids to their replacements; an unknown or
    # ambiguous one fails the call before anything is written.
    resolution = await resolve_ids(tx, space, given)
    resolution.check(OutcomeError)
    named = {ref.id: ref.status for ref in resolution.found.values()}
    ids = sorted(named)
    not_active = [block_id for block_id in ids if named[block_id] != "active"]
    at = datetime.now(UTC).isoformat()
    done = await record_outcome(
        tx,
        space=space,
        outcome_id=outcome_id,
        ids=ids,
        pairs=[[a, b] for a, b in combinations(ids, 2)],
        signal=signal,
        weight=weight,
        source=source,
        prior=config.feedback.outcome_prior_strength,
        reinforce_above=config.feedback.outcome_reinforce_threshold,
        penalize_below=config.feedback.penalize_threshold,
        penalty_factor=config.feedback.penalty_factor,
        lambda_ceiling=config.feedback.lambda_ceiling,
        lambda_floor=DURABLE.decay_lambda,
        edge_delta=config.edges.edge_reinforce_delta,
        now_hours=now_hours,
        at=at,
    )
    if done is None:
        return OutcomeResult(ids_matched=len(resolution.found), ids_not_active=not_active)
    created: list[LinkedEdgeRow] = []
    if done["unlinked"]:
        created = await link(
            tx,
            space=space,
            edges=[
                edge_row(a, b, "outcome", "outcome", signal * OUTCOME_EDGE_SCALE)
                for a, b in done["unlinked"]
            ],
            cap=config.edges.edge_degree_cap,
            now_hours=float(done["now"]),
            created_at=at,
        )
        await note_outcome_edges(tx, space=space, outcome_id=outcome_id, created=len(created))
    deltas = [float(d) for d in done["deltas"]]
    return OutcomeResult(
        ids_matched=len(resolution.found),
        ids_not_active=not_active,
        block_ids=sorted(done["updated"]),
        blocks_updated=len(done["updated"]),
        mean_confidence_delta=sum(deltas) / len(deltas) if deltas else 0.0,
        edges_reinforced=int(done["edges_reinforced"]),
        blocks_penalized=len(done["penalised"]),
        outcome_edges_created=int(done["edges_created"]) if done["replayed"] else len(created),
    )
