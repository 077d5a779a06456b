"""What the spaces package returns."""

from __future__ import annotations

from elfgraph.records import Record


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
