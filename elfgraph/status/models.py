"""What status() returns."""

from __future__ import annotations

from typing import Literal

from elfgraph.records import Record


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
    last_consolidated: str | None  # UTC ISO 8601, "never", or None when Neo4j is unreachable
    edge_count: int | None
    embedding_model: str | None = None
    hours_since_curate: float | None = None  # active hours; None when never curated (§10.4)
    forgotten_count: int | None = None  # blocks forgotten (tombstones kept), §12
    corrected_count: int | None = None  # corrections made, §12
    last_forgotten_at: str | None = None  # UTC ISO 8601 of the last forget, None before any
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
        taken_back = ", ".join(
            f"{n} {what}"
            for n, what in (
                (self.forgotten_count, "forgotten"),
                (self.corrected_count, "corrected"),
            )
            if n
        )
        return (
            f"Space {self.space!r} ({self.health}): {self.active_count} active, "
            f"{self.inbox_count} in inbox (dream at {self.inbox_threshold}), "
            f"{self.archived_count} archived{', ' + taken_back if taken_back else ''}, "
            f"{self.edge_count} edges; {session}; "
            f"clock {self.total_active_hours or 0.0:.2f} h; {curated}. {self.suggestion}"
        )
