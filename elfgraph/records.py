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
