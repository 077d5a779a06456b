"""What the schema package returns."""

from __future__ import annotations

from typing import Any

from elfgraph.records import Record


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
