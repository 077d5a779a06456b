"""The ranked blocks for a query (docs/BEHAVIOUR.md §7): one read gathers every candidate
(cypher/retrieval/candidates.cypher), after the two legs' reads at once when both ask the
server (server_legs.py); then ranking is pure (ranking.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

from elfgraph.config.memory import MemoryConfig
from elfgraph.core.analysis import terms as analysed
from elfgraph.core.checks import is_encodable, shown
from elfgraph.core.dates import TOLD_AFTER_DAYS, Period, asked_period, asks_when
from elfgraph.core.relative import anchor_of, relative_period
from elfgraph.core.text import normalised_text
from elfgraph.core.when import day_seconds, event_time
from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import FrameError
from elfgraph.retrieval.candidates import Candidates
from elfgraph.retrieval.frames import FrameDefinition, frame_definition
from elfgraph.retrieval.index_share import MAX_FETCH, IndexShare
from elfgraph.retrieval.keywords import keyword_terms
from elfgraph.retrieval.ranking import Ranked, Relevance, rank_candidates
from elfgraph.retrieval.repository.candidates import candidates
from elfgraph.retrieval.server_legs import server_legs
from elfgraph.retrieval.vector_cache import VectorCache
from elfgraph.store.database import Database

MAX_TOP_K = 100
MAX_QUERY_CHARS = 32 * 1024
SEEDS_PER_LEG = 4  # each leg brings 4·top_k seeds
SELF_TEXT_OVERFETCH = 10  # keyword hits asked for per seed in a SELF frame
QUERYLESS_POOL = 8  # queryless frames score the best 8·top_k blocks by a cheap proxy
CACHE_MARGIN = 8  # cached ids sent beyond k, in case some are no longer active
DAY = 86_400.0
PERIOD_SCAN = 500  # blocks of a named period the period leg compares at most (§7.8)


def check_recall_arguments(query: object, top_k: object) -> tuple[str | None, int]:
    """The query text (or None) and top_k, or FrameError naming what is wrong."""
    if isinstance(top_k, bool) or not isinstance(top_k, int) or not 1 <= top_k <= MAX_TOP_K:
        raise FrameError(
            f"top_k must be a whole number from 1 to {MAX_TOP_K}, not {shown(top_k)}.",
            recovery="Ask for a handful of blocks, e.g. {arg:top_k=5}.",
        )
    if query is not None and not isinstance(query, str):
        raise FrameError(
            f"The query must be text or None, not {type(query).__name__}.",
            recovery="Pass the question as a string, or None for a queryless frame.",
        )
    if query is not None and (not is_encodable(query) or len(query) > MAX_QUERY_CHARS):
        raise FrameError(
            f"The query is over {MAX_QUERY_CHARS} characters or holds a lone surrogate.",
            recovery="Ask a question of a few sentences in valid text (decode bytes as UTF-8 "
            "with errors='replace').",
        )
    return query, top_k


def check_flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise FrameError(
            f"{name} must be True or False, not {shown(value)}.",
            recovery=f"Pass {{arg:{name}=True}} or leave it out.",
        )
    return value


def keyword_fetch(k: int, *, self_only: bool, pending: bool) -> int:
    """How many hits the keyword leg asks the full-text index for. The index answers for
    this space alone; a SELF frame also filters by label, so it asks for more (the space's
    other blocks may match better); with pending blocks, k of each status."""
    if self_only:
        return min(MAX_FETCH, SELF_TEXT_OVERFETCH * k)
    return 2 * k if pending else k


@dataclass(frozen=True)
class Query:
    """A checked recall or frame request."""

    frame: FrameDefinition
    text: str | None  # None or blank: a queryless frame, with no embedding call
    top_k: int
    as_of: date | None = None  # the day relative periods count from; None: today (UTC)

    def period(self) -> Period | None:
        """The period the query names: on the calendar (core.dates), else relative to
        `as_of` (core.relative)."""
        if not self.text:
            return None
        return asked_period(self.text) or relative_period(
            self.text, self.as_of or datetime.now(UTC).date()
        )

    @property
    def key(self) -> tuple[str, str | None, int]:
        """What a cached frame is looked up by."""
        return (self.frame.name, self.text, self.top_k)


def check_query(
    frame: object,
    text: object,
    top_k: object,
    default_top_k: int = 5,
    *,
    as_of: object = None,
) -> Query:
    """Every argument checked before any cache lookup or query: FrameError if bad. A
    top_k of None is `default_top_k` (memory.retrieval.top_k)."""
    definition = frame_definition(frame)
    checked_text, checked_top_k = check_recall_arguments(
        text, default_top_k if top_k is None else top_k
    )
    return Query(definition, checked_text, checked_top_k, check_as_of(as_of))


def check_as_of(value: object) -> date | None:
    """recall's `as_of`: an ISO date or date-time, a date or a datetime (its own day)."""
    if value is None:
        return None
    try:
        return event_time(value).day
    except ValueError as exc:
        raise FrameError(
            f"as_of {shown(value)} cannot be read: {exc}.",
            recovery="Pass an ISO 8601 date or date-time, e.g. {arg:as_of='2023-05-08'}, "
            "or leave it out (now).",
        ) from None


async def retrieve(
    database: Database,
    space: str,
    query: Query,
    *,
    embedder: EmbeddingService,
    config: MemoryConfig,
    now_hours: float | None,
    share: IndexShare,
    pending: bool = True,
    cache: VectorCache | None = None,
) -> Ranked:
    """The ranked blocks for a query (no side effects): one database round trip, or two
    when both legs ask the server (server_legs.py, which asks them at once).
    `now_hours` None: outside a session, the space's persisted clock (read in that trip).
    `pending`: inbox blocks the keyword leg finds may be ranked too (§7.7). `cache`: the
    space's vectors in this process, used for the vector leg when the database confirms
    they are current (§7.2); told what the database said."""
    text = query.text if query.text and query.text.strip() else None
    period = query.period() if text else None
    legs = config.retrieval.retrieval_legs
    vector = await embedder.embed(normalised_text(text)) if text and legs != "keyword" else None
    k = SEEDS_PER_LEG * query.top_k
    exact = share.exact(k)
    weights = (
        query.frame.weights.with_priors_at_most(config.retrieval.prior_weight)
        if text
        else query.frame.weights.without_similarity()
    )
    self_only = query.frame.tag_prefix == "self/"
    terms = keyword_terms(text) if text and legs != "vector" else None
    # A SELF frame wants the nearest Self blocks, which the cache's nearest may not hold.
    cached_ids: list[str] | None = None
    cached_scores: list[float] | None = None
    version: tuple[str | None, int | None] = (None, None)
    usable = cache is not None and cache.usable and not self_only
    if usable and cache is not None and cache.version and vector is not None:
        cached_ids, cached_scores = cache.nearest(vector, k + CACHE_MARGIN)
        version = cache.version
    # The keyword leg by the space's own statistics (§7.2), from the same cache.
    asked = analysed(terms) if terms and config.retrieval.keyword_cache else None
    cached_keyword_ids: list[str] | None = None
    cached_keyword_scores: list[float] | None = None
    # A space past the vectors' capacity may keep its words alone: its keyword leg too.
    if asked is not None and cache is not None and not self_only and cache.keywords_usable:
        cached_keyword_ids, cached_keyword_scores = cache.keywords.search(asked, k)
        version = cache.version or version
    keywords_from_cache = cached_keyword_ids is not None
    query_vector = vector.tolist() if vector is not None else None
    fetch = share.fetch(k)
    # A SELF frame's answers hold few Self blocks, and its scan compares only those.
    scan_below = k if self_only else share.scan_below(k)
    seeds = None  # both legs asked of the server at once, before the candidates read
    if (
        share.active is not None
        and share.active >= config.retrieval.concurrent_legs_blocks
        and query_vector is not None
        and cached_ids is None
        and not exact
        and terms is not None
        and cached_keyword_ids is None
    ):
        seeds = await server_legs(
            database,
            space,
            vector=query_vector,
            terms=terms,
            k=k,
            fetch=fetch,
            scan_below=scan_below,
            text_fetch=keyword_fetch(k, self_only=self_only, pending=False),
            self_only=self_only,
        )
        if seeds is not None:
            cached_ids, cached_scores = seeds.vector_ids, seeds.vector_scores
            cached_keyword_ids, cached_keyword_scores = seeds.keyword_ids, seeds.keyword_scores
            version = seeds.version
    row = await database.read(
        candidates,
        space=space,
        query_vector=query_vector,
        terms=terms,
        k=k,
        fetch=fetch,
        scan_below=scan_below,
        exact=exact and cached_ids is None,
        cached_ids=cached_ids,
        cached_scores=cached_scores,
        cache_key=version[0],
        cache_epoch=version[1],
        cached_keyword_ids=cached_keyword_ids,
        cached_keyword_scores=cached_keyword_scores,
        text_fetch=keyword_fetch(k, self_only=self_only, pending=pending),
        self_only=self_only,
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
        cap=config.edges.edge_degree_cap,
        expand=config.retrieval.graph_expansion,
        expand_seeds=config.retrieval.expansion_seeds * query.top_k,
        expand_per_seed=config.retrieval.expansion_neighbours,
        pending=pending,  # inbox blocks by keyword: read your writes (§7.7)
        period=period_seconds(period),
        period_scan=PERIOD_SCAN,
    )
    found = Candidates.from_row(row)
    if seeds is not None and found.vector_version == seeds.version:
        # The read took those seeds: what the index answered is theirs to tell.
        found = replace(
            found,
            answered=seeds.answered,
            fetched_in_space=seeds.fetched_in_space,
            compared=seeds.compared,
        )
    if keywords_from_cache and asked is not None and cache is not None:
        found = _pending_scored(found, version, asked, cache)
    if cache is not None and found.vector_version is not None:
        cache.observe(found.vector_version, found.cache_dead)
    if vector is not None:
        share.observe(found.answered, found.fetched_in_space)
        if found.compared and not self_only:  # a SELF scan compares only Self blocks
            share.observe_scan(found.compared)
    how = Relevance(
        fusion=config.retrieval.fusion,
        keyword_weight=config.retrieval.keyword_weight,
        spread=config.retrieval.activation_spread if config.retrieval.graph_expansion else 0.0,
        period=period,
        anchor=anchor_of(text) if text and period is None else None,
        temporal_weight=config.retrieval.temporal_weight,
        query=text or "",
        speaker_weight=config.retrieval.speaker_weight,
        asks_when=asks_when(text) if text else False,
        when_weight=config.retrieval.when_weight,
        coverage_weight=config.retrieval.coverage_weight,
        spread_hops=config.retrieval.spread_hops,
        session_weight=config.retrieval.session_weight,
        diversity_weight=config.retrieval.diversity_weight,
    )
    return rank_candidates(found, weights, top_k=query.top_k, has_query=bool(text), how=how)


def period_seconds(period: Period | None) -> tuple[float, float] | None:
    """A calendar period as the event times it holds: from its first day's midnight to its
    last day's end, plus the days a thing is told after it (dates.TOLD_AFTER_DAYS), in
    UTC with a day's margin either side for the zones; a month of any year: none (the
    period leg reads a range)."""
    if period is None or period.start is None or period.end is None:
        return None
    start = day_seconds(period.start) - DAY
    return start, day_seconds(period.end) + (TOLD_AFTER_DAYS + 2) * DAY


def _pending_scored(
    found: Candidates,
    version: tuple[str | None, int | None],
    asked: list[str],
    cache: VectorCache,
) -> Candidates:
    """When the keyword leg came from the cache (the database found it current), the
    inbox blocks the full-text index found are scored by the same BM25 and statistics as
    the keyword seeds they are fused with (§7.7)."""
    if found.vector_version != version or not found.pending_ids:
        return found
    scores = [
        cache.keywords.score(
            asked, {"content": analysed(str(found.blocks[p].get("content") or ""))}
        )
        for p in found.pending_ids
    ]
    return replace(found, pending_scores=scores)
