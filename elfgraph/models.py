"""Typed records returned by the repository and the service."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Record(BaseModel):
    """Base of result types: immutable, JSON-safe `to_dict()`, `__str__` is the summary."""

    model_config = ConfigDict(frozen=True)

    @property
    def summary(self) -> str:
        return repr(self)

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def __str__(self) -> str:
        return self.summary


class SpaceRecord(Record):
    """One space: its clock and its embedding lock."""

    name: str
    created_at: str
    total_active_hours: float = 0.0
    last_curate_at: float | None = None
    last_consolidated_at: str | None = None
    embedding_model: str | None = None
    embedding_dimensions: int | None = None
    block_count: int | None = None

    @property
    def summary(self) -> str:
        lock = (
            f"locked to {self.embedding_model} ({self.embedding_dimensions} dims)"
            if self.embedding_model
            else "no embedding model yet"
        )
        return f"Space {self.name!r}: {self.total_active_hours:.2f} active hours, {lock}."


class AppliedMigration(Record):
    version: str
    name: str
    checksum: str
    applied_at: str


class IndexInfo(Record):
    name: str
    type: str
    entity_type: str | None = None
    labels: list[str] | None = None
    properties: list[str] | None = None
    state: str
    population_percent: float
    options: dict[str, Any] | None = None

    @property
    def summary(self) -> str:
        on = f"{','.join(self.labels or [])}({','.join(self.properties or [])})"
        return f"{self.name} {self.type} on {on}: {self.state} {self.population_percent:.0f}%"


class LearnResult(Record):
    """What learn() did with one piece of content."""

    block_id: str
    status: str  # created | duplicate_rejected

    @property
    def summary(self) -> str:
        if self.status == "duplicate_rejected":
            return f"Duplicate rejected — block {self.block_id[:8]} already exists."
        return f"Stored block {self.block_id[:8]}. Status: {self.status}."


class ConsolidateResult(Record):
    """What one consolidate() (dream) run did."""

    processed: int = 0
    promoted: int = 0
    deduplicated: int = 0
    edges_created: int = 0
    contradictions_detected: int = 0
    superseded: int = 0  # older blocks archived because a new one nearly repeats them

    @property
    def summary(self) -> str:
        text = (
            f"Consolidated {self.processed}: {self.promoted} promoted, "
            f"{self.deduplicated} deduped, {self.edges_created} edges."
        )
        if self.superseded:
            text += f" {self.superseded} older block(s) superseded."
        if self.contradictions_detected:
            text += f" {self.contradictions_detected} contradiction(s) found."
        return text

    def __add__(self, other: ConsolidateResult) -> ConsolidateResult:
        return ConsolidateResult(
            **{name: getattr(self, name) + getattr(other, name) for name in type(self).model_fields}
        )


class SystemStatus(Record):
    """The state of one space and its session, for an agent deciding what to do next."""

    space: str
    session_active: bool
    session_hours: float
    inbox_count: int
    inbox_threshold: int
    active_count: int
    archived_count: int
    total_active_hours: float
    last_consolidated: str | None
    edge_count: int
    embedding_model: str | None = None

    @property
    def summary(self) -> str:
        session = (
            f"session open {self.session_hours:.2f} h" if self.session_active else "no session"
        )
        text = (
            f"Space {self.space!r}: {self.active_count} active, {self.inbox_count} in inbox "
            f"(dream at {self.inbox_threshold}), {self.archived_count} archived, "
            f"{self.edge_count} edges; {session}; clock {self.total_active_hours:.2f} h."
        )
        if self.inbox_count >= self.inbox_threshold:
            text += " Inbox is full: call dream()."
        return text


class ScoredBlock(Record):
    """One retrieved block with the components of its score."""

    id: str
    content: str
    tags: list[str]
    similarity: float
    confidence: float
    recency: float
    centrality: float
    reinforcement: float
    score: float
    was_expanded: bool = False
    status: str = "active"

    @property
    def summary(self) -> str:
        preview = self.content if len(self.content) <= 60 else self.content[:57] + "..."
        return f"[{self.score:.2f}] {preview}"


class FrameResult(Record):
    """What frame() returns: the text for the prompt and exactly the blocks it holds."""

    text: str
    blocks: list[ScoredBlock]
    frame_name: str
    cached: bool = False
    edges_promoted: int = 0

    @property
    def summary(self) -> str:
        cached = " (cached)" if self.cached else ""
        return (
            f"Frame {self.frame_name!r}{cached}: {len(self.blocks)} block(s), "
            f"~{len(self.text) // 4} tokens."
        )


class OutcomeResult(Record):
    """What one outcome() call changed."""

    blocks_updated: int = 0
    mean_confidence_delta: float = 0.0
    edges_reinforced: int = 0
    blocks_penalized: int = 0
    outcome_edges_created: int = 0

    @property
    def summary(self) -> str:
        if self.blocks_updated == 0:
            return "Outcome recorded for no block (none of the ids is active in this space)."
        text = (
            f"Outcome recorded for {self.blocks_updated} block(s): confidence "
            f"{self.mean_confidence_delta:+.3f} on average"
        )
        if self.edges_reinforced or self.outcome_edges_created:
            text += (
                f", {self.edges_reinforced} edge(s) reinforced, "
                f"{self.outcome_edges_created} outcome edge(s) created"
            )
        if self.blocks_penalized:
            text += f", {self.blocks_penalized} block(s) set to decay faster"
        return text + "."


class OperationRecord(Record):
    """One call a MemorySystem ran, for history(): what, when, and how it ended."""

    operation: str
    detail: str  # the result's summary, or the error with its recovery
    timestamp: str  # UTC, ISO 8601
    ok: bool = True

    @property
    def summary(self) -> str:
        return f"{self.operation}() → {self.detail} ({_ago(self.timestamp)})"


def _ago(timestamp: str) -> str:
    from datetime import UTC, datetime

    seconds = (datetime.now(UTC) - datetime.fromisoformat(timestamp)).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    return f"{seconds / 3600:.1f} h ago"
