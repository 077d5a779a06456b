"""MemorySystem: one agent's memory (a space) on Neo4j, and the session around its work.

    async with MemorySystem.managed("my-agent") as memory:
        async with memory.session():
            await memory.learn("The deploy script needs AWS_PROFILE set.")
        await memory.dream()

The service is thin: each method checks its arguments through the operation's own
package, calls the operation, and updates the per-process state (elfgraph/state.py).
Every method that touches the graph is a coroutine. Several MemorySystem objects (in one
process or many) may share a space: everything they know is read from the database.
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any

from elfgraph.breadcrumbs import Breadcrumbs
from elfgraph.config.connection import Settings, load_settings
from elfgraph.config.loading import ElfgraphConfig
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.consolidation.run import Services, check_flags, check_progress, consolidate, tell
from elfgraph.embedding.base import EmbeddingService
from elfgraph.embedding.choice import local_embedder
from elfgraph.faces import Face
from elfgraph.feedback.models import OutcomeResult
from elfgraph.feedback.outcome import apply_outcome, check_outcome
from elfgraph.graph_editing import GraphEditing
from elfgraph.guide import guide as guide_text
from elfgraph.learning.checks import Item, When, check_items, with_when
from elfgraph.learning.learn import inbox_count, learn_items
from elfgraph.learning.models import LearnResult
from elfgraph.llm.base import LLMService
from elfgraph.retrieval.index_share import IndexShare
from elfgraph.retrieval.models import FrameResult, ScoredBlock
from elfgraph.retrieval.retrieve import check_flag, check_query
from elfgraph.retrieval.retriever import Retriever
from elfgraph.revision import Revision
from elfgraph.schema.migrations import open_database
from elfgraph.sessions.clock import SessionClock, check_task_type
from elfgraph.sharing import Sharing
from elfgraph.spaces.names import validate_space_name
from elfgraph.spaces.registry import open_for_embedder
from elfgraph.state import ProcessState, operation
from elfgraph.store.database import Database
from elfgraph.upkeep import Upkeep


class MemorySystem(GraphEditing, Upkeep, Revision, Sharing, Breadcrumbs):
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
        index_share: IndexShare | None = None,
    ) -> None:
        self._database = database
        self.space = space
        self.config = config
        self.embedding_service = embedder
        self.llm_service = llm
        self._owns_database = owns_database
        self._view_of: MemorySystem | None = None  # the memory a view() shares
        self._sessions = SessionClock(database, space)
        self._state = ProcessState(index_share or IndexShare())
        self._retriever = Retriever(
            database, space, embedder, config.memory, self._state.index_share
        )

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
        create: bool = True,
        warm: bool = True,
    ) -> MemorySystem:
        """Connect (or reuse `database`), migrate when ELFGRAPH_AUTO_MIGRATE is on, open the
        space, and check that the embedder fits it. `create` False: a space that does not
        exist yet is a ConfigError naming the known ones, not a new empty space. `warm`: run
        one retrieval with a fixed vector before returning, so the server has planned it."""
        validate_space_name(space)
        config = config or ElfgraphConfig.load()
        if embedding_service is None:
            # the local model named by ELFGRAPH_EMBEDDER (settings.embedder), loaded lazily
            settings = settings or load_settings()
            embedding_service = local_embedder(settings.embedder)
        if embedding_service.dimensions <= 0:
            # Remote services may learn their dimension from their first answer.
            await embedding_service.embed("elfgraph dimension probe")
        owns = database is None
        db = database or await open_database(settings)
        try:
            active, total = await open_for_embedder(db, space, embedding_service, create=create)
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
            index_share=IndexShare(active / total if total else 1.0, active),
        )
        if warm:
            try:
                await memory._retriever.warm()  # the first recall is not 50× the second
            except BaseException:
                await memory.close()
                raise
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
            if self._view_of is None:  # a view leaves the shared caches to their owner
                await self._retriever.close()
            if self._sessions.active:
                await self.end_session()
        finally:
            if self._owns_database:
                await self._database.close()

    @property
    def database(self) -> Database:
        return self._database

    # ---- the clock and sessions ---------------------------------------------------------

    async def now_hours(self) -> float:
        """Active hours now: in a session its start plus its elapsed time, else the
        space's persisted total."""
        return await self._sessions.now_hours()

    @operation("begin_session", writes=True)
    async def begin_session(self, task_type: str = "general") -> str:
        """Open a session (idempotent while one is open); the clock advances while it is.
        A new session resets the breadcrumbs, and curate runs first when it is due."""
        task = check_task_type(task_type)  # before curate: a refused call changes nothing
        if not self._sessions.active:
            await self._curate_if_due()
        if await self._sessions.begin(task):
            self._state.session_began()
        assert self._sessions.session_id is not None
        return self._sessions.session_id

    @operation("end_session", writes=True)
    async def end_session(self) -> float:
        """Close the session and add its hours to the space's clock; 0.0 when none is open."""
        hours = await self._sessions.end()
        self._state.session_ended()
        return hours

    @asynccontextmanager
    async def session(self, task_type: str = "general") -> AsyncIterator[MemorySystem]:
        """Begin; on a normal exit dream when the inbox is full; always end the session."""
        await self.begin_session(task_type)
        try:
            yield self
            if (
                await inbox_count(self._database, self.space)
                >= self.config.memory.consolidation.inbox_threshold
            ):
                await self.consolidate()
        finally:
            await self.end_session()

    # ---- learn ----------------------------------------------------------------------------

    @operation("learn", writes=False)  # the inbox: see learn_many
    async def learn(
        self,
        content: str,
        tags: list[str] | None = None,
        *,
        category: str = "knowledge",
        source: str = "api",
        occurred_at: When = None,
        speaker: str | None = None,
    ) -> LearnResult:
        """Store one block in the inbox (fast: no embedding, no LLM call); BEHAVIOUR.md §3.3."""
        item = {"content": content, "tags": tags, "category": category, "source": source}
        (result,) = await self.learn_many([with_when(item, occurred_at, speaker)])
        return result

    @operation("remember", writes=False)
    async def remember(
        self,
        content: str,
        tags: list[str] | None = None,
        *,
        category: str = "knowledge",
        source: str = "api",
        occurred_at: When = None,
        speaker: str | None = None,
    ) -> LearnResult:
        """learn(), opening a session first if none is open (and only when the content
        can be learned: a refused block opens no session)."""
        item = {"content": content, "tags": tags, "category": category, "source": source}
        check_items([with_when(item, occurred_at, speaker)], self.config.memory)
        if not self._sessions.active:
            await self.begin_session()
        when: dict[str, Any] = {"occurred_at": occurred_at, "speaker": speaker}
        return await self.learn(content, tags, category=category, source=source, **when)

    @operation("learn_many", writes=False)  # frames do not show the inbox (state.py)
    async def learn_many(
        self, items: Iterable[Item], *, occurred_at: When = None, speaker: str | None = None
    ) -> list[LearnResult]:
        """learn() for a batch in one round trip: one bad item raises LearnError (naming its
        index) and stores nothing; `occurred_at`, `speaker`: for items without their own."""
        when = {"occurred_at": occurred_at, "speaker": speaker}
        learned = await learn_items(
            self._database, self.space, items, self.config.memory, sessions=self._sessions, **when
        )
        self._state.learned((r.block_id for r in learned.results), self_tagged=learned.self_tagged)
        return learned.results

    # ---- consolidate ----------------------------------------------------------------------

    @operation("consolidate", writes=True)
    async def consolidate(
        self,
        *,
        skip_llm: bool = False,
        skip_contradictions: bool = False,
        progress: Callable[[int, int], None] | None = None,
    ) -> ConsolidateResult:
        """Embed, deduplicate, analyse and link every inbox block (docs/BEHAVIOUR.md §4).
        `progress(done, total)` hears how many inbox blocks are filed (a CLI's bar)."""
        check_flags(skip_llm, skip_contradictions)
        check_progress(progress)
        told = None
        if progress is not None:
            total = await inbox_count(self._database, self.space)
            told = functools.partial(tell, progress, total)
        result = await consolidate(
            self._database,
            self.space,
            Services(self.embedding_service, self.llm_service, self.config.memory),
            now_hours=await self._sessions.run_clock(),
            self_context=self._self_context,
            skip_llm=skip_llm,
            skip_contradictions=skip_contradictions,
            progress=told,
        )
        self._state.index_share.changed(result.promoted - result.superseded)
        await self._retriever.vectors_changed()
        await self._curate_if_due()
        return result

    @operation("dream", writes=True)
    async def dream(
        self, *, progress: Callable[[int, int], None] | None = None
    ) -> ConsolidateResult | None:
        """consolidate() when the inbox (read from the database) holds anything, else None."""
        check_progress(progress)
        if await inbox_count(self._database, self.space) == 0:
            return None
        return await self.consolidate(progress=progress)

    async def _self_context(self) -> str:
        return await self._retriever.self_context(now_hours=self._sessions.session_now())

    # ---- recall and frame -----------------------------------------------------------------

    @operation("recall", writes=False)
    async def recall(
        self,
        query: str | None = None,
        *,
        top_k: int | None = None,
        frame: str = "attention",
        as_of: When = None,
    ) -> list[ScoredBlock]:
        """The top_k blocks for a query (default: memory.retrieval.top_k), ranked as `frame`
        ranks them; blocks still in the inbox come back too, marked `pending`. `as_of`: the
        day "yesterday" or "last week" count from (ISO; default: now). Pure: no writes."""
        request = check_query(frame, query, top_k, self.config.memory.retrieval.top_k, as_of=as_of)
        ranked = await self._retriever.rank(request, now_hours=self._sessions.session_now())
        self._state.retrieved(b.id for b in ranked.blocks)
        return ranked.blocks

    @operation("frame", writes=False)  # its reinforcement is what the cache skips
    async def frame(
        self, name: str, query: str | None = None, *, top_k: int | None = None, ids: bool = False
    ) -> FrameResult:
        """Rendered context for a prompt: recall (top_k default: memory.retrieval.top_k),
        render within the frame's token budget (`ids`: each line starts with the block's
        short id, for an agent to cite in outcome or connect), then reinforce the returned
        active blocks and the edges between them."""
        request = check_query(name, query, top_k, self.config.memory.retrieval.top_k)
        key = (*request.key, check_flag(ids, "ids"))
        # A frame is kept only under the space's last forget or correct, by any process (§12).
        epoch = await self._retriever.retracted_epoch() if request.frame.cache_seconds else None
        result = self._state.cached_frame(key, self.clock(), epoch)
        if result is None:
            result = await self._retriever.frame(
                request,
                now_hours=self._sessions.session_now(),
                session_id=self.session_id,
                ids=ids,
            )
            if request.frame.cache_seconds:
                until = self.clock() + request.frame.cache_seconds
                self._state.keep_frame(key, result, until, epoch)
        self._state.retrieved(b.id for b in result.blocks)
        return result

    # ---- feedback ---------------------------------------------------------------------------

    @operation("outcome", writes=True)
    async def outcome(
        self, block_ids: list[str], signal: float, *, weight: float = 1.0, source: str = ""
    ) -> OutcomeResult:
        """Tell memory how much the given blocks helped: 0 misled … 1 helped. Updates their
        confidence (Bayesian, prior 2), and links or reinforces them above 0.5; below 0.2
        makes them decay faster. Ids may be whole or unique prefixes (6+ characters); an
        unknown or ambiguous one is an OutcomeError and nothing changes. Blocks not active
        (inbox, archived) are counted in the result and skipped."""
        ids = check_outcome(block_ids, signal, weight, source)
        return await apply_outcome(
            self._database,
            self.space,
            ids,
            signal=signal,
            weight=weight,
            source=source,
            now_hours=self._sessions.session_now(),
            config=self.config.memory,
        )

    # ---- self-description -----------------------------------------------------------------

    @staticmethod
    def guide(method: str | None = None, face: Face | None = None) -> str:
        """What each method is for (no argument: the overview); static, no database.
        `face` "cli" or "mcp" names the commands or tools instead of the methods."""
        return guide_text(method, face)
