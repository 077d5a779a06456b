"""Recall's two legs asked of the server at once (docs/BEHAVIOUR.md §7.2).

A space whose legs are not ranked in this process (past the caches' capacities, while they
load, or with them turned off) asks the server's vector index and its full-text index for
its seeds. Inside the one candidates read the two run one after the other; past ~100,000
blocks each takes tens of milliseconds. Here they run as two read transactions at once,
one per server core, and the candidates read then takes their ids as it takes a cache's,
checking with the space's vector version that nothing was dreamed or archived in between
(else it asks the indexes itself, as before).
"""

from __future__ import annotations

from dataclasses import dataclass

from elfgraph.retrieval.repository.keyword_leg import keyword_leg
from elfgraph.retrieval.repository.vector_leg import vector_leg
from elfgraph.store.concurrently import alongside
from elfgraph.store.database import Database


@dataclass(frozen=True)
class ServerLegs:
    """What the two legs found, for the candidates read."""

    vector_ids: list[str]
    vector_scores: list[float]  # the index's scores, (1 + cosine) / 2
    keyword_ids: list[str] | None  # None: the legs disagreed on the version; ask again
    keyword_scores: list[float] | None
    answered: int
    fetched_in_space: int
    compared: int
    version: tuple[str, int]


async def server_legs(
    database: Database,
    space: str,
    *,
    vector: list[float],
    terms: str,
    k: int,
    fetch: int,
    scan_below: int,
    text_fetch: int,
    self_only: bool,
) -> ServerLegs | None:
    """Both legs' seeds, asked at once; None when the space does not exist."""
    nearest, hits = await alongside(
        lambda: database.read(
            vector_leg,
            space=space,
            query_vector=vector,
            fetch=fetch,
            k=k,
            scan_below=scan_below,
            self_only=self_only,
        ),
        lambda: database.read(
            keyword_leg, space=space, terms=terms, k=k, text_fetch=text_fetch, self_only=self_only
        ),
    )
    if nearest is None or hits is None:
        return None
    version = (str(nearest["vector_version"][0]), int(nearest["vector_version"][1]))
    # A dream between the two reads: the keyword hits may miss its blocks.
    same = list(hits["vector_version"]) == list(nearest["vector_version"])
    return ServerLegs(
        vector_ids=list(nearest["ids"]),
        vector_scores=[float(s) for s in nearest["scores"]],
        keyword_ids=list(hits["ids"]) if same else None,
        keyword_scores=[float(s) for s in hits["scores"]] if same else None,
        answered=int(nearest["answered"] or 0),
        fetched_in_space=int(nearest["fetched_in_space"] or 0),
        compared=int(nearest["compared"] or 0),
        version=version,
    )
