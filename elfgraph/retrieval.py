"""recall and frame (BEHAVIOUR.md §7): one read gathers every candidate, ranking is pure
(ranking.py), rendering fits the budget, and frame's side effects are one write."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import combinations

from neo4j import AsyncManagedTransaction

from elfgraph.blocks import normalised_text
from elfgraph.database import Database
from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import FrameError
from elfgraph.frames import FrameDefinition
from elfgraph.fusion import keyword_terms
from elfgraph.memory_config import MemoryConfig
from elfgraph.models import FrameResult, ScoredBlock
from elfgraph.ranking import Candidates, Ranked, Relevance, rank_candidates
from elfgraph.rendering import render
from elfgraph.repository.consolidate.link_blocks import link_blocks
from elfgraph.repository.retrieval.candidates import candidates
from elfgraph.repository.retrieval.reinforce_frame import reinforce_frame

MAX_TOP_K = 100
SEEDS_PER_LEG = 4  # each leg brings 4·top_k seeds
QUERYLESS_POOL = 8  # queryless frames score the best 8·top_k blocks by a cheap proxy
MAX_FETCH = 2000


class IndexShare:
    """This space's share of the shared vector index, learned from the answers it gives,
    so the over-fetch stays small for a big space and grows for a small one."""

    def __init__(self, share: float = 1.0) -> None:
        self.share = min(1.0, max(1e-4, share))

    def fetch(self, k: int) -> int:
        # Each extra answer costs the index a node lookup; a starved answer costs an exact
        # scan and teaches the share. A 20 % margin (plus two) balances the two.
        return min(MAX_FETCH, math.ceil(1.2 * k / self.share) + 2)

    def observe(self, fetched: int, in_space: int) -> None:
        if fetched <= 0:
            return
        seen = in_space / fetched
        if in_space == 0:
            self.share = max(1e-4, self.share / 4)
        elif in_space < fetched:  # a full answer says little: the share may be larger
            self.share = min(1.0, max(1e-4, 0.5 * self.share + 0.5 * seen))


def check_recall_arguments(query: object, top_k: object) -> None:
    if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= MAX_TOP_K:
        raise FrameError(
            f"top_k must be a whole number from 1 to {MAX_TOP_K}, not {top_k!r}.",
            recovery="Ask for a handful of blocks, e.g. top_k=5.",
        )
    if query is not None and not isinstance(query, str):
        raise FrameError(
            f"The query must be text or None, not {type(query).__name__}.",
            recovery="Pass the question as a string, or None for a queryless frame.",
        )


@dataclass(frozen=True)
class Query:
    frame: FrameDefinition
    text: str | None  # None or blank: a queryless frame, with no embedding call
    top_k: int


async def retrieve(
    database: Database,
    space: str,
    query: Query,
    *,
    embedder: EmbeddingService,
    config: MemoryConfig,
    now_hours: float | None,
    share: IndexShare,
) -> Ranked:
    """The ranked blocks for a query (no side effects): one database round trip.
    `now_hours` None: outside a session, the space's persisted clock (read in that trip)."""
    text = query.text if query.text and query.text.strip() else None
    legs = config.retrieval_legs
    vector = await embedder.embed(normalised_text(text)) if text and legs != "keyword" else None
    k = SEEDS_PER_LEG * query.top_k
    fetch = share.fetch(k)
    weights = query.frame.weights if text else query.frame.weights.without_similarity()
    row = await database.read(
        candidates,
        space=space,
        query_vector=vector.tolist() if vector is not None else None,
        terms=keyword_terms(text) if text and legs != "vector" else None,
        k=k,
        fetch=fetch,
        text_fetch=fetch,
        self_only=query.frame.tag_prefix == "self/",
        queryless=text is None,
        queryless_limit=QUERYLESS_POOL * query.top_k,
        guarantee_tags=list(query.frame.guarantees),
        now_hours=now_hours,
        proxy={
            "confidence": weights.confidence,
            "recency": weights.recency,
            "centrality": weights.centrality,
            "reinforcement": weights.reinforcement,
        },
        cap=config.edge_degree_cap,
        expand=config.graph_expansion,
    )
    found = Candidates.from_row(row)
    if vector is not None:
        share.observe(fetch, found.fetched_in_space)
    how = Relevance(
        fusion=config.fusion,
        keyword_weight=config.keyword_weight,
        spread=config.activation_spread if config.graph_expansion else 0.0,
    )
    return rank_candidates(found, weights, top_k=query.top_k, has_query=bool(text), how=how)


def render_frame(frame: FrameDefinition, ranked: Ranked) -> tuple[str, list[ScoredBlock]]:
    return render(
        frame.template,
        ranked.blocks,
        ranked.guaranteed,
        frame.token_budget,
        goal_tags=frame.guarantees if frame.template == "task" else (),
    )


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
        ids=ids,
        pairs=pairs,
        now_hours=now_hours,
        session_id=session_id,
        config=config,
    )


async def _reinforce(
    tx: AsyncManagedTransaction,
    *,
    space: str,
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
        ids=ids,
        pairs=pairs,
        now_hours=now_hours,
        session_id=session_id,
        threshold=config.co_retrieval_edge_threshold,
        staging_max=config.co_retrieval_staging_max,
        at=at,
    )
    ready = done["ready"]
    if not ready:
        return 0
    # Rare: a pair was co-retrieved in enough sessions; link it under the usual cap rules.
    created = await link_blocks(
        tx,
        space=space,
        edges=[
            {
                "a": a,
                "b": b,
                "type": "CO_OCCURS",
                "relation": "co_occurs",
                "origin": "co_retrieval",
                "weight": config.co_retrieval_edge_weight,
            }
            for a, b in ready
        ],
        cap=config.edge_degree_cap,
        now_hours=now_hours,
        created_at=at,
    )
    return len(created)


def frame_result(
    frame: FrameDefinition, text: str, blocks: list[ScoredBlock], *, edges_promoted: int = 0
) -> FrameResult:
    return FrameResult(
        text=text, blocks=blocks, frame_name=frame.name, edges_promoted=edges_promoted
    )
