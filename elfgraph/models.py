"""Typed records returned by the repository and the service."""

from __future__ import annotations

from typing import Any, Literal

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


class CurateResult(Record):
    """What one curate() run did (BEHAVIOUR.md §9). Counts are of what actually changed;
    `skipped_reason` is "busy" (another run of this space holds the lock) or "not_due"."""

    archived: int = 0
    edges_pruned: int = 0  # static: weight < 0.10 and never reinforced
    reinforced: int = 0  # top-N by the queryless SELF score
    constitutional_reinforced: int = 0
    edges_decayed: int = 0  # temporal: effective weight < 0.10 (seed 001)
    total_edges_after: int = 0
    decayed_sample: list[str] = []  # "<first words of a> ↔ <first words of b> (was 0.45)"
    bridges_kept: int = 0  # decayed blocks kept because they are bridges
    edges_deferred: int = 0  # decayed edges left for the next run by max_decay_fraction
    now_hours: float | None = None  # the clock the run used
    skipped_reason: str | None = None

    @property
    def summary(self) -> str:
        if self.skipped_reason == "busy":
            return "Curate skipped: another curate of this space is running and does the work."
        if self.skipped_reason == "not_due":
            return "Curate skipped: not due yet."
        parts = [
            f"{self.archived} archived" if self.archived else "",
            f"{self.edges_pruned} edges pruned" if self.edges_pruned else "",
            f"{self.edges_decayed} edges decayed ({self.total_edges_after} remain)"
            if self.edges_decayed
            else "",
            f"{self.reinforced} reinforced" if self.reinforced else "",
            f"{self.constitutional_reinforced} constitutional reinforced"
            if self.constitutional_reinforced
            else "",
        ]
        if not any(parts) and not self.edges_deferred:
            return "Curated: nothing required."
        done = ", ".join(p for p in parts if p) or "nothing removed"
        text = f"Curated: {done}."
        if self.edges_deferred:
            text += f" {self.edges_deferred} more decayed edges wait for the next run."
        removed = self.edges_decayed + self.edges_pruned
        before = self.total_edges_after + removed
        if before and removed / before > 0.25:
            text += (
                f" Warning: graph connections reduced significantly ({removed / before:.0%} "
                "of edges went in this run); memory.max_decay_fraction caps the loss per "
                "run, and outcome() or connect() relinks what matters."
            )
        elif self.edges_decayed:
            text += (
                " Tip: edges come back when their blocks are used together: frame() or "
                "outcome() them, or connect() what belongs together."
            )
        return text


class SystemStatus(Record):
    """The state of one space and its session, for an agent deciding what to do next.
    The counts are None only when Neo4j could not be asked (health "degraded")."""

    space: str
    session_active: bool
    session_hours: float
    inbox_count: int | None
    inbox_threshold: int
    active_count: int | None
    archived_count: int | None
    total_active_hours: float | None
    last_consolidated: str | None
    edge_count: int | None
    embedding_model: str | None = None
    hours_since_curate: float | None = None  # active hours; None when never curated (F4)
    health: Literal["good", "attention", "degraded"] = "good"
    suggestion: str = ""

    @property
    def summary(self) -> str:
        if self.inbox_count is None:
            return f"Space {self.space!r}: status unknown — {self.suggestion}"
        session = (
            f"session open {self.session_hours:.2f} h" if self.session_active else "no session"
        )
        curated = (
            "never curated"
            if self.hours_since_curate is None
            else f"curated {self.hours_since_curate:.1f} h ago"
        )
        return (
            f"Space {self.space!r} ({self.health}): {self.active_count} active, "
            f"{self.inbox_count} in inbox (dream at {self.inbox_threshold}), "
            f"{self.archived_count} archived, {self.edge_count} edges; {session}; "
            f"clock {self.total_active_hours or 0.0:.2f} h; {curated}. {self.suggestion}"
        )


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
