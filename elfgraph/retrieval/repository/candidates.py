from typing import Any, TypedDict, cast

from elfgraph.store.plan_shapes import padded_list, padded_text
from elfgraph.store.transaction import Transaction, run_one, single_statement

# One edge between two candidates: [weight, reinforcement_count, the other block's id, relation].
CandidateEdge = list[float | str | None]


class CandidateProperties(TypedDict):
    """A candidate's properties as the query returns them: each projected property is None
    when the block lacks it, so ranking falls back to defaults."""

    id: str
    content: str | None
    tags: list[str] | None
    confidence: float | None
    reinforcement_count: int | None
    decay_lambda: float | None
    last_reinforced_at: float | None
    status: str | None
    sketch: str | None  # elfgraph.core.sketch
    session_id: str | None  # the session it was learned in (§7.11)
    weighted_degree: float | None  # kept on write, over every edge (§6, §9.2)
    created_at: str | None  # when it was learned (ISO 8601)
    occurred_at: float | None  # when it happened or was said, epoch seconds (§3.3)
    occurred_until: float | None  # the end of a near-duplicates' span of event times
    occurred_offset: int | None  # the zone the event time was given in, minutes
    speaker: str | None  # who said it, as given
    speaker_key: str | None  # the same, normalised for matching


class CandidateBlock(CandidateProperties):
    """A candidate as ranking reads it: with its edges to the other candidates, CONTRADICTS
    included (retrieval.ranking.Candidates.from_row gives each edge to both ends)."""

    edges: list[CandidateEdge]


class CandidatesRow(TypedDict):
    vector_ids: list[str]  # the vector leg's seeds, nearest first
    vector_cosines: list[float]  # parallel to vector_ids, in [-1, 1]
    keyword_ids: list[str]  # the keyword leg's seeds, best first
    keyword_scores: list[float]  # Lucene scores, parallel to keyword_ids
    pending_ids: list[str]  # inbox blocks the keyword leg found (read your writes)
    pending_scores: list[float]  # Lucene scores, parallel to pending_ids
    expanded_ids: list[str]
    guaranteed_ids: list[str]
    contradictions: list[list[str]]  # [a, b] with a < b, both candidates
    # Every edge between two candidates once: [start, end, weight, reinforcements, relation].
    inner_edges: list[list[Any]]
    fetched_in_space: int  # the index's hits in this space, before the cut to k
    answered: int  # how many answers the vector index gave (at most the fetch asked for)
    compared: int  # how many blocks an exact scan compared (0: no scan)
    cache_hit: bool  # the caller's cached ids were used: its vector cache is current
    cache_dead: list[str]  # cached ids no longer active in the space
    vector_version: list[str | int]  # [text_key, vector epoch] of the space now
    now: float  # now_hours, else the space's clock
    candidates: list[CandidateProperties]


@single_statement
async def candidates(
    tx: Transaction,
    *,
    space: str,
    query_vector: list[float] | None,
    terms: str | None,
    k: int,
    fetch: int,
    scan_below: int,
    exact: bool,
    text_fetch: int,
    self_only: bool,
    queryless: bool,
    queryless_limit: int,
    guarantee_tags: list[str],
    now_hours: float | None,
    proxy: dict[str, float],
    cap: int,
    expand: bool,
    expand_seeds: int,
    expand_per_seed: int,
    pending: bool,
    cached_ids: list[str] | None = None,
    cached_scores: list[float] | None = None,
    cache_key: str | None = None,
    cache_epoch: int | None = None,
    cached_keyword_ids: list[str] | None = None,
    cached_keyword_scores: list[float] | None = None,
    period: tuple[float, float] | None = None,
    period_scan: int = 0,
) -> CandidatesRow | None:
    """Seeds of each leg (ranked ids), expanded and guaranteed ids, contradiction pairs and
    every candidate's properties; None when there is no candidate at all. Every recall
    sends one parameter shape (store.plan_shapes): the lists and texts padded, none null
    (no vector: an empty list; no cache: empty lists and a flag), so the server plans the
    query once."""
    row = await run_one(
        tx,
        "candidates",
        space=space,
        query_vector=padded_list(query_vector),
        terms=padded_text(terms),
        k=k,
        fetch=fetch,
        scan_below=scan_below,
        exact=exact,
        vectors_cached=cached_ids is not None,
        cached_ids=padded_list(cached_ids),
        cached_scores=padded_list(cached_scores),
        cache_key=padded_text(cache_key),
        cache_epoch=-1 if cache_epoch is None else cache_epoch,
        keywords_cached=cached_keyword_ids is not None,
        cached_keyword_ids=padded_list(cached_keyword_ids),
        cached_keyword_scores=padded_list(cached_keyword_scores),
        text_fetch=text_fetch,
        self_only=self_only,
        queryless=queryless,
        queryless_limit=queryless_limit,
        guarantee_tags=padded_list(guarantee_tags),
        now_hours=now_hours,
        proxy=proxy,
        cap=cap,
        expand=expand,
        expand_seeds=expand_seeds,
        expand_per_seed=expand_per_seed,
        pending=pending,
        # No period: an empty range (floats either way: one shape).
        period_from=float(period[0]) if period else 1.0,
        period_until=float(period[1]) if period else 0.0,
        period_scan=period_scan,
    )
    return cast(CandidatesRow | None, row)
