"""The write of one consolidation chunk: archive, promote, link in one transaction."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.consolidation.repository.archive_blocks import ArchiveRow, archive_blocks
from elfgraph.consolidation.repository.promote_blocks import PromotionRow, promote_blocks
from elfgraph.edges.link import EdgeRow, link
from elfgraph.embedding.base import EmbeddingService
from elfgraph.store.transaction import Transaction


@dataclass
class ChunkPlan:
    """Everything one write transaction needs."""

    chunk: list[str]  # the inbox ids this plan covers
    rejected: list[str]
    superseded: list[str]
    replaced_by: dict[str, str]  # archived id → the block that replaced it
    promotions: list[PromotionRow]
    edges: list[EdgeRow]


async def write_chunk(
    tx: Transaction,
    *,
    space: str,
    plan: ChunkPlan,
    config: MemoryConfig,
    now: float,
    model: EmbeddingService,
    run_id: str,
    hold: Callable[[Transaction], Awaitable[None]],
) -> tuple[ConsolidateResult, set[str]]:
    """One transaction: archive, promote, link. Nothing is visible until it commits.
    `hold` first renews the dream's lease on the space (or raises, rolling back)."""
    await hold(tx)
    at = datetime.now(UTC).isoformat()
    # An empty archive is skipped (most chunks have nothing to archive): a round trip
    # each, and link_state takes the space's edge lock anyway.
    rejected = await _archive(tx, space, _archive_rows(plan.rejected, plan), at)
    superseded = await _archive(tx, space, _archive_rows(plan.superseded, plan), at)
    promoted = await promote_blocks(
        tx,
        space=space,
        rows=plan.promotions,
        now_hours=now,
        embedding_model=model.model_name,
        run_id=run_id,
    )
    created = await link(
        tx,
        space=space,
        edges=plan.edges,
        cap=config.edges.edge_degree_cap,
        now_hours=now,
        created_at=at,
    )
    return ConsolidateResult(
        processed=len(rejected) + len(promoted) + len(set(superseded) & set(plan.chunk)),
        promoted=len(promoted),
        deduplicated=len(rejected),
        superseded=len(superseded),
        edges_created=len(created),
        contradictions_detected=sum(1 for edge in created if edge["relation"] == "contradicts"),
    ), set(promoted)


async def _archive(tx: Transaction, space: str, rows: list[ArchiveRow], at: str) -> list[str]:
    if not rows:
        return []
    return await archive_blocks(tx, space=space, rows=rows, reason="superseded", archived_at=at)


def _archive_rows(ids: list[str], plan: ChunkPlan) -> list[ArchiveRow]:
    return [ArchiveRow(id=block_id, by=plan.replaced_by.get(block_id)) for block_id in ids]
