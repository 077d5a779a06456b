"""The public API of one space's memory, as a Protocol: what `MemorySystem` (in process) and
`elfgraph.client.RemoteMemory` (through the service) both offer, with the same arguments
and result types. mypy checks both against it (elfgraph/server/memory_api.py,
elfgraph/client/memory.py), and the behaviour suite (tests/behaviour/) takes either.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

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
from elfgraph.faces import Face
from elfgraph.feedback.models import OutcomeResult
from elfgraph.forgetting.models import CorrectResult, ForgetResult
from elfgraph.history import OperationRecord
from elfgraph.learning.checks import Item, When
from elfgraph.learning.models import LearnResult
from elfgraph.portability.models import ExportResult
from elfgraph.retrieval.models import FrameResult, ScoredBlock
from elfgraph.status.models import SystemStatus

Progress = Callable[[int, int], None]


class Memory(Protocol):
    """One space's memory: learn, dream, recall, frame, outcome, connect, curate, status."""

    space: str

    @property
    def session_active(self) -> bool: ...
    @property
    def session_id(self) -> str | None: ...
    @property
    def last_learned_block_id(self) -> str | None: ...
    @property
    def last_recall_block_ids(self) -> list[str]: ...
    @property
    def session_block_ids(self) -> list[str]: ...

    async def close(self) -> None: ...
    async def now_hours(self) -> float: ...
    async def begin_session(self, task_type: str = "general") -> str: ...
    async def end_session(self) -> float: ...
    def session(self, task_type: str = "general") -> AbstractAsyncContextManager[Any]: ...

    async def learn(
        self,
        content: str,
        tags: list[str] | None = None,
        *,
        category: str = "knowledge",
        source: str = "api",
        occurred_at: When = None,
        speaker: str | None = None,
    ) -> LearnResult: ...
    async def remember(
        self,
        content: str,
        tags: list[str] | None = None,
        *,
        category: str = "knowledge",
        source: str = "api",
        occurred_at: When = None,
        speaker: str | None = None,
    ) -> LearnResult: ...
    async def learn_many(
        self, items: Iterable[Item], *, occurred_at: When = None, speaker: str | None = None
    ) -> list[LearnResult]: ...

    async def consolidate(
        self,
        *,
        skip_llm: bool = False,
        skip_contradictions: bool = False,
        progress: Progress | None = None,
    ) -> ConsolidateResult: ...
    async def dream(self, *, progress: Progress | None = None) -> ConsolidateResult | None: ...

    async def recall(
        self,
        query: str | None = None,
        *,
        top_k: int | None = None,
        frame: str = "attention",
        as_of: When = None,
    ) -> list[ScoredBlock]: ...
    async def frame(
        self, name: str, query: str | None = None, *, top_k: int | None = None, ids: bool = False
    ) -> FrameResult: ...
    async def outcome(
        self, block_ids: list[str], signal: float, *, weight: float = 1.0, source: str = ""
    ) -> OutcomeResult: ...

    async def connect(
        self,
        source: str,
        target: str,
        relation: str | None = None,
        *,
        weight: float | None = None,
        note: str | None = None,
        if_exists: IfExists = "reinforce",
    ) -> ConnectResult: ...
    async def disconnect(
        self,
        source: str,
        target: str,
        *,
        guard_relation: str | None = None,
        reason: str | None = None,
    ) -> DisconnectResult: ...
    async def connects(self, specs: list[ConnectSpec] | list[dict[str, Any]]) -> ConnectsResult: ...
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
    ) -> ConnectByQueryResult: ...

    async def forget(
        self, block_ids: list[str], *, reason: str | None = None, dry_run: bool = False
    ) -> ForgetResult: ...
    async def forget_matching(
        self,
        text: str,
        *,
        reason: str | None = None,
        dry_run: bool = True,
        limit: int = 100,
    ) -> ForgetResult: ...
    async def correct(
        self, block_id: str, new_content: str, *, reason: str | None = None
    ) -> CorrectResult: ...
    async def curate(self, *, if_due: bool = False) -> CurateResult: ...
    async def should_curate(self) -> bool: ...
    async def status(self) -> SystemStatus: ...
    async def export(
        self, out: Any, *, progress: Callable[[int, int | None], None] | None = None
    ) -> ExportResult: ...
    def history(self, last_n: int = 10) -> list[OperationRecord]: ...
    @staticmethod
    def guide(method: str | None = None, face: Face | None = None) -> str: ...
