"""RemoteMemory: one space of an elfgraph service, with MemorySystem's methods, arguments
and result types (elfgraph.protocol.Memory), over HTTP.

    memory = await elfgraph.connect("http://127.0.0.1:8766", "my-agent", key=KEY)
    async with memory.session():
        await memory.learn("The deploy script needs AWS_PROFILE set.")

What a MemorySystem keeps in its process, this object keeps in the caller's: the session's
id, the breadcrumbs (last learned block, last recalled ones, every block the session
touched) and the history of its calls. The space's caches live in the server.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from elfgraph import wire
from elfgraph.client.exporting import export_to_file
from elfgraph.client.transport import Transport
from elfgraph.consolidation.models import ConsolidateResult
from elfgraph.curation.models import CurateResult
from elfgraph.edges.models import (
    ConnectByQueryResult,
    ConnectResult,
    ConnectSpec,
    ConnectsResult,
    DisconnectResult,
)
from elfgraph.edges.rules import IfExists
from elfgraph.errors import ElfgraphError, SessionError
from elfgraph.faces import Face
from elfgraph.feedback.models import OutcomeResult
from elfgraph.forgetting.models import CorrectResult, ForgetResult
from elfgraph.history import History, OperationRecord, describe
from elfgraph.learning.checks import Item, When
from elfgraph.learning.models import LearnResult
from elfgraph.portability.files import PathArg
from elfgraph.portability.models import ExportResult
from elfgraph.protocol import Memory, Progress
from elfgraph.retrieval.models import FrameResult, ScoredBlock
from elfgraph.status.models import SystemStatus

T = TypeVar("T")
# As MemorySystem keeps them (elfgraph/state.py): outside a session, the latest 1,000.
BREADCRUMBS_OUTSIDE_SESSION = 1_000


class RemoteMemory:
    """A space of an elfgraph service. Make it with `elfgraph.connect(url, space, key=…)`."""

    def __init__(self, transport: Transport, space: str) -> None:
        self._transport = transport
        self.space = space
        self._history = History()
        self._last_learned: str | None = None
        self._last_recalled: list[str] = []
        self._touched: OrderedDict[str, None] = OrderedDict()
        self._depth = 0

    async def __aenter__(self) -> RemoteMemory:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def close(self) -> None:
        """End an open session (its hours are kept), then close the connection."""
        try:
            if self.session_active:
                await self.end_session()
        finally:
            await self._transport.close()

    # ---- calls -------------------------------------------------------------------------

    async def _call(self, op: wire.Operation[T], **arguments: Any) -> T:
        """Call the operation on the service, recording it in the history as MemorySystem
        records its own (the outermost call only, failures too)."""
        outermost = self._depth == 0
        self._depth += 1
        was = self._transport.session_id
        try:
            sent = {k: wire.plain(v) for k, v in arguments.items() if k not in op.local}
            raw = await self._transport.request(
                "POST", f"/v1/spaces/{self.space}/{op.name}", op=op, content=wire.dumps(sent)
            )
            result = op.result.validate_json(raw)
        except ElfgraphError as exc:
            if isinstance(exc, SessionError) and was is not None and was in exc.message:
                self._transport.session_id = None  # it ended elsewhere: the next call has none
            if outermost:
                self._history.add(op.name, str(exc), ok=False)
            raise
        finally:
            self._depth -= 1
        if was != self._transport.session_id and self._transport.session_id is not None:
            self._began()
        if outermost:
            self._history.add(op.name, describe(result))
        return result

    # ---- breadcrumbs and the session ---------------------------------------------------

    @property
    def session_active(self) -> bool:
        return self._transport.session_id is not None

    @property
    def session_id(self) -> str | None:
        return self._transport.session_id

    @property
    def last_learned_block_id(self) -> str | None:
        return self._last_learned

    @property
    def last_recall_block_ids(self) -> list[str]:
        return list(self._last_recalled)

    @property
    def session_block_ids(self) -> list[str]:
        return list(self._touched)

    def _began(self) -> None:
        self._last_learned, self._last_recalled = None, []
        self._touched = OrderedDict()

    def _seen(self, ids: list[str]) -> None:
        self._touched.update(dict.fromkeys(ids))
        if not self.session_active:
            for _ in range(len(self._touched) - BREADCRUMBS_OUTSIDE_SESSION):
                self._touched.popitem(last=False)

    def _learned(self, results: list[LearnResult]) -> list[LearnResult]:
        if results:
            self._last_learned = results[-1].block_id
            self._seen([r.block_id for r in results])
        return results

    def _forgot(self, result: ForgetResult) -> ForgetResult:
        """As MemorySystem does: forgotten blocks leave the breadcrumbs, and the history
        records naming one are dropped (the server's view drops those quoting its text)."""
        gone = set(result.block_ids) if not result.dry_run else set()
        if gone:
            if self._last_learned in gone:
                self._last_learned = None
            self._last_recalled = [i for i in self._last_recalled if i not in gone]
            for block_id in gone:
                self._touched.pop(block_id, None)
            self._history.drop_mentions(gone)
        return result

    def _retrieved(self, ids: list[str]) -> None:
        self._last_recalled = ids
        self._seen(ids)

    async def now_hours(self) -> float:
        return await self._call(wire.NOW_HOURS)

    async def begin_session(self, task_type: str = "general") -> str:
        return await self._call(wire.BEGIN_SESSION, task_type=task_type)

    async def end_session(self) -> float:
        return await self._call(wire.END_SESSION)

    @asynccontextmanager
    async def session(self, task_type: str = "general") -> AsyncIterator[RemoteMemory]:
        """Begin; on a normal exit dream when the inbox is full; always end the session."""
        await self.begin_session(task_type)
        try:
            yield self
            status = await self.status()
            if (status.inbox_count or 0) >= status.inbox_threshold:
                await self.consolidate()
        finally:
            await self.end_session()

    # ---- the operations (elfgraph.wire.OPERATIONS) --------------------------------------

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
        args = {"content": content, "tags": tags, "category": category, "source": source}
        when = {"occurred_at": occurred_at, "speaker": speaker}
        return self._learned([await self._call(wire.LEARN, **args, **when)])[0]

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
        args = {"content": content, "tags": tags, "category": category, "source": source}
        when = {"occurred_at": occurred_at, "speaker": speaker}
        return self._learned([await self._call(wire.REMEMBER, **args, **when)])[0]

    async def learn_many(
        self, items: Iterable[Item], *, occurred_at: When = None, speaker: str | None = None
    ) -> list[LearnResult]:
        batch = list(items) if not isinstance(items, str | bytes) else items
        when = {"occurred_at": occurred_at, "speaker": speaker}
        return self._learned(await self._call(wire.LEARN_MANY, items=batch, **when))

    async def consolidate(
        self,
        *,
        skip_llm: bool = False,
        skip_contradictions: bool = False,
        progress: Progress | None = None,
    ) -> ConsolidateResult:
        result = await self._call(
            wire.CONSOLIDATE, skip_llm=skip_llm, skip_contradictions=skip_contradictions
        )
        if progress is not None:
            progress(result.processed, result.processed)
        return result

    async def dream(self, *, progress: Progress | None = None) -> ConsolidateResult | None:
        result = await self._call(wire.DREAM)
        if progress is not None and result is not None:
            progress(result.processed, result.processed)
        return result

    async def recall(
        self,
        query: str | None = None,
        *,
        top_k: int | None = None,
        frame: str = "attention",
        as_of: When = None,
    ) -> list[ScoredBlock]:
        found = await self._call(wire.RECALL, query=query, top_k=top_k, frame=frame, as_of=as_of)
        self._retrieved([b.id for b in found])
        return found

    async def frame(
        self, name: str, query: str | None = None, *, top_k: int | None = None, ids: bool = False
    ) -> FrameResult:
        result = await self._call(wire.FRAME, name=name, query=query, top_k=top_k, ids=ids)
        self._retrieved([b.id for b in result.blocks])
        return result

    async def outcome(
        self, block_ids: list[str], signal: float, *, weight: float = 1.0, source: str = ""
    ) -> OutcomeResult:
        return await self._call(
            wire.OUTCOME, block_ids=block_ids, signal=signal, weight=weight, source=source
        )

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
        return await self._call(
            wire.CONNECT,
            source=source,
            target=target,
            relation=relation,
            weight=weight,
            note=note,
            if_exists=if_exists,
        )

    async def disconnect(
        self,
        source: str,
        target: str,
        *,
        guard_relation: str | None = None,
        reason: str | None = None,
    ) -> DisconnectResult:
        return await self._call(
            wire.DISCONNECT, source=source, target=target, guard_relation=guard_relation,
            reason=reason,
        )  # fmt: skip

    async def connects(self, specs: list[ConnectSpec] | list[dict[str, Any]]) -> ConnectsResult:
        return await self._call(wire.CONNECTS, specs=specs)

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
        return await self._call(
            wire.CONNECT_BY_QUERY, source_query=source_query, target_query=target_query,
            relation=relation, note=note, min_confidence=min_confidence, if_exists=if_exists,
            dry_run=dry_run,
        )  # fmt: skip

    async def forget(
        self, block_ids: list[str], *, reason: str | None = None, dry_run: bool = False
    ) -> ForgetResult:
        return self._forgot(
            await self._call(wire.FORGET, block_ids=block_ids, reason=reason, dry_run=dry_run)
        )

    async def forget_matching(
        self,
        text: str,
        *,
        reason: str | None = None,
        dry_run: bool = True,
        limit: int = 100,
    ) -> ForgetResult:
        return self._forgot(
            await self._call(
                wire.FORGET_MATCHING, text=text, reason=reason, dry_run=dry_run, limit=limit
            )
        )

    async def correct(
        self, block_id: str, new_content: str, *, reason: str | None = None
    ) -> CorrectResult:
        return await self._call(
            wire.CORRECT, block_id=block_id, new_content=new_content, reason=reason
        )

    async def curate(self, *, if_due: bool = False) -> CurateResult:
        return await self._call(wire.CURATE, if_due=if_due)

    async def should_curate(self) -> bool:
        return await self._call(wire.SHOULD_CURATE)

    async def status(self) -> SystemStatus:
        return await self._call(wire.STATUS)

    async def export(
        self, out: PathArg, *, progress: Callable[[int, int | None], None] | None = None
    ) -> ExportResult:
        """Write the space to an export file, streamed from the service."""
        started = time.perf_counter()
        return await export_to_file(self._transport, self.space, out, progress, started)

    # ---- this object's own -------------------------------------------------------------

    @staticmethod
    def guide(method: str | None = None, face: Face | None = None) -> str:
        from elfgraph.guide import guide

        return guide(method, face)

    def history(self, last_n: int = 10) -> list[OperationRecord]:
        """The last `last_n` calls this object made (at most 100 are kept), oldest first."""
        return self._history.last(last_n)


def _as_memory(memory: RemoteMemory) -> Memory:  # mypy: the client offers the library's API
    return memory
