"""consolidate (dream): turn inbox blocks into linked, active knowledge (BEHAVIOUR.md §4).

The inbox is taken in chunks, oldest first. For each chunk: one read gathers the blocks,
one embedding batch turns them into vectors, one read asks the vector index for each
block's nearest active neighbours, planning happens in Python (consolidation_plan), and
one write transaction archives duplicates, promotes the rest and links them. A block
stays in the inbox until the transaction that promotes it commits, so a crash loses
nothing and running consolidate again finishes the job.
"""

from __future__ import annotations

import logging
import math
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

import anyio
from neo4j import AsyncManagedTransaction

from elfgraph.blocks import decay_tier, normalised_text
from elfgraph.consolidation_plan import (
    Candidate,
    InboxBlock,
    Neighbour,
    RunPool,
    edge_row,
    link_candidates,
    merge_neighbours,
    pairwise_cosines,
    plan_dedupe,
    similarity_edges,
)
from elfgraph.database import Database
from elfgraph.embedding.base import EmbeddingService, Vector
from elfgraph.llm.base import BlockAnalysis, LLMService, clamp_score, clean_analysis
from elfgraph.memory_config import MemoryConfig
from elfgraph.models import ConsolidateResult
from elfgraph.repository.blocks.block_contents import block_contents
from elfgraph.repository.consolidate.archive_blocks import archive_blocks
from elfgraph.repository.consolidate.inbox_batch import inbox_batch
from elfgraph.repository.consolidate.index_share import index_share
from elfgraph.repository.consolidate.link_blocks import link_blocks
from elfgraph.repository.consolidate.nearest_active import nearest_active
from elfgraph.repository.consolidate.nearest_active_exact import nearest_active_exact
from elfgraph.repository.consolidate.promote_blocks import promote_blocks
from elfgraph.repository.spaces.record_consolidation import record_consolidation
from elfgraph.spaces import lock_space_embedding

log = logging.getLogger(__name__)
T = TypeVar("T")
LLM_CONCURRENCY = 4
MAX_FETCH = 2000  # index candidates per query; past this the exact scan takes over
INDEX_QUERY_PARALLELISM = 2


@dataclass(frozen=True)
class Services:
    embedder: EmbeddingService
    llm: LLMService | None
    config: MemoryConfig


@dataclass
class ChunkPlan:
    """Everything one write transaction needs."""

    chunk: list[str]  # the inbox ids this plan covers
    rejected: list[str]
    superseded: list[str]
    promotions: list[dict[str, Any]]
    edges: list[dict[str, object]]


async def consolidate(
    database: Database,
    space: str,
    services: Services,
    *,
    now_hours: Callable[[], float],
    self_context: Callable[[], Awaitable[str]],
    skip_llm: bool = False,
    skip_contradictions: bool = False,
) -> ConsolidateResult:
    """Consolidate every inbox block of the space; the counts of what happened."""
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
    run_id = uuid.uuid4().hex
    while True:
        rows = await database.read(inbox_batch, space=space, limit=config.consolidate_batch_size)
        if not rows:
            break
        blocks = [
            InboxBlock(
                id=row["id"],
                content=row["content"],
                tags=tuple(row["tags"] or ()),
                category=row["category"] or "knowledge",
            )
            for row in rows
        ]
        result = await _consolidate_chunk(
            database,
            space,
            blocks,
            services,
            run=run,
            run_id=run_id,
            llm=llm,
            context=context,
            now=now_hours(),
            check_contradictions=llm is not None and not skip_contradictions,
        )
        total = total + result
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
    run_id: str,
    llm: LLMService | None,
    context: str,
    now: float,
    check_contradictions: bool,
) -> ConsolidateResult:
    config = services.config
    vectors = await services.embedder.embed_batch([normalised_text(b.content) for b in blocks])
    k = config.neighbour_candidates
    neighbours = merge_neighbours(
        await _nearest(database, space, blocks, vectors, k, run_id=run_id, ours=len(run)),
        run.nearest(blocks, vectors, k),
        k=k,
    )
    cosines = pairwise_cosines(vectors)
    dedupe = plan_dedupe(
        blocks,
        cosines,
        neighbours,
        exact_threshold=config.near_dup_exact_threshold,
        near_threshold=config.near_dup_near_threshold,
    )
    index_of = {block.id: i for i, block in enumerate(blocks)}
    survivors = [index_of[block_id] for block_id in dedupe.survivors]
    gone = set(dedupe.rejected) | set(dedupe.superseded)

    analyses = await _analyse(llm, [blocks[i] for i in survivors], context, config)
    stored_vectors = await _stored_vectors(services.embedder, blocks, vectors, survivors, analyses)

    promotions: list[dict[str, Any]] = []
    edges: list[dict[str, object]] = []
    promoted_at = datetime.now(UTC).isoformat()
    for i in survivors:
        block = blocks[i]
        analysis = analyses[block.id]
        tags = list(dict.fromkeys([*block.tags, *analysis.tags]))
        promotions.append(
            {
                "id": block.id,
                "confidence": analysis.alignment_score,
                "tags": tags,
                "summary": analysis.summary or block.content,
                "decay_lambda": decay_tier(tags, block.category).decay_lambda,
                "embedding": stored_vectors[block.id].tolist(),
                "promoted_at": promoted_at,
            }
        )
        candidates = link_candidates(
            i, blocks, cosines, neighbours, survivors, gone, now, config.neighbour_candidates
        )
        if check_contradictions and llm is not None:
            edges += await _contradiction_edges(
                database, space, llm, block, blocks, candidates, config
            )
        for other, score in similarity_edges(
            block, tags, candidates, now, threshold=config.edge_score_threshold
        ):
            edges.append(edge_row(block.id, other, "similar", "similarity", score))

    plan = ChunkPlan([b.id for b in blocks], dedupe.rejected, dedupe.superseded, promotions, edges)
    result, promoted = await database.write(
        _write_chunk,
        space=space,
        plan=plan,
        config=config,
        now=now,
        model=services.embedder,
        run_id=run_id,
    )
    run.forget(dedupe.superseded)
    for promotion in promotions:
        if promotion["id"] in promoted:
            i = index_of[promotion["id"]]
            run.add(blocks[i].id, promotion["tags"], blocks[i].category, now, vectors[i])
    return result


async def _write_chunk(
    tx: AsyncManagedTransaction,
    *,
    space: str,
    plan: ChunkPlan,
    config: MemoryConfig,
    now: float,
    model: EmbeddingService,
    run_id: str,
) -> tuple[ConsolidateResult, set[str]]:
    """One transaction: archive, promote, link. Nothing is visible until it commits."""
    at = datetime.now(UTC).isoformat()
    rejected = await archive_blocks(
        tx, space=space, ids=plan.rejected, reason="superseded", archived_at=at
    )
    superseded = await archive_blocks(
        tx, space=space, ids=plan.superseded, reason="superseded", archived_at=at
    )
    promoted = await promote_blocks(
        tx,
        space=space,
        rows=plan.promotions,
        now_hours=now,
        embedding_model=model.model_name,
        run_id=run_id,
    )
    created = await link_blocks(
        tx,
        space=space,
        edges=plan.edges,
        cap=config.edge_degree_cap,
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


async def _nearest(
    database: Database,
    space: str,
    blocks: Sequence[InboxBlock],
    vectors: Sequence[Vector],
    k: int,
    *,
    run_id: str,
    ours: int,
) -> dict[str, list[Neighbour]]:
    """Each block's k nearest active blocks of the space that this run did not promote
    (those come from the RunPool), through the shared vector index.

    The index answers for every space, so it is asked for more than k (the smaller this
    space's share of it, the more). Queries still short of k are asked again with a
    wider net, and only then answered by an exact scan of the space.
    """
    active, total = await database.read(index_share, space=space)
    others = active - ours
    if others <= 0:
        return {}
    wanted = min(k, others)
    fetch = max(k + 5, math.ceil(1.5 * k * total / others))
    pending = [
        {"id": block.id, "vector": vector.tolist()}
        for block, vector in zip(blocks, vectors, strict=True)
    ]
    found: dict[str, list[Neighbour]] = {}
    for attempt in range(2):
        rows = await _in_parallel(
            database, space, pending, fetch=min(fetch, MAX_FETCH), k=k, run_id=run_id
        )
        found.update(_group(rows))
        pending = [q for q in pending if len(found.get(str(q["id"]), [])) < wanted]
        if not pending or fetch >= MAX_FETCH:
            break
        fetch *= 8 if attempt == 0 else 1
    if pending:
        exact = await database.read(
            nearest_active_exact, space=space, queries=pending, k=k, run_id=run_id
        )
        found.update(_group(exact))
    return found


async def _in_parallel(
    database: Database,
    space: str,
    queries: list[dict[str, Any]],
    *,
    fetch: int,
    k: int,
    run_id: str,
) -> list[dict[str, Any]]:
    """Split the index queries over concurrent read transactions (one per server core)."""
    parts = [queries[i::INDEX_QUERY_PARALLELISM] for i in range(INDEX_QUERY_PARALLELISM)]
    rows: list[dict[str, Any]] = []

    async def ask(part: list[dict[str, Any]]) -> None:
        rows.extend(
            await database.read(
                nearest_active, space=space, queries=part, fetch=fetch, k=k, run_id=run_id
            )
        )

    async with anyio.create_task_group() as group:
        for part in parts:
            if part:
                group.start_soon(ask, part)
    return rows


def _group(rows: list[dict[str, Any]]) -> dict[str, list[Neighbour]]:
    return {
        str(row["query_id"]): [
            Neighbour(
                id=str(hit["id"]),
                tags=tuple(hit["tags"] or ()),
                category=hit["category"] or "knowledge",
                hours=float(hit["hours"] or 0.0),
                cosine=float(hit["cosine"]),
            )
            for hit in row["hits"]
        ]
        for row in rows
    }


async def _analyse(
    llm: LLMService | None,
    blocks: Sequence[InboxBlock],
    context: str,
    config: MemoryConfig,
) -> dict[str, BlockAnalysis]:
    """One process_block call per block (a few at a time); neutral without an LLM."""
    neutral = BlockAnalysis()
    if llm is None:
        return {block.id: neutral for block in blocks}
    results: dict[str, BlockAnalysis] = {}
    limiter = anyio.CapacityLimiter(LLM_CONCURRENCY)

    async def one(block: InboxBlock) -> None:
        async with limiter:
            results[block.id] = await _with_fallback(
                llm.process_block(block.content, context),
                neutral,
                config.llm_timeout_seconds,
                f"process_block({block.id})",
            )

    async with anyio.create_task_group() as group:
        for block in blocks:
            group.start_soon(one, block)
    return {block_id: clean_analysis(analysis) for block_id, analysis in results.items()}


async def _with_fallback(call: Awaitable[T], fallback: T, seconds: float, what: str) -> T:
    """The LLM's answer, or the fallback after a timeout or an error (logged, not raised)."""
    with anyio.move_on_after(seconds):
        try:
            return await call
        except Exception as exc:  # an LLM outage must not stop consolidation
            log.warning("LLM %s failed (%s); using the fallback", what, exc)
            return fallback
    log.warning("LLM %s timed out after %.0f s; using the fallback", what, seconds)
    return fallback


async def _stored_vectors(
    embedder: EmbeddingService,
    blocks: Sequence[InboxBlock],
    vectors: Sequence[Vector],
    survivors: Sequence[int],
    analyses: dict[str, BlockAnalysis],
) -> dict[str, Vector]:
    """The vector kept for retrieval: of the summary when the LLM wrote one, else reused."""
    stored = {blocks[i].id: vectors[i] for i in survivors}
    rewritten = [
        blocks[i].id
        for i in survivors
        if analyses[blocks[i].id].summary
        and normalised_text(analyses[blocks[i].id].summary or "")
        != normalised_text(blocks[i].content)
    ]
    if rewritten:
        texts = [normalised_text(analyses[block_id].summary or "") for block_id in rewritten]
        for block_id, vector in zip(rewritten, await embedder.embed_batch(texts), strict=True):
            stored[block_id] = vector
    return stored


async def _contradiction_edges(
    database: Database,
    space: str,
    llm: LLMService,
    block: InboxBlock,
    blocks: Sequence[InboxBlock],
    candidates: Sequence[Candidate],
    config: MemoryConfig,
) -> list[dict[str, object]]:
    """Ask about at most `contradiction_max_checks` nearest candidates above the prefilter."""
    contents = {b.id: b.content for b in blocks}
    close = sorted(
        (c for c in candidates if c.cosine >= config.contradiction_similarity_prefilter),
        key=lambda c: (-c.cosine, c.id),
    )[: config.contradiction_max_checks]
    missing = [c.id for c in close if c.id not in contents]
    if missing:
        contents.update(await database.read(block_contents, space=space, ids=missing))
    edges = []
    for candidate in close:
        other = contents.get(candidate.id)
        if other is None:
            continue
        score = clamp_score(
            await _with_fallback(
                llm.detect_contradiction(block.content, other),
                0.0,
                config.llm_timeout_seconds,
                f"detect_contradiction({block.id}, {candidate.id})",
            )
        )
        if score >= config.contradiction_threshold:
            edges.append(edge_row(block.id, candidate.id, "contradicts", "contradiction", score))
    return edges
