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
