"""consolidate (dream): turn inbox blocks into linked, active knowledge (docs/BEHAVIOUR.md §4).

The inbox is taken in chunks, oldest first. For each chunk: one read gathers the blocks,
one embedding batch turns them into vectors, one read asks the vector index for each
block's nearest active neighbours, planning happens in Python (consolidation_plan), and
one write transaction archives duplicates, promotes the rest and links them. A block
stays in the inbox until the transaction that promotes it commits, so a crash loses
nothing and running consolidate again finishes the job.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation.context import contextual_vectors
from elfgraph.consolidation.llm import analyse_blocks, contradiction_edges, stored_vectors
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.consolidation.neighbours import nearest_neighbours, space_snapshot
from elfgraph.consolidation.plan import (
    InboxBlock,
    RunPool,
    earlier_survivors,
    link_candidates,
    merge_neighbours,
    pairwise_cosines,
    plan_dedupe,
    similarity_edges,
)
from elfgraph.consolidation.repository.inbox_batch import inbox_batch
from elfgraph.consolidation.repository.promote_blocks import PromotionRow
from elfgraph.consolidation.repository.record_consolidation import record_consolidation
from elfgraph.consolidation.write import ChunkPlan, write_chunk
from elfgraph.core.checks import is_flag, shown
from elfgraph.core.decay import decay_tier
from elfgraph.core.sketch import sketches
from elfgraph.core.text import normalised_text
from elfgraph.edges.link import EdgeRow, edge_row
from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import ConfigError
from elfgraph.llm.base import LLMService
from elfgraph.spaces.registry import (
    count_with_status,
    index_share_counts,
    lock_space_embedding,
)
from elfgraph.store.database import Database

log = logging.getLogger("elfgraph.consolidation")


@dataclass(frozen=True)
class Services:
    embedder: EmbeddingService
    llm: LLMService | None
    config: MemoryConfig


def check_flags(skip_llm: object, skip_contradictions: object) -> None:
    for name, value in (("skip_llm", skip_llm), ("skip_contradictions", skip_contradictions)):
        if not is_flag(value):
            raise ConfigError(
                f"{name} must be True or False, not {shown(value)}.",
                recovery="Leave it out (False), or pass True to skip that step.",
            )


def check_progress(progress: object) -> None:
    """A progress callback is a callable or None (ConfigError otherwise, before any work)."""
    if progress is not None and not callable(progress):
        raise ConfigError(
            f"progress must be a function of (done, total) or None, not {shown(progress)}.",
            recovery="Leave it out, or pass a function such as lambda done, total: None.",
        )


async def consolidate(
    database: Database,
    space: str,
    services: Services,
    *,
    now_hours: Callable[[], float],
    self_context: Callable[[], Awaitable[str]],
    skip_llm: bool = False,
    skip_contradictions: bool = False,
    progress: Callable[[int], None] | None = None,
) -> ConsolidateResult:
    """Consolidate every inbox block of the space; the counts of what happened.
    `progress` is told how many inbox blocks are done: 0 first, then after each chunk."""
    config = services.config
    await lock_space_embedding(
        database,
        space,
        model=services.embedder.model_name,
        dimensions=services.embedder.dimensions,
    )
    llm = None if skip_llm else services.llm
    context = await self_context() if llm is not None else ""
    total = ConsolidateResult()
    run = RunPool(services.embedder.dimensions)
    # The index's share is read once per run, not per chunk (two counts that grow with
    # the space and the database); the run's own promotions are added as it goes.
    share = await index_share_counts(database, space)
    # A large inbox against the space: its active blocks are read once, not looked up in
    # the index for every inbox block (neighbours.py).
    before = await space_snapshot(
        database,
        space,
        services.embedder.dimensions,
        run_id=run.tag,
        active=share[0],
        inbox=await count_with_status(database, space, "inbox"),
    )
    done = 0
    if progress is not None:
        progress(done)
    while True:
        rows = await database.read(
            inbox_batch, space=space, limit=config.consolidation.consolidate_batch_size
        )
        if not rows:
            break
        blocks = [
            InboxBlock(
                id=row["id"],
                content=row["content"],
                tags=tuple(row["tags"] or ()),
                category=row["category"] or "knowledge",
                follows=row.get("follows"),
                previous_content=row.get("previous_content"),
            )
            for row in rows
        ]
        run.make_room(len(blocks))
        if run.retired:  # the index now holds blocks of this run too: it answers for all
            before = None
        result = await _consolidate_chunk(
            database,
            space,
            blocks,
            services,
            run=run,
            before=before,
            share=share,
            llm=llm,
            context=context,
            now=now_hours(),
            check_contradictions=llm is not None and not skip_contradictions,
        )
        total = total + result
        done += len(blocks)
        if progress is not None:
            progress(done)
        log.debug("%s dream: chunk of %d done: %s", space, len(blocks), result.summary)
        if result.processed == 0:  # every block was taken by another process meanwhile
            break
    await database.write(record_consolidation, space=space, at=datetime.now(UTC).isoformat())
    return total


async def _consolidate_chunk(
    database: Database,
    space: str,
    blocks: list[InboxBlock],
    services: Services,
    *,
    run: RunPool,
    before: RunPool | None,
    share: tuple[int, int],
    llm: LLMService | None,
    context: str,
    now: float,
    check_contradictions: bool,
) -> ConsolidateResult:
    config = services.config
    vectors = await services.embedder.embed_batch([normalised_text(b.content) for b in blocks])
    k = config.consolidation.neighbour_candidates
    active_before, total_before = share
    indexed = (
        before.nearest(blocks, vectors, k)
        if before is not None
        else await nearest_neighbours(
            database,
            space,
            blocks,
            vectors,
            k,
            run_id=run.tag,
            others=active_before + run.retired,
            total=total_before + run.retired + len(run),
        )
    )
    neighbours = merge_neighbours(indexed, run.nearest(blocks, vectors, k), k=k)
    cosines = pairwise_cosines(vectors)
    dedupe = plan_dedupe(
        blocks,
        cosines,
        neighbours,
        exact_threshold=config.consolidation.near_dup_exact_threshold,
        near_threshold=config.consolidation.near_dup_near_threshold,
    )
    index_of = {block.id: i for i, block in enumerate(blocks)}
    survivors = [index_of[block_id] for block_id in dedupe.survivors]
    gone = set(dedupe.rejected) | set(dedupe.superseded)

    analyses = await analyse_blocks(llm, [blocks[i] for i in survivors], context, config)
    kept_vectors = await stored_vectors(services.embedder, blocks, vectors, survivors, analyses)
    found_by = await contextual_vectors(
        services.embedder,
        [blocks[i] for i in survivors],
        [kept_vectors[blocks[i].id] for i in survivors],
        config.consolidation.context_weight,
    )

    promotions: list[PromotionRow] = []
    edges: list[EdgeRow] = []
    # Blocks learned one after the other in a session: linked before any similarity edge
    # of the chunk, so that each pair holds its place under the degree cap (the block
    # learned before is otherwise full of its own similarity edges by then).
    session_edges: list[EdgeRow] = []
    promoted_at = datetime.now(UTC).isoformat()
    earlier = earlier_survivors(cosines, survivors, k)
    survivor_ids = [blocks[i].id for i in survivors]
    sketch_of = dict(
        zip(survivor_ids, sketches([kept_vectors[i] for i in survivor_ids]), strict=True)
    )
    # What recall's sketches rank by (§7.2): the vector the block is found by.
    embedding_sketch_of = dict(
        zip(survivor_ids, sketches([found_by[i] for i in survivor_ids]), strict=True)
    )
    for i in survivors:
        block = blocks[i]
        analysis = analyses[block.id]
        tags = list(dict.fromkeys([*block.tags, *analysis.tags]))
        promotions.append(
            PromotionRow(
                id=block.id,
                confidence=analysis.alignment_score,
                tags=tags,
                summary=analysis.summary or block.content,
                decay_lambda=decay_tier(tags, block.category).decay_lambda,
                embedding=found_by[block.id].tolist(),
                sketch=sketch_of[block.id],
                embedding_sketch=embedding_sketch_of[block.id],
                promoted_at=promoted_at,
            )
        )
        candidates = link_candidates(i, blocks, neighbours, earlier[i], gone, now, k)
        weight = config.consolidation.session_edge_weight
        if block.follows and block.follows not in gone and weight > 0:
            session_edges.append(edge_row(block.id, block.follows, "co_occurs", "session", weight))
        if check_contradictions and llm is not None:
            edges += await contradiction_edges(
                database, space, llm, block, blocks, candidates, config
            )
        for other, score in similarity_edges(
            block, tags, candidates, now, threshold=config.consolidation.edge_score_threshold
        ):
            edges.append(edge_row(block.id, other, "similar", "similarity", score))

    plan = ChunkPlan(
        [b.id for b in blocks],
        dedupe.rejected,
        dedupe.superseded,
        dedupe.replaced_by,
        promotions,
        session_edges + edges,
    )
    result, promoted = await database.write(
        write_chunk,
        space=space,
        plan=plan,
        config=config,
        now=now,
        model=services.embedder,
        run_id=run.tag,
    )
    run.forget(dedupe.superseded)
    if before is not None:
        before.forget(dedupe.superseded)
    for promotion in promotions:
        if promotion["id"] in promoted:
            i = index_of[promotion["id"]]
            run.add(blocks[i].id, promotion["tags"], blocks[i].category, now, vectors[i])
    return result
