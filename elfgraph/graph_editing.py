"""The agent's own edges (docs/BEHAVIOUR.md §8): connect, disconnect, connects and
connect_by_query, as methods of MemorySystem (which mixes this class in)."""

from __future__ import annotations

from typing import Any

from elfgraph.config.loading import ElfgraphConfig
from elfgraph.edges import by_query
from elfgraph.edges.connect import check_request, connect_pair
from elfgraph.edges.connect_many import connect_many
from elfgraph.edges.disconnect import disconnect_pair
from elfgraph.edges.models import (
    ConnectByQueryResult,
    ConnectResult,
    ConnectSpec,
    ConnectsResult,
    DisconnectResult,
)
from elfgraph.edges.rules import IfExists
from elfgraph.retrieval.retriever import Retriever
from elfgraph.sessions.clock import SessionClock
from elfgraph.state import ProcessState, operation
from elfgraph.store.database import Database


class GraphEditing:
    """Methods of MemorySystem that edit the graph as the agent asks."""

    space: str
    config: ElfgraphConfig
    _database: Database
    _sessions: SessionClock
    _state: ProcessState
    _retriever: Retriever

    @operation("connect", writes=True)
    async def connect(
        self,
        source: str,
        target: str,
        relation: str | None = None,
        *,
        weight: float | None = None,
        note: str | None = None,
        if_exists: IfExists = "reinforce",
    ) -> ConnectResult:
        """Assert that two active blocks are related. A new edge is the agent's (origin
        `agent`: never decayed, never displaced), typed by `relation` (`similar` by default,
        or supports, elaborates, contradicts, co_occurs, outcome, or your own word) and
        weighted by it unless `weight` is given (clamped to 0-1). An existing edge is
        reinforced (+0.10), updated, skipped or refused, as `if_exists` says. A block at the
        degree cap gives up its weakest automatic edge (`displaced_edge`), else
        DegreeLimitError."""
        request = check_request(source, target, relation, weight, note, if_exists)
        return await connect_pair(
            self._database,
            self.space,
            request,
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
        )

    @operation("disconnect", writes=True)
    async def disconnect(
        self,
        source: str,
        target: str,
        *,
        guard_relation: str | None = None,
        reason: str | None = None,
    ) -> DisconnectResult:
        """Remove the edge between two blocks (action `removed`), or report `not_found`;
        with `guard_relation`, an edge of another relation is kept (`guarded`)."""
        return await disconnect_pair(
            self._database,
            self.space,
            source,
            target,
            guard_relation=guard_relation,
            reason=reason,
        )

    @operation("connects", writes=True)
    async def connects(self, specs: list[ConnectSpec] | list[dict[str, Any]]) -> ConnectsResult:
        """connect() for several edges in one transaction; a spec that fails is reported in
        `errors` (with its index and recovery) and the others still apply."""
        return await connect_many(
            self._database,
            self.space,
            specs,
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
        )

    @operation("connect_by_query", writes=True)
    async def connect_by_query(
        self,
        source_query: str,
        target_query: str,
        relation: str | None = None,
        *,
        note: str | None = None,
        min_confidence: float = 0.70,
        if_exists: IfExists = "reinforce",
        dry_run: bool = False,
    ) -> ConnectByQueryResult:
        """Connect the best match of each query when both match with at least
        `min_confidence` (the cosine between the query and the block). Check source_content
        and target_content in the result; dry_run shows the matches and writes nothing.
        Does not change the recall breadcrumbs."""
        check_request("source", "target", relation, None, note, if_exists)
        by_query.check_min_confidence(min_confidence)
        by_query.check_queries(source_query, target_query, dry_run)

        async def find(text: str) -> by_query.Match | None:
            return await self._retriever.best_match(text, now_hours=self._sessions.session_now())

        async def connect_ids(source: str, target: str) -> ConnectResult:
            return await self.connect(source, target, relation, note=note, if_exists=if_exists)

        return await by_query.connect_by_query(
            source_query,
            target_query,
            find=find,
            connect_ids=connect_ids,
            min_confidence=min_confidence,
            dry_run=dry_run,
        )
