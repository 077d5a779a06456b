"""The LLM's part in consolidation: analysis of new blocks and contradiction checks.

Every call has a timeout and a fallback, so an LLM outage slows consolidation down but
never stops it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from typing import TypeVar

import anyio

from elfgraph.config.memory import MemoryConfig
from elfgraph.consolidation.plan import Candidate, InboxBlock
from elfgraph.consolidation.repository.block_contents import block_contents
from elfgraph.core.text import normalised_text
from elfgraph.edges.link import EdgeRow, edge_row
from elfgraph.embedding.base import EmbeddingService, Vector
from elfgraph.llm.base import BlockAnalysis, LLMService, clamp_score, clean_analysis
from elfgraph.store.database import Database

log = logging.getLogger(__name__)
T = TypeVar("T")
LLM_CONCURRENCY = 4


async def analyse_blocks(
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
                config.consolidation.llm_timeout_seconds,
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


async def stored_vectors(
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


async def contradiction_edges(
    database: Database,
    space: str,
    llm: LLMService,
    block: InboxBlock,
    blocks: Sequence[InboxBlock],
    candidates: Sequence[Candidate],
    config: MemoryConfig,
) -> list[EdgeRow]:
    """Ask about at most `contradiction_max_checks` nearest candidates above the prefilter."""
    contents = {b.id: b.content for b in blocks}
    settings = config.consolidation
    close = sorted(
        (c for c in candidates if c.cosine >= settings.contradiction_similarity_prefilter),
        key=lambda c: (-c.cosine, c.id),
    )[: settings.contradiction_max_checks]
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
                config.consolidation.llm_timeout_seconds,
                f"detect_contradiction({block.id}, {candidate.id})",
            )
        )
        if score >= config.consolidation.contradiction_threshold:
            edges.append(edge_row(block.id, candidate.id, "contradicts", "contradiction", score))
    return edges
