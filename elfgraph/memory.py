"""MemorySystem: one agent's memory (a space) on Neo4j, and the session around its work.

    async with MemorySystem.managed("my-agent") as memory:
        async with memory.session():
            await memory.learn("The deploy script needs AWS_PROFILE set.")
        await memory.dream()

Every method that touches the graph is a coroutine. Several MemorySystem objects (in one
process or many) may share a space: everything they know is read from the database.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any

from elfgraph.config.connection import Settings
from elfgraph.config.memory import ElfgraphConfig
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.consolidation.run import Services, consolidate
from elfgraph.curation.models import CurateResult
from elfgraph.curation.run import curate_space, hours_since, should_curate
from elfgraph.edges import by_query, connect, disconnect
from elfgraph.edges.models import (
    ConnectByQueryResult,
    ConnectResult,
    ConnectSpec,
    ConnectsResult,
    DisconnectResult,
)
from elfgraph.edges.rules import IfExists
from elfgraph.embedding.base import EmbeddingService
from elfgraph.errors import StorageError
from elfgraph.feedback.models import OutcomeResult
from elfgraph.feedback.outcome import check_outcome
from elfgraph.feedback.outcome import record as record_outcome
from elfgraph.guide import guide as guide_text
from elfgraph.history import History, OperationRecord, recorded
from elfgraph.learning.checks import Item, check_items
from elfgraph.learning.models import LearnResult
from elfgraph.learning.repository.count_blocks import count_blocks
from elfgraph.learning.store import store_items
from elfgraph.llm.base import LLMService
from elfgraph.retrieval.frames import SELF_FRAME, frame_definition
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.models import FrameResult, ScoredBlock
from elfgraph.retrieval.ranking import Ranked
from elfgraph.retrieval.reinforce import reinforce
from elfgraph.retrieval.retrieve import (
    Query,
    check_recall_arguments,
    frame_result,
    render_frame,
    retrieve,
)
from elfgraph.schema.migrations import open_database
from elfgraph.sessions.clock import SessionClock
from elfgraph.spaces.names import validate_space_name
from elfgraph.spaces.registry import open_space, space_missing
from elfgraph.spaces.repository.index_share import index_share
from elfgraph.spaces.vector_index import VECTOR_INDEX, check_embedding_lock, ensure_vector_index
from elfgraph.status.health import Vitals, assess, unreachable
from elfgraph.status.models import SystemStatus
from elfgraph.status.repository.space_status import space_status
from elfgraph.status.repository.vector_index_state import vector_index_state
from elfgraph.store.database import Database
from elfgraph.store.transaction import Transaction


class MemorySystem:
    """The public API of one space. Create it with `open()` or `managed()`."""

    def __init__(
        self,
        database: Database,
        space: str,
        *,
        config: ElfgraphConfig,
        embedder: EmbeddingService,
        llm: LLMService | None,
        owns_database: bool,
    ) -> None:
        self._database = database
        self.space = space
        self.config = config
        self.embedding_service = embedder
        self.llm_service = llm
        self._owns_database = owns_database
        self._sessions = SessionClock(database, space)
        self._last_learned_block_id: str | None = None
        self._last_recall_block_ids: list[str] = []
        self._session_block_ids: list[str] = []
        self._index_share = IndexShare()
        self._frame_cache: dict[tuple[str, str | None, int], tuple[float, FrameResult]] = {}
        self._history = History()

    # ---- construction -------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        space: str = "default",
        *,
        settings: Settings | None = None,
        config: ElfgraphConfig | None = None,
        embedding_service: EmbeddingService | None = None,
        llm_service: LLMService | None = None,
        database: Database | None = None,
    ) -> MemorySystem:
        """Connect (or reuse `database`), migrate, open the space; check the embedder fits."""
        validate_space_name(space)
        config = config or ElfgraphConfig.load()
        if embedding_service is None:
            from elfgraph.embedding.local import LocalEmbeddingService  # heavy: on demand

            embedding_service = LocalEmbeddingService()
        if embedding_service.dimensions <= 0:
            # Remote services may learn their dimension from their first answer.
            await embedding_service.embed("elfgraph dimension probe")
        owns = database is None
        db = database or await open_database(settings)
        try:
            # The shared vector index must exist (and fit this embedder) before any recall.
            await ensure_vector_index(db, embedding_service.dimensions)
            record = await open_space(db, space)
            check_embedding_lock(
                space, record.embedding_model, record.embedding_dimensions, embedding_service
            )
        except BaseException:
            if owns:
                await db.close()
            raise
        memory = cls(
            db,
            space,
            config=config,
            embedder=embedding_service,
            llm=llm_service,
            owns_database=owns,
        )
        active, total = await db.read(index_share, space=space)
        memory._index_share = IndexShare(active / total if total else 1.0)
        return memory

    @classmethod
    @asynccontextmanager
    async def managed(cls, space: str = "default", **options: Any) -> AsyncIterator[MemorySystem]:
        """`async with MemorySystem.managed(...) as memory:` — closed (session ended) after."""
        memory = await cls.open(space, **options)
        try:
            yield memory
        finally:
            await memory.close()

    async def close(self) -> None:
        """End an open session (its hours are kept), then release the connection."""
        try:
            if self._sessions.active:
                await self.end_session()
        finally:
            if self._owns_database:
                await self._database.close()

    @property
    def database(self) -> Database:
        return self._database

    # ---- the clock and sessions ---------------------------------------------------------

    @property
    def clock(self) -> Callable[[], float]:
        """Seconds since an arbitrary point: how sessions measure their wall-clock time."""
        return self._sessions.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self._sessions.clock = clock

    @property
    def session_active(self) -> bool:
        return self._sessions.active

    @property
    def session_id(self) -> str | None:
        return self._sessions.session_id

    async def now_hours(self) -> float:
        """Active hours now: in a session its start plus its elapsed time, else the
        space's persisted total."""
        return await self._sessions.now_hours()

    @recorded("begin_session")
    async def begin_session(self, task_type: str = "general") -> str:
        """Open a session (idempotent while one is open); the clock advances while it is.
        A new session resets the breadcrumbs, and curate runs first when it is due."""
        if not self._sessions.active:
            await self._curate_if_due()
        if await self._sessions.begin(task_type):
            self._last_learned_block_id = None
            self._last_recall_block_ids = []
            self._session_block_ids = []
        assert self._sessions.session_id is not None
        return self._sessions.session_id

    @recorded("end_session")
    async def end_session(self) -> float:
        """Close the session and add its hours to the space's clock; 0.0 when none is open."""
        hours = await self._sessions.end()
        self._frame_cache.clear()
        return hours

    @asynccontextmanager
    async def session(self, task_type: str = "general") -> AsyncIterator[MemorySystem]:
        """Begin; on a normal exit dream when the inbox is full; always end the session."""
        await self.begin_session(task_type)
        try:
            yield self
            inbox = await self._database.read(count_blocks, space=self.space, status="inbox")
            if inbox >= self.config.memory.inbox_threshold:
                await self.consolidate()
        finally:
            await self.end_session()

    # ---- breadcrumbs --------------------------------------------------------------------

    @property
    def last_learned_block_id(self) -> str | None:
        return self._last_learned_block_id

    @property
    def last_recall_block_ids(self) -> list[str]:
        return list(self._last_recall_block_ids)

    @property
    def session_block_ids(self) -> list[str]:
        """Blocks learned or retrieved since the session began, first seen first."""
        return list(self._session_block_ids)

    def _remember_ids(self, ids: list[str]) -> None:
        for block_id in ids:
            if block_id not in self._session_block_ids:
                self._session_block_ids.append(block_id)

    # ---- learn ----------------------------------------------------------------------------

    @recorded("learn")
    async def learn(
        self,
        content: str,
        tags: list[str] | None = None,
        *,
        category: str = "knowledge",
        source: str = "api",
    ) -> LearnResult:
        """Store one block in the inbox (fast: no embedding, no LLM call)."""
        (result,) = await self.learn_many(
            [{"content": content, "tags": tags, "category": category, "source": source}]
        )
        return result

    @recorded("remember")
    async def remember(
        self,
        content: str,
        tags: list[str] | None = None,
        *,
        category: str = "knowledge",
        source: str = "api",
    ) -> LearnResult:
        """learn(), opening a session first if none is open."""
        await self.begin_session()
        return await self.learn(content, tags, category=category, source=source)

    @recorded("learn_many")
    async def learn_many(self, items: Iterable[Item]) -> list[LearnResult]:
        """learn() for a batch in one round trip. Every item is checked first: one bad item
        raises LearnError (naming its index) and nothing is stored."""
        checked = check_items(items, self.config.memory)
        if not checked:
            return []
        results = await store_items(
            self._database, self.space, checked, await self.now_hours(), self.session_id
        )
        if results:
            self._last_learned_block_id = results[-1].block_id
            self._remember_ids([r.block_id for r in results])
        if any(t.startswith("self/") for item in checked for t in item["tags"]):
            self._invalidate_frames("self")
        return results

    # ---- consolidate ----------------------------------------------------------------------

    @recorded("consolidate")
    async def consolidate(
        self, *, skip_llm: bool = False, skip_contradictions: bool = False
    ) -> ConsolidateResult:
        """Embed, deduplicate, analyse and link every inbox block (see BEHAVIOUR.md §4)."""
        services = Services(self.embedding_service, self.llm_service, self.config.memory)
        sessions = self._sessions
        fixed = None if sessions.active else await sessions.now_hours()

        def now() -> float:
            in_session = sessions.session_now()
            return in_session if in_session is not None else float(fixed or 0.0)

        try:
            result = await consolidate(
                self._database,
                self.space,
                services,
                now_hours=now,
                self_context=self._self_context,
                skip_llm=skip_llm,
                skip_contradictions=skip_contradictions,
            )
        finally:
            self._frame_cache.clear()
        await self._curate_if_due()
        return result

    @recorded("dream")
    async def dream(self) -> ConsolidateResult | None:
        """consolidate() when the inbox (read from the database) holds anything, else None."""
        inbox = await self._database.read(count_blocks, space=self.space, status="inbox")
        if inbox == 0:
            return None
        return await self.consolidate()

    async def _self_context(self) -> str:
        """The rendered SELF frame, for the LLM judging new blocks (no side effects)."""
        ranked = await self._retrieve(SELF_FRAME.name, None, self.config.memory.top_k)
        text, _ = render_frame(SELF_FRAME, ranked)
        return text

    # ---- recall and frame -----------------------------------------------------------------

    @recorded("recall")
    async def recall(
        self, query: str | None = None, *, top_k: int = 5, frame: str = "attention"
    ) -> list[ScoredBlock]:
        """The top_k blocks for a query, ranked as `frame` ranks them. Pure: no writes."""
        ranked = await self._retrieve(frame, query, top_k)
        self._last_recall_block_ids = [b.id for b in ranked.blocks]
        self._remember_ids(self._last_recall_block_ids)
        return ranked.blocks

    @recorded("frame")
    async def frame(self, name: str, query: str | None = None, *, top_k: int = 5) -> FrameResult:
        """Rendered context for a prompt: recall, render within the frame's token budget,
        then reinforce the returned blocks and the edges between them."""
        definition = frame_definition(name)
        key = (definition.name, query, top_k)
        cached = self._frame_cache.get(key)
        if cached is not None and cached[0] > self.clock():
            result = cached[1].model_copy(update={"cached": True})
        else:
            ranked = await self._retrieve(name, query, top_k)
            text, blocks = render_frame(definition, ranked)
            in_session = self._sessions.session_now()
            now = in_session if in_session is not None else ranked.now_hours
            promoted = await reinforce(
                self._database,
                self.space,
                blocks,
                now_hours=now,
                session_id=self.session_id,
                config=self.config.memory,
            )
            result = frame_result(definition, text, blocks, edges_promoted=promoted)
            if definition.cache_seconds:
                self._frame_cache[key] = (self.clock() + definition.cache_seconds, result)
        self._last_recall_block_ids = [b.id for b in result.blocks]
        self._remember_ids(self._last_recall_block_ids)
        return result

    async def _retrieve(self, frame: str, query: str | None, top_k: int) -> Ranked:
        definition = frame_definition(frame)
        check_recall_arguments(query, top_k)
        return await retrieve(
            self._database,
            self.space,
            Query(definition, query, top_k),
            embedder=self.embedding_service,
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
            share=self._index_share,
        )

    def _invalidate_frames(self, name: str) -> None:
        for key in [k for k in self._frame_cache if k[0] == name]:
            del self._frame_cache[key]

    # ---- feedback ---------------------------------------------------------------------------

    @recorded("outcome")
    async def outcome(
        self, block_ids: list[str], signal: float, *, weight: float = 1.0, source: str = ""
    ) -> OutcomeResult:
        """Tell memory how much the given blocks helped: 0 misled … 1 helped. Updates their
        confidence (Bayesian, prior 2), and links or reinforces them above 0.5; below 0.2
        makes them decay faster. Unknown or inactive ids are skipped."""
        ids = check_outcome(block_ids, signal, weight, source)
        result = await record_outcome(
            self._database,
            self.space,
            ids,
            signal=signal,
            weight=weight,
            source=source,
            now_hours=self._sessions.session_now(),
            config=self.config.memory,
        )
        if result.blocks_updated:
            self._invalidate_frames("self")
        return result

    # ---- graph editing (the agent's own edges) -------------------------------------------

    @recorded("connect")
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
        request = connect.check_request(source, target, relation, weight, note, if_exists)
        result = await connect.connect(
            self._database,
            self.space,
            request,
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
        )
        self._invalidate_frames("self")
        return result

    @recorded("disconnect")
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
        result = await disconnect.disconnect(
            self._database,
            self.space,
            source,
            target,
            guard_relation=guard_relation,
            reason=reason,
        )
        self._invalidate_frames("self")
        return result

    @recorded("connects")
    async def connects(self, specs: list[ConnectSpec] | list[dict[str, Any]]) -> ConnectsResult:
        """connect() for several edges in one transaction; a spec that fails is reported in
        `errors` (with its index and recovery) and the others still apply."""
        done = await connect.connect_all(
            self._database,
            self.space,
            connect.check_specs(specs),
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
        )
        self._invalidate_frames("self")
        results = [r for r in done if isinstance(r, ConnectResult)]
        actions = [r.action for r in results]
        return ConnectsResult(
            results=results,
            created=actions.count("created"),
            reinforced=actions.count("reinforced"),
            updated=actions.count("updated"),
            skipped=actions.count("skipped"),
            errors=[r for r in done if not isinstance(r, ConnectResult)],
        )

    @recorded("connect_by_query")
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
        connect.check_request("source", "target", relation, None, note, if_exists)
        by_query.check_min_confidence(min_confidence)
        check_recall_arguments(source_query, 1)
        check_recall_arguments(target_query, 1)

        async def find(query: str) -> tuple[ScoredBlock, float] | None:
            ranked = await self._retrieve("attention", query, 1)
            if not ranked.blocks:
                return None
            best = ranked.blocks[0]
            return best, max(0.0, ranked.cosines.get(best.id, 0.0))

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

    # ---- self-description -----------------------------------------------------------------

    @staticmethod
    def guide(method: str | None = None) -> str:
        """What each method is for (no argument: the overview); static, no database."""
        return guide_text(method)

    def history(self, last_n: int = 10) -> list[OperationRecord]:
        """The last `last_n` operations this object ran (at most 100 are kept), oldest
        first, failures included with their recovery."""
        return self._history.last(last_n)

    # ---- curate -----------------------------------------------------------------------------

    @recorded("curate")
    async def curate(self, *, if_due: bool = False) -> CurateResult:
        """Maintenance (BEHAVIOUR.md §9): archive decayed blocks, prune weak edges, decay
        stale ones, reinforce the constitution and the top blocks. One run per space at a
        time: while another runs, this waits memory.curate_wait_seconds, then reports
        skipped_reason "busy". With `if_due`, only when should_curate() holds."""
        try:
            return await curate_space(
                self._database,
                self.space,
                config=self.config.memory,
                now_hours=self._sessions.session_now(),
                if_due=if_due,
            )
        finally:
            self._frame_cache.clear()

    async def should_curate(self) -> bool:
        """Never curated, or memory.curate_interval_hours active hours since the last run."""
        return await should_curate(
            self._database, self.space, self.config.memory, self._sessions.session_now()
        )

    async def _curate_if_due(self) -> CurateResult | None:
        """The automatic run (session start, after consolidate): a cheap read first; it
        never waits for a run in progress elsewhere, which does the work anyway."""
        if not await self.should_curate():
            return None
        result = await curate_space(
            self._database,
            self.space,
            config=self.config.memory,
            now_hours=self._sessions.session_now(),
            if_due=True,
            wait_seconds=0.0,
        )
        self._frame_cache.clear()
        return result

    # ---- status -----------------------------------------------------------------------------

    async def status(self) -> SystemStatus:
        """Counts, clock, session, health and one suggestion. Never raises for an
        unreachable Neo4j: that is health "degraded", with what to do about it."""
        session_hours = self._sessions.elapsed_hours()
        known = {
            "space": self.space,
            "session_active": self._sessions.active,
            "session_hours": session_hours,
            "inbox_threshold": self.config.memory.inbox_threshold,
        }
        try:
            row, index_state = await self._database.read(_status_reads, space=self.space)
        except StorageError as exc:
            health, suggestion = unreachable(exc.message, exc.recovery)
            return SystemStatus(
                **known,
                inbox_count=None,
                active_count=None,
                archived_count=None,
                total_active_hours=None,
                last_consolidated=None,
                edge_count=None,
                health=health,
                suggestion=suggestion,
            )
        if row is None:
            raise space_missing(self.space)
        space = row["space"]
        now = float(space.get("total_active_hours") or 0.0) + session_hours
        since = hours_since(space.get("last_curate_at"), now)
        health, suggestion = assess(
            Vitals(
                inbox_count=row["inbox"],
                inbox_threshold=self.config.memory.inbox_threshold,
                active_count=row["active"],
                hours_since_curate=since,
                total_active_hours=now,
                curate_interval_hours=self.config.memory.curate_interval_hours,
                vector_index_state=index_state,
            )
        )
        return SystemStatus(
            **known,
            inbox_count=row["inbox"],
            active_count=row["active"],
            archived_count=row["archived"],
            total_active_hours=now,
            last_consolidated=space.get("last_consolidated_at"),
            edge_count=row["edges"],
            embedding_model=space.get("embedding_model"),
            hours_since_curate=since,
            health=health,
            suggestion=suggestion,
        )


async def _status_reads(tx: Transaction, *, space: str) -> tuple[dict[str, Any] | None, str | None]:
    """The space's counts and the vector index's state, in one transaction."""
    row = await space_status(tx, space=space)
    return row, await vector_index_state(tx, name=VECTOR_INDEX)
