"""connect_by_query(): connect the best match of each of two queries, when both are sure."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from elfgraph.core.checks import is_encodable, is_number, shown
from elfgraph.edges.models import ConnectByQueryResult, ConnectResult
from elfgraph.errors import ConnectError

MAX_QUERY_CHARS = 32 * 1024


@dataclass(frozen=True)
class Match:
    """The best block for a query, and its cosine to the query."""

    id: str
    content: str
    confidence: float


def check_min_confidence(value: object) -> float:
    if not is_number(value) or not 0.0 <= value <= 1.0:
        raise ConnectError(
            f"min_confidence must be a number from 0 to 1, not {shown(value)}.",
            recovery="Keep the default 0.70, or lower it for vaguer queries and check the "
            "matched content before connecting ({arg:dry_run=True}).",
        )
    return float(value)


def check_queries(source_query: object, target_query: object, dry_run: object) -> None:
    """Two non-blank questions in valid text, and dry_run a bool: ConnectError if not."""
    for name, query in (("source_query", source_query), ("target_query", target_query)):
        if (
            not isinstance(query, str)
            or not is_encodable(query)
            or not query.strip()
            or len(query) > MAX_QUERY_CHARS
        ):
            raise ConnectError(
                f"{name} must be a non-blank question in valid text, not {shown(query)}.",
                recovery="Describe each block in a few words, e.g. "
                "connect_by_query('deploy script', 'AWS profile').",
            )
    if not isinstance(dry_run, bool):
        raise ConnectError(
            f"dry_run must be True or False, not {shown(dry_run)}.",
            recovery="Pass dry_run=True to see the matches without connecting.",
        )


Find = Callable[[str], Awaitable[Match | None]]


async def connect_by_query(
    source_query: str,
    target_query: str,
    *,
    find: Find,
    connect_ids: Callable[[str, str], Awaitable[ConnectResult]],
    min_confidence: float,
    dry_run: bool,
) -> ConnectByQueryResult:
    """The best block for each query and how surely it matches (its cosine to the query:
    absolute, unlike the ranking score, whose best similarity is always 1.0, so a query
    that matches nothing still has a top block); connected only when both are sure."""
    source, target = await find(source_query), await find(target_query)
    found: dict[str, Any] = {"source_query": source_query, "target_query": target_query}
    for side, match in (("source", source), ("target", target)):
        found[f"{side}_id"] = match.id if match else None
        found[f"{side}_content"] = match.content if match else None
        found[f"{side}_confidence"] = round(match.confidence, 4) if match else 0.0
    if (
        source is None
        or target is None
        or min(source.confidence, target.confidence) < min_confidence
    ):
        return ConnectByQueryResult(**found, action="insufficient_confidence")
    if source.id == target.id:
        return ConnectByQueryResult(**found, action="same_block")
    if dry_run:
        return ConnectByQueryResult(**found, action="dry_run_preview")
    result = await connect_ids(source.id, target.id)
    return ConnectByQueryResult(**found, action="connected", connect_result=result)
