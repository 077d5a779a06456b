"""What one recall's candidates read returned (cypher/retrieval/candidates.cypher), as
ranking reads it: each leg's seeds with their scores, the expanded and guaranteed blocks,
every candidate's properties with its edges to the other candidates, and what the caches
learn from the read. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from elfgraph.retrieval.repository.candidates import (
    CandidateBlock,
    CandidateEdge,
    CandidateProperties,
    CandidatesRow,
)


@dataclass(frozen=True)
class Candidates:
    """What the candidates query returned, ready for ranking."""

    vector_ids: list[str]
    keyword_ids: list[str]
    expanded_ids: list[str]
    guaranteed_ids: list[str]
    contradictions: list[tuple[str, str]]
    blocks: dict[str, CandidateBlock]
    fetched_in_space: int = 0
    answered: int = 0  # the vector index's answers, of every space
    compared: int = 0  # the blocks an exact scan compared with the query (0: no scan)
    now_hours: float = 0.0  # the clock the query used
    vector_cosines: list[float] = field(default_factory=list)  # parallel to vector_ids
    keyword_scores: list[float] = field(default_factory=list)  # parallel to keyword_ids
    pending_ids: list[str] = field(default_factory=list)  # inbox blocks the keyword leg found
    pending_scores: list[float] = field(default_factory=list)  # parallel to pending_ids
    cache_dead: list[str] = field(default_factory=list)  # cached ids no longer active
    vector_version: tuple[str, int] | None = None  # the space's, for the vector cache

    @classmethod
    def from_row(cls, row: CandidatesRow | None) -> Candidates:
        if row is None:
            return cls([], [], [], [], [], {})
        return cls(
            vector_ids=list(row["vector_ids"]),
            keyword_ids=list(row["keyword_ids"]),
            expanded_ids=list(row["expanded_ids"]),
            guaranteed_ids=list(row["guaranteed_ids"]),
            contradictions=[(str(a), str(b)) for a, b in row["contradictions"]],
            blocks=with_edges(row["candidates"], row["inner_edges"]),
            fetched_in_space=int(row["fetched_in_space"] or 0),
            answered=int(row["answered"] or 0),
            compared=int(row["compared"] or 0),
            now_hours=float(row["now"] or 0.0),
            vector_cosines=[float(c) for c in row["vector_cosines"]],
            keyword_scores=[float(s) for s in row["keyword_scores"]],
            pending_ids=list(row["pending_ids"]),
            pending_scores=[float(s) for s in row["pending_scores"]],
            cache_dead=list(row["cache_dead"]),
            vector_version=(str(row["vector_version"][0]), int(row["vector_version"][1])),
        )


def with_edges(
    candidates: Sequence[CandidateProperties], inner: Sequence[Sequence[Any]]
) -> dict[str, CandidateBlock]:
    """Each candidate by id with its edges to the others, from the query's list of every
    such edge once ([start, end, weight, reinforcements, relation]): both ends get it, each
    block's edges in one order (by the other block, then relation)."""
    edges: dict[str, list[CandidateEdge]] = {str(c["id"]): [] for c in candidates}
    for start, end, weight, count, relation in inner:
        edges[str(start)].append([weight, count, str(end), relation])
        if end != start:
            edges[str(end)].append([weight, count, str(start), relation])
    for listed in edges.values():
        listed.sort(key=lambda e: (str(e[2]), str(e[3])))
    return {
        str(c["id"]): cast(CandidateBlock, {**c, "edges": edges[str(c["id"])]}) for c in candidates
    }
